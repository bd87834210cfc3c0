/**
 * The `booking_key` of an appointment slot: opaque to the client, signed by the server, valid
 * for one team and until it expires, naming its kind of order (at-home phlebotomy or walk-in)
 * and everything booking needs (the slot, the provider, the place, and for an at-home visit the
 * address). Pure: the secret and the time are handed in. That a key was used is stored (not
 * here: a key is used once, lab_appointment_booking_keys).
 *
 * A key is nine fields joined by dots, all of them URL-safe text:
 *
 *     v2.<place>.<nonce>.<start>.<end>.<capacity>.<price in cents>.<priority>.<signature>
 *
 * - `place`: base64url of the JSON array [kind ("h" at-home, "w" walk-in), provider,
 *   location code, time zone, expires, address (an array of its six fields, or null)]: what the
 *   keys of one place in one answer share, written once per answer.
 * - `nonce`: 12 random base64url characters, one per place of an answer: the keys of two answers
 *   differ even for the same slot, so each answer's keys are used once each.
 * - `start`, `end`, `expires`: epoch seconds; `priority`: 0 or 1.
 * - `signature`: the first 22 base64url characters (132 bits) of HMAC-SHA256, keyed with a server
 *   secret, over `booking:<team id>:` and the eight fields before it, so that a key cannot be
 *   altered, made up, or used by another team.
 *
 * The fields are positional and the signature is truncated because an availability answer holds
 * hundreds of keys: a key of the first format (the JSON payload itself in base64url, a nonce and
 * a whole signature per key) was two thirds of a walk-in answer's bytes. Keys of that format
 * expired within BOOKING_KEY_VALIDITY_SECONDS of the change; this server refuses them as forged.
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

const VERSION = 'v2';
const KIND_CODES: Record<AppointmentKind, string> = { at_home_phlebotomy: 'h', walk_in_test: 'w' };
const KINDS_BY_CODE: Record<string, AppointmentKind> = { h: 'at_home_phlebotomy', w: 'walk_in_test' };
/** base64url characters of the signature kept: 132 bits of HMAC-SHA256's 256. */
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
const signedText = (teamId: string) => `booking:${teamId.toLowerCase()}:`;

/** What the keys of one place's slots in one availability answer share. */
export type KeyPlace = Pick<BookingKeyPayload, 'kind' | 'provider' | 'location_code' | 'time_zone' | 'expires' | 'address'>;
/** What each slot's key has of its own. */
export type KeySlot = Pick<BookingKeyPayload, 'start' | 'end' | 'capacity' | 'price' | 'is_priority'>;

/** The key's first three fields: the version, the place, the nonce (each key of the place goes on from there). */
function headOf(place: KeyPlace, nonce: string): string {
  const address = place.address && [place.address.first_line, place.address.second_line, place.address.city, place.address.state, place.address.zip_code, place.address.access_notes];
  const encoded = Buffer.from(JSON.stringify([KIND_CODES[place.kind], place.provider, place.location_code, place.time_zone, place.expires, address])).toString('base64url');
  return `${VERSION}.${encoded}.${nonce}.`;
}

const cents = (price: number) => Math.round(price * 100);
const slotFields = (slot: KeySlot) => `${slot.start}.${slot.end}.${slot.capacity}.${cents(slot.price)}.${slot.is_priority ? 1 : 0}`;

/** The block size of SHA-256, the length HMAC pads its key to. */
const SHA256_BLOCK = 64;
/** Room for a slot's five fields after the head of its place (five numbers and their dots). */
const SLOT_FIELDS_ROOM = 128;

/**
 * Signs the keys of one team, each with HMAC-SHA256 as createHmac computes it (the tests hold
 * the two equal), for an availability answer's hundreds of keys. HMAC(K, m) is
 * SHA256((K ^ opad) || SHA256((K ^ ipad) || m)): both are one-shot hashes of buffers kept for
 * the answer, the padded key and the place's head written once and each slot's fields after
 * them, so that a key costs two hashes and no object of its own (createHmac made an Hmac, a
 * native handle and a digest buffer per key: most of a walk-in answer's time).
 */
