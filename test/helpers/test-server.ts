import type { Server } from 'node:http';
import os from 'node:os';
import type { Express } from 'express';
import { createManagementApp, createTeamApp } from '../../server/app.js';
import { bootstrapSandbox } from '../../server/bootstrap.js';
import { loadConfig, type Config } from '../../server/config.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import type { Deps } from '../../server/http/handlers/context.js';
import { createApiServer } from '../../server/http/app-server.js';
import { RequestRounds } from '../../server/http/fair-dispatch.js';
import { createAppCaches } from '../../server/caches.js';
import { TriggerSignal } from '../../server/jobs/bulk-pull/signals.js';
import { BulkPullWorker, type BulkPullWorkerOptions } from '../../server/jobs/bulk-pull/worker.js';
import { DEFAULT_BULK_PULL_SETTINGS } from '../../server/jobs/bulk-pull/options.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { PdfReader } from '../../server/jobs/lab-reports/pdf-reader.js';
import type { Logger } from '../../server/logger.js';
import { silentLogger } from './silent-logger.js';
import type { Database } from '../../server/storage/database.js';
import { openMigratedDatabase, type Engine } from '../storage/helpers.js';

export const TEST_TEAM_KEY = 'sk_us_test_team_key_0123456789abcdef';
export const TEST_MANAGEMENT_KEY = 'mg_test_management_key_0123456789abcdef';

export interface TestServer {
  team: Express;
  management: Express;
  teamUrl: string;
  managementUrl: string;
  apiKey: string;
  managementKey: string;
  orgId: string;
  teamId: string;
  db: Database;
  deps: Deps;
  /** The bulk pull worker, when started with the `bulkPullWorker` option. */
  bulkPullWorker: BulkPullWorker | null;
  /** Moves the server's clock (for expiry rules). */
  setNow(now: Date | null): void;
  close(): Promise<void>;
}

const listen = (app: Express, rounds: RequestRounds) =>
  new Promise<Server>((resolve, reject) => {
    // On the server server/main.ts listens on.
    const server = createApiServer(app, rounds);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

export interface TestServerOptions {
  /** The apps' logger (default: silent), e.g. one writing to memory to inspect the logs. */
  logger?: Logger;
  /**
   * Runs a bulk pull worker on the server's database (default: none, so tests see triggers
   * pending); `true` for the default settings, or the worker's options (throttle overrides, clock...).
   */
  bulkPullWorker?: boolean | Omit<BulkPullWorkerOptions, 'db' | 'logger' | 'signal'>;
  /**
   * Runs the lab order simulator in the background, as the server does (default: none, so
   * tests take the simulation steps themselves with `runDue`). The suites that drive
   * orders through the API alone (conformance, auth matrix, contract) need it.
   */
  labSimulator?: boolean;
}

/**
 * The real apps (request and response validation on) on a fresh, migrated
 * database of the engine, bootstrapped with known keys, listening on free ports.
 */
export async function startTestServer(engine: Engine, overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const test = await openMigratedDatabase(engine);
  const config: Config = { ...loadConfig({}), validateResponses: true, bulkWaitWindowMs: 1500, ...overrides };
  const sandbox = await bootstrapSandbox(test.db, { region: 'us', teamApiKey: TEST_TEAM_KEY, managementKey: TEST_MANAGEMENT_KEY, dataDir: os.tmpdir() });
  let fixedNow: Date | null = null;
  const workerOptions = options.bulkPullWorker === true ? {} : options.bulkPullWorker || null;
  // The estimated end of a bulk op assumes the worker's throttle overrides and concurrency.
  const bulkPull = { policies: workerOptions?.policies ?? DEFAULT_BULK_PULL_SETTINGS.policies, concurrency: workerOptions?.concurrency ?? DEFAULT_BULK_PULL_SETTINGS.concurrency };
  const pdf = new PdfReader();
  const deps: Deps = { db: test.db, caches: createAppCaches(config), markers: MARKER_CATALOG, pdf, now: () => fixedNow ?? new Date(), config, logger: options.logger ?? silentLogger(), triggerSignal: new TriggerSignal(), requestRounds: new RequestRounds(), bulkPull };
  const labSimulator = options.labSimulator ? new LabOrderSimulator({ db: test.db, logger: deps.logger, pollMs: 50, caches: deps.caches.labOrders, appointments: { caches: deps.caches.labAppointments, formatters: deps.caches.dataReads.formatters } }) : null;
  if (labSimulator) deps.labSimulations = labSimulator.start();
  const team = createTeamApp(deps);
  const management = createManagementApp(deps);
  const [teamServer, managementServer] = await Promise.all([listen(team, deps.requestRounds), listen(management, deps.requestRounds)]);
  const url = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  config.publicTeamUrl = url(teamServer);
  const bulkPullWorker = workerOptions ? new BulkPullWorker({ db: test.db, logger: deps.logger, signal: deps.triggerSignal, ...workerOptions }).start() : null;
  return {
    team,
    management,
    teamUrl: url(teamServer),
    managementUrl: url(managementServer),
    apiKey: TEST_TEAM_KEY,
    managementKey: TEST_MANAGEMENT_KEY,
    orgId: sandbox.orgId,
    teamId: sandbox.teamId,
    db: test.db,
    deps,
    bulkPullWorker,
    setNow: (now) => {
      fixedNow = now;
    },
    close: async () => {
      await Promise.all([teamServer, managementServer].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      await bulkPullWorker?.stop();
      await labSimulator?.stop();
      await pdf.close();
      await test.close();
    },
  };
}
