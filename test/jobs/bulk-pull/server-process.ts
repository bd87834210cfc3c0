/**
 * A real server process for the crash and multi-process tests: `startServer` from
 * server/main.ts with the environment it is given (DATA_DIR or DATABASE_URL, PULL_*),
 * listening on free ports. It prints one line `READY {"teamUrl":...,"managementUrl":...}`
 * when it serves, and closes gracefully on SIGTERM. With SEED_USERS=<n> and
 * SEED_PROVIDER=<slug> it first adds n users of the sandbox team connected to that
 * provider and writes their ids, one per line, to SEED_FILE.
 *
 *   npx tsx test/jobs/bulk-pull/server-process.ts
 */
import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../../../server/config.js';
import { createLogger } from '../../../server/logger.js';
import { startServer } from '../../../server/main.js';
import { seedConnectedUsers } from './helpers.js';

const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
const server = await startServer({ ...loadConfig(), teamPort: 0, managementPort: 0 }, logger);

const seed = Number(process.env.SEED_USERS ?? 0);
if (seed > 0) {
  const team = await server.db.one<{ id: string }>(`SELECT id FROM teams ORDER BY created_on, id LIMIT 1`);
  const ids = await seedConnectedUsers(server.db, { team_id: team!.id, provider: process.env.SEED_PROVIDER ?? 'oura', count: seed, prefix: 'seeded' });
  await writeFile(process.env.SEED_FILE ?? 'seeded-users.txt', `${ids.join('\n')}\n`);
}

process.stdout.write(`READY ${JSON.stringify({ teamUrl: server.teamUrl, managementUrl: server.managementUrl, pid: process.pid })}\n`);

const shutdown = () => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`close failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
