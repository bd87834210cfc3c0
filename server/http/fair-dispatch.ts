import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The requests Node reads in one poll of the event loop (a round), handed to the app the
 * longest-waiting connection first rather than in the order Linux reported their sockets
 * readable; and the end of the round, for what should follow every request of it (the group
 * commit of their writes, server/storage/group-commit.ts).
 *
 * Why: Linux reports a socket that was readable at one poll after those that became readable
 * before it (level-triggered epoll puts the sockets it reported back at the end of its list), so
 * under load a request that arrives just after Node polled, often the one whose connection was
 * answered last, waits for every other connection's request of the next poll, then again for
 * theirs in the poll after: a tenth of the requests at 10 busy connections waited two turns, and
 * p99 was twice p50 (`npm run bench:latency-floor`, and scripts/bench/RESULTS.md, "Two turns").
 * Served by when their connection was last served, each request waits one turn.
 *
 * Each request read gets an immediate of its own (setImmediate, the event loop's check phase,
 * right after the poll that read it), which dispatches the longest-waiting request queued: one
 * request per immediate, so that Node runs the microtasks of each (a PGlite statement and the
 * rest of a handler that awaits nothing else) before the next starts, as when Node called the
 * listener itself. One more immediate, kept behind the last request read, ends the round: the
 * callbacks `afterRequests` was given during it run then, in the same check phase. (Scheduled
 * with setImmediate from a request's immediate, they would run only after the next poll, and the
 * requests that poll read would go to the round after: a group commit then wrote every other
 * round's requests, half as many at a time.)
 *
 * One per process, created where the servers are made (server/main.ts, the test server) and
 * handed to both servers and to the handlers (Deps.requestRounds). State: the requests read and
 * not yet dispatched and the callbacks waiting for the round's end, which never outlive the loop
 * iteration that read them; and, weakly per connection, when it was last served.
 */
export class RequestRounds {
  /** Requests read, not yet dispatched, from `next` on; `sorted` while none came since they were put in order. */
  private queue: Array<{ req: IncomingMessage; res: ServerResponse; servedAt: number; handle: (req: IncomingMessage, res: ServerResponse) => void }> = [];
  private next = 0;
  private sorted = true;
  /** Requests dispatched so far: the clock of `lastServed`. */
  private dispatched = 0;
  private readonly lastServed = new WeakMap<Socket, number>();
  /** The immediate that ends the open round (null: no round open), and what runs then. */
  private roundEnd: NodeJS.Immediate | null = null;
  private atRoundEnd: Array<() => void> = [];

  /** A request listener that hands each request to `handle` in its turn. */
  listener<Req extends IncomingMessage, Res extends ServerResponse>(handle: (req: Req, res: Res) => void): (req: Req, res: Res) => void {
    return (req, res) => {
      // A new connection has never been served: it goes first.
      this.queue.push({ req, res, servedAt: this.lastServed.get(req.socket) ?? -1, handle: handle as (req: IncomingMessage, res: ServerResponse) => void });
      this.sorted = false;
      setImmediate(this.dispatchOne);
      if (this.roundEnd !== null) clearImmediate(this.roundEnd);
      this.roundEnd = setImmediate(this.endRound);
    };
  }

  /**
   * Runs `callback` once every request of the open round has been handed to the app and its
   * microtasks have run (in the same check phase); with no round open (a background job, a
   * handler that awaited I/O), on the next immediate.
   */
  readonly afterRequests = (callback: () => void): void => {
    if (this.roundEnd === null) setImmediate(callback);
    else this.atRoundEnd.push(callback);
  };

  private readonly dispatchOne = (): void => {
    if (!this.sorted) {
      // Array.prototype.sort is stable: requests of one connection (pipelined) keep their order.
      this.queue = this.queue.slice(this.next).sort((a, b) => a.servedAt - b.servedAt);
      this.next = 0;
      this.sorted = true;
    }
    const waiting = this.queue[this.next];
    if (waiting === undefined) return;
    this.queue[this.next] = undefined as never;
    this.next += 1;
    if (this.next === this.queue.length) {
      this.queue = [];
      this.next = 0;
    }
    this.lastServed.set(waiting.req.socket, this.dispatched);
    this.dispatched += 1;
    waiting.handle(waiting.req, waiting.res);
  };

  private readonly endRound = (): void => {
    this.roundEnd = null;
    const callbacks = this.atRoundEnd;
    this.atRoundEnd = [];
    for (const callback of callbacks) callback();
  };
}
