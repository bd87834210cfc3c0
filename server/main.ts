/**
 * The reference server: both APIs on their ports, on PGlite in DATA_DIR (or
 * PostgreSQL when DATABASE_URL is set). Owns configuration, logging, listening
 * and graceful shutdown; the apps themselves are built in app.ts.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { createManagementApp, createTeamApp } from './app.js';
import { creatingDatabaseLine, databaseReadyLine, renderBanner } from './banner.js';
import { bootstrapSandbox } from './bootstrap.js';
import { credentialRevocations, printsBanner, processLogger, runClusterPrimary } from './cluster.js';
import { createApiServer } from './http/app-server.js';
import { RequestRounds } from './http/fair-dispatch.js';
import { forgetCredentials } from './http/authenticate.js';
import { loadConfig, settleListeningPorts, type Config } from './config.js';
import { listeningUrl } from './shared/local-url.js';
import { startEventRetention } from './jobs/webhooks/retention.js';
import { startCheckpoints } from './jobs/database/checkpoints.js';
import { startTableStatistics } from './jobs/database/table-statistics.js';
import { MARKER_CATALOG, scaleCatalog } from './domain/lab-markers/catalog.js';
import type { Deps } from './http/handlers/context.js';
import { createAppCaches } from './caches.js';
import { loadBulkPullSettings } from './jobs/bulk-pull/options.js';
import { TriggerSignal } from './jobs/bulk-pull/signals.js';
import { startBulkPullWorker, type BulkPullWorker } from './jobs/bulk-pull/worker.js';
import { loadDataSyncSettings } from './jobs/data-sync/options.js';
import { startDataSyncWorker, type DataSyncWorker } from './jobs/data-sync/worker.js';
import { startDeliveryWorker } from './jobs/webhooks/worker.js';
import { LabOrderSimulator } from './jobs/lab-orders/simulator.js';
import { LabReportParser } from './jobs/lab-reports/parsing-jobs.js';
import { PdfReader } from './jobs/lab-reports/pdf-reader.js';
import { batchedStdout, createLogger, flushLogs, type Logger } from './logger.js';
import { openDatabase, type Database } from './storage/database.js';
import { findPgliteTemplate } from './storage/pglite-template.js';
import { migrate } from './storage/migrate.js';
import { nonNegativeInteger } from './shared/env-numbers.js';

export interface RunningServer {
  config: Config;
  db: Database;
  /** The bulk historical pull worker of this process (null with PULL_WORKER=off). */
  bulkPullWorker: BulkPullWorker | null;
  /** The sandbox data sync of this process (null with DATA_SYNC_WORKER=off). */
  dataSyncWorker: DataSyncWorker | null;
  teamUrl: string;
  managementUrl: string;
  close(): Promise<void>;
}

