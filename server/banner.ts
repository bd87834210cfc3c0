/**
 * The start-up banner of the reference server. Keys: a key this start generated
 * (the first start of a data directory) is printed once, since nobody else knows
 * it yet; a key the user supplied (TEAM_API_KEY, MANAGEMENT_KEY) or one made by
 * an earlier start is never printed, only where it comes from. The same for a
 * webhook secret from WEBHOOK_SECRET.
 */
import path from 'node:path';
import { BOOTSTRAP_FILE, type KeyOrigin, type SandboxIdentity } from './bootstrap.js';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from './shared/wire.js';

export interface BannerInput {
  teamUrl: string;
  managementUrl: string;
  storage: 'pglite' | 'postgres';
  dataDir: string;
  sandbox: SandboxIdentity;
  /** False when WEBHOOK_WORKER=false: another process sends the deliveries. */
  webhookWorker: boolean;
  /** True when the webhook secret came from WEBHOOK_SECRET: then it is not printed either. */
  webhookSecretSupplied: boolean;
}

const KEYS = [
  { field: 'teamApiKey', label: 'Team API key  ', variable: 'TEAM_API_KEY', header: TEAM_API_KEY_HEADER },
  { field: 'managementKey', label: 'Management key', variable: 'MANAGEMENT_KEY', header: MANAGEMENT_KEY_HEADER },
] as const;

function keyLine(origin: KeyOrigin, value: string | undefined, key: (typeof KEYS)[number], bootstrapFile: string): string {
  if (origin === 'generated' && value) return `  ${key.label}  ${value}   (header ${key.header})`;
  if (origin === 'environment') return `  ${key.label}  from ${key.variable}   (header ${key.header})`;
  return `  ${key.label}  in ${bootstrapFile} (made by the first start)   (header ${key.header})`;
}

export function renderBanner({ teamUrl, managementUrl, storage, dataDir, sandbox, webhookWorker, webhookSecretSupplied }: BannerInput): string {
  const bootstrapFile = path.join(dataDir, BOOTSTRAP_FILE);
  const lines = [
    '',
    `  Team API        ${teamUrl}        docs: ${teamUrl}/docs/`,
    `  Management API  ${managementUrl}        docs: ${managementUrl}/docs/`,
    `  Dashboard       ${teamUrl}/dashboard/`,
    `  Storage         ${storage === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(dataDir)}`}`,
    `  Org id          ${sandbox.orgId}`,
    `  Team id         ${sandbox.teamId}`,
    ...KEYS.map((key) => keyLine(sandbox.keyOrigins[key.field], sandbox[key.field], key, bootstrapFile)),
  ];
  if (KEYS.some((key) => sandbox.keyOrigins[key.field] === 'generated')) {
    lines.push(`  Generated keys are shown this once; they are also in ${bootstrapFile}.`);
  }
  if (sandbox.webhook) {
    lines.push(`  Webhook URL     ${sandbox.webhook.url}   (every event of the team${webhookWorker ? '' : '; WEBHOOK_WORKER=false: sent by another process'})`);
    // A generated secret is printed at every start: the API shows an endpoint's secret only when it is created.
    if (webhookSecretSupplied) lines.push('  Webhook secret  from WEBHOOK_SECRET   (npm run listen -- --secret "$WEBHOOK_SECRET")');
    else lines.push(`  Webhook secret  ${sandbox.webhook.secret}   (npm run listen -- --secret ${sandbox.webhook.secret})`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** Printed before the first start of a PGlite data directory: initdb (or a copy of the template) and the migrations. */
export function creatingDatabaseLine(dataDir: string, template: string | undefined): string {
  const how = template ? `from the template ${template}` : 'initdb and the migrations, once per DATA_DIR: this takes a while';
  return `  Creating the PGlite database in ${path.resolve(dataDir, 'pglite')} (${how}) ...\n`;
}

/** Printed when that first start's database is ready. */
export const databaseReadyLine = (ms: number): string => `  PGlite database ready in ${(ms / 1000).toFixed(1)} s\n`;
