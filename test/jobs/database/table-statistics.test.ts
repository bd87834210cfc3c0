/**
 * Planner statistics of the team reads' tables on PGlite (it runs no autovacuum): a table never
 * analyzed is due, one analyzed is not until more than 50 rows + 10% of it changed, as
 * PostgreSQL's autovacuum judges; a round analyzes the tables due and the planner then knows
 * their sizes, and walks a team's users in order for a page instead of sorting them all.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDueTables, startTableStatistics } from '../../../server/jobs/database/table-statistics.js';
import type { Database } from '../../../server/storage/database.js';
import { readIntrospectionPage } from '../../../server/storage/repositories/introspection.js';
import { READ_PATH_TABLES, tableRowEstimates, tablesDueForAnalysis } from '../../../server/storage/repositories/table-statistics.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import { engineCases, seedTeam, useTestDatabase } from '../../storage/helpers.js';

/** The job's own rounds (one at start, then after this pause) stay out of the way: the test runs its rounds itself. */
const NEVER = 1e12;

/**
 * Adds `count` users to the team, and has the counts of changed rows published at once (a
 * backend publishes them at most once a second otherwise, when it is idle).
 */
async function addUsers(db: Database, teamId: string, count: number) {
  await db.query(`INSERT INTO users (team_id, client_user_id) SELECT $1, 'stats-' || md5(random()::text) FROM generate_series(1, $2::int)`, [teamId, count]);
  await db.query('SELECT pg_stat_force_next_flush()');
}

describe.each(engineCases)('table statistics of the team reads on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('which tables are due, and their analysis', () => {
  const ctx = useTestDatabase(engine);

  it('when a table was never analyzed, then it is due; after a round, none is and the estimates are the row counts', async () => {
    const { team } = await seedTeam(ctx.db);
    await addUsers(ctx.db, team.id, 300);
    // A fresh store: nothing analyzed.
    expect(await tablesDueForAnalysis(ctx.db)).toEqual([...READ_PATH_TABLES]);
    expect(await analyzeDueTables(ctx.db)).toEqual({ analyzed: [...READ_PATH_TABLES] });
    const users = await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
    expect((await tableRowEstimates(ctx.db)).users).toBe(users!.n);
    expect(await tablesDueForAnalysis(ctx.db)).toEqual([]);
    expect(await analyzeDueTables(ctx.db)).toEqual({ analyzed: [] });
  });

  it('when analyzed, then a cursor page of a team walks its index in order instead of sorting every user after the cursor', async () => {
    const { team } = await seedTeam(ctx.db);
    await addUsers(ctx.db, team.id, 3000);
    expect((await analyzeDueTables(ctx.db)).analyzed).toContain('users');
    const plan = (
      await ctx.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id, fallback_time_zone FROM users u WHERE u.team_id = $1 AND (u.created_on, u.id) < (now() + interval '1 day', $2::uuid)
         ORDER BY u.created_on DESC, u.id DESC LIMIT 51`,
        [team.id, '00000000-0000-4000-8000-000000000000'],
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan, plan).toMatch(/Index Scan using users_team_created_idx/);
    expect(plan).not.toContain('Sort');
  });

  it('when analyzed, then a page of historical pulls looks each of its users\' triggers up by index instead of reading every trigger of the team', async () => {
    const { team } = await seedTeam(ctx.db);
    await addUsers(ctx.db, team.id, 3000);
    // Half of the team pulled once from oura, as the pull engine leaves an ended op.
    await ctx.db.query(
      `WITH op AS (
         INSERT INTO bulk_ops (team_id, type, provider, status, started_at, ended_at, not_connected, total)
         VALUES ($1, 'link_bulk_historical_trigger', 'oura', 'success', now() - interval '1 hour', now(), 0, 1500) RETURNING id
       )
       INSERT INTO bulk_triggers (op_id, user_id, team_id, provider, state, attempts, finished_at)
       SELECT op.id, u.id, $1, 'oura', 'processed', 1, now() FROM op CROSS JOIN (SELECT id FROM users WHERE team_id = $1 ORDER BY id LIMIT 1500) u`,
      [team.id],
    );
    await ctx.db.query('SELECT pg_stat_force_next_flush()');
    expect((await analyzeDueTables(ctx.db)).analyzed).toEqual(expect.arrayContaining(['users', 'bulk_triggers']));
    // The page's own statement, as the read sends it.
    const sent: { sql: string; params: readonly unknown[] }[] = [];
    const recording = { ...ctx.db, kind: ctx.db.kind, query: <T,>(sql: string, params: readonly unknown[] = []) => (sent.push({ sql, params }), ctx.db.query<T>(sql, params)) };
    const page = await readIntrospectionPage(recording as typeof ctx.db, { team_id: team.id, limit: 50, pulls: true });
    expect(page.users).toHaveLength(50);
    expect(sent).toHaveLength(1);
    const plan = (await ctx.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sent[0]!.sql}`, sent[0]!.params)).map((row) => row['QUERY PLAN']).join('\n');
    expect(plan, plan).toMatch(/Index Scan using bulk_triggers_user_provider_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on bulk_triggers|Bitmap Index Scan on bulk_triggers_claim_idx/);
  });
  });
});

describe.each(engineCases.filter(([, engine]) => engine.kind === 'pglite'))('the table statistics job on %s', (_label, engine) => {
  const ctx = useTestDatabase(engine);

  it('when more than 50 rows + 10% of an analyzed table changed, then the next round analyzes it again, and only it', async () => {
    const { team } = await seedTeam(ctx.db);
    const job = startTableStatistics({ db: ctx.db, logger: silentLogger(), clock: new FakeClock(), checkEveryMs: NEVER });
    try {
      await job.runOnce();
      const before = (await tableRowEstimates(ctx.db)).users!;
      const few = Math.floor(50 + 0.1 * before);
      await addUsers(ctx.db, team.id, few);
      expect(await job.runOnce()).toEqual({ analyzed: [] });
      await addUsers(ctx.db, team.id, 1);
      expect(await job.runOnce()).toEqual({ analyzed: ['users'] });
      expect((await tableRowEstimates(ctx.db)).users).toBe(before + few + 1);
    } finally {
      await job.stop();
    }
  });
});
