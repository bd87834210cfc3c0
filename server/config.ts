/** Configuration from the environment, read once at start. */
import type { Region } from './shared/values.js';
import { nonNegativeInteger, positiveInteger } from './shared/env-numbers.js';
import { onOff } from './shared/env-switches.js';
import { parseCachesOff } from './shared/cache.js';
import { localBaseUrl } from './shared/local-url.js';
import { logLevelOf } from './logger.js';
import { DEFAULT_PGLITE_SHARED_BUFFERS, DEFAULT_PGLITE_WORK_MEM } from './storage/database.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, DEFAULT_EVENT_RETENTION_DAYS, DEFAULT_RETRY_SCHEDULE_MS, endpointUrlProblem, parseRetrySchedule, secretProblem } from './domain/webhooks/rules.js';
import { DEFAULT_GC_EVERY_ATTEMPTS, type WebhookDeliveryConfig } from './jobs/webhooks/worker.js';

export interface Config {
  host: string;
  teamPort: number;
  managementPort: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGLITE_SHARED_BUFFERS: PGlite's shared_buffers (PostgreSQL memory units, e.g. `32MB`). */
  pgliteSharedBuffers: string;
  /** PGLITE_WORK_MEM: PGlite's work_mem (e.g. `256kB`). */
  pgliteWorkMem: string;
  teamApiKey: string | undefined;
  managementKey: string | undefined;
  region: Region;
  validateResponses: boolean;
  /** CACHES_OFF: caches switched off by name, or 'all' (server/caches.ts; the benches measure each cache this way). */
  cachesOff: ReadonlySet<string> | 'all';
  /** Whether cached values are deeply frozen when stored: on unless NODE_ENV=production. */
  freezeCachedValues: boolean;
  logLevel: string;
  /** Base URL the team server is reached at, for links it hands out (OAuth consent pages). */
  publicTeamUrl: string;
  /**
   * PUBLIC_MANAGEMENT_URL: the management server's base URL as a browser reaches it, where the
   * dashboard calls it (its CSP allows that origin); unset: this host's management port.
   */
  publicManagementUrl: string | undefined;
  /** `<app_scheme>://<app_host>` of the iOS app that exchanges link codes. */
  linkAppUrl: string;
  /** How long `wait_for_completion` waits for a bulk operation (the interface's 20 seconds). */
  bulkWaitWindowMs: number;
  /** WEBHOOK_URL: registered at start as a webhook endpoint of the bootstrap team (every event). */
  webhookUrl: string | undefined;
  /** WEBHOOK_SECRET: that endpoint's signing secret (`whsec_...`); generated and printed when unset. */
  webhookSecret: string | undefined;
  /** The webhook delivery worker of this process (WEBHOOK_WORKER, WEBHOOK_RETRY_SCHEDULE_MS, ...). */
  webhookDelivery: WebhookDeliveryConfig;
  /** WEBHOOK_RETENTION_DAYS: events (and their deliveries) are deleted this many days after they were emitted; 0 keeps them. */
  webhookRetentionDays: number;
  /** MOCK_URL, MOCK_MANAGEMENT_URL: the mocks npm start runs beside this server, shown on the docs page (null: none). */
  mockUrls: { team: string; management: string } | null;
}

/** A TCP port, 0 to 65535 (0: any free port); unset or blank means `fallback`. */
function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const problem = () => new Error(`${name} must be a port number, got "${env[name]}"`);
  let parsed: number;
  try {
    parsed = nonNegativeInteger(env, name, fallback);
  } catch {
    throw problem();
  }
  if (parsed > 65535) throw problem();
  return parsed;
}

/** A PostgreSQL memory size such as `32MB` (kB, MB or GB). */
function memorySize(value: string | undefined, fallback: string, name: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^[1-9]\d*(kB|MB|GB)$/.test(value.trim())) throw new Error(`${name} must be a size such as 32MB (kB, MB or GB), got "${value}"`);
  return value.trim();
}

