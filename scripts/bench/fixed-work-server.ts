/**
 * The server of `bench:latency-floor` (latency-floor.ts): Node's bare HTTP server spending
 * WORK_MS of CPU on each request (a busy wait, as a handler computing its answer would) and
 * answering 100 fixed bytes. Nothing else runs in it: what latency it shows at a number of
 * connections is what one event loop gives for that much work per request.
 *
 * It also counts, for every request after a connection's first, how many requests of other
 * connections it served between that connection's previous answer and this request: with every
 * connection waiting, a request served in its turn saw each other connection served once.
 * `GET /turns` answers those counts ({ "<others served>": requests }) and starts them again.
 *
 * DISPATCH says in which order the requests read in one poll are handled: `node` (the default),
 * as Node emits them; `oldest-first`, the longest-waiting connection first, as the server's are
 * (server/http/fair-dispatch.ts).
 *
 *   node dist/scripts/bench/fixed-work-server.js      (WORK_MS, DISPATCH, PORT env; prints "listening <port>")
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { RequestRounds } from '../../server/http/fair-dispatch.js';

const workMs = Number(process.env.WORK_MS ?? 1);
if (!(workMs >= 0)) {
  process.stderr.write(`WORK_MS must be a number of milliseconds >= 0, got ${process.env.WORK_MS}\n`);
  process.exit(2);
}
const dispatch = process.env.DISPATCH ?? 'node';
if (dispatch !== 'node' && dispatch !== 'oldest-first') {
  process.stderr.write(`DISPATCH must be node or oldest-first, got ${dispatch}\n`);
  process.exit(2);
}
const body = Buffer.alloc(100, 'x');
/** Requests answered so far, and per connection the count when its last answer went. */
let served = 0;
const lastAnswered = new WeakMap<Socket, number>();
let turns = new Map<number, number>();

const handle = (req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  if (req.url === '/turns') {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(Object.fromEntries(turns)));
    turns = new Map();
    return;
  }
  const previous = lastAnswered.get(req.socket);
  if (previous !== undefined) {
    const others = served - previous - 1;
    turns.set(others, (turns.get(others) ?? 0) + 1);
  }
  const until = performance.now() + workMs;
  while (performance.now() < until);
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('Content-Length', body.length);
  res.end(body);
  lastAnswered.set(req.socket, served);
  served += 1;
};
const server = http.createServer(dispatch === 'node' ? handle : new RequestRounds().listener(handle));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
const shutdown = () => server.close(() => process.exit(0));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
