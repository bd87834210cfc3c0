/**
 * Two real server processes on one PostgreSQL database, both running the pull worker: for
 * each team the starts of both processes together never exceed the provider's window, and
 * two teams pulling from the same provider each get their full allowance (neither waits
 * behind the other). Runs only when DATABASE_URL points at a PostgreSQL server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/storage/database.js';
import { seedConnectedUsers, maxStartsInAnyWindow } from './helpers.js';
import { throwawayPostgresDatabase } from '../../storage/helpers.js';
import { api, startServerProcess, stopGracefully, waitForProgress, type ServerProcess } from './processes.js';
import { TEAM_API_KEY_HEADER } from '../../../server/shared/wire.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
const PROVIDER = 'oura';
const LIMIT = 10;
const WINDOW_MS = 1000;
const PER_TEAM = 60;

interface ClaimLog {
  msg: string;
  team_id: string;
  provider: string;
  claimed: number;
  at: number;
  worker: string;
}

/** The `bulk pull: claimed` debug lines a process logged, one start time per claimed trigger. */
function claimsOf(server: ServerProcess): ClaimLog[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('bulk pull: claimed'))
    .map((line) => JSON.parse(line) as ClaimLog);
}

describe.skipIf(!databaseUrl)(`bulk pull with two server processes on one PostgreSQL database${databaseUrl ? '' : ' (skipped: DATABASE_URL is unset)'}`, () => {
  const database = throwawayPostgresDatabase('bulk_pull', databaseUrl);
  const url = database.url;
  const servers: ServerProcess[] = [];
  let db: Database | null = null;

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopGracefully(server).catch(() => undefined)));
    await db?.close();
    await database.drop();
  }, 120_000);

  it('when both pull for two teams, then no team ever exceeds its window and both teams get their full allowance at once', async () => {
    await database.create();
    const env = {
      DATABASE_URL: url,
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'debug',
      PULL_SOURCE: 'none',
      PULL_POLL_MS: '10',
      PULL_WORKER_CONCURRENCY: '4',
      PULL_POLICY_OVERRIDES: JSON.stringify({ [PROVIDER]: { kind: 'window', limit: LIMIT, windowMs: WINDOW_MS } }),
    };
    // One after the other: the first bootstraps the sandbox, the second finds it.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const [first, second] = servers as [ServerProcess, ServerProcess];

    db = await openDatabase({ databaseUrl: url });
    const teamA = (await db.one<{ id: string; org_id: string }>(`SELECT id, org_id FROM teams ORDER BY created_on, id LIMIT 1`))!;
    // A second team of the org, with its own key, through the management API.
    const created = await api(first, 'POST', `/v1/org/${teamA.org_id}/team`, { name: 'Second team' }, true);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const teamB = (created.body as { id: string }).id;
    const enabled = await api(first, 'PATCH', `/v1/org/${teamA.org_id}/team/${teamB}`, { link_migration_enabled: true }, true);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const keyResponse = await api(first, 'POST', `/v1/org/${teamA.org_id}/team/${teamB}/api_key`, {}, true);
    const keyB = (keyResponse.body as { key: string }).key;

    const usersA = await seedConnectedUsers(db, { team_id: teamA.id, provider: PROVIDER, count: PER_TEAM });
    const usersB = await seedConnectedUsers(db, { team_id: teamB, provider: PROVIDER, count: PER_TEAM });
    const pullA = await api(first, 'POST', '/v2/link/bulk_trigger_historical_pull', { user_ids: usersA, provider: PROVIDER });
    const pullB = await fetch(`${second.teamUrl}/v2/link/bulk_trigger_historical_pull`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEAM_API_KEY_HEADER]: keyB },
      body: JSON.stringify({ user_ids: usersB, provider: PROVIDER }),
    });
    expect(pullA.status).toBe(202);
    expect(pullB.status).toBe(202);
    const opA = (pullA.body as { operation: { id: string } }).operation.id;
    const opB = ((await pullB.json()) as { operation: { id: string } }).operation.id;

    await waitForProgress(first, opA, (op) => op.status !== 'in_progress', 'team A op to end');
    while ((await db.one<{ status: string }>(`SELECT status FROM bulk_ops WHERE id = $1`, [opB]))?.status === 'in_progress') {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ops = await db.query<{ id: string; status: string; processed: number }>(
      `SELECT o.id, o.status, (SELECT count(*)::int FROM bulk_triggers t WHERE t.op_id = o.id AND t.state = 'processed') AS processed
       FROM bulk_ops o WHERE o.id = ANY ($1::uuid[]) ORDER BY o.id`,
      [[opA, opB]],
    );
    expect(ops.map((op) => ({ status: op.status, processed: op.processed }))).toEqual([
      { status: 'success', processed: PER_TEAM },
      { status: 'success', processed: PER_TEAM },
    ]);

    const claims = [...claimsOf(first), ...claimsOf(second)].filter((claim) => claim.provider === PROVIDER);
    const startsOf = (team: string) =>
      claims
        .filter((claim) => claim.team_id === team)
        .flatMap((claim) => Array<number>(claim.claimed).fill(claim.at))
        .sort((a, b) => a - b);
    const startsA = startsOf(teamA.id);
    const startsB = startsOf(teamB);
    expect(startsA).toHaveLength(PER_TEAM);
    expect(startsB).toHaveLength(PER_TEAM);
    // The two processes together: never more than LIMIT starts of a team in any window.
    expect(maxStartsInAnyWindow(startsA, WINDOW_MS)).toBe(LIMIT);
    expect(maxStartsInAnyWindow(startsB, WINDOW_MS)).toBe(LIMIT);
    // Both processes did claim (they competed for the same buckets).
    expect(new Set(claims.map((claim) => claim.worker)).size).toBe(2);
    // Neither team waits behind the other: each had its first full window before the other's second.
    expect(startsB[LIMIT - 1]!).toBeLessThan(startsA[LIMIT]!);
    expect(startsA[LIMIT - 1]!).toBeLessThan(startsB[LIMIT]!);
  }, 300_000);
});
