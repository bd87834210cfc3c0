/** GET /v2/timeseries/sleep/{sleep_id}/stream: Get a sleep stream. */
import { check, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, teamKeyChecks } from '../../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { eveningUser, read, readableRecordId } from '../data-reads.js';
import { otherTeamClient } from '../../requests.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const TEMPLATE = '/v2/timeseries/sleep/{sleep_id}/stream';
const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, linkTokenAlone } = teamKeyChecks;

/** Last night's sleep of a new user connected to Fitbit late in its local day. */
async function readableSleep(t: Parameters<OperationDefinition['checks'][number]['run']>[0]): Promise<TeamSchemas['ClientFacingSleep']> {
  const { user_id, today } = await eveningUser(t.team, t.runId, 'fitbit');
  const { sleep } = t.expect.success<TeamSchemas['ClientSleepResponse']>('team', 'getSleep', await read(t.team, '/v2/summary/sleep/{user_id}', { path: { user_id }, query: { start_date: today, end_date: today } }));
  check(sleep.length > 0, `no sleep today (${today})`);
  return sleep[0]!;
}

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getSleepStream',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'GET', path: `/v2/timeseries/sleep/${await readableRecordId(a, 'sleep')}/stream` }),
  checks: [
    always('reads a sleep stream: on a mock the first example, on a server samples within the session', async (t) => {
      if (t.isMock) {
        t.expect.successOrFirstExample('team', 'getSleepStream', await read(t.team, TEMPLATE, { path: { sleep_id: UNKNOWN_ID } }));
        return;
      }
      const sleep = await readableSleep(t);
      const stream = t.expect.success<TeamSchemas['ClientFacingSleepStream']>('team', 'getSleepStream', await read(t.team, TEMPLATE, { path: { sleep_id: sleep.id } }));
      check(stream.hypnogram.length > 0, 'no hypnogram');
      const [start, stop] = [Date.parse(sleep.bedtime_start), Date.parse(sleep.bedtime_stop)];
      for (const sample of [...stream.heartrate, ...stream.hypnogram]) {
        const at = Date.parse(sample.timestamp);
        check(at >= start && at <= stop, `a sample outside the session ${sleep.bedtime_start} - ${sleep.bedtime_stop}: ${show(sample)}`);
      }
    }),
    notOnMock('credentials', "404 for a sleep of the run's team read with another team's key", async (t) => {
      const sleep = await readableSleep(t);
      t.expect.error('team', 'getSleepStream', await read(await otherTeamClient(t), TEMPLATE, { path: { sleep_id: sleep.id } }), 404);
    }, ['management', 'org-id']),
    notFound('getSleepStream', '404 for an unknown sleep_id', (t) => read(t.team, TEMPLATE, { path: { sleep_id: UNKNOWN_ID } })),
    pathNotAUuid('getSleepStream', 'sleep_id', (t) => read(t.team, TEMPLATE, { path: { sleep_id: NOT_A_UUID } })),
    missingKey('getSleepStream', (t) => read(t.teamWithoutKey, TEMPLATE, { path: { sleep_id: UNKNOWN_ID } })),
    unknownKey('getSleepStream', (_t, client) => read(client, TEMPLATE, { path: { sleep_id: UNKNOWN_ID } })),
    linkTokenAlone('getSleepStream', (_t, client) => read(client, TEMPLATE, { path: { sleep_id: UNKNOWN_ID } })),
  ],
};