/** An http(s) base URL from the environment (trailing slashes dropped), or undefined when unset or empty. */
function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol)) throw new Error(`${name} must be an http or https URL, got "${env[name]}"`);
  return raw.replace(/\/+$/, '');
}

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST ?? '127.0.0.1';
  const teamPort = port(env, 'PORT', 8000);
  const region = env.REGION === 'eu' ? 'eu' : 'us';
  if (env.REGION && env.REGION !== 'us' && env.REGION !== 'eu') throw new Error(`REGION must be us or eu, got "${env.REGION}"`);
  return {
    host,
    teamPort,
    managementPort: port(env, 'MANAGEMENT_PORT', 8001),
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteSharedBuffers: memorySize(env.PGLITE_SHARED_BUFFERS, DEFAULT_PGLITE_SHARED_BUFFERS, 'PGLITE_SHARED_BUFFERS'),
    pgliteWorkMem: memorySize(env.PGLITE_WORK_MEM, DEFAULT_PGLITE_WORK_MEM, 'PGLITE_WORK_MEM'),
    teamApiKey: nonEmpty(env.TEAM_API_KEY),
    managementKey: nonEmpty(env.MANAGEMENT_KEY),
    region,
    validateResponses: onOff(env, 'VALIDATE_RESPONSES', env.NODE_ENV !== 'production'),
    cachesOff: parseCachesOff(env.CACHES_OFF),
    freezeCachedValues: env.NODE_ENV !== 'production',
    logLevel: logLevelOf(env),
    // Every interface (HOST=0.0.0.0) is reached at the loopback address, an IPv6 address in brackets.
    publicTeamUrl: env.PUBLIC_TEAM_URL ?? localBaseUrl(host, teamPort),
    publicManagementUrl: httpUrl(env, 'PUBLIC_MANAGEMENT_URL'),
    linkAppUrl: env.LINK_APP_URL ?? 'tryvital://tryvital',
    bulkWaitWindowMs: nonNegativeInteger(env, 'BULK_WAIT_WINDOW_MS', 20_000),
    ...webhookConfig(env),
    mockUrls: env.MOCK_URL && env.MOCK_MANAGEMENT_URL ? { team: env.MOCK_URL, management: env.MOCK_MANAGEMENT_URL } : null,
  };
}

function webhookConfig(env: NodeJS.ProcessEnv): Pick<Config, 'webhookUrl' | 'webhookSecret' | 'webhookDelivery' | 'webhookRetentionDays'> {
  const webhookUrl = nonEmpty(env.WEBHOOK_URL);
  const urlProblem = webhookUrl ? endpointUrlProblem(webhookUrl) : null;
  if (urlProblem) throw new Error(`WEBHOOK_URL: ${urlProblem}`);
  const webhookSecret = nonEmpty(env.WEBHOOK_SECRET);
  const problem = webhookSecret ? secretProblem(webhookSecret) : null;
  if (problem) throw new Error(`WEBHOOK_SECRET ${problem}`);
  const timeoutMs = positiveInteger(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_DELIVERY_TIMEOUT_MS);
  const schedule = nonEmpty(env.WEBHOOK_RETRY_SCHEDULE_MS);
  return {
    webhookUrl,
    webhookSecret,
    webhookRetentionDays: nonNegativeInteger(env, 'WEBHOOK_RETENTION_DAYS', DEFAULT_EVENT_RETENTION_DAYS),
    webhookDelivery: {
      enabled: onOff(env, 'WEBHOOK_WORKER', true),
      retryScheduleMs: schedule ? parseRetrySchedule(schedule) : DEFAULT_RETRY_SCHEDULE_MS,
      timeoutMs,
      concurrency: positiveInteger(env, 'WEBHOOK_CONCURRENCY', 32),
      pollIntervalMs: positiveInteger(env, 'WEBHOOK_POLL_INTERVAL_MS', 250),
      leaseMs: positiveInteger(env, 'WEBHOOK_LEASE_MS', Math.max(60_000, timeoutMs * 2)),
      gcEveryAttempts: nonNegativeInteger(env, 'WEBHOOK_GC_ATTEMPTS', DEFAULT_GC_EVERY_ATTEMPTS),
    },
  };
}

/**
 * With PORT=0 or MANAGEMENT_PORT=0 the system chooses the ports when the servers listen: from then
 * on the configuration names the real ones, so that whatever shows a URL (the dashboard's
 * config and Content-Security-Policy, the docs landing page, link and requisition URLs under
 * the default PUBLIC_TEAM_URL) shows where the servers are.
 */
export function settleListeningPorts(config: Config, listening: { teamPort: number; managementPort: number }): void {
  if (config.teamPort === 0) {
    if (config.publicTeamUrl === localBaseUrl(config.host, 0)) config.publicTeamUrl = localBaseUrl(config.host, listening.teamPort);
    config.teamPort = listening.teamPort;
  }
  if (config.managementPort === 0) config.managementPort = listening.managementPort;
}
