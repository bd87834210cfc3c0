/**
 * Ids of synthetic summaries. A dated record's id is a version-8 uuid (RFC
 * 9562, custom layout) that says where the record comes from, so a read by id
 * alone (GET /v2/timeseries/workouts/{workout_id}/stream) can regenerate it
 * without storing anything:
 *
 *   bytes 0-3   the first 4 bytes of the user id (find candidate users by a uuid range)
 *   bytes 4-5   the local calendar day, days since 1970-01-01 (uint16)
 *   byte  6     0x80 | kind (version nibble 8)
 *   byte  7     the provider's catalog id
 *   byte  8     0x80 | index of the record within its day (variant bits 10)
 *   bytes 9-15  SHA-1 of (user, provider, kind, date, index): verifies a candidate
 *
 * Ids are stable: the same (user, provider, kind, date, index) always gives the same id.
 */
import { createHash } from 'node:crypto';
import { PROVIDERS, findProvider } from '../providers/catalog.js';
import { stableUuid } from './random.js';
import { DAY, utcMidnight } from './time-zone.js';

// Appended, never reordered: a kind's position is written into every id of its records.
export const RECORD_KINDS = ['activity', 'sleep', 'sleep_cycle', 'body', 'workout', 'meal', 'electrocardiogram', 'menstrual_cycle'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const HEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function userPrefix(userId: string): string {
  const lower = userId.toLowerCase();
  return HEX_UUID.test(lower) ? lower.slice(0, 8) : createHash('sha1').update(userId).digest('hex').slice(0, 8);
}

/** The id of the `index`-th record of `kind` of (user, provider, local day `date`). */
export function recordId(userId: string, provider: string, kind: RecordKind, date: string, index = 0): string {
  const dayNumber = Math.round(utcMidnight(date) / DAY);
  if (dayNumber < 0 || dayNumber > 0xffff) throw new RangeError(`Date out of range for record ids: ${date}`);
  if (index < 0 || index > 63) throw new RangeError(`Record index out of range: ${index}`);
  const bytes = Buffer.alloc(16);
  Buffer.from(userPrefix(userId), 'hex').copy(bytes, 0);
  bytes.writeUInt16BE(dayNumber, 4);
  bytes[6] = 0x80 | (RECORD_KINDS.indexOf(kind) + 1);
  bytes[7] = (findProvider(provider)?.id ?? 0) & 0xff;
  bytes[8] = 0x80 | index;
  createHash('sha1').update(`${userId}:${provider}:${kind}:${date}:${index}`).digest().copy(bytes, 9, 0, 7);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What an id says about its record (unverified: check with recordIdMatches for a candidate user). */
export interface DecodedRecordId {
  /** First 8 hex digits of the user id. */
  userPrefix: string;
  /** Lowest and highest uuid with that prefix: candidates are users with `user_id BETWEEN low AND high`. */
  userIdRange: { low: string; high: string };
  provider: string;
  kind: RecordKind;
  date: string;
  index: number;
}

/** Decodes a synthetic record id; null when the id is not one (malformed, another version, unknown provider). */
export function decodeRecordId(id: string): DecodedRecordId | null {
  const lower = id.toLowerCase();
  if (!HEX_UUID.test(lower)) return null;
  const bytes = Buffer.from(lower.replace(/-/g, ''), 'hex');
  if ((bytes[6]! & 0xf0) !== 0x80 || (bytes[8]! & 0xc0) !== 0x80) return null;
  const kind = RECORD_KINDS[(bytes[6]! & 0x0f) - 1];
  const provider = PROVIDERS.find((p) => p.id === bytes[7]);
  if (!kind || !provider) return null;
  const prefix = lower.slice(0, 8);
  return {
    userPrefix: prefix,
    userIdRange: { low: `${prefix}-0000-0000-0000-000000000000`, high: `${prefix}-ffff-ffff-ffff-ffffffffffff` },
    provider: provider.slug,
    kind,
    date: new Date(bytes.readUInt16BE(4) * DAY).toISOString().slice(0, 10),
    index: bytes[8]! & 0x3f,
  };
}

/** True when `id` is the id of a record of this user (the decoded fields plus the user give back the same id). */
export function recordIdMatches(id: string, userId: string): DecodedRecordId | null {
  const decoded = decodeRecordId(id);
  if (!decoded) return null;
  return recordId(userId, decoded.provider, decoded.kind, decoded.date, decoded.index) === id.toLowerCase() ? decoded : null;
}

/** The profile id of (user, provider): one profile per connection. */
export const profileId = (userId: string, provider: string): string => stableUuid(userId, provider, 'profile');
