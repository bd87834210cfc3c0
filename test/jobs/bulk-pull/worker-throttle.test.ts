/**
 * The real worker and storage on a fake clock: pulls take random simulated time, the test
 * moves the clock to the next moment anything can happen (a window frees, a pull ends),
 * exactly as the worker's loop would sleep, and checks every sliding window afterwards.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/domain/synthetic/random.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { allowance, policyFor, type ThrottlePolicy } from '../../../server/domain/throttle/policy.js';
import { silentLogger } from '../../helpers/silent-logger.js';
import type { Database } from '../../../server/storage/database.js';
import { countRunningTriggers } from '../../../server/storage/repositories/bulk-claims.js';
import { getBulkOp } from '../../../server/storage/repositories/bulk-ops.js';
import { getBucket } from '../../storage/stored-state.js';
import { BulkPullWorker } from '../../../server/jobs/bulk-pull/worker.js';
import { engineCases, seedTeam, useTestDatabase } from '../../storage/helpers.js';
import { enqueueOp, maxStartsInAnyWindow, seedConnectedUsers, until } from './helpers.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

// Enough triggers for several windows (or several turnovers of the concurrency cap) per class;
// test/domain/throttle.test.ts runs 1,000 per class through the arithmetic alone.
const CLASSES: { provider: string; triggers: number }[] = [
  { provider: 'garmin', triggers: 100 },
  { provider: 'fitbit', triggers: 600 },
  { provider: 'strava', triggers: 40 },
  { provider: 'oura', triggers: 500 },
  { provider: 'withings', triggers: 200 },
  { provider: 'wahoo', triggers: 100 },
];

interface Simulation {
  starts: number[];
  runs: { start: number; end: number }[];
  ticks: number;
}

async function simulate(db: Database, teamId: string, provider: string, triggers: number): Promise<Simulation> {
  const users = await seedConnectedUsers(db, { team_id: teamId, provider, count: triggers });
  const op = await enqueueOp(db, { team_id: teamId, provider, user_ids: users });
  const clock = new FakeClock(T0);
  const random = seededRandom(`worker:${provider}`);
  const policy = policyFor(provider);
  const runs: { start: number; end: number }[] = [];
  let ended = 0;
  const worker = new BulkPullWorker({
    db,
    logger: silentLogger(),
    clock,
    workerId: `sim-${provider}`,
    // Room for every trigger the throttle allows: only the throttle limits this worker.
    concurrency: 10_000,
    leaseMs: 24 * 60 * MINUTE,
    pull: async (_claim, context) => {
      const run = { start: clock.now(), end: clock.now() + Math.round(random.between(1_000, 20 * MINUTE)) };
      runs.push(run);
      await clock.sleep(run.end - run.start);
      await context.finish('processed');
    },
    onTriggerEnded: () => {
      ended += 1;
    },
  });

  let ticks = 0;
  for (;;) {
    const { nextWakeAt } = await worker.tick();
    ticks += 1;
    const current = (await getBulkOp(db, { team_id: teamId, id: op.id }))!;
    if (current.status !== 'in_progress') break;
    if (current.pending > 0) {
      // Never idle: after a pass, the bucket's allowance is used up while work is pending.
      const bucket = (await getBucket(db, { team_id: teamId, provider }))!;
      const running = await countRunningTriggers(db, { team_id: teamId, provider });
      expect(allowance(policy, bucket.recent_starts, running, clock.now()).startNow).toBe(0);
    }
    const pullEnds = clock.nextWakeAt();
    const next = Math.min(nextWakeAt ?? Number.POSITIVE_INFINITY, pullEnds ?? Number.POSITIVE_INFINITY);
    expect(Number.isFinite(next), 'the worker has pending work but nothing to wait for').toBe(true);
    const target = ended + clock.advanceTo(next);
    await until(() => ended === target, 'the woken pulls to finish');
  }
  expect(ended).toBe(triggers);
  const done = (await getBulkOp(db, { team_id: teamId, id: op.id }))!;
  expect(done).toMatchObject({ status: 'success', processed: triggers, pending: 0, running: 0, failed: 0 });
  return { starts: runs.map((run) => run.start), runs, ticks };
}

function checkWindows(policy: ThrottlePolicy, simulation: Simulation) {
  const { starts, runs } = simulation;
  if (policy.kind === 'window') {
    expect(maxStartsInAnyWindow(starts, policy.windowMs)).toBe(policy.limit);
    // Fully used: burst k of `limit` starts happens exactly k windows after the first.
    starts.forEach((start, i) => expect(start).toBe(T0 + Math.floor(i / policy.limit) * policy.windowMs));
  } else {
    const runningAt = (time: number) => runs.filter((run) => run.start <= time && run.end > time).length;
    const lastStart = Math.max(...starts);
    const moments = [...new Set([...starts, ...runs.map((run) => run.end)])];
    expect(Math.max(...moments.map(runningAt))).toBe(policy.limit);
    for (const time of moments.filter((t) => t <= lastStart)) expect(runningAt(time)).toBe(policy.limit);
  }
}

describe.each(engineCases)('bulk pull worker throttles on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('on a fake clock', () => {
    const ctx = useTestDatabase(engine);

    it.each(CLASSES)('when $triggers $provider triggers are pending, then every window holds at most the allowance and the allowance is always used', async ({ provider, triggers }) => {
      const { team } = await seedTeam(ctx.db);
      const simulation = await simulate(ctx.db, team.id, provider, triggers);
      checkWindows(policyFor(provider), simulation);
    }, 300_000);

    it('when two teams pull from the same provider, then each gets its own full allowance in the same windows', async () => {
      const a = await seedTeam(ctx.db);
      const b = await seedTeam(ctx.db);
      const clock = new FakeClock(T0);
      const startsByTeam = new Map<string, number[]>();
      let ended = 0;
      const worker = new BulkPullWorker({
        db: ctx.db,
        logger: silentLogger(),
        clock,
        workerId: 'two-teams',
        concurrency: 10_000,
        leaseMs: 24 * 60 * MINUTE,
        pull: async (claim, context) => {
          startsByTeam.set(claim.team_id, [...(startsByTeam.get(claim.team_id) ?? []), clock.now()]);
          await context.finish('processed');
        },
        onTriggerEnded: () => {
          ended += 1;
        },
      });
      for (const team of [a.team, b.team]) {
        const users = await seedConnectedUsers(ctx.db, { team_id: team.id, provider: 'withings', count: 40 });
        await enqueueOp(ctx.db, { team_id: team.id, provider: 'withings', user_ids: users });
      }
      while (ended < 80) {
        const started = ended;
        const { nextWakeAt, claimed } = await worker.tick();
        await until(() => ended === started + claimed, 'the pulls to finish');
        if (ended < 80) clock.advanceTo(nextWakeAt!);
      }
      for (const team of [a.team, b.team]) {
        const starts = startsByTeam.get(team.id)!;
        expect(starts).toHaveLength(40);
        expect(maxStartsInAnyWindow(starts, MINUTE)).toBe(8);
        // 40 triggers at 8 per minute: 5 bursts, at the same times for both teams.
        starts.forEach((start, i) => expect(start).toBe(T0 + Math.floor(i / 8) * MINUTE));
      }
    }, 120_000);
  });
});
