import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/http/app-server.js';
import { RequestRounds } from '../../server/http/fair-dispatch.js';
import { groupCommit } from '../../server/storage/group-commit.js';

/**
 * The requests read in one poll are handled the longest-waiting connection first
 * (server/http/fair-dispatch.ts), one at a time with their microtasks, and none is lost; what
 * follows every request of a round (a group commit) runs at its end, in the same turn.
 */

type Request = IncomingMessage & { name: string };

/** A request of connection `socket`, named for the log. */
const requestOf = (socket: object, name: string) => ({ socket: socket as Socket, name }) as Request;
const response = {} as ServerResponse;
/** The end of the event loop's check phase: every immediate queued before has run. */
const immediatesRun = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('RequestRounds', () => {
  it('when requests are read in one poll, then the connection served longest ago goes first, a new connection before all, whatever the order they were read in', async () => {
    const handled: string[] = [];
    const listener = new RequestRounds().listener<Request, ServerResponse>((req) => handled.push(req.name));
    const [a, b, c, d] = [{}, {}, {}, {}];
    // First poll: three new connections, in the order read.
    for (const [socket, name] of [[a, 'a1'], [b, 'b1'], [c, 'c1']] as const) listener(requestOf(socket, name), response);
    await immediatesRun();
    expect(handled).toEqual(['a1', 'b1', 'c1']);
    // Next poll, read the other way round, with a new connection last: d, then a (served first), b, c.
    for (const [socket, name] of [[c, 'c2'], [b, 'b2'], [a, 'a2'], [d, 'd1']] as const) listener(requestOf(socket, name), response);
    await immediatesRun();
    expect(handled.slice(3)).toEqual(['d1', 'a2', 'b2', 'c2']);
    // One connection at a time: each goes after those served before it.
    listener(requestOf(b, 'b3'), response);
    listener(requestOf(d, 'd2'), response);
    await immediatesRun();
    expect(handled.slice(7)).toEqual(['d2', 'b3']);
  });

  it('when a connection sends requests without waiting for the answers (pipelined), then they are handled in the order sent', async () => {
    const handled: string[] = [];
    const listener = new RequestRounds().listener<Request, ServerResponse>((req) => handled.push(req.name));
    const [a, b] = [{}, {}];
    listener(requestOf(a, 'a1'), response);
    await immediatesRun();
    for (const [socket, name] of [[a, 'a2'], [b, 'b1'], [a, 'a3'], [a, 'a4']] as const) listener(requestOf(socket, name), response);
    await immediatesRun();
    expect(handled).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it("when a handler awaits only microtasks, then it ends before the next request's starts, as when Node called it", async () => {
    const log: string[] = [];
    const listener = new RequestRounds().listener<Request, ServerResponse>(async (req) => {
      log.push(`${req.name} starts`);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      log.push(`${req.name} ends`);
    });
    for (const name of ['x', 'y', 'z']) listener(requestOf({}, name), response);
    await immediatesRun();
    expect(log).toEqual(['x starts', 'x ends', 'y starts', 'y ends', 'z starts', 'z ends']);
  });
});

describe('the end of a request round', () => {
  it('when a request of a round asks for the round end, then the callback runs after every request of the round, in the same turn; outside a round, on the next immediate', async () => {
    const rounds = new RequestRounds();
    const log: string[] = [];
    const listener = rounds.listener<Request, ServerResponse>(async (req) => {
      log.push(req.name);
      await Promise.resolve();
      if (req.name === 'a') rounds.afterRequests(() => log.push('end of round'));
    });
    for (const name of ['a', 'b', 'c']) listener(requestOf({}, name), response);
    // Queued behind the round's requests: runs after the round's end.
    setImmediate(() => log.push('next immediate'));
    await immediatesRun();
    expect(log).toEqual(['a', 'b', 'c', 'end of round', 'next immediate']);
    rounds.afterRequests(() => log.push('no round'));
    expect(log).toHaveLength(5);
    await immediatesRun();
    expect(log.at(-1)).toBe('no round');
  });

  it('when every request of a round stores through a group commit on the round end, then the round is written in one batch, in its own turn', async () => {
    const rounds = new RequestRounds();
    const batches: number[][] = [];
    const store = groupCommit(async (batch: readonly number[]) => {
      batches.push([...batch]);
      return batch.map((n) => n * 10);
    }, { schedule: rounds.afterRequests });
    const stored: number[] = [];
    const listener = rounds.listener<Request, ServerResponse>(async (req) => {
      stored.push(await store(Number(req.name)));
    });
    for (const n of [1, 2, 3, 4]) listener(requestOf({}, String(n)), response);
    // Before the next poll (which may read the next round's requests), the batch is written.
    const writtenInTurn = await new Promise((resolve) => setImmediate(() => resolve(batches.length)));
    expect(writtenInTurn).toBe(1);
    await immediatesRun();
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(stored).toEqual([10, 20, 30, 40]);
  });
});

describe('createAppServer dispatches oldest connection first', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('when many keep-alive connections send requests at once, then every request gets its own answer', async () => {
    const app = express();
    app.get('/echo/:n', (req, res) => {
      res.json({ n: Number(req.params.n) });
    });
    const server = createAppServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const port = (server.address() as AddressInfo).port;
    const get = (n: number) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: `/echo/${n}`, agent }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        }).on('error', reject);
      });
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => get(n)));
      expect(answers).toEqual(Array.from({ length: 200 }, (_, n) => ({ status: 200, body: { n } })));
    } finally {
      agent.destroy();
    }
  });
});
