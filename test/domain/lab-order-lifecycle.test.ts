import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allStatuses,
  cancellableStatuses,
  canTransition,
  completedStatus,
  decideCancel,
  fullStatus,
  initialStatus,
  LIFECYCLES,
  parseStatus,
  simulationPath,
  simulationStartsAt,
} from '../../server/domain/lab-orders/lifecycle.js';
import { COLLECTION_METHODS, type CollectionMethod } from '../../server/domain/lab-tests/catalog.js';

const bundle = JSON.parse(readFileSync(new URL('../../generated/team/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, { post?: { description?: string } }>;
  components: { schemas: Record<string, { enum?: string[] }> };
};

/** The transition tables of the spec (Simulate an order): method -> status -> the statuses it may move to. */
function specTables(): Map<string, Map<string, string[]>> {
  const text = bundle.paths['/v3/order/{order_id}/test']?.post?.description ?? '';
  const tables = new Map<string, Map<string, string[]>>();
  let method: string | null = null;
  for (const line of text.split('\n')) {
    const heading = /^\*\*(\w+)\*\*/.exec(line.trim());
    if (heading) {
      method = heading[1] as string;
      tables.set(method, new Map());
      continue;
    }
    const row = /^\| `([a-z_.]+)` \| (.*) \|$/.exec(line.trim());
    if (row && method) {
      const next = row[2] === '(final)' ? [] : [...(row[2] as string).matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);
      tables.get(method)?.set(row[1] as string, next);
    }
  }
  return tables;
}

describe('lab order lifecycle tables', () => {
  const tables = specTables();

  it('when the spec is read, then it has one transition table per collection method', () => {
    expect([...tables.keys()].sort()).toEqual([...COLLECTION_METHODS].sort());
  });

  it("when every status of every table is read, then it is the OrderStatus enum, each exactly once", () => {
    const fromTables = [...tables.values()].flatMap((t) => [...t.keys()]);
    expect(fromTables.sort()).toEqual([...(bundle.components.schemas.OrderStatus?.enum ?? [])].sort());
    expect(allStatuses().sort()).toEqual(fromTables.sort());
  });

  it("when every pair of one method's statuses is tried, then the domain allows exactly the spec's transitions and refuses the rest", () => {
    for (const [method, table] of tables) {
      for (const [from] of table) {
        for (const [to] of table) {
          const low = parseStatus(to)?.low ?? '';
          const allowed = table.get(from)?.includes(low) ?? false;
          expect(canTransition(from, to), `${method}: ${from} -> ${to}`).toBe(allowed);
        }
      }
    }
  });

  it('when a status of one method is moved to one of another method, then it is refused', () => {
    expect(canTransition('received.walk_in_test.ordered', 'received.testkit.awaiting_registration')).toBe(false);
    expect(parseStatus('received.walk_in_test.transit_lab')).toBeNull();
    expect(parseStatus('completed.walk_in_test')).toBeNull();
  });

  it("when each method's success path is walked, then every step is an allowed transition from ordered to completed", () => {
    for (const method of COLLECTION_METHODS) {
      const path = LIFECYCLES[method].successPath.map((low) => fullStatus(method, low));
      expect(path[0]).toBe(initialStatus(method));
      expect(path[path.length - 1]).toBe(completedStatus(method));
      for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1] as string, path[i] as string)).toBe(true);
      expect(simulationPath(initialStatus(method), completedStatus(method))).toEqual(path.slice(1));
    }
  });

  it('when an order is cancelled, then only the statuses before the sample leaves for the lab allow it', () => {
    expect(decideCancel('received.testkit.awaiting_registration')).toEqual({ ok: true, status: 'cancelled.testkit.cancelled' });
    expect(decideCancel('collecting_sample.at_home_phlebotomy.draw_completed')).toEqual({ ok: true, status: 'cancelled.at_home_phlebotomy.cancelled' });
    expect(decideCancel('collecting_sample.walk_in_test.appointment_scheduled').ok).toBe(true);
    for (const refused of ['collecting_sample.testkit.transit_lab', 'collecting_sample.testkit.transit_customer', 'sample_with_lab.on_site_collection.draw_completed', 'completed.walk_in_test.completed', 'failed.testkit.lost']) {
      const decision = decideCancel(refused);
      expect(decision.ok, refused).toBe(false);
      if (!decision.ok) expect(decision.detail).toContain(refused);
    }
    expect(decideCancel('cancelled.testkit.cancelled')).toEqual({ ok: false, detail: 'The order is already cancelled (cancelled.testkit.cancelled).' });
  });

  it('when a testkit order is on its way to the patient, then the refusal names its status and the statuses it could have been cancelled in, not a sample', () => {
    for (const status of ['collecting_sample.testkit.transit_customer', 'collecting_sample.testkit.out_for_delivery', 'collecting_sample.testkit.with_customer']) {
      expect(decideCancel(status)).toEqual({
        ok: false,
        detail: `A testkit order can be cancelled only while it is ordered, awaiting_registration, registered, requisition_created or requisition_bypassed; this one is ${status}.`,
      });
    }
    expect(decideCancel('completed.at_home_phlebotomy.completed')).toEqual({
      ok: false,
      detail: 'An at_home_phlebotomy order can be cancelled only while it is ordered, requisition_created, requisition_bypassed, appointment_pending, appointment_scheduled, appointment_cancelled or draw_completed; this one is completed.at_home_phlebotomy.completed.',
    });
  });

  it("when every status is tried, then cancelling is allowed exactly in the statuses the refusal lists, those whose row of the spec's table may move to cancelled", () => {
    for (const [method, table] of tables) {
      const fromTable = [...table].filter(([, next]) => next.includes('cancelled')).map(([status]) => parseStatus(status)?.low);
      expect(cancellableStatuses(method as CollectionMethod), method).toEqual(fromTable);
      for (const [status] of table) {
        const decision = decideCancel(status);
        expect(decision.ok, status).toBe(fromTable.includes(parseStatus(status)?.low));
        if (!decision.ok && !status.startsWith('cancelled.')) expect(decision.detail, status).toContain(`only while it is ${fromTable.slice(0, -1).join(', ')} or ${fromTable.at(-1)}; this one is ${status}.`);
      }
    }
  });

  it('when a simulation starts, then its first step is due at once, unless it replaces a walk in progress: then `delay` after the last status change, never before now', () => {
    const now = '2026-11-22T09:15:00.800Z';
    const lastStatusChangeAt = '2026-11-22T09:15:00.000Z';
    expect(simulationStartsAt({ now, delayMs: 5_000, replacing: false, lastStatusChangeAt })).toBe(now);
    expect(simulationStartsAt({ now, delayMs: 5_000, replacing: true, lastStatusChangeAt })).toBe('2026-11-22T09:15:05.000Z');
    expect(simulationStartsAt({ now, delayMs: 500, replacing: true, lastStatusChangeAt })).toBe(now);
    expect(simulationStartsAt({ now, delayMs: 0, replacing: true, lastStatusChangeAt })).toBe(now);
  });

  it('when a target is unreachable (a final status, itself, or the past), then there is no simulation path', () => {
    expect(simulationPath('completed.testkit.completed', 'failed.testkit.lost')).toBeNull();
    expect(simulationPath('received.testkit.ordered', 'received.testkit.ordered')).toBeNull();
    expect(simulationPath('collecting_sample.testkit.transit_lab', 'received.testkit.registered')).toBeNull();
  });
});

