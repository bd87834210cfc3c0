/** Ported from test/contract/suite.ts (management listTeams): what its conformance checks assert less of. */
import type { ManagementSchemas } from '../../../../server/client/index.js';
import { check, show } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { missingManagementKey } from '../helpers.js';

export const portedChecks: CheckDefinition[] = [
  always('lists the US teams by a single region: on a mock the first example, on a server only US teams', async (t) => {
    const outcome = await t.management.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId }, query: { region: ['us'] } } });
    const page = t.expect.successOrFirstExample<ManagementSchemas['TeamList']>('management', 'listTeams', outcome);
    if (!t.isMock) check(page.teams.every((listed) => listed.region === 'us'), `region=us lists ${show(page.teams.map((listed) => listed.region))}`);
  }),
  missingManagementKey('listTeams', (t, client) => client.GET('/v1/org/{org_id}/team', { params: { path: { org_id: t.orgId } } })),
];
