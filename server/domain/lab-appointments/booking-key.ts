/**
 * The `booking_key` of an appointment slot: opaque to the client, signed by the server, valid
 * for one team and until it expires, naming its kind of order (at-home phlebotomy or walk-in)
 * and everything booking needs (the slot, the provider, the place, and for an at-home visit the
 * address). Pure: the secret and the time are handed in. That a key was used is stored (not
 * here: a key is used once, lab_appointment_booking_keys).
 *
 * A key is nine fields joined by dots, all of them URL-safe text:
 *
 *     v3.<place>.<nonce>.<start>.<end>.<capacity>.<price in cents>.<priority>.<signature>
 *
 * - `place`: base64url of the JSON array [kind ("h" at-home, "w" walk-in), provider,
 *   location code, time zone, expires, address (an array of its six fields, or null)]: what the
 *   keys of one place in one answer share, written once per answer.
 * - `nonce`: 12 random base64url characters, one per place of an answer: the keys of two answers
 *   differ even for the same slot, so each answer's keys are used once each.
 * - `start`, `end`, `expires`: epoch seconds; `priority`: 0 or 1.
 * - `signature`, in two steps. The place's key is HMAC-SHA256, keyed with a server secret, over
 *   `booking:<team id>:` and the key's first three fields with their dots (`v3.<place>.<nonce>.`),
 *   in base64url: one per place of an answer, and never sent. The signature is the first 22
 *   base64url characters (132 bits) of SHA-256 over the place's key followed by the slot's five
 *   fields (`<start>.<end>.<capacity>.<price>.<priority>`). So a key cannot be altered, made up,
 *   or used by another team: its place and nonce are signed with the secret, and its slot with
 *   the place's key, which only the secret gives.
 *
 * Why a hash keyed by its prefix is safe here: the known weakness of SHA-256(key || message) is
 * length extension, which takes the whole digest (the hash's state after the message) and a
 * message that may end in padding bytes. A signature shows 132 of the digest's 256 bits, and a
 * key's text admits only base64url characters, digits and dots, never padding.
 *
 * Why not one HMAC per key, as the second format (v2) had: an HMAC is two hashes, the inner one
 * over the whole key; an availability answer signs hundreds of keys (a walk-in answer about 300),
 * and that was a fifth of its time. The fields are positional and the signature truncated because
 * the keys are most of an answer's bytes: a key of the first format (the JSON payload itself in
 * base64url, a nonce and a whole signature per key) was two thirds of a walk-in answer's bytes.
 * Keys of an earlier format expired within BOOKING_KEY_VALIDITY_SECONDS of its change; this
 * server refuses them as forged.
 */
