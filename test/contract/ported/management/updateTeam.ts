/** Ported from test/contract/suite.ts (management updateTeam): what its conformance checks assert less of. */
import type { ManagementSchemas } from '../../../../server/client/index.js';
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { invalid, NOT_A_UUID } from '../../../../scripts/lib/conformance/values.js';
import { missingManagementKey, ownTeamPath, unknownTeamPath } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('enables link migration: on a mock the first example, on a server the team with the setting on', async (t) => {
    const path = await ownTeamPath(t);
    const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path }, body: { link_migration_enabled: true } });
    const updated = t.expect.successOrFirstExample<ManagementSchemas['TeamDetail']>('management', 'updateTeam', outcome);
    if (!t.isMock) checkEqual({ id: updated.id, link_migration_enabled: updated.link_migration_enabled }, { id: path.team_id, link_migration_enabled: true }, 'team');
  }),
  always('422 listing a team_id that is not a UUID and a link_migration_enabled that is not a boolean', async (t) => {
    const outcome = await t.management.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: { org_id: t.orgId, team_id: NOT_A_UUID } }, body: invalid({ link_migration_enabled: 'yes' }) });
    t.expect.validation('management', 'updateTeam', outcome, [
      { loc: ['path', 'team_id'], type: 'format' },
      { loc: ['body', 'link_migration_enabled'], type: 'type_error' },
    ]);
  }),
  missingManagementKey('updateTeam', (t, client) => client.PATCH('/v1/org/{org_id}/team/{team_id}', { params: { path: unknownTeamPath(t) }, body: {} })),
];
