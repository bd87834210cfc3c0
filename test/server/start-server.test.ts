/**
 * startServer on ports that are taken: a clear error naming the variable, and nothing left
 * open (the data directory's lock is released, so the next start on it works).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { startServer } from '../../server/main.js';
import { SETUP_TIMEOUT_MS } from '../storage/helpers.js';

const occupy = (host: string) =>
  new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => resolve({ server, port: (server.address() as { port: number }).port }));
  });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-server-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const config = { ...loadConfig({}), dataDir, databaseUrl: undefined, teamPort: 0, managementPort: 0, teamApiKey: 'sk_us_start_server_test_0123456789' };
  const taken = await occupy(config.host);
  cleanups.push(() => new Promise<void>((resolve) => taken.server.close(() => resolve())));
  return { config, taken };
}

/** Starts and stops a server on the same data directory: it fails if the first start left the lock behind. */
async function startsAgain(config: Parameters<typeof startServer>[0]) {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    const server = await startServer(config, silentLogger());
    await server.close();
  } finally {
    process.stdout.write = write;
  }
}

describe('startServer on a port in use', () => {
  it(
    'when PORT is taken, then it fails naming PORT and leaves the data directory free',
    async () => {
      const { config, taken } = await setUp();
      await expect(startServer({ ...config, teamPort: taken.port }, silentLogger())).rejects.toThrow(
        `Port ${taken.port} on ${config.host} is already in use (PORT): stop the process using it or set PORT to another port.`,
      );
      await startsAgain(config);
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'when MANAGEMENT_PORT is taken, then it fails naming MANAGEMENT_PORT and leaves the data directory free',
    async () => {
      const { config, taken } = await setUp();
      await expect(startServer({ ...config, managementPort: taken.port }, silentLogger())).rejects.toThrow(`(MANAGEMENT_PORT)`);
      await startsAgain(config);
    },
    SETUP_TIMEOUT_MS,
  );
});

describe('startServer with PORT=0 and MANAGEMENT_PORT=0', () => {
  it(
    'when the system chooses the ports, then the dashboard names the real management URL (config and CSP) and the default PUBLIC_TEAM_URL the real team port',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-server-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const config = { ...loadConfig({ PORT: '0', MANAGEMENT_PORT: '0' }), dataDir, databaseUrl: undefined, teamApiKey: 'sk_us_start_server_test_0123456789' };
      const write = process.stdout.write;
      process.stdout.write = (() => true) as typeof process.stdout.write;
      const server = await startServer(config, silentLogger()).finally(() => {
        process.stdout.write = write;
      });
      cleanups.push(() => server.close());
      const teamPort = new URL(server.teamUrl).port;
      const managementOrigin = new URL(server.managementUrl).origin;
      expect(teamPort).not.toBe('0');
      const response = await fetch(`${server.teamUrl}/dashboard/config.json`);
      expect(((await response.json()) as { managementUrl: string }).managementUrl).toBe(managementOrigin);
      expect(response.headers.get('content-security-policy')).toContain(`connect-src 'self' ${managementOrigin}`);
      // Links handed out (link tokens, OAuth pages, requisition URLs) under the default PUBLIC_TEAM_URL.
      expect(server.config.publicTeamUrl).toBe(`http://${config.host}:${teamPort}`);
    },
    SETUP_TIMEOUT_MS,
  );
});
