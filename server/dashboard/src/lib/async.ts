/** Promise helpers. Pure: test/dashboard/unit/async.test.ts. */

/**
 * One request shared by every view that draws it, started on the first call; after it
 * failed, the next call (a view's Retry) starts it again.
 */
export function shared<T>(fetcher: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let failed = false;
  return () => {
    if (!current || failed) {
      failed = false;
      current = fetcher();
      current.catch(() => {
        failed = true;
      });
    }
    return current;
  };
}
