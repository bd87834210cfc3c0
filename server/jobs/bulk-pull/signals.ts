/**
 * In-process wake-up: the bulk trigger handler says "triggers were enqueued"
 * after its transaction commits, so a worker in the same process claims them
 * at once instead of at its next poll. Workers in other processes find them by
 * polling.
 */
const target = new EventTarget();
const ENQUEUED = 'enqueued';

export function notifyTriggersEnqueued(): void {
  target.dispatchEvent(new Event(ENQUEUED));
}

/** Calls `listener` on every notification; returns the unsubscribe function. */
export function onTriggersEnqueued(listener: () => void): () => void {
  const handler = () => listener();
  target.addEventListener(ENQUEUED, handler);
  return () => target.removeEventListener(ENQUEUED, handler);
}
