import type { DataReadCaches } from '../../jobs/data-reads/caches.js';
import type { RequestRounds } from '../fair-dispatch.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { MarkerCatalog } from '../../domain/lab-markers/catalog.js';
import type { TriggerSignal } from '../../jobs/bulk-pull/signals.js';
import type { PolicyOverrides } from '../../domain/throttle/policy.js';
import type { Database } from '../../storage/database.js';
import type { CacheRegistry } from '../../shared/cache.js';
import type { HttpCaches } from '../http-caches.js';
import type { LabOrderCaches } from '../../storage/repositories/lab-order-caches.js';
import type { LabViewCaches } from './team/lab-view-caches.js';
import type { LabAppointmentCaches } from '../../jobs/lab-appointments/caches.js';
import type { PdfReading } from '../../jobs/lab-reports/pdf-reader.js';

/**
 * Every cache of one app, made by server/caches.ts where the app is built: one group per area,
 * each cache a BoundedCache of `registry` (server/shared/cache.ts) with its name, key, bound and
 * invalidation. Nothing under server/ keeps run-time state of its own.
 */
export interface AppCaches {
  readonly registry: CacheRegistry;
  /** The HTTP layer's: credentials and passed request checks (server/http/http-caches.ts). */
  readonly http: HttpCaches;
  /** Lab order storage's: the order list's totals, id lists and records, lab test values and digests (server/storage/repositories/lab-order-caches.ts). */
  readonly labOrders: LabOrderCaches;
  /** The lab handlers': order pages and views, lab test views, marker pages, the requisition URL key (server/http/handlers/team/lab-view-caches.ts). */
  readonly labViews: LabViewCaches;
  /** The data plane's: generated days, read bodies, time zone formatters (server/jobs/data-reads/caches.ts). */
  readonly dataReads: DataReadCaches;
  /** Lab appointments': the zip code grid, service centers near a zip code, the booking key secret (server/jobs/lab-appointments/caches.ts). */
  readonly labAppointments: LabAppointmentCaches;
}

/** What every handler may use: storage, catalogs, the clock, configuration, the logger and the bulk pull's enqueue signal. */
export interface Deps {
  db: Database;
  /** The app's caches (server/caches.ts). */
  caches: AppCaches;
  markers: MarkerCatalog;
  now: () => Date;
  config: Config;
  logger: Logger;
  /** Wakes this process's bulk pull worker when triggers are enqueued (one per app, shared with the worker). */
  triggerSignal: TriggerSignal;
  /** The process's request rounds (fair-dispatch.ts), also the servers': what follows every request of a round (a group commit) runs at its end. */
  requestRounds: RequestRounds;
  /**
   * In a cluster (SERVER_PROCESSES > 1): tells the other server processes to forget their cached
   * credentials; resolves when they have, so a revoked key is refused by every process once the revocation answers (server/cluster.ts).
   */
  announceRevokedCredentials?: (() => Promise<void>) | undefined;
  /** Wakes this process's lab order simulator when a simulation starts (server/jobs/lab-orders/simulator.ts); others find it by polling. */
  labSimulations?: { wake(): void } | undefined;
  /** Reads uploaded PDFs on a thread of its own (server/jobs/lab-reports/pdf-reader.ts). */
  pdf: PdfReading;
  /** Wakes this process's lab report parser when a job is made (server/jobs/lab-reports/parsing-jobs.ts); others find it by polling. */
  labReportParsing?: { wake(): void } | undefined;
  /**
   * The bulk pull worker's throttle overrides and concurrency (PULL_* variables), which the
   * estimated end of a bulk operation assumes; the defaults when not given.
   */
  bulkPull?: { policies: PolicyOverrides; concurrency: number } | undefined;
}

export type { ManagementContext, TeamContext } from '../callers.js';
