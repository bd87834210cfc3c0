/** Relative and clock times for the dashboard's pages. Pure: the clock is a parameter. */

const UNITS: readonly [seconds: number, name: string][] = [
  [86_400, 'd'],
  [3_600, 'h'],
  [60, 'min'],
  [1, 's'],
];

/** A duration as its two largest units: `45 s`, `3 min 20 s`, `2 h 5 min`, `1 d 3 h`. */
export function formatDuration(ms: number): string {
  let rest = Math.round(Math.abs(ms) / 1000);
  if (rest === 0) return '0 s';
  const parts: string[] = [];
  for (const [size, name] of UNITS) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${name}`);
      rest %= size;
    } else if (parts.length > 0) {
      break;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** `in 3 min 20 s`, `5 s ago`, or `now` within a second. */
export function relativeTime(target: Date, now: Date): string {
  const ms = target.getTime() - now.getTime();
  if (Math.abs(ms) < 1000) return 'now';
  return ms > 0 ? `in ${formatDuration(ms)}` : `${formatDuration(ms)} ago`;
}

/** The local wall-clock time (`14:03:27`); the time zone is a parameter for tests. */
export function clockTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone }).format(date);
}

/** A date and time for tables (`2026-11-22 09:15:00`, local time unless a zone is given). */
export function dateTime(date: Date, timeZone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** An ISO instant from the API, or null when absent or unreadable. */
export function parseInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
