/**
 * WEBHOOK_URL / WEBHOOK_SECRET: the bootstrap team's endpoint, and the server
 * process (startServer) delivering to it with its own worker.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrapSandbox } from '../../../server/bootstrap.js';
import { createTeamClient } from '../../../server/client/index.js';
import { loadConfig } from '../../../server/config.js';
import { newWebhookSecret } from '../../../server/domain/webhooks/rules.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import { startServer } from '../../../server/main.js';
import { listWebhookEndpoints } from '../../../server/storage/repositories/webhooks.js';
import { engineCases, SETUP_TIMEOUT_MS, useTestDatabase } from '../../storage/helpers.js';
import { startReceiver, waitFor } from './helpers.js';

describe.each(engineCases)('bootstrap webhook endpoint on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('WEBHOOK_URL', () => {
    const ctx = useTestDatabase(engine);

    it('when WEBHOOK_URL is given, then it is registered once for the bootstrap team, and WEBHOOK_SECRET replaces its secret', async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhook-bootstrap-'));
      try {
        const options = { region: 'us' as const, dataDir, webhookUrl: 'http://127.0.0.1:4040/' };
        const first = await bootstrapSandbox(ctx.db, options);
        expect(first.webhook).toEqual({ endpointId: expect.any(String), url: 'http://127.0.0.1:4040/', secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), created: true });

        const again = await bootstrapSandbox(ctx.db, options);
        expect(again.webhook).toEqual({ ...first.webhook, created: false });

        const secret = newWebhookSecret();
        const replaced = await bootstrapSandbox(ctx.db, { ...options, webhookSecret: secret });
        expect(replaced.webhook).toEqual({ ...first.webhook, secret, created: false });
        const endpoints = await listWebhookEndpoints(ctx.db, first.teamId);
        expect(endpoints.map((e) => [e.url, e.event_types])).toEqual([['http://127.0.0.1:4040/', null]]);
        expect((await bootstrapSandbox(ctx.db, { region: 'us', dataDir })).webhook).toBeUndefined();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
});

describe('startServer with WEBHOOK_URL', () => {
  it(
    'when a user connects a provider on the running server, then its own worker delivers the event to WEBHOOK_URL',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhook-server-'));
      const secret = newWebhookSecret();
      const receiver = await startReceiver({ secret });
      const config = {
        ...loadConfig({ WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: secret, WEBHOOK_POLL_INTERVAL_MS: '20', WEBHOOK_RETRY_SCHEDULE_MS: '50,100' }),
        dataDir,
        teamPort: 0,
        managementPort: 0,
        teamApiKey: 'sk_us_webhook_server_test_0123456789',
      };
      const write = process.stdout.write;
      let banner = '';
      process.stdout.write = ((chunk: string) => {
        banner += chunk;
        return true;
      }) as typeof process.stdout.write;
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        server = await startServer(config, silentLogger());
        process.stdout.write = write;
        expect(banner).toContain(`Webhook URL     ${receiver.url}`);
        // A secret the user supplied is not printed, like the keys.
        expect(banner).toContain('Webhook secret  from WEBHOOK_SECRET');
        expect(banner).not.toContain(secret);
        const team = createTeamClient({ baseUrl: server.teamUrl, apiKey: config.teamApiKey });
        const { data: user } = await team.POST('/v2/user', { body: { client_user_id: 'webhook-server-test' } });
        await team.POST('/v2/link/connect/demo', { body: { user_id: user!.user_id, provider: 'fitbit' } });
        // The connection's event, and its device's (provider.device.created) beside it.
        await waitFor('the delivery', () => receiver.events().some((event) => event.event_type === 'provider.connection.created'));
        expect(receiver.deliveries.length).toBeGreaterThan(0);
        expect(receiver.deliveries.every((delivery) => delivery.verified)).toBe(true);
        expect(receiver.events()).toContainEqual(expect.objectContaining({ event_type: 'provider.connection.created', data: expect.objectContaining({ provider: expect.objectContaining({ slug: 'fitbit' }) }) }));
        expect(receiver.events().map((event) => event.event_type).sort()).toEqual(expect.arrayContaining(['provider.connection.created']));
      } finally {
        process.stdout.write = write;
        await server?.close();
        await receiver.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