export class BookingKeySigner {
  private readonly ipad: Buffer;
  private readonly opad: Buffer;
  private readonly prefix: string;

  constructor(private readonly input: { secret: string; team_id: string }) {
    let key = Buffer.from(input.secret, 'utf8');
    if (key.length > SHA256_BLOCK) key = createHash('sha256').update(key).digest();
    this.ipad = Buffer.alloc(SHA256_BLOCK, 0x36);
    this.opad = Buffer.alloc(SHA256_BLOCK, 0x5c);
    for (let i = 0; i < key.length; i++) {
      this.ipad[i]! ^= key[i]!;
      this.opad[i]! ^= key[i]!;
    }
    this.prefix = signedText(input.team_id);
  }

  /** The keys of `slots` at one place, in their order, sharing one nonce (each slot's start makes its key its own). */
  signAll(place: KeyPlace, slots: readonly KeySlot[], nonce: string = newNonce()): string[] {
    if (!NONCE.test(nonce)) throw new RangeError(`a booking key's nonce is 12 base64url characters, not ${JSON.stringify(nonce)}`);
    const head = headOf(place, nonce);
    const signed = `${this.prefix}${head}`;
    if (!ASCII.test(signed)) return slots.map((slot) => this.signOne(`${head}${slotFields(slot)}`));
    // (K ^ ipad) || prefix || head || <the slot's fields>, and (K ^ opad) || <the inner digest>.
    const inner = Buffer.allocUnsafe(SHA256_BLOCK + signed.length + SLOT_FIELDS_ROOM);
    this.ipad.copy(inner);
    const from = SHA256_BLOCK + inner.write(signed, SHA256_BLOCK, 'latin1');
    const outer = Buffer.allocUnsafe(SHA256_BLOCK + 32);
    this.opad.copy(outer);
    return slots.map((slot) => {
      const fields = slotFields(slot);
      // Numbers are written in ASCII: one byte per character, in latin1 as in the UTF-8 createHmac signs.
      if (fields.length > SLOT_FIELDS_ROOM) return this.signOne(`${head}${fields}`);
      const end = from + inner.write(fields, from, 'latin1');
      outer.write(hash('sha256', inner.subarray(0, end), 'binary'), SHA256_BLOCK, 'binary');
      return `${head}${fields}.${hash('sha256', outer, 'base64url').slice(0, SIGNATURE_CHARS)}`;
    });
  }

  /** A key of its first eight fields, signed by createHmac. */
  private signOne(body: string): string {
    return `${body}.${signatureOf(this.input, body)}`;
  }
}

/** Text whose latin1 bytes are its UTF-8 bytes. */
const ASCII = /^[\x00-\x7f]*$/;
/** Only these characters are ever in a key (base64url, digits, dots): a text with others is not one (nor read as one). */
const KEY_TEXT = /^[A-Za-z0-9_.-]+$/;

/** The signature of a key's first eight fields, by createHmac. */
const signatureOf = (input: { secret: string; team_id: string }, body: string): string =>
  createHmac('sha256', input.secret).update(`${signedText(input.team_id)}${body}`).digest('base64url').slice(0, SIGNATURE_CHARS);

/** The key of one slot (`payload.nonce`, or a new one). */
export function signBookingKey(payload: BookingKeyPayload, input: { secret: string; team_id: string }): string {
  return new BookingKeySigner(input).signAll(payload, [payload], payload.nonce ?? newNonce())[0]!;
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

/**
 * Whether a key opens a booking of `kind` for the team at `now`: signed by this server for this
 * team, not expired, and for that kind of order. Each refusal says which, in one sentence.
 */
export function verifyBookingKey(key: string, input: { secret: string; team_id: string; kind: AppointmentKind; now: Date }): BookingKeyVerdict {
  const text = key.trim();
  const cut = KEY_TEXT.test(text) ? text.lastIndexOf('.') : -1;
  const fields = cut > 0 ? text.slice(0, cut).split('.') : [];
  const given = Buffer.from(cut > 0 ? text.slice(cut + 1) : '');
  const expected = fields.length === 8 ? Buffer.from(signatureOf(input, text.slice(0, cut))) : null;
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