import { createHash, createHmac, hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** How long a slot's booking key stays valid after the availability answer that offered it. */
export const BOOKING_KEY_VALIDITY_SECONDS = 15 * 60;

export type AppointmentKind = 'at_home_phlebotomy' | 'walk_in_test';

export interface KeyAddress {
  first_line: string;
  second_line: string | null;
  city: string;
  state: string;
  zip_code: string;
  access_notes: string | null;
}

export interface BookingKeyPayload {
  /** The kind of order the slot is for: its collection method. */
  kind: AppointmentKind;
  provider: string;
  /** The place the slot is counted at: the zip code (at-home) or the center's site code (walk-in). */
  location_code: string;
  /** Epoch seconds. */
  start: number;
  end: number;
  capacity: number;
  /** USD (a key carries it in whole cents). */
  price: number;
  is_priority: boolean;
  time_zone: string;
  /** Epoch seconds: the key is refused from then on. */
  expires: number;
  /** The patient's address (at-home only). */
  address: KeyAddress | null;
  /** Random, one per place of an answer (12 base64url characters): every availability answer gives new keys. */
  nonce?: string;
}

/** A new signing secret (stored once per database: storage/repositories/server-secrets.ts). */
export const newBookingKeySecret = (): string => randomBytes(32).toString('base64url');

const VERSION = 'v3';
const KIND_CODES: Record<AppointmentKind, string> = { at_home_phlebotomy: 'h', walk_in_test: 'w' };
const KINDS_BY_CODE: Record<string, AppointmentKind> = { h: 'at_home_phlebotomy', w: 'walk_in_test' };
/** base64url characters of the signature kept: 132 bits of SHA-256's 256. */
const SIGNATURE_CHARS = 22;

/**
 * A new nonce: 9 random bytes of a version 4 UUID (its first three and last six, none of them a
 * version or variant bit). randomUUID draws from Node's entropy cache; randomBytes starts a job of
 * its own per call, far dearer for 9 bytes drawn once per place of every availability answer.
 */
function newNonce(): string {
  const uuid = randomUUID();
  return Buffer.from(`${uuid.slice(0, 6)}${uuid.slice(24)}`, 'hex').toString('base64url');
}

/** What the keys of one place's slots in one availability answer share. */
export type KeyPlace = Pick<BookingKeyPayload, 'kind' | 'provider' | 'location_code' | 'time_zone' | 'expires' | 'address'>;
/** What each slot's key has of its own. */
export type KeySlot = Pick<BookingKeyPayload, 'start' | 'end' | 'capacity' | 'price' | 'is_priority'>;

/** The key's first three fields and their dots: the version, the place, the nonce (each key of the place goes on from there). */
function headOf(place: KeyPlace, nonce: string): string {
  const address = place.address && [place.address.first_line, place.address.second_line, place.address.city, place.address.state, place.address.zip_code, place.address.access_notes];
  const encoded = Buffer.from(JSON.stringify([KIND_CODES[place.kind], place.provider, place.location_code, place.time_zone, place.expires, address])).toString('base64url');
  return `${VERSION}.${encoded}.${nonce}.`;
}

const cents = (price: number) => Math.round(price * 100);

/**
 * A slot's own five fields as its key writes them (`<start>.<end>.<capacity>.<price in cents>.<priority>`).
 * A slot of an availability answer keeps them (slots.ts), made once with the slot.
 */
export const keyFieldsOf = (slot: KeySlot): string => `${slot.start}.${slot.end}.${slot.capacity}.${cents(slot.price)}.${slot.is_priority ? 1 : 0}`;

/** The place's key: HMAC-SHA256 of the team and the key's head, in base64url. */
const placeKeyOf = (input: { secret: string; team_id: string }, head: string): string =>
  createHmac('sha256', input.secret).update(`booking:${input.team_id.toLowerCase()}:${head}`).digest('base64url');

/** A slot's signature under its place's key. */
const slotSignature = (placeKey: string, fields: string): string => hash('sha256', `${placeKey}${fields}`, 'base64url').slice(0, SIGNATURE_CHARS);

/**
 * The keys of the slots at one place of a team's availability answer, given by their fields
 * (keyFieldsOf), in their order: one nonce and one place key for all of them (each slot's start
 * makes its key its own), then one hash per slot.
 */
export function signPlaceKeys(input: { secret: string; team_id: string }, place: KeyPlace, slotFields: readonly string[], nonce: string = newNonce()): string[] {
  if (!NONCE.test(nonce)) throw new RangeError(`a booking key's nonce is 12 base64url characters, not ${JSON.stringify(nonce)}`);
  const head = headOf(place, nonce);
  const placeKey = placeKeyOf(input, head);
  return slotFields.map((fields) => `${head}${fields}.${slotSignature(placeKey, fields)}`);
}

/** Only these characters are ever in a key (base64url, digits, dots): a text with others is not one (nor read as one). */
const KEY_TEXT = /^[A-Za-z0-9_.-]+$/;

/** The key of one slot (`payload.nonce`, or a new one). */
export function signBookingKey(payload: BookingKeyPayload, input: { secret: string; team_id: string }): string {
  return signPlaceKeys(input, payload, [keyFieldsOf(payload)], payload.nonce ?? newNonce())[0]!;
}

/** What a stored use of a key is found by: a digest of the whole key (its signature makes it unique). */
export const bookingKeyDigest = (key: string): string => createHash('sha256').update(key).digest('base64url');

export type BookingKeyVerdict =
  | { ok: true; payload: BookingKeyPayload }
  | { ok: false; reason: 'forged' | 'expired' | 'wrong_kind'; msg: string };

const KIND_NAMES: Record<AppointmentKind, string> = { at_home_phlebotomy: 'an at-home phlebotomy', walk_in_test: 'a walk-in (patient service center)' };
const BOOK_PATHS: Record<AppointmentKind, string> = {
  at_home_phlebotomy: '/v3/order/{order_id}/phlebotomy/appointment/...',
  walk_in_test: '/v3/order/{order_id}/psc/appointment/...',
};

const INTEGER = /^(0|[1-9][0-9]{0,11})$/;
const NONCE = /^[A-Za-z0-9_-]{12}$/;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function addressOf(value: unknown): KeyAddress | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length !== 6) return undefined;
  const [first_line, second_line, city, state, zip_code, access_notes] = value as unknown[];
  if (!isText(first_line) || !isTextOrNull(second_line) || !isText(city) || !isText(state) || !isText(zip_code) || !isTextOrNull(access_notes)) return undefined;
  return { first_line, second_line, city, state, zip_code, access_notes };
}

