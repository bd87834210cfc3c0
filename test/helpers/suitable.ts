/** How many users a test makes, at most, looking for one whose synthetic data it needs. */
export const SUITABLE_TRIES = 100;

/**
 * The synthetic data is random per user id: a test that needs something in it (a workout, a
 * step bucket that changes) makes users until one has it, and then always asserts on it.
 * `make` makes the next candidate, `suits` says whether it will do; after SUITABLE_TRIES
 * candidates that do not, it throws, naming `what` was looked for.
 */
export async function firstSuitable<T>(make: () => Promise<T>, suits: (candidate: T) => boolean, what = 'the synthetic data this test needs'): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const candidate = await make();
    if (suits(candidate)) return candidate;
    if (tries === SUITABLE_TRIES) throw new Error(`No user in ${SUITABLE_TRIES} has ${what}`);
  }
}
