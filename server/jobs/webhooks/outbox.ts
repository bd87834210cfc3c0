import type { Queryable } from '../../storage/database.js';

/** The envelope every event shares (see the `webhooks` of the team API). */
export interface EventEnvelope<Data = unknown> {
  event_type: string;
  data: Data;
  team_id: string;
  user_id: string;
  client_user_id: string;
}

export interface EmittedEvent {
  id: string;
  /** False when an event with the same dedup key already existed (nothing was written). */
  created: boolean;
}

/**
 * Writes an event to the outbox, with one pending delivery per endpoint of the
 * team whose filter matches, in the caller's transaction: the event exists if
 * and only if the change that caused it was committed. With a `dedupKey`, a
 * second emission of the same change is a no-op that returns the first id.
 */
export async function emitEvent(tx: Queryable, event: EventEnvelope, dedupKey?: string): Promise<EmittedEvent> {
  const inserted = await tx.one<{ id: string }>(
    `INSERT INTO events (team_id, event_type, payload, dedup_key)
     VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT ON CONSTRAINT events_dedup_key_key DO NOTHING
     RETURNING id`,
    [event.team_id, event.event_type, JSON.stringify(event), dedupKey ?? null],
  );
  if (!inserted) {
    const existing = await tx.one<{ id: string }>(`SELECT id FROM events WHERE dedup_key = $1`, [dedupKey]);
    return { id: existing!.id, created: false };
  }
  await tx.query(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id)
     SELECT e.id, $2 FROM webhook_endpoints e
     WHERE e.team_id = $1
       AND (e.event_types IS NULL
            OR $3 = ANY (e.event_types)
            OR EXISTS (SELECT 1 FROM unnest(e.event_types) f WHERE f LIKE '%.*' AND starts_with($3, left(f, -1))))`,
    [event.team_id, inserted.id, event.event_type],
  );
  return { id: inserted.id, created: true };
}

/** The Standard Webhooks message id of an event: stable across retries and replays. */
export const webhookMessageId = (eventId: string) => `msg_${eventId.replace(/-/g, '')}`;
