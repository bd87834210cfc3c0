import { describe, expect, it, vi } from 'vitest';
import { LabOrderVacuum, VACUUM_EVERY_WRITES, VACUUM_MIN_INTERVAL_MS } from '../../server/jobs/lab-orders/maintenance.js';
import type { Database } from '../../server/storage/database.js';
import { LAB_ORDER_STATISTICS_TARGET } from '../../server/storage/repositories/lab-order-housekeeping.js';
import { silentLogger } from '../helpers/silent-logger.js';

/** A database that records the scripts it is asked to run. */
function fakeDatabase(kind: Database['kind']) {
  const scripts: string[] = [];
  const exec = vi.fn(async (sql: string) => void scripts.push(sql));
  const db = { kind, exec, transaction: async <T>(fn: (tx: unknown) => Promise<T>) => fn({ exec }) } as unknown as Database;
  return { db, scripts };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the vacuum of the lab order tables (PGlite has no autovacuum)', () => {
  it('when fewer writes than the threshold are noted, then nothing runs; when the threshold is reached, then one VACUUM and one ANALYZE of the order tables', async () => {
    const { db, scripts } = fakeDatabase('pglite');
    const vacuum = new LabOrderVacuum(db, silentLogger());
    vacuum.noteWrites(VACUUM_EVERY_WRITES - 1, 0);
    await settle();
    expect(scripts).toEqual([]);
    vacuum.noteWrites(1, 1);
    await settle();
    expect(scripts).toEqual([
      'VACUUM lab_orders, lab_order_patient_names, lab_order_receiver_names',
      `SET LOCAL default_statistics_target = ${LAB_ORDER_STATISTICS_TARGET}`,
      'ANALYZE lab_orders, lab_order_patient_names, lab_order_receiver_names',
    ]);
  });

  it('when the threshold is reached again within the interval, then it waits for the interval; after it, it vacuums again', async () => {
    const { db, scripts } = fakeDatabase('pglite');
    const vacuum = new LabOrderVacuum(db, silentLogger());
    vacuum.noteWrites(VACUUM_EVERY_WRITES, 1_000);
    await settle();
    vacuum.noteWrites(VACUUM_EVERY_WRITES, 1_000 + VACUUM_MIN_INTERVAL_MS - 1);
    await settle();
    expect(scripts).toHaveLength(3);
    vacuum.noteWrites(1, 1_000 + VACUUM_MIN_INTERVAL_MS);
    await settle();
    expect(scripts).toHaveLength(6);
  });

  it('when the database is PostgreSQL, then nothing runs (its autovacuum does it)', async () => {
    const { db, scripts } = fakeDatabase('postgres');
    const vacuum = new LabOrderVacuum(db, silentLogger());
    vacuum.noteWrites(VACUUM_EVERY_WRITES * 2, 0);
    await settle();
    expect(scripts).toEqual([]);
  });
});
