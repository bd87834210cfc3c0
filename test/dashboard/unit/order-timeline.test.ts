import { describe, expect, it } from 'vitest';
import { cancelAllowed, humanize, isFinal, lowLevelStatuses, orderTimeline, redrawAllowed, redrawOf, resultsReady, simulationTargets, statusLabel } from '../../../server/dashboard/src/lib/order-timeline.js';

describe('orderTimeline', () => {
  it('when events come in any order, then they are sorted by id and the newest is current', () => {
    const entries = orderTimeline([
      { id: 2, created_at: '2026-11-22T09:16:00Z', status: 'received.walk_in_test.requisition_created', status_detail: null },
      { id: 1, created_at: '2026-11-22T09:15:00Z', status: 'received.walk_in_test.ordered' },
      { id: 3, created_at: '2026-11-22T09:17:00Z', status: 'failed.walk_in_test.sample_error', status_detail: 'sample_hemolyzed' },
    ]);
    expect(entries.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(entries.map((e) => e.current)).toEqual([false, false, true]);
    expect(entries[2]).toMatchObject({ top: 'failed', label: 'Sample error', detail: 'Sample hemolyzed' });
    expect(entries[0]).toMatchObject({ top: 'received', label: 'Ordered', detail: null });
  });

  it('when a status is none of the tables (a newer server), then it is shown as it is, without a top', () => {
    const [entry] = orderTimeline([{ id: 1, created_at: '2026-11-22T09:15:00Z', status: 'received.walk_in_test.teleported' }]);
    expect(entry).toMatchObject({ top: null, label: 'Received.walk in test.teleported' });
  });
});

describe('statusLabel and humanize', () => {
  it('when given a full status, then its low-level part in words', () => {
    expect(statusLabel('collecting_sample.testkit.problem_in_transit_customer')).toBe('Problem in transit customer');
    expect(humanize('partial_results')).toBe('Partial results');
  });
});

describe('simulationTargets', () => {
  it('when an order is new, then the direct next statuses come first and cancellation is never offered', () => {
    const targets = simulationTargets('received.walk_in_test.ordered');
    // A walk-in order books its service center appointment straight from ordered.
    expect(targets.filter((t) => t.direct).map((t) => t.status)).toEqual(['received.walk_in_test.requisition_created', 'received.walk_in_test.requisition_bypassed', 'collecting_sample.walk_in_test.appointment_scheduled']);
    expect(targets.some((t) => t.status.endsWith('.cancelled'))).toBe(false);
    const completed = targets.find((t) => t.status === 'completed.walk_in_test.completed');
    expect(completed).toMatchObject({ direct: false, label: 'Completed' });
    expect(completed?.path).toEqual([
      'received.walk_in_test.requisition_created',
      'collecting_sample.walk_in_test.appointment_pending',
      'collecting_sample.walk_in_test.appointment_scheduled',
      'sample_with_lab.walk_in_test.partial_results',
      'completed.walk_in_test.completed',
    ]);
  });

  it('when the order is in a final status, then nothing can be simulated', () => {
    expect(simulationTargets('completed.testkit.corrected')).toEqual([]);
    expect(isFinal('completed.testkit.corrected')).toBe(true);
    expect(isFinal('completed.testkit.completed')).toBe(false);
    expect(isFinal('received.testkit.ordered')).toBe(false);
  });

  it('when an order of any method is completed, then only the correction is still reachable', () => {
    for (const method of ['walk_in_test', 'testkit', 'at_home_phlebotomy', 'on_site_collection']) {
      expect(simulationTargets(`completed.${method}.completed`).map((t) => t.status)).toEqual([`completed.${method}.corrected`]);
    }
  });

  it('when the status is unknown, then no target is offered', () => {
    expect(simulationTargets('nonsense')).toEqual([]);
  });
});

describe('cancelAllowed', () => {
  it('when the sample has not left, then cancelling is allowed; once with the lab, it is refused with the statuses it could be cancelled in', () => {
    expect(cancelAllowed('received.testkit.ordered')).toEqual({ ok: true });
    const refused = cancelAllowed('sample_with_lab.testkit.delivered_to_lab');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toBe('A testkit order can be cancelled only while it is ordered, awaiting_registration, registered, requisition_created or requisition_bypassed; this one is sample_with_lab.testkit.delivered_to_lab.');
    expect(cancelAllowed('cancelled.testkit.cancelled').ok).toBe(false);
  });
});

describe('lowLevelStatuses', () => {
  it('when listed, then every low-level status of every method appears once', () => {
    const statuses = lowLevelStatuses();
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const low of ['ordered', 'completed', 'transit_lab', 'draw_completed', 'corrected', 'do_not_process']) expect(statuses).toContain(low);
    expect(statuses).toHaveLength(27); // the OrderLowLevelStatus enum
  });
});

describe('resultsReady', () => {
  it('when partial results, completed or corrected, then results can be read', () => {
    expect(resultsReady('sample_with_lab.walk_in_test.partial_results')).toBe(true);
    expect(resultsReady('completed.testkit.completed')).toBe(true);
    expect(resultsReady('completed.walk_in_test.corrected')).toBe(true);
    expect(resultsReady('received.testkit.ordered')).toBe(false);
    expect(resultsReady('nonsense')).toBe(false);
  });
});

describe('redrawAllowed and redrawOf', () => {
  it('when an order failed with a sample error, or a walk-in order waits at redraw_available, then it can be redrawn once', () => {
    expect(redrawAllowed({ id: 'o', status: 'failed.at_home_phlebotomy.sample_error', redrawn_as: null })).toBe(true);
    expect(redrawAllowed({ id: 'o', status: 'collecting_sample.walk_in_test.redraw_available', redrawn_as: null })).toBe(true);
    expect(redrawAllowed({ id: 'o', status: 'failed.walk_in_test.sample_error', redrawn_as: null })).toBe(false);
    expect(redrawAllowed({ id: 'o', status: 'received.walk_in_test.ordered', redrawn_as: null })).toBe(false);
    expect(redrawAllowed({ id: 'o', status: 'failed.testkit.sample_error', redrawn_as: 'r' })).toBe(false);
  });

  it('when a transaction lists a redraw of the order, then redrawOf names it', () => {
    const orders = [{ id: 'a', parent_id: null }, { id: 'b', parent_id: 'a' }, { id: 'c', parent_id: 'b' }];
    expect(redrawOf('a', orders)).toBe('b');
    expect(redrawOf('b', orders)).toBe('c');
    expect(redrawOf('c', orders)).toBeNull();
  });
});