/** Listens on the API server (createApiServer), or fails with a message that names the port's variable. */
const listen = (app: ReturnType<typeof createTeamApp>, rounds: RequestRounds, port: number, host: string, variable: string) =>
  new Promise<Server>((resolve, reject) => {
    const server = createApiServer(app, rounds);
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new Error(`Port ${port} on ${host} is already in use (${variable}): stop the process using it or set ${variable} to another port.`));
      else if (error.code === 'EACCES') reject(new Error(`Not allowed to listen on port ${port} on ${host} (${variable}): choose a port above 1023.`));
      else reject(error);
    });
    server.listen(port, host, () => resolve(server));
  });

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function startServer(config: Config = loadConfig(), logger: Logger = createLogger({ level: config.logLevel })): Promise<RunningServer> {
  const started = performance.now();
  const template = findPgliteTemplate();
  // A new PGlite data directory takes a while (initdb in WebAssembly, unless a template is copied, then the migrations): say so, and when it is done.
  const creating = !config.databaseUrl && printsBanner() && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  if (creating) process.stdout.write(creatingDatabaseLine(config.dataDir, template));
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), lockDir: config.dataDir, template, sharedBuffers: config.pgliteSharedBuffers, workMem: config.pgliteWorkMem });
  try {
    await migrate(db);
    if (creating) process.stdout.write(databaseReadyLine(performance.now() - started));
    const sandbox = await bootstrapSandbox(db, { region: config.region, teamApiKey: config.teamApiKey, managementKey: config.managementKey, dataDir: config.dataDir, webhookUrl: config.webhookUrl, webhookSecret: config.webhookSecret });
    // MARKER_CATALOG_SIZE (benchmarks only, e.g. 10000): serve a catalog scaled to that many markers
    // (scaleCatalog: the base markers followed by deterministic variants) instead of the base catalog.
    const size = nonNegativeInteger(process.env, 'MARKER_CATALOG_SIZE', 0);
    const caches = createAppCaches(config);
    // Walks simulated lab orders (POST /v3/order/{order_id}/test) along their statuses; resumes pending ones at start.
    const labSimulator = new LabOrderSimulator({ db, logger, caches: caches.labOrders, appointments: { caches: caches.labAppointments, formatters: caches.dataReads.formatters } });
    // The bulk pull worker's settings (PULL_* variables: server/jobs/bulk-pull/options.ts); the estimated end of a bulk op assumes them too.
    const { enabled: pullEnabled, ...pullSettings } = loadBulkPullSettings();
    // Parses uploaded lab reports (POST /lab_report/v1/parser/job); on PGlite, claims left by a stopped run are dropped at start.
    // Reads the uploaded reports' PDFs with pdf.js, on a thread of its own (started on the first PDF).
    const pdf = new PdfReader();
    const labReportParser = new LabReportParser({ db, logger, markers: MARKER_CATALOG, pdf, releaseClaimsOnStart: db.kind === 'pglite' });
    const deps: Deps = { db, caches, markers: size ? scaleCatalog(size) : MARKER_CATALOG, pdf, labReportParsing: labReportParser, now: () => new Date(), config, logger, triggerSignal: new TriggerSignal(), requestRounds: new RequestRounds(), announceRevokedCredentials: credentialRevocations(() => forgetCredentials(caches.http)), labSimulations: labSimulator, bulkPull: { policies: pullSettings.policies, concurrency: pullSettings.concurrency } };
    const team = await listen(createTeamApp(deps), deps.requestRounds, config.teamPort, config.host, 'PORT');
    const management = await listen(createManagementApp(deps), deps.requestRounds, config.managementPort, config.host, 'MANAGEMENT_PORT').catch(async (error: unknown) => {
      await closeServer(team);
      throw error;
    });
    const port = (server: Server) => (server.address() as { port: number }).port;
    settleListeningPorts(config, { teamPort: port(team), managementPort: port(management) });
    // Sends the outbox's webhook deliveries (WEBHOOK_WORKER=false leaves that to other processes).
    const webhookWorker = startDeliveryWorker(db, config.webhookDelivery, logger);
    // Deletes the events (and deliveries) older than WEBHOOK_RETENTION_DAYS, hourly.
    const eventRetention = config.webhookRetentionDays > 0 ? startEventRetention({ db, logger, retentionDays: config.webhookRetentionDays }) : null;
    // PGlite runs no checkpointer: this process checkpoints it as PostgreSQL's would.
    const checkpoints = db.kind === 'pglite' ? startCheckpoints({ db, logger }) : null;
    // PGlite runs no autovacuum: this process keeps the planner statistics of the team reads' tables.
    const tableStatistics = db.kind === 'pglite' ? startTableStatistics({ db, logger }) : null;
    // The bulk pull worker. On PGlite this process is the only one on the data directory, so claims
    // left by a killed run are requeued at once.
    const bulkPullWorker = pullEnabled ? startBulkPullWorker({ db, logger, ...pullSettings, signal: deps.triggerSignal, requeueOnStart: db.kind === 'pglite' }) : null;
    labSimulator.start();
    labReportParser.start();
    // The sandbox data sync (DATA_SYNC_* variables: server/jobs/data-sync/options.ts): daily.data.* events every interval.
    const { enabled: syncEnabled, ...syncSettings } = loadDataSyncSettings();
    const dataSyncWorker = syncEnabled ? startDataSyncWorker({ db, logger, ...syncSettings, formatters: deps.caches.dataReads.formatters }) : null;
    const teamUrl = listeningUrl(config.host, port(team));
    const managementUrl = listeningUrl(config.host, port(management));
    logger.info(
      { teamUrl, managementUrl, storage: db.kind, ms: Math.round(performance.now() - started), orgId: sandbox.orgId, teamId: sandbox.teamId },
      'server listening',
    );
    flushLogs(logger);
    if (printsBanner()) process.stdout.write(renderBanner({ teamUrl, managementUrl, storage: db.kind, dataDir: config.dataDir, sandbox, webhookWorker: config.webhookDelivery.enabled, webhookSecretSupplied: Boolean(config.webhookSecret) }));
    return {
      config,
      db,
      bulkPullWorker,
      dataSyncWorker,
      teamUrl,
      managementUrl,
      close: async () => {
        await Promise.all([closeServer(team), closeServer(management)]);
        await bulkPullWorker?.stop();
        await labSimulator.stop();
        await labReportParser.stop();
        await pdf.close();
        await dataSyncWorker?.stop();
        await webhookWorker?.stop();
        await eventRetention?.stop();
        await checkpoints?.stop();
        await tableStatistics?.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).replace(/\.[jt]s$/, '') === path.resolve(import.meta.filename).replace(/\.[jt]s$/, '');
/** The process's first logger; a LOG_LEVEL it cannot take stops the start with the reason, not a stack trace. */
function firstLogger(): Logger {
  try {
    return createLogger();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

if (isMain && !runClusterPrimary(firstLogger())) {
  const logger = processLogger(createLogger({ destination: batchedStdout() }));
  startServer(loadConfig(), logger)
    .then((server) => {
      let closing = false;
      const shutdown = (signal: string) => {
        if (closing) return;
        closing = true;
        logger.info({ signal }, 'shutting down');
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      // `on`: a second signal (Ctrl-C reaches the whole process group, and npm start forwards one more) must not kill the process mid-shutdown.
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
      // Started by npm start (scripts/start.ts) with an IPC channel: when that process is gone, however it went, stop too.
      if (process.send) process.once('disconnect', () => shutdown('parent gone'));
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, 'could not start');
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
