/**
 * FrozenParts: the JSON bytes of bodies whose frozen parts are serialised once. Whatever the
 * nesting, the bytes are JSON.stringify's text of the whole body.
 */
import { describe, expect, it } from 'vitest';
import { FrozenParts } from '../../server/http/frozen-parts.js';
import { deepFreeze } from '../../server/shared/cache.js';

/** The text of what toSend gives: one buffer, or the pieces written one after the other. */
const text = (sent: Buffer | readonly Buffer[]) => (Buffer.isBuffer(sent) ? sent : Buffer.concat(sent as Buffer[])).toString();

const labTest = () => deepFreeze({ id: 'lt-1', name: 'Panel ✓ "quoted" \\ back', markers: [{ name: 'Glucose 🍬', unit: 'mg/dL', range: [70, 99] }], price: 75.5, nothing: null });

describe('FrozenParts', () => {
  it('when a body holds frozen parts, then its bytes are the JSON text of the whole body', () => {
    const parts = new FrozenParts();
    const shared = labTest();
    const body = { orders: [1, 2, 3].map((n) => ({ id: `o-${n}`, lab_test: shared, notes: `note ${n} \u0000-free 😀` })), total: 3, empty: deepFreeze({}), list: deepFreeze([]) };
    expect(text(parts.toSend(body))).toBe(JSON.stringify(body));
  });

  it('when a frozen value holds frozen values, then its memoised bytes are its JSON text, built from theirs', () => {
    const parts = new FrozenParts();
    const shared = labTest();
    const orders = [1, 2].map((n) => deepFreeze({ id: `o-${n}`, lab_test: shared, events: [{ id: n, status: 'received.walk_in_test.ordered' }] }));
    const page = deepFreeze({ orders, total: 2, page: 1, size: 50 });
    const bytes = parts.bytesOf(page);
    expect(bytes.toString()).toBe(JSON.stringify(page));
    // Memoised: the same bytes again, and those of the parts it was built from.
    expect(parts.bytesOf(page)).toBe(bytes);
    expect(parts.bytesOf(orders[0]!).toString()).toBe(JSON.stringify(orders[0]));
    expect(parts.bytesOf(shared).toString()).toBe(JSON.stringify(shared));
    // A body around the page reuses it whole.
    const outer = { data: page, next_cursor: null };
    expect(text(parts.toSend(outer))).toBe(JSON.stringify(outer));
  });

  it('when values have toJSON (dates), then they serialise as JSON.stringify serialises them', () => {
    const parts = new FrozenParts();
    const at = new Date(Date.UTC(2026, 10, 26, 23, 54));
    const frozen = deepFreeze({ at: 'x', nested: { n: 1 } });
    const body = { at, frozen, list: [frozen, { at }] };
    expect(text(parts.toSend(body))).toBe(JSON.stringify(body));
  });

  it('when frozen values are small (an address, a list of events) or large (a lab test), then the bytes are the JSON text either way', () => {
    const parts = new FrozenParts();
    const shared = deepFreeze({ id: 'lt-2', markers: Array.from({ length: 40 }, (_, n) => ({ id: n, name: `Marker ${n}`, range: [n, n + 1] })) });
    const view = deepFreeze({
      id: 'o-1', patient_address: { first_line: '123 Main St.', city: 'San Francisco', zip: '94110' }, lab_test: shared,
      events: [{ id: 1, status: 'received.walk_in_test.ordered', status_detail: null }, { id: 2, status: 'cancelled.walk_in_test.cancelled', status_detail: 'by the team' }],
      icd_codes: ['E11.9'], details: { type: 'walk_in_test', data: { id: 'd-1', shipment: null } },
    });
    const page = { orders: [view], total: 1 };
    expect(text(parts.toSend(page))).toBe(JSON.stringify(page));
    // A body that holds the large one again, and the small ones alone.
    expect(text(parts.toSend({ again: shared, events: view.events }))).toBe(JSON.stringify({ again: shared, events: view.events }));
    expect(parts.bytesOf(view.patient_address).toString()).toBe(JSON.stringify(view.patient_address));
  });

  it('when a body is sent, then its pieces are its JSON bytes, and a frozen body sent again is one buffer made once', () => {
    const parts = new FrozenParts();
    const shared = deepFreeze({ id: 'lt-3', markers: Array.from({ length: 80 }, (_, n) => ({ id: n })) });
    const orders = [1, 2].map((n) => deepFreeze({ id: `o-${n}`, lab_test: shared }));
    const fresh = { orders, total: 2 };
    const sentFresh = parts.toSend(fresh);
    expect(Buffer.isBuffer(sentFresh)).toBe(false);
    expect(text(sentFresh)).toBe(JSON.stringify(fresh));
    // The lab test's markers (a large frozen value inside it) are a piece of their own, the
    // same buffer in both orders.
    const pieces = sentFresh as readonly Buffer[];
    const labTestPieces = pieces.filter((piece) => piece.toString() === JSON.stringify(shared.markers));
    expect(labTestPieces).toHaveLength(2);
    expect(labTestPieces[0]).toBe(labTestPieces[1]);
    const page = deepFreeze({ orders, total: 2 });
    const first = parts.toSend(page);
    expect(text(first)).toBe(JSON.stringify(page));
    const second = parts.toSend(page);
    expect(Buffer.isBuffer(second)).toBe(true);
    expect(second.toString()).toBe(JSON.stringify(page));
    expect(parts.toSend(page)).toBe(second);
    expect(parts.bytesOf(page)).toBe(second);
  });
});
