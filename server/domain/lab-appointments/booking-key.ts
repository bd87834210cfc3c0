/**
 * The `booking_key` of an appointment slot: opaque to the client, signed by the server, valid
 * for one team and until it expires, naming its kind of order (at-home phlebotomy or walk-in)
 * and everything booking needs (the slot, the provider, the place, and for an at-home visit the
 * address). `<payload>.<signature>`, both base64url: the payload is JSON, the signature
 * HMAC-SHA256 keyed with a server secret over the team id and the payload, so a key cannot be
 * altered, made up, or used by another team. That a key was used is stored (not here: a key is
 * used once, lab_appointment_booking_keys). Pure: the secret and the time are handed in.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual, type Hash } from 'node:crypto';

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
  price: number;
  is_priority: boolean;
  time_zone: string;
  /** Epoch seconds: the key is refused from then on. */
  expires: number;
  /** The patient's address (at-home only). */
  address: KeyAddress | null;
  /** Random: every availability answer gives new keys, each used once. */
  nonce?: string;
}

/** A new signing secret (stored once per database: storage/repositories/server-secrets.ts). */
export const newBookingKeySecret = (): string => randomBytes(32).toString('base64url');

const signedText = (teamId: string) => `booking:${teamId.toLowerCase()}:`;
const signatureOf = (secret: string, teamId: string, payload: string) => createHmac('sha256', secret).update(`${signedText(teamId)}${payload}`).digest('base64url');

/** Random bytes of each key's nonce (8 base64url characters). */
const NONCE_BYTES = 6;

export function signBookingKey(payload: BookingKeyPayload, input: { secret: string; team_id: string }): string {
  const encoded = Buffer.from(JSON.stringify({ ...payload, nonce: payload.nonce ?? randomBytes(NONCE_BYTES).toString('base64url') })).toString('base64url');
  return `${encoded}.${signatureOf(input.secret, input.team_id, encoded)}`;
}

/** What the keys of one place's slots in one availability answer share. */
export type KeyPlace = Pick<BookingKeyPayload, 'kind' | 'provider' | 'location_code' | 'time_zone' | 'expires' | 'address'>;
/** What each slot's key has of its own (its nonce aside). */
export type KeySlot = Pick<BookingKeyPayload, 'start' | 'end' | 'capacity' | 'price' | 'is_priority'>;

/** The block size of SHA-256, the length HMAC pads its key to. */
const SHA256_BLOCK = 64;

/**
 * Signs many keys of one team, each exactly as signBookingKey would (the same JSON text, the same
 * HMAC-SHA256), for an availability answer's hundreds of slots. HMAC(K, m) is
 * SHA256((K ^ opad) || SHA256((K ^ ipad) || m)): the hash states after the padded key (and, inside,
 * after the team's prefix) are made once and copied for each key, instead of createHmac setting
 * up the key for every key. Every key's nonce comes from one draw of random bytes.
 */
export class BookingKeySigner {
  private readonly inner: Hash;
  private readonly outer: Hash;

  constructor(input: { secret: string; team_id: string }) {
    let key = Buffer.from(input.secret, 'utf8');
    if (key.length > SHA256_BLOCK) key = createHash('sha256').update(key).digest();
    const ipad = Buffer.alloc(SHA256_BLOCK, 0x36);
    const opad = Buffer.alloc(SHA256_BLOCK, 0x5c);
    for (let i = 0; i < key.length; i++) {
      ipad[i]! ^= key[i]!;
      opad[i]! ^= key[i]!;
    }
    this.inner = createHash('sha256').update(ipad).update(signedText(input.team_id));
    this.outer = createHash('sha256').update(opad);
  }

  /**
   * The keys of `slots` at one place, in their order. The payload's JSON is written field by field
   * in signBookingKey's order (JSON.stringify of the payload with its nonce last): the place's
   * fields once, each slot's numbers in between.
   */
  signAll(place: KeyPlace, slots: readonly KeySlot[]): string[] {
    const head = `{"kind":${JSON.stringify(place.kind)},"provider":${JSON.stringify(place.provider)},"location_code":${JSON.stringify(place.location_code)},"start":`;
    const tail = `,"time_zone":${JSON.stringify(place.time_zone)},"expires":${JSON.stringify(place.expires)},"address":${JSON.stringify(place.address)},"nonce":"`;
    const nonces = randomBytes(NONCE_BYTES * slots.length);
    return slots.map((slot, i) => {
      const nonce = nonces.toString('base64url', i * NONCE_BYTES, (i + 1) * NONCE_BYTES);
      const json = `${head}${jsonNumber(slot.start)},"end":${jsonNumber(slot.end)},"capacity":${jsonNumber(slot.capacity)},"price":${jsonNumber(slot.price)},"is_priority":${slot.is_priority ? 'true' : 'false'}${tail}${nonce}"}`;
      const encoded = Buffer.from(json).toString('base64url');
      const signature = this.outer.copy().update(this.inner.copy().update(encoded).digest()).digest('base64url');
      return `${encoded}.${signature}`;
    });
  }
}

/** A number as JSON.stringify writes it (a non-finite one as null). */
const jsonNumber = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

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

function parsePayload(text: string): BookingKeyPayload | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as BookingKeyPayload;
    const ok = value !== null && typeof value === 'object' && (value.kind === 'at_home_phlebotomy' || value.kind === 'walk_in_test')
      && typeof value.provider === 'string' && typeof value.location_code === 'string' && Number.isInteger(value.start) && Number.isInteger(value.end)
      && Number.isInteger(value.expires) && Number.isInteger(value.capacity) && typeof value.time_zone === 'string';
    return ok ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whether a key opens a booking of `kind` for the team at `now`: signed by this server for this
 * team, not expired, and for that kind of order. Each refusal says which, in one sentence.
 */
export function verifyBookingKey(key: string, input: { secret: string; team_id: string; kind: AppointmentKind; now: Date }): BookingKeyVerdict {
  const [encoded, signature, ...rest] = key.trim().split('.');
  const expected = encoded ? Buffer.from(signatureOf(input.secret, input.team_id, encoded)) : null;
  const given = Buffer.from(signature ?? '');
  const payload = expected && rest.length === 0 && given.length === expected.length && timingSafeEqual(given, expected) ? parsePayload(encoded!) : null;
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
