import type { Clock } from '../../server/jobs/clock.js';

interface Sleeper {
  at: number;
  seq: number;
  resolve: () => void;
}

/**
 * A clock that moves only when told to. Sleepers wake in time order when the
 * clock is advanced past their time.
 */
export class FakeClock implements Clock {
  private current: number;
  private sleepers: Sleeper[] = [];
  private seq = 0;

  constructor(start: number = Date.UTC(2026, 10, 22, 9, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper: Sleeper = { at: this.current + Math.max(0, ms), seq: this.seq++, resolve };
      const wake = () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        resolve();
      };
      sleeper.resolve = () => {
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      signal?.addEventListener('abort', wake, { once: true });
      this.sleepers.push(sleeper);
    });
  }

  /** Time of the earliest sleeper, or null when nobody sleeps. */
  nextWakeAt(): number | null {
    let next: number | null = null;
    for (const s of this.sleepers) if (next === null || s.at < next) next = s.at;
    return next;
  }

  /** Number of sleepers waiting. */
  get sleeping(): number {
    return this.sleepers.length;
  }

  /** Moves the clock to `time` (never backwards) and wakes, in order, every sleeper due by then. Returns how many woke. */
  advanceTo(time: number): number {
    if (time > this.current) this.current = time;
    const due = this.sleepers.filter((s) => s.at <= this.current).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.sleepers = this.sleepers.filter((s) => s.at > this.current);
    for (const s of due) s.resolve();
    return due.length;
  }

  advanceBy(ms: number): number {
    return this.advanceTo(this.current + ms);
  }
}

