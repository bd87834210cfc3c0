/**
 * Formatting shared by every page: the API's error `detail` as a sentence,
 * dates, durations, numbers. Pure (no DOM, no fetch): unit-tested in
 * test/dashboard/unit/format.test.ts.
 */

interface ValidationIssue {
  loc?: unknown[];
  msg?: string;
}

const STATUS_TEXT: Record<number, string> = {
  0: 'The server could not be reached.',
  400: 'The request was refused.',
  401: 'The key was refused: check that it is a valid key.',
  403: 'This key may not do that.',
  404: 'Not found.',
  409: 'That conflicts with what exists.',
  422: 'The input is not valid.',
  429: 'Too many requests: try again in a moment.',
  500: 'The server failed.',
};

/** The API's `detail` (a text, or the 422 list of `{loc, msg}`) as one readable text. */
export function readableDetail(status: number, detail: unknown): string {
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    return detail
      .map((issue: ValidationIssue) => {
        const where = Array.isArray(issue?.loc) ? issue.loc.filter((part) => part !== 'body' && part !== 'query' && part !== 'path').join('.') : '';
        const msg = typeof issue?.msg === 'string' ? issue.msg : JSON.stringify(issue);
        return where ? `${where}: ${msg}` : msg;
      })
      .join('; ');
  }
  if (detail && typeof detail === 'object') return JSON.stringify(detail);
  return STATUS_TEXT[status] ?? `The request failed (HTTP ${status}).`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23` of a Date in UTC. */
export const isoDate = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A date-time text as `2026-11-23 14:05 UTC` (empty for null). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${isoDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** Seconds as `7 h 05 min`, `42 min`, `35 s`. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '–';
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours > 0 ? `${hours} h ${pad(minutes)} min` : `${minutes} min`;
}

/** A number with at most `digits` decimals and thousands separators, or `–`. */
export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Whole days from `from` to `to` (dates `YYYY-MM-DD`), both included. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `YYYY-MM-DD` plus `days` days. */
export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** A date range the UI accepts: both valid dates, from <= to, at most `maxDays` days. Null when fine, else why. */
export function rangeProblem(from: string, to: string, maxDays: number): string | null {
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && isoDate(new Date(`${d}T00:00:00Z`)) === d;
  if (!valid(from) || !valid(to)) return 'Both dates are needed (YYYY-MM-DD).';
  if (from > to) return 'The start date is after the end date.';
  if (daysInclusive(from, to) > maxDays) return `At most ${maxDays} days at once.`;
  return null;
}

/** The default range: the last `days` days up to `today`, both included. */
export function lastDays(today: Date, days: number): { from: string; to: string } {
  const to = isoDate(today);
  return { from: addDays(to, -(days - 1)), to };
}
