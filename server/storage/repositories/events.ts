import type { Queryable } from '../database.js';

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
 * team whose filter matches (no filter, the exact type, or a `prefix.*` entry),
 * in the caller's transaction: the event exists if and only if the change that
 * caused it was committed. With a `dedupKey`, a second emission of the same
 * change is a no-op that returns the first id. The delivery worker sends the
 * deliveries afterwards (server/jobs/webhooks/worker.ts).
 */
export async function emitEvent(tx: Queryable, event: EventEnvelope, dedupKey?: string): Promise<EmittedEvent> {
  // One round trip: the event and its deliveries (data-modifying CTEs run to completion).
  const inserted = await tx.one<{ id: string }>(
    `WITH inserted AS (
       INSERT INTO events (team_id, event_type, payload, dedup_key)
       VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT ON CONSTRAINT events_dedup_key_key DO NOTHING
       RETURNING id
     ),
     deliveries AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT e.id, i.id FROM inserted i, webhook_endpoints e
       WHERE e.team_id = $1
         AND (e.event_types IS NULL
              OR $2 = ANY (e.event_types)
              OR EXISTS (SELECT 1 FROM unnest(e.event_types) f WHERE f LIKE '%.*' AND starts_with($2, left(f, -1))))
     )
     SELECT id FROM inserted`,
    [event.team_id, event.event_type, JSON.stringify(event), dedupKey ?? null],
  );
  if (inserted) return { id: inserted.id, created: true };
  const existing = await tx.one<{ id: string }>(`SELECT id FROM events WHERE dedup_key = $1`, [dedupKey]);
  return { id: existing!.id, created: false };
}

export interface BatchEvent {
  event: EventEnvelope;
  /** Deliver only to endpoints whose filter names this exact event type (no filter, no `prefix.*`); not written at all when none does. */
  explicitOnly?: boolean;
}

/**
 * Writes the events of one team to the outbox in one statement, in order, each with a
 * pending delivery per matching endpoint (as emitEvent), in the caller's transaction.
 * Events marked `explicitOnly` match only endpoints that list their type by name. Returns
 * how many events were written.
 */
export async function emitEvents(tx: Queryable, teamId: string, batch: readonly BatchEvent[]): Promise<number> {
  if (batch.length === 0) return 0;
  const types: string[] = [];
  const payloads: string[] = [];
  const explicit: boolean[] = [];
  for (const { event, explicitOnly } of batch) {
    types.push(event.event_type);
    payloads.push(JSON.stringify(event));
    explicit.push(explicitOnly ?? false);
  }
  const row = await tx.one<{ written: number }>(
    `WITH input AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::boolean[]) WITH ORDINALITY AS i(event_type, payload, explicit_only, ord)
     ),
     inserted AS (
       INSERT INTO events (team_id, event_type, payload)
       SELECT $1, i.event_type, i.payload::jsonb FROM input i
       WHERE NOT i.explicit_only
          OR EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.team_id = $1 AND i.event_type = ANY (e.event_types))
       ORDER BY i.ord
       RETURNING id, event_type
     ),
     deliveries AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT e.id, ins.id FROM inserted ins, webhook_endpoints e
       WHERE e.team_id = $1
         AND (ins.event_type = ANY (e.event_types)
              OR (NOT EXISTS (SELECT 1 FROM input i WHERE i.event_type = ins.event_type AND i.explicit_only)
                  AND (e.event_types IS NULL
                       OR EXISTS (SELECT 1 FROM unnest(e.event_types) f WHERE f LIKE '%.*' AND starts_with(ins.event_type, left(f, -1))))))
     )
     SELECT count(*)::int AS written FROM inserted`,
    [teamId, types, payloads, explicit],
  );
  return row?.written ?? 0;
}