describe('lab order histories (property)', () => {
  type Call = { kind: 'simulate'; target: number } | { kind: 'cancel' };
  const method = fc.constantFrom<CollectionMethod>(...COLLECTION_METHODS);
  const calls = fc.array(fc.oneof(fc.record({ kind: fc.constant('simulate' as const), target: fc.nat() }), fc.record({ kind: fc.constant('cancel' as const) })), { maxLength: 12 });

  it('when any sequence of simulate and cancel calls is applied, then the history starts ordered and every step is an allowed transition', () => {
    fc.assert(
      fc.property(method, calls, (m, sequence: Call[]) => {
        const statuses = allStatuses().filter((s) => parseStatus(s)?.method === m);
        const history = [initialStatus(m)];
        const current = () => history[history.length - 1] as string;
        for (const call of sequence) {
          if (call.kind === 'cancel') {
            const decision = decideCancel(current());
            if (decision.ok) history.push(decision.status);
            continue;
          }
          const path = simulationPath(current(), statuses[call.target % statuses.length] as string);
          if (path) history.push(...path);
        }
        expect(history[0]).toBe(initialStatus(m));
        for (let i = 1; i < history.length; i++) expect(canTransition(history[i - 1] as string, history[i] as string), `${history[i - 1]} -> ${history[i]}`).toBe(true);
        // A final status ends the history.
        const finalAt = history.findIndex((s) => (LIFECYCLES[m].next[parseStatus(s)?.low ?? ''] ?? []).length === 0);
        expect(finalAt === -1 || finalAt === history.length - 1).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('when a simulation path is found, then it ends at the target, never repeats a status and never includes the start', () => {
    fc.assert(
      fc.property(method, fc.nat(), fc.nat(), (m, a, b) => {
        const statuses = allStatuses().filter((s) => parseStatus(s)?.method === m);
        const from = statuses[a % statuses.length] as string;
        const to = statuses[b % statuses.length] as string;
        const path = simulationPath(from, to);
        if (!path) return;
        expect(path[path.length - 1]).toBe(to);
        expect(new Set(path).size).toBe(path.length);
        expect(path).not.toContain(from);
      }),
      { numRuns: 500 },
    );
  });
});
