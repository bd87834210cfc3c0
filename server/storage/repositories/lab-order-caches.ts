/**
 * The lab order storage's caches (docs/architecture.md, "Caches"), made once per app by
 * server/caches.ts and handed to the functions that use them (`deps.caches.labOrders`, or a
 * job's options). Each is named for CACHES_OFF and says what makes an entry stale.
 */
import type { BoundedCache, CacheRegistry } from '../../shared/cache.js';
import type { LabTestSnapshots, LabTestValues } from './lab-order-lab-tests.js';
import type { LabOrderRecord } from './lab-orders.js';

/** An order's record as the list keeps it: read at `version`, found current at generation `checkedAt`. */
export interface KeptOrder {
  readonly version: string;
  readonly checkedAt: string;
  readonly record: LabOrderRecord;
}

/**
 * The ids a filter matches, in the list's order, as 16 bytes each, with the team's generation
 * they were read at (`ids` null: the filter was read once at that generation, by OFFSET).
 */
export interface KeptList {
  readonly generation: string;
  readonly ids: Buffer | null;
}

/** A filter's total with the team's generation when it was counted. */
export interface KeptTotal {
  readonly generation: string;
  readonly total: number;
}

export interface LabOrderCaches {
  /** `lab-order-totals`: GET /v3/orders totals by filter, under the team's order generation. */
  readonly orderTotals: BoundedCache<string, KeptTotal>;
  /** `lab-order-lists`: every id a filter matches, in order, under the team's order generation. */
  readonly orderLists: BoundedCache<string, KeptList>;
  /** `lab-order-records`: order records the list read twice, under their row version. */
  readonly orderRecords: BoundedCache<string, KeptOrder>;
  /** `lab-order-read-once`: the ids of orders the list read once lately (the records cache's admission). */
  readonly orderReadOnce: BoundedCache<string, true>;
  /** `lab-test-values`: the lab test values of orders, by digest. */
  readonly labTestValues: LabTestValues;
  /** `lab-test-snapshots`: the text and digest of frozen lab test values. */
  readonly labTestSnapshots: LabTestSnapshots;
  /** `lab-tests-stored`: digests known committed in lab_order_lab_tests, not sent again with new orders. */
  readonly labTestsStored: BoundedCache<string, true>;
}

export function createLabOrderCaches(registry: CacheRegistry): LabOrderCaches {
  const generation = "the team's order generation moved (lab_order_generations: a commit wrote the team's orders, or changed the client_user_id of a user with orders, migrations 015 and 025); checked on every read";
  return {
    orderTotals: registry.create({
      name: 'lab-order-totals',
      key: 'team, filter conditions and values',
      maxEntries: 1_000,
      invalidatedBy: generation,
    }),
    orderLists: registry.create({
      // 16 lists of at most 100,000 ids of 16 bytes: 25.6 MB at most.
      name: 'lab-order-lists',
      key: 'team, filter conditions and values, sort',
      maxEntries: 16,
      invalidatedBy: generation,
    }),
    orderRecords: registry.create({
      // About 2 kB of JSON each beside the lab test they share: 2,000 orders are 40 pages of 50.
      name: 'lab-order-records',
      key: 'order id',
      maxEntries: 2_000,
      invalidatedBy:
        "the order's row version moved (xmin of its lab_orders row and its user's row: every order write rewrites its row), checked unless the team's order generation is the one it was last found current at",
    }),
    orderReadOnce: registry.create({
      name: 'lab-order-read-once',
      key: 'order id',
      maxEntries: 4_000,
      invalidatedBy: 'nothing: it holds no data, only which orders were read once lately',
    }),
    labTestValues: registry.create({
      name: 'lab-test-values',
      key: 'digest (SHA-256 of the value as stored)',
      maxEntries: 1_000,
      invalidatedBy: 'nothing: a digest names one text, and rows of lab_order_lab_tests are never changed',
    }),
    labTestSnapshots: registry.create({
      name: 'lab-test-snapshots',
      key: 'a frozen lab test value (the object)',
      maxEntries: 1_000,
      invalidatedBy: 'nothing: only frozen values are kept, whose text cannot change',
    }),
    labTestsStored: registry.create({
      name: 'lab-tests-stored',
      key: 'digest of a lab test value committed in lab_order_lab_tests',
      maxEntries: 10_000,
      invalidatedBy: 'nothing: rows of lab_order_lab_tests are never deleted (a digest missed is only sent again)',
    }),
  };
}
