/**
 * `npm run listen` (scripts/listen/) as a real child process: it prints one
 * line per verified delivery and answers 204, rejects a bad signature with 400
 * and a red line, forwards with --forward-to and relays the answer, and receives
 * what the delivery worker sends. Without a secret it registers itself with the
 * management API of a running server, verifies what the worker delivers with
 * the secret it got, and removes its endpoint when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookMessageId } from '../../../server/domain/webhooks/rules.js';
import { newWebhookSecret } from '../../../server/domain/webhooks/rules.js';
import { DeliveryWorker } from '../../../server/jobs/webhooks/worker.js';
import { emitEvent } from '../../../server/storage/repositories/events.js';
import { createManagementClient } from '../../../server/client/index.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { engineCases, seedTeam, SETUP_TIMEOUT_MS, useTestDatabase } from '../../storage/helpers.js';
import { FAST, registerEndpoint, sampleEnvelope, startReceiver, waitFor, waitUntilSettled, type Receiver } from './helpers.js';

/** The repository root (the nearest folder with a package.json), also when this test runs compiled from dist/. */
const ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();
const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const LISTEN = path.join(ROOT, 'scripts/listen/index.ts');

interface Listener {
  url: string;
  lines: string[];
  stderr: string[];
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the CLI on a free port and waits for its "Listening ..." line. */
async function startListen(args: string[], env: Record<string, string> = {}): Promise<Listener> {
  // Node with tsx's loader, one process: tsx's CLI would run the listener in a child and relay a
  // SIGTERM to it after waiting 30 ms for an acknowledgement a loaded machine sends later, then
  // kill it outright (exit 143), which is not the listener's behaviour under test.
  const child = spawn(process.execPath, ['--import', 'tsx', LISTEN, '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const ready = await waitFor(
    'the listener to start',
    () => {
      if (child.exitCode !== null) throw new Error(`listen exited with ${child.exitCode}: ${stderr.join('')}`);
      return lines.find((line) => line.startsWith('Listening for webhooks on '));
    },
    60_000,
  );
  const url = /on (http:\/\/\S+)/.exec(ready)?.[1];
  if (!url) throw new Error(`no URL in "${ready}"`);
  return {
    url,
    lines,
    stderr,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const historical = (team_id = '3d2b1f0e-5a7c-4e8b-9f21-7c0a9e4b6d53') =>
  JSON.stringify({
    event_type: 'historical.data.sleep.created',
    data: { user_id: USER, provider: 'oura', start_date: '2026-05-26', end_date: '2026-11-21' },
    team_id,
    user_id: USER,
    client_user_id: 'patient-000123',
  });

function post(url: string, secret: string, body: string, id = 'msg_2pQ8ZkR7m3Hc1WvX0aLbN5eYtU') {
  const at = new Date();
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = new Webhook(secret).sign(id, at, body);
  return fetch(url, {
    method: 'POST',
    // As the server sends them: the Standard Webhooks headers and their svix-* twins.
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature, 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': signature },
    body,
  });
}

/** `npm run listen -- --secret <secret>` for the tests of a describe block, stopped after them. */
function useListen(secret: string): { readonly url: string; readonly lines: string[] } {
  let listener: Listener | undefined;
  beforeAll(async () => {
    listener = await startListen(['--secret', secret]);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await listener?.stop();
  });
  const started = () => {
    if (!listener) throw new Error('the listener is not started yet');
    return listener;
  };
  return {
    get url() {
      return started().url;
    },
    get lines() {
      return started().lines;
    },
  };
}

describe('npm run listen', () => {
  const secret = newWebhookSecret();
  const listener = useListen(secret);

  it('when a signed delivery arrives, then it answers 204 and prints time, event type, user and a summary in one line', async () => {
    const response = await post(listener.url, secret, historical());
    expect(response.status).toBe(204);
    const line = await waitFor('the event line', () => listener.lines.find((l) => l.includes('historical.data.sleep.created')));
    expect(line).toMatch(/^\d\d:\d\d:\d\d historical\.data\.sleep\.created user=6b1c… oura 2026-05-26\.\.2026-11-21$/);
  });

  it('when the same webhook-id arrives again, then the line says so', async () => {
    await post(listener.url, secret, historical(), 'msg_again');
    await post(listener.url, secret, historical(), 'msg_again');
    await waitFor('the repeated line', () => listener.lines.some((l) => l.endsWith('(again: same webhook-id)')));
  });

  it('when the signature is wrong, then it answers 400 and prints a rejection line', async () => {
    const response = await post(listener.url, newWebhookSecret(), historical(), 'msg_forged');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Invalid webhook signature: No matching signature found' });
    const line = await waitFor('the rejection line', () => listener.lines.find((l) => l.includes('msg_forged')));
    expect(line).toMatch(/^\d\d:\d\d:\d\d rejected msg_forged: Invalid webhook signature: No matching signature found -> 400$/);
  });

  it('when there is no secret and nothing to register with (no keys, no bootstrap.json), then it exits with a hint', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'listen-empty-'));
    try {
      const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [LISTEN], {
        cwd: ROOT,
        env: { ...process.env, WEBHOOK_SECRET: '', MANAGEMENT_KEY: '', ORG_ID: '', TEAM_ID: '', DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toContain(`To register itself, listen needs MANAGEMENT_KEY, ORG_ID, TEAM_ID: set them in the environment, or start the server once (npm start) so that ${path.join(dataDir, 'bootstrap.json')} exists; or pass --secret whsec_...`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run listen --forward-to', () => {
  const secret = newWebhookSecret();
  let listener: Listener;
  let downstream: Receiver;

  beforeAll(async () => {
    downstream = await startReceiver({ secret, answer: (_d, index) => (index === 0 ? 500 : 202) });
    listener = await startListen(['--forward-to', downstream.url], { WEBHOOK_SECRET: secret, FORCE_COLOR: '1' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await listener?.stop();
    await downstream?.close();
  });

  it('when a delivery is forwarded, then the raw body and signature headers arrive and the answer is relayed', async () => {
    const body = historical();
    const failed = await post(listener.url, secret, body, 'msg_forwarded');
    expect(failed.status).toBe(500);
    const accepted = await post(listener.url, secret, body, 'msg_forwarded');
    expect(accepted.status).toBe(202);
    expect(downstream.deliveries.map((d) => ({ id: d.id, verified: d.verified, body: d.body }))).toEqual([
      { id: 'msg_forwarded', verified: true, body },
      { id: 'msg_forwarded', verified: true, body },
    ]);
    await waitFor('both lines', () => listener.lines.filter((l) => l.includes('historical.data.sleep.created')).length === 2);
    const [first, second] = listener.lines.filter((l) => l.includes('historical.data.sleep.created'));
    expect(first).toContain('\x1b[31m-> 500\x1b[0m');
    expect(second).toContain('(again: same webhook-id) \x1b[32m-> 202\x1b[0m');
  });

  it('when the signature is wrong, then nothing is forwarded and the line is red', async () => {
    const before = downstream.deliveries.length;
    const response = await post(listener.url, newWebhookSecret(), historical(), 'msg_forged_forward');
    expect(response.status).toBe(400);
    expect(downstream.deliveries).toHaveLength(before);
    const line = await waitFor('the rejection line', () => listener.lines.find((l) => l.includes('msg_forged_forward')));
    expect(line).toMatch(/^\x1b\[31m.*rejected msg_forged_forward.*-> 400\x1b\[0m$/);
  });
});

describe.each(engineCases)('npm run listen receiving from the delivery worker on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('worker to listen', () => {
    const ctx = useTestDatabase(engine);
    const secret = newWebhookSecret();
    const listener = useListen(secret);

    it('when the worker delivers an event to the listener, then the listener prints it', async () => {
      const { team } = await seedTeam(ctx.db);
      const endpoint = await registerEndpoint(ctx.db, { team_id: team.id, url: listener.url, secret });
      const { id } = await ctx.db.transaction((tx) =>
        emitEvent(tx, sampleEnvelope(team.id, 'historical.data.sleep.created', { provider: 'oura', start_date: '2026-05-26', end_date: '2026-11-21' })),
      );
      const worker = new DeliveryWorker(ctx.db, FAST).start();
      try {
        await waitUntilSettled(ctx.db, endpoint.id);
      } finally {
        await worker.stop();
      }
      expect(worker.stats.succeeded).toBe(1);
      expect(webhookMessageId(id)).toMatch(/^msg_[0-9a-f]{32}$/);
      await waitFor('the event line', () => listener.lines.some((l) => / historical\.data\.sleep\.created user=6b1c… oura 2026-05-26\.\.2026-11-21$/.test(l)));
    });
  });
});

describe.each(engineCases)('npm run listen without a secret, against a running server on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('registers itself', () => {
    let server: TestServer;
    let dataDir: string;
    beforeAll(async () => {
      server = await startTestServer(engine);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'listen-register-'));
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await server?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const endpointIds = async () => {
      const management = createManagementClient({ baseUrl: server.managementUrl, managementKey: server.managementKey });
      const { data } = await management.GET('/v1/org/{org_id}/team/{team_id}/webhook_endpoint', { params: { path: { org_id: server.orgId, team_id: server.teamId } } });
      return (data?.data ?? []).map((endpoint) => endpoint.id);
    };
    /** What npm start writes on its first start. */
    const writeBootstrap = () =>
      writeFile(path.join(dataDir, 'bootstrap.json'), JSON.stringify({ org_id: server.orgId, team_id: server.teamId, team_api_key: server.apiKey, management_key: server.managementKey }));

    for (const [how, env] of [
      ['keys and ids from DATA_DIR/bootstrap.json', () => ({ DATA_DIR: dataDir, MANAGEMENT_KEY: '', ORG_ID: '', TEAM_ID: '', MANAGEMENT_URL: server.managementUrl })],
      ['keys and ids from the environment', () => ({ DATA_DIR: path.join(dataDir, 'none'), MANAGEMENT_KEY: server.managementKey, ORG_ID: server.orgId, TEAM_ID: server.teamId, MANAGEMENT_URL: server.managementUrl })],
    ] as const) {
      it(`when started with ${how}, then it registers an endpoint, prints its secret, verifies a delivery with it and removes the endpoint on SIGTERM`, async () => {
        await writeBootstrap();
        const before = await endpointIds();
        const listener = await startListen([], { WEBHOOK_SECRET: '', ...env() });
        let stopped = false;
        try {
          const registered = listener.lines.find((line) => line.startsWith('Registered '));
          const endpointId = /as webhook endpoint (\S+) of team/.exec(registered ?? '')?.[1];
          expect(registered).toBe(`Registered ${listener.url} as webhook endpoint ${endpointId} of team ${server.teamId} (${server.managementUrl}); it is removed when this stops.`);
          const secret = /^Webhook secret (whsec_\S+)/.exec(listener.lines.find((line) => line.startsWith('Webhook secret ')) ?? '')?.[1];
          expect(secret).toMatch(/^whsec_/);
          expect(await endpointIds()).toEqual([...before, endpointId]);

          // A real delivery of the team's event, by the worker, to the endpoint listen registered.
          await server.db.transaction((tx) => emitEvent(tx, sampleEnvelope(server.teamId, 'historical.data.sleep.created', { provider: 'oura', start_date: '2026-05-26', end_date: '2026-11-21' })));
          const worker = new DeliveryWorker(server.db, FAST).start();
          try {
            await waitUntilSettled(server.db, endpointId!);
          } finally {
            await worker.stop();
          }
          expect(worker.stats.succeeded).toBe(1);
          await waitFor('the verified event line', () => listener.lines.some((l) => / historical\.data\.sleep\.created user=6b1c… oura 2026-05-26\.\.2026-11-21$/.test(l)));
          // The secret it printed is the endpoint's: a delivery signed with it is accepted, one signed otherwise is not.
          expect((await post(listener.url, secret!, historical(server.teamId), 'msg_printed_secret')).status).toBe(204);
          expect((await post(listener.url, newWebhookSecret(), historical(server.teamId), 'msg_other_secret')).status).toBe(400);

          const exited = new Promise<number | null>((resolve) => listener.child.once('exit', resolve));
          listener.child.kill('SIGTERM');
          expect(await exited).toBe(0);
          stopped = true;
          expect(listener.lines).toContain(`Removed webhook endpoint ${endpointId}.`);
          expect(await endpointIds()).toEqual(before);
        } finally {
          if (!stopped) await listener.stop();
        }
      }, SETUP_TIMEOUT_MS);
    }

    it('when the management API refuses the registration, then it exits 1 with the reason and leaves no endpoint', async () => {
      const before = await endpointIds();
      const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [LISTEN, '--port', '0'], {
        cwd: ROOT,
        env: { ...process.env, WEBHOOK_SECRET: '', DATA_DIR: path.join(dataDir, 'none'), MANAGEMENT_KEY: 'mg_not_a_key_of_this_server_0123456789', ORG_ID: server.orgId, TEAM_ID: server.teamId, MANAGEMENT_URL: server.managementUrl },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('The management API refused to register http://127.0.0.1:');
      expect(stderr).toContain(': 401 ');
      expect(await endpointIds()).toEqual(before);
    }, SETUP_TIMEOUT_MS);
  });
});
