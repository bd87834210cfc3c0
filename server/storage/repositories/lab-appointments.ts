/**
 * Lab appointments (migration 030): storing one, reading an order's latest or still-to-happen
 * appointment, rewriting it with its new event, counting a slot's bookings, and the booking keys
 * already used. Every read is scoped by team: another team's appointment is simply not found.
 */
import type { Queryable } from '../database.js';
import { textArrayParameter } from '../binary-arrays.js';
import { isUuid, lockNames } from './support.js';

/** The wire fields and events are the domain's (domain/lab-appointments/appointments.ts); storage keeps them as JSON. */
type Json = Record<string, unknown>;

export interface LabAppointmentRecord<AppointmentBody = Json, AppointmentEvent = Json> {
  id: string;
  team_id: string;
  order_id: string;
  user_id: string;
  type: string;
  status: string;
  location_code: string | null;
  body: AppointmentBody;
  /** Oldest first. */
  events: AppointmentEvent[];
}

const COLUMNS = `id, team_id, order_id, user_id, type, status, location_code, body, events`;
const ACTIVE = `status IN ('pending', 'reserved', 'confirmed', 'in_progress')`;

/** The order's newest appointment of a type (any status), or null. */
export async function findLatestAppointment<B = Json, E = Json>(db: Queryable, teamId: string, orderId: string, type: string): Promise<LabAppointmentRecord<B, E> | null> {
  if (!isUuid(orderId)) return null;
  return db.one<LabAppointmentRecord<B, E>>(
    `SELECT ${COLUMNS} FROM lab_appointments WHERE order_id = $2 AND team_id = $1 AND type = $3 ORDER BY seq DESC LIMIT 1`,
    [teamId, orderId, type],
  );
}

/** The order's appointment still to happen (of any type), locked for the rest of the transaction, or null. */
export async function lockActiveAppointment<B = Json, E = Json>(tx: Queryable, teamId: string, orderId: string): Promise<LabAppointmentRecord<B, E> | null> {
  return tx.one<LabAppointmentRecord<B, E>>(`SELECT ${COLUMNS} FROM lab_appointments WHERE order_id = $2 AND team_id = $1 AND ${ACTIVE} FOR UPDATE`, [teamId, orderId]);
}

/**
 * The appointments still to happen of orders (a team and an order id each), locked for the rest
 * of the transaction: order id -> appointment. Over arrays: run it under preferGenericPlans (support.ts).
 */
export async function lockActiveAppointments<B = Json, E = Json>(tx: Queryable, orders: readonly { team_id: string; order_id: string }[]): Promise<Map<string, LabAppointmentRecord<B, E>>> {
  if (orders.length === 0) return new Map();
  const rows = await tx.query<LabAppointmentRecord<B, E>>(
    // By order id first, so that each is one probe of lab_appointments_one_active, not a scan of every active appointment.
    `SELECT ${COLUMNS} FROM lab_appointments a
     WHERE order_id = ANY ($2::uuid[]) AND ${ACTIVE}
       AND EXISTS (SELECT 1 FROM unnest($1::uuid[], $2::uuid[]) AS i(team_id, order_id) WHERE i.order_id = a.order_id AND i.team_id = a.team_id)
     ORDER BY id FOR UPDATE`,
    [orders.map((order) => order.team_id), orders.map((order) => order.order_id)],
  );
  return new Map(rows.map((row) => [row.order_id, row]));
}

/**
 * The locks under which slots are counted and taken (support.ts lockNames: PostgreSQL only,
 * each sent before the count): two bookings of one slot would otherwise both count it before
 * either writes, and both take its last place. Two levels: a booking takes its place's lock
 * shared and its slot's exclusively, so that bookings of other slots of the place go on at the
 * same time; the simulation, which counts a whole place to find its first free slot, takes the
 * places' locks exclusively, in the order of their codes. Neither waits for a lock of the other
 * level after one of its own, so no two transactions wait on each other in a circle.
 */
const placeLock = (locationCode: string) => `lab_appointments place ${locationCode}`;

/** Locks one slot (a place and its start, epoch seconds) for a booking or a move: its place shared, the slot exclusively. */
export async function lockAppointmentSlot(tx: Queryable, slot: { location_code: string; start: number }): Promise<void> {
  await lockAppointmentSlots(tx, [slot]);
}

/**
 * Locks slots as lockAppointmentSlot locks one: every place shared first, then every slot, each
 * level in the order of its names, so that no lock of a place is waited for after a slot's.
 */
export async function lockAppointmentSlots(tx: Queryable, slots: readonly { location_code: string; start: number }[]): Promise<void> {
  const places = [...new Set(slots.map((slot) => slot.location_code))].sort().map((code) => ({ name: placeLock(code), shared: true }));
  const starts = [...new Set(slots.map((slot) => `lab_appointments slot ${slot.location_code} ${slot.start}`))].sort().map((name) => ({ name }));
  await lockNames(tx, [...places, ...starts]);
}