/** The payload of a key's fields (its signature checked already), or null when they are not a key's. */
function parsePayload(fields: readonly string[]): BookingKeyPayload | null {
  const [version, encoded, nonce, start, end, capacity, price, priority] = fields;
  if (version !== VERSION || !NONCE.test(nonce!) || ![start, end, capacity, price].every((n) => INTEGER.test(n!)) || (priority !== '0' && priority !== '1')) return null;
  let place: unknown;
  try {
    place = JSON.parse(Buffer.from(encoded!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(place) || place.length !== 6) return null;
  const [code, provider, location_code, time_zone, expires, rawAddress] = place as unknown[];
  const kind = typeof code === 'string' && Object.hasOwn(KINDS_BY_CODE, code) ? KINDS_BY_CODE[code] : undefined;
  const address = addressOf(rawAddress);
  if (!kind || !isText(provider) || !isText(location_code) || !isText(time_zone) || !Number.isInteger(expires) || address === undefined) return null;
  return {
    kind, provider, location_code, start: Number(start), end: Number(end), capacity: Number(capacity), price: Number(price) / 100, is_priority: priority === '1',
    time_zone, expires: expires as number, address, nonce: nonce!,
  };
}

/** The signature a key of these eight fields has (its head's place key, then its slot's fields). */
const signatureOf = (input: { secret: string; team_id: string }, fields: readonly string[]): string =>
  slotSignature(placeKeyOf(input, `${fields.slice(0, 3).join('.')}.`), fields.slice(3).join('.'));

/**
 * Whether a key opens a booking of `kind` for the team at `now`: signed by this server for this
 * team, not expired, and for that kind of order. Each refusal says which, in one sentence.
 */
export function verifyBookingKey(key: string, input: { secret: string; team_id: string; kind: AppointmentKind; now: Date }): BookingKeyVerdict {
  const text = key.trim();
  const cut = KEY_TEXT.test(text) ? text.lastIndexOf('.') : -1;
  const fields = cut > 0 ? text.slice(0, cut).split('.') : [];
  const given = Buffer.from(cut > 0 ? text.slice(cut + 1) : '');
  const expected = fields.length === 8 ? Buffer.from(signatureOf(input, fields)) : null;
  const payload = expected && given.length === expected.length && timingSafeEqual(given, expected) ? parsePayload(fields) : null;
  if (!payload) {
    return { ok: false, reason: 'forged', msg: 'booking_key is not a key this server gave this team (altered, made up, or of another team); take one from a slot of an availability answer' };
  }
  if (input.now.getTime() >= payload.expires * 1000) {
    return { ok: false, reason: 'expired', msg: `booking_key expired at ${new Date(payload.expires * 1000).toISOString()}; ask for availability again for a fresh key` };
  }
  if (payload.kind !== input.kind) {
    return { ok: false, reason: 'wrong_kind', msg: `booking_key is for ${KIND_NAMES[payload.kind]} appointment; book it through ${BOOK_PATHS[payload.kind]}` };
  }
  return { ok: true, payload };
}
