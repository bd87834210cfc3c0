/**
 * Order transactions (server/domain/lab-orders/transaction.ts): the status follows the newest
 * order, which orders can be redrawn, and the merged results keep the newest value per marker.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allStatuses, parseStatus } from '../../server/domain/lab-orders/lifecycle.js';
import { mergeTransactionResults, orderTransactionView, redrawDecision, transactionStatus, type TransactionMember } from '../../server/domain/lab-orders/transaction.js';
import type { BiomarkerResult, LabResults, MissingBiomarkerResult } from '../../server/domain/lab-results/generate.js';

const member = (id: string, status: string, created_at: string, parent_id: string | null = null): TransactionMember => ({
  id, status, low_status: status.split('.')[2]!, status_at: created_at, origin: parent_id ? 'redraw' : 'initial', parent_id, created_at, updated_at: created_at,
});

describe('transactionStatus', () => {
  it('when the newest order is completed or cancelled, then so is the transaction; otherwise it is active, whatever the older orders are', () => {
    fc.assert(fc.property(fc.constantFrom(...allStatuses()), fc.array(fc.constantFrom(...allStatuses()), { maxLength: 3 }), (newest, older) => {
      const members = [...older.map((status, i) => member(`o${i}`, status, `2026-11-0${i + 1}T00:00:00.000Z`)), member('new', newest, '2026-11-20T00:00:00.000Z')];
      const top = parseStatus(newest)!.top;
      expect(transactionStatus(members)).toBe(top === 'completed' ? 'completed' : top === 'cancelled' ? 'cancelled' : 'active');
      // The order the members are listed in does not matter: the newest is found by creation.
      expect(transactionStatus([...members].reverse())).toBe(transactionStatus(members));
    }));
  });

  it('when a view is made, then its orders are oldest first with their parents', () => {
    const view = orderTransactionView('t', [member('b', 'received.testkit.ordered', '2026-11-02T00:00:00.000Z', 'a'), member('a', 'failed.testkit.sample_error', '2026-11-01T00:00:00.000Z')]);
    expect(view.orders.map((o) => [o.id, o.origin, o.parent_id, o.low_level_status])).toEqual([['a', 'initial', null, 'sample_error'], ['b', 'redraw', 'a', 'ordered']]);
    expect(view.status).toBe('active');
  });
});

describe('redrawDecision', () => {
  it('when asked for every status, then only a sample error (not walk-in) and a walk-in redraw_available are redrawn, the latter cancelling its order', () => {
    for (const status of allStatuses()) {
      const { method, low } = parseStatus(status)!;
      const decision = redrawDecision({ id: 'o', status, has_patient: true, redrawn_as: null });
      const allowed = method === 'walk_in_test' ? low === 'redraw_available' : low === 'sample_error';
      expect(decision.ok, status).toBe(allowed);
      if (decision.ok) expect(decision.parent_to).toBe(method === 'walk_in_test' ? 'cancelled.walk_in_test.cancelled' : null);
      else expect(decision.detail).toMatch(/^Order o cannot be redrawn: /);
    }
  });

  it('when the order was redrawn already, or is a kit never registered, then 409 saying so', () => {
    expect(redrawDecision({ id: 'o', status: 'failed.testkit.sample_error', has_patient: true, redrawn_as: 'r' })).toEqual({ ok: false, status: 409, detail: 'Order o was redrawn already, as order r; an order is redrawn once (redraw that order instead, if it fails too).' });
    expect(redrawDecision({ id: 'o', status: 'failed.testkit.sample_error', has_patient: false, redrawn_as: null })).toMatchObject({ ok: false, detail: /never registered/ });
  });
});

describe('mergeTransactionResults', () => {
  const markers = ['a', 'b', 'c', 'd', 'e'];
  const result = (marker: string, value: number): BiomarkerResult => ({
    name: marker, slug: marker, value, result: String(value), type: 'numeric', timestamp: '2026-11-01T00:00:00Z', interpretation: 'normal',
    source_interpretation: 'N', loinc: `${marker}-1`, loinc_slug: marker, provider_id: `p-${marker}`, source_markers: [],
  } as unknown as BiomarkerResult);
  const missing = (marker: string): MissingBiomarkerResult => ({ name: marker, slug: marker, inferred_failure_type: 'unknown', note: '', loinc: `${marker}-1`, loinc_slug: marker, provider_id: `p-${marker}`, source_markers: [] } as unknown as MissingBiomarkerResult);
  const report = (values: Record<string, number>, missingMarkers: string[], reported: string): LabResults => ({
    metadata: { date_reported: reported } as LabResults['metadata'],
    results: Object.entries(values).map(([marker, value]) => result(marker, value)),
    missing_results: missingMarkers.map(missing),
  });
  const arbReport = fc.tuple(fc.dictionary(fc.constantFrom(...markers), fc.integer({ min: 0, max: 999 })), fc.subarray(markers)).map(([values, gone]) =>
    report(values, gone.filter((m) => !(m in values)), '2026-11-01'));
  const view = orderTransactionView('t', [member('a', 'completed.walk_in_test.completed', '2026-11-01T00:00:00.000Z')]);

  it('when reports are merged, then each marker has the value of the newest report that has it, a marker is missing only if no report has it, and the metadata is the newest', () => {
    fc.assert(fc.property(fc.array(arbReport, { minLength: 1, maxLength: 4 }), (reports) => {
      const merged = mergeTransactionResults(reports, view);
      for (const marker of markers) {
        const newest = [...reports].reverse().find((r) => r.results.some((x) => x.slug === marker));
        const got = merged.results.filter((x) => x.slug === marker);
        expect(got.map((x) => x.value)).toEqual(newest ? [newest.results.find((x) => x.slug === marker)!.value] : []);
        const everMissing = reports.some((r) => r.missing_results.some((m) => m.slug === marker));
        expect(merged.missing_results.filter((m) => m.slug === marker)).toHaveLength(!newest && everMissing ? 1 : 0);
      }
      expect(merged.metadata).toBe(reports.at(-1)!.metadata);
      expect(merged.order_transaction).toBe(view);
    }));
  });

  it('when there is no report, then it refuses (a transaction without results is the caller\'s 400)', () => {
    expect(() => mergeTransactionResults([], view)).toThrow(RangeError);
  });
});
