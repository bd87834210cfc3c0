/** GET /v2/timeseries/{user_id}/{resource}/grouped: Get a timeseries, grouped by source. */
import { check, checkEqual, show } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { firstUser } from '../../world.js';
import { eveningUser, rangedReadChecks, read } from '../data-reads.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const TEMPLATE = '/v2/timeseries/{user_id}/{resource}/grouped';
const HEARTRATE = '/v2/timeseries/{user_id}/heartrate/grouped';
type Grouped = TeamSchemas['GroupedTimeseriesResponse'];

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getTimeseriesGrouped',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({
    method: 'GET',
    path: `/v2/timeseries/${firstUser(a).user_id}/heartrate/grouped`,
    query: { start_date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) },
  }),
  checks: [
    always('reads heart rate grouped by provider: on a mock the first example, on a server a page with next_cursor', async (t) => {
      const { user_id } = await t.fixtures.user();
      const page = t.expect.successOrFirstExample<Grouped>('team', 'getTimeseriesGrouped', await read(t.team, TEMPLATE, { path: { user_id, resource: 'heartrate' }, query: { start_date: '2026-11-21' } }));
      check(typeof page.groups === 'object' && page.groups !== null, `groups is not an object: ${show(page)}`);
    }),
    notOnMock('state', "a user connected to fitbit late in its local day reads today's heart rate in bpm, oldest first, every sample once over the pages", async (t) => {
      const { user_id, today } = await eveningUser(t.team, t.runId, 'fitbit');
      const stamps: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: Record<string, string> = { start_date: today, end_date: today, ...(cursor ? { next_cursor: cursor } : {}) };
        const page: Grouped = t.expect.success<Grouped>('team', 'getTimeseriesGrouped', await read(t.team, HEARTRATE, { path: { user_id }, query }));
        check(Object.keys(page.groups).every((slug) => slug === 'fitbit'), `groups of other providers: ${Object.keys(page.groups).join(', ')}`);
        for (const group of page.groups.fitbit ?? []) {
          checkEqual(group.source.provider, 'fitbit', 'source.provider');
          for (const sample of group.data) {
            checkEqual(sample.unit, 'bpm', 'unit');
            stamps.push(sample.timestamp);
          }
        }
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor && pages < 50);
      check(stamps.length > 0, `no heart rate today (${today})`);
      check(new Set(stamps).size === stamps.length, 'a sample came twice');
      check(stamps.every((s, i) => i === 0 || Date.parse(stamps[i - 1]!) <= Date.parse(s)), 'samples are not oldest first');
      await t.team.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } });
    }),
    notOnMock('domain-rules', '422 naming ["query", "next_cursor"] for a cursor the service did not issue', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'getTimeseriesGrouped', await read(t.team, HEARTRATE, { path: { user_id }, query: { start_date: '2026-11-21', next_cursor: 'not-a-cursor' } }), [{ loc: ['query', 'next_cursor'] }]);
    }),
    always('422 naming ["path", "resource"] for a resource that is not in the list', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.validation('team', 'getTimeseriesGrouped', await read(t.team, TEMPLATE, { path: { user_id, resource: 'heartbeat' }, query: { start_date: '2026-11-21' } }), [{ loc: ['path', 'resource'] }]);
    }),
    ...rangedReadChecks('getTimeseriesGrouped', HEARTRATE),
  ],
};
