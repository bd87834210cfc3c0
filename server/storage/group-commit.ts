/**
 * Group commit: writes that arrive while an earlier write is running are stored together,
 * in one set-based statement, when it finishes.
 *
 * A write waits for the current turn of the event loop to end (`schedule` says when), so the
 * writes of every request read in that turn go together, and writes that arrive while a
 * batch runs form the next one. A quiet server adds no more than that one turn. On PGlite, which runs
 * each statement in WebAssembly on the event loop, most of a small write's cost is the
 * statement itself, not its rows: ten upserts in one statement cost about a fifth of ten
 * statements. On PostgreSQL it saves round trips.
 *
 * `write` gets the batch and returns one result per input, in order. When a batch of
 * several fails, each of its inputs is retried alone, so one bad input fails only its own
 * caller.
 *
 * `schedule` has no default: in a request handler the turn ends with the request round
 * (`Deps.requestRounds.afterRequests`, server/http/fair-dispatch.ts, which hands the requests
 * read in one poll to the app in immediates of their own). There setImmediate would write after
 * the next poll, and the requests that poll read would go to the batch after: the writes would
 * alternate between two halves of the connections. Elsewhere (a job, a test) setImmediate is it.
 */
export function groupCommit<Input, Output>(
  write: (batch: readonly Input[]) => Promise<readonly Output[]>,
  options: { schedule: (run: () => void) => void; maxBatch?: number },
): (input: Input) => Promise<Output> {
  const maxBatch = options.maxBatch ?? 100;
  const { schedule } = options;
  interface Pending {
    input: Input;
    resolve: (output: Output) => void;
    reject: (error: unknown) => void;
  }
  let queue: Pending[] = [];
  let running = false;

  const settle = async (batch: Pending[]) => {
    try {
      const outputs = await write(batch.map((pending) => pending.input));
      if (outputs.length !== batch.length) throw new Error(`group commit: ${outputs.length} results for ${batch.length} inputs`);
      batch.forEach((pending, index) => pending.resolve(outputs[index] as Output));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await settle([pending]);
    }
  };

  const drain = async () => {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(maxBatch);
        await settle(batch);
      }
    } finally {
      running = false;
    }
  };

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!running) {
        running = true;
        schedule(() => void drain());
      }
    });
}
