/** What the Webhooks page says about endpoints, deliveries and event types. Pure. */
import { relativeTime } from './time-format.js';

export interface DeliveryLike {
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
}

/** `Succeeded after 2 attempts`, `Failed after 9 attempts`, `Pending: retry in 25 s (attempt 2)`. */
export function deliveryStatusText(d: DeliveryLike, now: Date): string {
  const attempts = `${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (d.status === 'succeeded') return `Succeeded after ${attempts}`;
  if (d.status === 'failed') return `Failed after ${attempts}`;
  if (d.status === 'pending') {
    if (!d.next_attempt_at) return d.attempts === 0 ? 'Pending: first attempt' : `Pending after ${attempts}`;
    const next = new Date(d.next_attempt_at);
    if (d.attempts === 0) return `Pending: first attempt ${next.getTime() <= now.getTime() ? 'now' : relativeTime(next, now)}`;
    return `Pending: retry ${next.getTime() <= now.getTime() ? 'now' : relativeTime(next, now)} (after ${attempts})`;
  }
  return `${d.status} (${attempts})`;
}

/** What the endpoint answered last: `HTTP 500`, `No answer: connection refused`, or null before any attempt. */
export function responseText(d: DeliveryLike): string | null {
  if (d.last_status_code !== null) return `HTTP ${d.last_status_code}`;
  if (d.last_error) return `No answer: ${d.last_error}`;
  return null;
}

export interface AnswerBodyLike {
  last_status_code: number | null;
  last_response_body: string | null;
  last_response_body_truncated: boolean;
}

/**
 * The body of the last answer as the page shows it: its text (`(empty)` for an empty body), with
 * a note when the server kept only its start; null when the last attempt got no answer.
 */
export function responseBodyView(d: AnswerBodyLike): { text: string; empty: boolean; note: string | null } | null {
  if (d.last_response_body === null) return null;
  const empty = d.last_response_body === '';
  return {
    text: empty ? '(empty)' : d.last_response_body,
    empty,
    note: d.last_response_body_truncated ? 'Truncated: the first 4096 bytes of a longer body.' : null,
  };
}

/** Whether replaying it makes sense: a failed delivery (the "replay failed" button's set). */
export function isReplayable(d: { status: string }): boolean {
  return d.status === 'failed';
}

/**
 * The choices of the event-type filter: every event type of the spec's `webhooks`
 * section, preceded by the prefixes (`daily.data.*`) that group two or more of them.
 */
export function eventTypeChoices(eventTypes: readonly string[]): { prefixes: string[]; types: string[] } {
  const types = [...new Set(eventTypes)].sort();
  const counts = new Map<string, number>();
  for (const type of types) {
    const parts = type.split('.');
    for (let n = 1; n < parts.length; n++) {
      const prefix = `${parts.slice(0, n).join('.')}.*`;
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  }
  const prefixes = [...counts].filter(([, count]) => count >= 2).map(([prefix]) => prefix).sort();
  return { prefixes, types };
}

/** An endpoint's filter as words: `every event` or the list. */
export function filterText(eventTypes: readonly string[] | null): string {
  return eventTypes === null || eventTypes.length === 0 ? 'every event' : eventTypes.join(', ');
}
