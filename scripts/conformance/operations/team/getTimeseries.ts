/** GET /v2/timeseries/{user_id}/{resource} (deprecated): Get a timeseries. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { firstUser } from '../../world.js';
import { eveningUser, rangedReadChecks, read } from '../data-reads.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const STEPS = '/v2/timeseries/{user_id}/steps';

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getTimeseries',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({
    method: 'GET',
    path: `/v2/timeseries/${firstUser(a).user_id}/steps`,
    query: { start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) },
  }),
  checks: [
    always('reads steps as one array: on a mock the steps example (the path names it), on a server a list', async (t) => {
      const { user_id } = await t.fixtures.user();
      const samples = t.expect.successOrNamedExample<TeamSchemas['TimeseriesSampleList']>('team', 'getTimeseries', 'steps', await read(t.team, STEPS, { path: { user_id }, query: { start_date: '2026-11-21' } }));
      check(Array.isArray(samples), `not a list: ${show(samples)}`);
    }),
    notOnMock('state', "a user connected to fitbit late in its local day reads today's steps as interval samples whose timestamp is their start", async (t) => {
      const { user_id, today } = await eveningUser(t.team, t.runId, 'fitbit');
      const samples = t.expect.success<TeamSchemas['ClientFacingIntervalSample'][]>('team', 'getTimeseries', await read(t.team, STEPS, { path: { user_id }, query: { start_date: today, end_date: today } }));
      if (samples.length === 0) {
        // A wheelchair user (2 seeds in 100) pushes and takes no steps: its profile says so.
        const profile = t.expect.success<TeamSchemas['ClientFacingProfile']>('team', 'getProfile', await read(t.team, '/v2/summary/profile/{user_id}', { path: { user_id } }));
        check(profile.wheelchair_use === true, `no steps today (${today}) for a user who does not use a wheelchair`);
      }
      for (const sample of samples) {
        checkEqual(sample.timestamp, sample.start, 'timestamp');
        checkEqual(sample.unit, 'count', 'unit');
        check(Date.parse(sample.end) > Date.parse(sample.start), `end is not after start: ${show(sample)}`);
      }
      await t.team.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } });
    }),
    ...rangedReadChecks('getTimeseries', STEPS),
  ],
};
