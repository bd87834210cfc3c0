/** GET /v2/timeseries/workouts/{workout_id}/stream: Get a workout stream. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { eveningUser, read, readableRecordId } from '../data-reads.js';
import { otherTeamClient } from '../../requests.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const TEMPLATE = '/v2/timeseries/workouts/{workout_id}/stream';
const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, linkTokenAlone } = teamKeyChecks;

/** A workout readable with the run's key: the first of today's workouts of a few new users connected to Strava. */
async function readableWorkout(t: Parameters<OperationDefinition['checks'][number]['run']>[0]): Promise<TeamSchemas['ClientFacingWorkout']> {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const { user_id, today } = await eveningUser(t.team, t.runId, 'strava');
    const { workouts } = t.expect.success<TeamSchemas['ClientWorkoutResponse']>('team', 'getWorkouts', await read(t.team, '/v2/summary/workouts/{user_id}', { path: { user_id }, query: { start_date: today, end_date: today } }));
    if (workouts[0]) return workouts[0];
  }
  throw new Error('no workout today among 12 new users connected to strava');
}

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getWorkoutStream',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/timeseries/workouts/${await readableRecordId(a, 'workouts')}/stream` }),
  checks: [
    always('reads a stream: on a mock the first example, on a server the stream of a workout whose max_hr it agrees with', async (t) => {
      if (t.isMock) {
        t.expect.successOrFirstExample('team', 'getWorkoutStream', await read(t.team, TEMPLATE, { path: { workout_id: UNKNOWN_ID } }));
        return;
      }
      const workout = await readableWorkout(t);
      const stream = t.expect.success<TeamSchemas['ClientFacingStream']>('team', 'getWorkoutStream', await read(t.team, TEMPLATE, { path: { workout_id: workout.id } }));
      check(stream.time.length > 0 && stream.heartrate.length === stream.time.length, `time and heartrate are not parallel: ${show({ time: stream.time.length, heartrate: stream.heartrate.length })}`);
      check(Math.max(...stream.heartrate) === workout.max_hr, `stream max ${Math.max(...stream.heartrate)} != max_hr ${workout.max_hr}`);
    }),
    notOnMock('credentials', "404 for a workout of the run's team read with another team's key", async (t) => {
      const workout = await readableWorkout(t);
      t.expect.error('team', 'getWorkoutStream', await read(await otherTeamClient(t), TEMPLATE, { path: { workout_id: workout.id } }), 404);
    }, ['management', 'org-id']),
    notFound('getWorkoutStream', '404 for an unknown workout_id', (t) => read(t.team, TEMPLATE, { path: { workout_id: UNKNOWN_ID } })),
    pathNotAUuid('getWorkoutStream', 'workout_id', (t) => read(t.team, TEMPLATE, { path: { workout_id: NOT_A_UUID } })),
    missingKey('getWorkoutStream', (t) => read(t.teamWithoutKey, TEMPLATE, { path: { workout_id: UNKNOWN_ID } })),
    unknownKey('getWorkoutStream', (_t, client) => read(client, TEMPLATE, { path: { workout_id: UNKNOWN_ID } })),
    linkTokenAlone('getWorkoutStream', (_t, client) => read(client, TEMPLATE, { path: { workout_id: UNKNOWN_ID } })),
  ],
};
