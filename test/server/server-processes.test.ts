/**
 * SERVER_PROCESSES=2 as `npm start` runs it (the server's Node flags and allocator settings,
 * scripts/lib/server-runtime.ts), on a fresh PostgreSQL database: users, insurance, demo
 * connections, a bulk pull, webhook deliveries and the conformance suite (every operation of
 * both APIs), all through the shared ports, served by both processes; SIGTERM stops both. Runs only when DATABASE_URL points at PostgreSQL.
 * The PGlite refusal runs everywhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../scripts/conformance/runner.js';
import { insuranceBody } from '../../scripts/conformance/values.js';
import { freePorts } from '../../scripts/lib/free-ports.js';
import { serverProcess } from '../../scripts/lib/server-runtime.js';
import { newWebhookSecret } from '../../server/domain/webhooks/rules.js';
import { startReceiver, waitFor, type Receiver } from '../jobs/webhooks/helpers.js';
import { throwawayPostgresDatabase } from '../storage/helpers.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEAM_KEY = 'sk_us_server_processes_test_0123456789';
const MANAGEMENT_KEY = 'mg_server_processes_test_0123456789abcdef';
const USERS = 8;

interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node <server flags> --import tsx server/main.ts`, as npm start runs the compiled server. */
function startMain(env: NodeJS.ProcessEnv): Started {
  const runtime = serverProcess({ HOST: '127.0.0.1', TEAM_API_KEY: TEAM_KEY, MANAGEMENT_KEY, ...env });
  const child = spawn(process.execPath, [...runtime.nodeFlags, '--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: runtime.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** The JSON log lines of the processes. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** One request on a connection of its own (so the cluster hands each to the next process). */
function call(port: number, method: string, path: string, body?: unknown, management = false, teamKey = TEAM_KEY): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(management ? { 'x-management-key': MANAGEMENT_KEY } : { 'x-vital-api-key': teamKey }),
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('SERVER_PROCESSES on PGlite', () => {
  it('when more than one process is asked for without DATABASE_URL, then the server does not start and says PGlite is single-process', async () => {
    const started = startMain({ SERVER_PROCESSES: '2', DATABASE_URL: '', DATA_DIR: `/tmp/server-processes-${randomUUID()}` });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.output()).toContain('SERVER_PROCESSES=2 needs PostgreSQL (DATABASE_URL)');
    expect(started.output()).not.toContain('Team API');
  }, 60_000);

  it('when SERVER_PROCESSES is not a whole number, then the server does not start and names the variable', async () => {
    const started = startMain({ SERVER_PROCESSES: 'two', DATA_DIR: `/tmp/server-processes-${randomUUID()}` });
    expect((await started.exited).code).toBe(1);
    expect(started.output()).toContain('SERVER_PROCESSES must be a whole number from 1 to 64, got "two"');
  }, 60_000);
});

describe.skipIf(!databaseUrl)(`SERVER_PROCESSES=2 on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL is unset)'}`, () => {
  const database = throwawayPostgresDatabase('server_processes', databaseUrl);
  const url = database.url;
  let server: Started | undefined;
  let receiver: Receiver | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await receiver?.close();
    await database.drop();
  }, 120_000);

  it('when users, insurance, connections, a bulk pull, webhooks and the conformance suite go through the shared ports, then both processes serve them, a revoked key is refused by both at once, every event is delivered once, every check passes, and SIGTERM stops both', async () => {
    await database.create();
    const secret = newWebhookSecret();
    receiver = await startReceiver({ secret });
    const [teamPort, managementPort] = await freePorts(2);
    server = startMain({
      SERVER_PROCESSES: '2',
      DATABASE_URL: url,
      DATA_DIR: database.dataDir,
      PORT: String(teamPort),
      MANAGEMENT_PORT: String(managementPort),
      LOG_LEVEL: 'info',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
      WEBHOOK_POLL_INTERVAL_MS: '20',
      PULL_SOURCE: 'none',
      PULL_POLL_MS: '20',
    });
    const running = server;
    await waitFor('both processes to listen', () => running.output().includes('"msg":"server processes listening"') || running.child.exitCode !== null, 120_000);
    const pids = logLines(running.output()).find((line) => line.msg === 'server processes listening')?.pids as number[] | undefined;
    expect(pids, running.output()).toHaveLength(2);
    // One banner, from the first process.
    const bannerLines = running.output().split('\n').filter((line) => line.trimStart().startsWith('Team API') && line.includes(`http://127.0.0.1:${teamPort}`));
    expect(bannerLines, running.output()).toHaveLength(1);

    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const created = await call(teamPort, 'POST', '/v2/user', { client_user_id: `processes-${i}` });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const userId = (created.body as { user_id: string }).user_id;
      userIds.push(userId);
      const insurance = await call(teamPort, 'POST', `/v2/user/${userId}/insurance`, insuranceBody());
      expect(insurance.status, JSON.stringify(insurance.body)).toBe(200);
      const connected = await call(teamPort, 'POST', '/v2/link/connect/demo', { user_id: userId, provider: 'oura' });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    }
    // A user created by one process is read by both.
    for (let i = 0; i < 4; i++) expect((await call(teamPort, 'GET', `/v2/user/${userIds[0]}`)).status).toBe(200);
    const orgId = logLines(running.output()).find((line) => line.msg === 'server listening')?.orgId as string;
    for (let i = 0; i < 2; i++) {
      const teams = await call(managementPort, 'GET', `/v1/org/${orgId}/team`, undefined, true);
      expect(teams.status, JSON.stringify(teams.body)).toBe(200);
    }

    // A key revoked through one process is refused by both as soon as the revocation answers: each
    // process keeps found keys in its credential cache, and the cluster clears every process's
    // cache before the revocation answers. Requests without keep-alive go to either process.
    const teamId = logLines(running.output()).find((line) => line.msg === 'server listening')?.teamId as string;
    const spare = await call(managementPort, 'POST', `/v1/org/${orgId}/team/${teamId}/api_key`, { label: 'revoked across processes' }, true);
    expect(spare.status, JSON.stringify(spare.body)).toBe(200);
    const { id: spareId, key: spareKey } = spare.body as { id: string; key: string };
    for (let i = 0; i < 8; i++) expect((await call(teamPort, 'GET', `/v2/user/${userIds[0]}`, undefined, false, spareKey)).status, 'the new key, before revocation').toBe(200);
    expect((await call(managementPort, 'DELETE', `/v1/org/${orgId}/team/${teamId}/api_key/${spareId}`, undefined, true)).status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await call(teamPort, 'GET', `/v2/user/${userIds[0]}`, undefined, false, spareKey)).status, 'the revoked key, on either process').toBe(401);

    const pull = await call(teamPort, 'POST', '/v2/link/bulk_trigger_historical_pull', { user_ids: userIds, provider: 'oura' });
    expect(pull.status, JSON.stringify(pull.body)).toBe(202);
    const opId = (pull.body as { operation: { id: string } }).operation.id;
    await waitFor('the bulk pull to end', async () => {
      const listed = await call(teamPort, 'GET', '/v2/link/bulk_op?page_size=50');
      const op = (listed.body as { data: { id: string; status: string; processed: number }[] }).data.find((candidate) => candidate.id === opId);
      return op && op.status !== 'in_progress' ? op : undefined;
    }, 120_000).then((op) => expect(op).toMatchObject({ status: 'success', processed: USERS }));

    // Every connection's event reaches the receiver once (the two delivery workers share the outbox).
    await waitFor('the connection events', () => receiver!.events().filter((event) => event.event_type === 'provider.connection.created').length === USERS || undefined, 60_000);
    const connectionEvents = receiver.events().filter((event) => event.event_type === 'provider.connection.created');
    expect(new Set(connectionEvents.map((event) => (event as { user_id?: string }).user_id)).size).toBe(USERS);
    expect([...receiver.acknowledged().values()].every((count) => count === 1)).toBe(true);
    expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);

    // The conformance suite (every operation of both APIs) through the shared ports.
    const lines: string[] = [];
    const report = await runConformance({
      baseUrl: `http://127.0.0.1:${teamPort}`,
      apiKey: TEAM_KEY,
      managementUrl: `http://127.0.0.1:${managementPort}`,
      managementKey: MANAGEMENT_KEY,
      orgId,
      target: 'server',
      write: (line) => lines.push(line),
    });
    expect(report.failed, lines.join('\n')).toBe(0);
    expect(report.passed).toBeGreaterThan(0);

    // Both processes served requests through the shared ports.
    const requests = logLines(running.output()).filter((line) => line.msg === 'request');
    expect(new Set(requests.map((line) => line.pid))).toEqual(new Set(pids));

    running.child.kill('SIGTERM');
    const { code } = await running.exited;
    expect(code).toBe(0);
    const stopped = logLines(running.output()).filter((line) => line.msg === 'shutting down');
    expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set(pids));
    for (const pid of pids!) expect(() => process.kill(pid, 0)).toThrow();
  }, 300_000);
});
