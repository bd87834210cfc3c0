/**
 * In-process wake-up: the bulk trigger says "triggers were enqueued" after its
 * transaction commits, so a worker in the same process claims them at once
 * instead of at its next poll. Workers in other processes find them by
 * polling. One instance per app (created with its dependencies), shared by the
 * trigger and the worker of that process.
 */
export class TriggerSignal {
  private readonly target = new EventTarget();

  notifyEnqueued(): void {
    this.target.dispatchEvent(new Event('enqueued'));
  }

  /** Calls `listener` on every notification; returns the unsubscribe function. */
  onEnqueued(listener: () => void): () => void {
    const handler = () => listener();
    this.target.addEventListener('enqueued', handler);
    return () => this.target.removeEventListener('enqueued', handler);
  }
}