/** Locks whole places exclusively (every slot of them), in the order of their codes. */
export async function lockAppointmentPlaces(tx: Queryable, locationCodes: readonly string[]): Promise<void> {
  await lockNames(tx, [...new Set(locationCodes)].sort().map((code) => ({ name: placeLock(code) })));
}

export interface AppointmentWrite<B = Json, E = Json> {
  status: string;
  location_code: string | null;
  start_at: string | null;
  body: B;
  events: E[];
  at: string;
}

/**
 * The use of a booking key, stored by the same statement as the appointment it books or moves
 * (the key's row first, in a CTE): the appointment is written only when the key's row is new, so
 * a key used meanwhile by another transaction writes nothing, and the caller answers it as used.
 */
export interface KeyUse {
  digest: string;
  expires_at: string;
}

/** The key's use in updateAppointment's statement (insertBookedAppointments writes a batch of them). */
const KEY_USE_CTE = (first: number) => `WITH key_use AS (
       INSERT INTO lab_appointment_booking_keys (key_digest, team_id, appointment_id, expires_at, used_at) VALUES ($${first}, $${first + 1}, $${first + 2}, $${first + 3}, $${first + 4})
       ON CONFLICT (key_digest) DO NOTHING RETURNING key_digest
     )`;

/** Stores a new appointment without a booking key (a request, the simulation's booking); a booked slot's goes through insertBookedAppointments. */
export async function insertAppointment<B, E>(tx: Queryable, input: AppointmentWrite<B, E> & { id: string; team_id: string; order_id: string; user_id: string; type: string }): Promise<LabAppointmentRecord<B, E>> {
  await tx.query(
    `INSERT INTO lab_appointments (id, team_id, order_id, user_id, type, status, location_code, start_at, body, events, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::json, $10::json, $11, $11)`,
    [input.id, input.team_id, input.order_id, input.user_id, input.type, input.status, input.location_code, input.start_at, JSON.stringify(input.body), JSON.stringify(input.events), input.at],
  );
  return { id: input.id, team_id: input.team_id, order_id: input.order_id, user_id: input.user_id, type: input.type, status: input.status, location_code: input.location_code, body: input.body, events: input.events };
}

/**
 * Stores new appointments, each with the use of its booking key, in one statement (as
 * insertAppointment with a key): an appointment is written only when its key's row is new.
 * Returns the ids of the appointments written. Over arrays: run it under preferGenericPlans (support.ts).
 */
