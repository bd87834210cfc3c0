/** Ported from test/contract/suite.ts (team bulkTriggerHistoricalPull): what its conformance checks assert less of. */
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { UNKNOWN_ID } from '../../../../scripts/lib/conformance/values.js';
import { bulkPullClient, missingTeamKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('enqueues the pull of a user without a connection (wait_for_completion false): on a mock the first example', async (t) => {
    const client = await bulkPullClient(t);
    const { user_id } = await t.fixtures.createUser(client);
    const outcome = await client.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [user_id], provider: 'oura', wait_for_completion: false } });
    t.expect.successOrFirstExample('team', 'bulkTriggerHistoricalPull', outcome);
  }),
  missingTeamKey('bulkTriggerHistoricalPull', (_t, client) =>
    client.POST('/v2/link/bulk_trigger_historical_pull', { body: { user_ids: [UNKNOWN_ID], provider: 'oura', wait_for_completion: false } }),
  ),
];
