/**
 * Packages that a started server does not load until a request needs them: each keeps megabytes
 * of memory in every server once loaded (scripts/bench/RESULTS.md, "The bulk trigger's memory").
 * A server is started in a process of its own (this one has loaded whatever other tests import)
 * and the CommonJS modules it loaded are listed: importing such a package at the top of a module
 * again shows here.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT_MS } from '../storage/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Package folders a started server must not have loaded, and what loads each when needed. */
const LOADED_ON_FIRST_USE: Record<string, string> = {
  'node_modules/zipcodes/': 'the first zip code looked up (server/domain/lab-appointments/places.ts)',
  'node_modules/@pdf-lib/fontkit/': 'the first lab PDF that needs the DejaVu fonts (server/http/handlers/team/document-fonts.ts)',
  'node_modules/pdf-lib/': 'the first lab PDF (server/domain/lab-documents/layout.ts)',
};

/** Starts the server from its sources in a new process and returns the CommonJS module files it loaded. */
async function modulesOfAStartedServer(): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-modules-'));
  try {
    const script = `
      import { createRequire } from 'node:module';
      import { loadConfig } from './server/config.ts';
      import { startServer } from './server/main.ts';
      import { createLogger } from './server/logger.ts';
      const config = { ...loadConfig({}), dataDir: ${JSON.stringify(dataDir)}, databaseUrl: undefined, teamPort: 0, managementPort: 0, teamApiKey: 'sk_us_start_modules_test_0123456789' };
      const server = await startServer(config, createLogger({ level: 'silent' }));
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      await server.close();
      process.stdout.write(JSON.stringify(loaded));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', PULL_WORKER: 'off', DATA_SYNC_WORKER: 'off' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout.slice(stdout.lastIndexOf('['))) as string[];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('what a started server has loaded', () => {
  it('when the server has started, then the packages loaded on first use are not loaded yet', async () => {
    const loaded = (await modulesOfAStartedServer()).map((file) => file.split(path.sep).join('/'));
    // The list is real: the server's CommonJS dependencies are in it.
    expect(loaded.some((file) => file.includes('node_modules/express/'))).toBe(true);
    for (const [folder, when] of Object.entries(LOADED_ON_FIRST_USE)) {
      expect(loaded.filter((file) => file.includes(folder)), `${folder} is loaded on ${when}`).toEqual([]);
    }
  }, SETUP_TIMEOUT_MS);
});