export async function insertBookedAppointments<B, E>(tx: Queryable, inputs: readonly (AppointmentWrite<B, E> & { id: string; team_id: string; order_id: string; user_id: string; type: string; key: KeyUse })[]): Promise<Set<string>> {
  if (inputs.length === 0) return new Set();
  const column = <T>(of: (input: (typeof inputs)[number]) => T) => inputs.map(of);
  const rows = await tx.query<{ id: string }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::text[], $10::text[], $11::timestamptz[], $12::text[], $13::timestamptz[])
         WITH ORDINALITY AS i(id, team_id, order_id, user_id, type, status, location_code, start_at, body, events, at, key_digest, expires_at, ord)
     ),
     key_use AS (
       INSERT INTO lab_appointment_booking_keys (key_digest, team_id, appointment_id, expires_at, used_at)
       SELECT key_digest, team_id, id, expires_at, at FROM input ORDER BY ord
       ON CONFLICT (key_digest) DO NOTHING RETURNING appointment_id
     )
     INSERT INTO lab_appointments (id, team_id, order_id, user_id, type, status, location_code, start_at, body, events, created_at, updated_at)
     SELECT i.id, i.team_id, i.order_id, i.user_id, i.type, i.status, i.location_code, i.start_at, i.body::json, i.events::json, i.at, i.at
     FROM input i JOIN key_use k ON k.appointment_id = i.id ORDER BY i.ord
     RETURNING id`,
    [column((i) => i.id), column((i) => i.team_id), column((i) => i.order_id), column((i) => i.user_id), column((i) => i.type), column((i) => i.status), column((i) => i.location_code),
      column((i) => i.start_at), textArrayParameter(column((i) => JSON.stringify(i.body))), textArrayParameter(column((i) => JSON.stringify(i.events))), column((i) => i.at),
      column((i) => i.key.digest), column((i) => i.key.expires_at)],
  );
  return new Set(rows.map((row) => row.id));
}

/** Rewrites an appointment, and with `key` stores the use of the booking key that moved it; null (nothing written) when the key was used already. */
export async function updateAppointment<B, E>(tx: Queryable, record: LabAppointmentRecord<B, E>, input: AppointmentWrite<B, E>, key?: KeyUse): Promise<LabAppointmentRecord<B, E> | null> {
  const params = [record.id, record.team_id, input.status, input.location_code, input.start_at, JSON.stringify(input.body), JSON.stringify(input.events), input.at];
  const updated = await tx.one<{ id: string }>(
    `${key ? KEY_USE_CTE(9) : ''}
     UPDATE lab_appointments SET status = $3, location_code = $4, start_at = $5, body = $6::json, events = $7::json, updated_at = $8
     WHERE id = $1 AND team_id = $2 ${key ? 'AND EXISTS (SELECT 1 FROM key_use)' : ''}
     RETURNING id`,
    key ? [...params, key.digest, record.team_id, record.id, key.expires_at, input.at] : params,
  );
  if (!updated) return null;
  return { ...record, status: input.status, location_code: input.location_code, body: input.body, events: input.events };
}

/**
 * How many appointments still to happen each slot of some places holds, between two instants:
 * `<location_code> <start epoch ms>` -> count. `except` leaves one appointment out (the one being
 * moved).
 */
export async function bookedSlotCounts(db: Queryable, input: { location_codes: readonly string[]; from: string; to: string; except?: string | null }): Promise<Map<string, number>> {
  if (input.location_codes.length === 0) return new Map();
  const rows = await db.query<{ location_code: string; start_ms: string; count: string }>(
    `SELECT location_code, (extract(epoch FROM start_at) * 1000)::bigint::text AS start_ms, count(*)::text AS count
     FROM lab_appointments
     WHERE location_code = ANY ($1::text[]) AND start_at >= $2 AND start_at < $3 AND ${ACTIVE} AND ($4::uuid IS NULL OR id <> $4::uuid)
     GROUP BY location_code, start_at`,
    [input.location_codes, input.from, input.to, input.except ?? null],
  );
  return new Map(rows.map((row) => [`${row.location_code} ${row.start_ms}`, Number(row.count)]));
}

/** The appointment that used a booking key already, or null. */
export async function findBookingKeyUse(db: Queryable, digest: string): Promise<{ appointment_id: string } | null> {
  return db.one<{ appointment_id: string }>(`SELECT appointment_id FROM lab_appointment_booking_keys WHERE key_digest = $1`, [digest]);
}

/**
 * What booking a slot with a key depends on, in one statement: the appointment that used the key
 * already (null when none), and how many appointments still to happen the slot holds (`except`
 * one, the appointment being moved), the slot being its place and start (epoch seconds).
 */
export async function slotBookingState(db: Queryable, input: SlotBooking): Promise<{ used_by: string | null; booked: number }> {
  const row = await db.one<{ used_by: string | null; booked: number }>(
    `SELECT ${slotStateSql({ digest: '$1', location: '$2', from: '$3::timestamptz', to: '$4::timestamptz', except: '$5::uuid' })}`,
    [input.digest, input.location_code, ...slotSecond(input.start), input.except],
  );
  return { used_by: row?.used_by ?? null, booked: Number(row?.booked ?? 0) };
}

/**
 * The columns `used_by` and `booked` of a slot's state, from SQL expressions of its inputs: the
 * key's digest, the place, the slot's second (from, to) and the appointment left out (or NULL).
 */
const slotStateSql = (v: { digest: string; location: string; from: string; to: string; except: string }) =>
  `(SELECT appointment_id FROM lab_appointment_booking_keys WHERE key_digest = ${v.digest}) AS used_by,
   (SELECT count(*) FROM lab_appointments
    WHERE location_code = ${v.location} AND start_at >= ${v.from} AND start_at < ${v.to} AND ${ACTIVE} AND (${v.except} IS NULL OR id <> ${v.except}))::int AS booked`;

/** The second a slot starts in (epoch seconds), as the bounds of its appointments' start_at. */
const slotSecond = (start: number): [string, string] => [new Date(start * 1000).toISOString(), new Date((start + 1) * 1000).toISOString()];

export interface SlotBooking {
  digest: string;
  location_code: string;
  start: number;
  except: string | null;
}

/**
 * slotBookingState of several keys and slots, in one statement; one answer per input, in order.
 * Over arrays: run it under preferGenericPlans (support.ts), or it is planned anew on every run.
 */
export async function slotBookingStates(db: Queryable, inputs: readonly SlotBooking[]): Promise<{ used_by: string | null; booked: number }[]> {
  if (inputs.length === 0) return [];
  const seconds = inputs.map((input) => slotSecond(input.start));
  const rows = await db.query<{ ord: string; used_by: string | null; booked: number }>(
    `SELECT i.ord::text AS ord, ${slotStateSql({ digest: 'i.digest', location: 'i.location_code', from: 'i.start_at', to: 'i.end_at', except: 'i.except_id' })}
     FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::uuid[]) WITH ORDINALITY AS i(digest, location_code, start_at, end_at, except_id, ord)`,
    [inputs.map((i) => i.digest), inputs.map((i) => i.location_code), seconds.map(([from]) => from), seconds.map(([, to]) => to), inputs.map((i) => i.except)],
  );
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return inputs.map((_, index) => {
    const row = byOrd.get(index + 1);
    return { used_by: row?.used_by ?? null, booked: Number(row?.booked ?? 0) };
  });
}

/** Forgets the used keys that expired before `before` (a key is refused once expired anyway). */
export async function deleteExpiredBookingKeys(db: Queryable, before: string): Promise<number> {
  const rows = await db.query(`DELETE FROM lab_appointment_booking_keys WHERE expires_at < $1 RETURNING key_digest`, [before]);
  return rows.length;
}
