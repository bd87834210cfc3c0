/** POST /v3/unmatched_result/{raw_result_id}/resolve: Resolve an unmatched result. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { makeUnmatchedResult, newUnmatchedResult } from '../../unmatched-results.js';
import { invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import type { TeamClient, TeamSchemas } from '../../../../server/client/index.js';

const { pathNotAUuid, notFound, tooLarge } = errorChecks('team');
const { missingKey, unknownKey } = teamKeyChecks;
const resolve = (client: TeamClient, id: string, body: TeamSchemas['ResolveUnmatchedResultBody']) =>
  client.POST('/v3/unmatched_result/{raw_result_id}/resolve', { params: { path: { raw_result_id: id } }, body });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'resolveUnmatchedResult',
  auth: { scope: 'team', otherTeam: { status: 404 } },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v3/unmatched_result/${(await newUnmatchedResult(a)).id}/resolve`, body: { action: 'reject', note: 'Not one of our patients.' } }),
  checks: [
    always('rejects a result: on a mock the first example, on a server resolved with its note', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.successOrFirstExample<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id }));
      const resolved = t.expect.successOrFirstExample<TeamSchemas['UnmatchedResult']>('team', 'resolveUnmatchedResult', await resolve(t.team, made.id, { action: 'reject', note: 'Not ours.' }));
      if (!t.isMock) checkEqual({ status: resolved.status, note: resolved.note }, { status: 'resolved', note: 'Not ours.' }, 'the result');
    }),
    notOnMock('state', '400 for a result already resolved', async (t) => {
      const { user_id } = await t.fixtures.user();
      const made = t.expect.success<TeamSchemas['UnmatchedResult']>('team', 'createSandboxUnmatchedResult', await makeUnmatchedResult(t.team, { user_id }));
      t.expect.success('team', 'resolveUnmatchedResult', await resolve(t.team, made.id, { action: 'reject' }));
      t.expect.error('team', 'resolveUnmatchedResult', await resolve(t.team, made.id, { action: 'reject' }), 400);
    }),
    always('422 naming ["body", "action"] when it is missing', async (t) => {
      t.expect.validation('team', 'resolveUnmatchedResult', await resolve(t.team, UNKNOWN_ID, invalid({})), [{ loc: ['body', 'action'], type: 'missing' }]);
    }),
    pathNotAUuid('resolveUnmatchedResult', 'raw_result_id', (t) => resolve(t.team, NOT_A_UUID, { action: 'reject' })),
    notFound('resolveUnmatchedResult', '404 for an unknown raw_result_id', (t) => resolve(t.team, UNKNOWN_ID, { action: 'reject' })),
    tooLarge('resolveUnmatchedResult', (t) => t.team.POST('/v3/unmatched_result/{raw_result_id}/resolve', { params: { path: { raw_result_id: UNKNOWN_ID } }, ...OVERSIZED })),
    missingKey('resolveUnmatchedResult', (t) => resolve(t.teamWithoutKey, UNKNOWN_ID, { action: 'reject' })),
    unknownKey('resolveUnmatchedResult', (_t, client) => resolve(client, UNKNOWN_ID, { action: 'reject' })),
  ],
};
