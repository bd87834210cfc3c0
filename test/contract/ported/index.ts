/**
 * The checks ported from test/contract/suite.ts, one file per operation in ported/<api>/, grouped
 * per operation in the order of the conformance checks (team, then management; flows build on
 * earlier fixtures). test/contract/ported.test.ts runs them; PORTING.md maps every test of suite.ts
 * to the check that asserts it.
 */
import { operation, type OperationChecks } from '../../../scripts/lib/conformance/definitions.js';
import { portedChecks as team_createUser } from './team/createUser.js';
import { portedChecks as team_getUser } from './team/getUser.js';
import { portedChecks as team_deleteUser } from './team/deleteUser.js';
import { portedChecks as team_resolveUser } from './team/resolveUser.js';
import { portedChecks as team_createInsurance } from './team/createInsurance.js';
import { portedChecks as team_updateUserInfo } from './team/updateUserInfo.js';
import { portedChecks as team_createSignInToken } from './team/createSignInToken.js';
import { portedChecks as team_deregisterProvider } from './team/deregisterProvider.js';
import { portedChecks as team_createLinkCode } from './team/createLinkCode.js';
import { portedChecks as team_createLinkToken } from './team/createLinkToken.js';
import { portedChecks as team_bulkTriggerHistoricalPull } from './team/bulkTriggerHistoricalPull.js';
import { portedChecks as team_listBulkOps } from './team/listBulkOps.js';
import { portedChecks as team_connectDemoProvider } from './team/connectDemoProvider.js';
import { portedChecks as team_connectSdkProvider } from './team/connectSdkProvider.js';
import { portedChecks as team_getOAuthProvider } from './team/getOAuthProvider.js';
import { portedChecks as team_listProviders } from './team/listProviders.js';
import { portedChecks as team_listMarkers } from './team/listMarkers.js';
import { portedChecks as team_listOrderSetMarkers } from './team/listOrderSetMarkers.js';
import { portedChecks as management_listTeams } from './management/listTeams.js';
import { portedChecks as management_createTeam } from './management/createTeam.js';
import { portedChecks as management_createTeamApiKey } from './management/createTeamApiKey.js';
import { portedChecks as management_updateTeam } from './management/updateTeam.js';
import { portedChecks as management_revokeTeamApiKey } from './management/revokeTeamApiKey.js';
import { portedChecks as management_listDataPullPreferences } from './management/listDataPullPreferences.js';
import { portedChecks as management_setDataPullPreference } from './management/setDataPullPreference.js';
import { portedChecks as management_createWebhookEndpoint } from './management/createWebhookEndpoint.js';
import { portedChecks as management_listWebhookEndpoints } from './management/listWebhookEndpoints.js';
import { portedChecks as management_deleteWebhookEndpoint } from './management/deleteWebhookEndpoint.js';
import { portedChecks as management_listWebhookDeliveries } from './management/listWebhookDeliveries.js';
import { portedChecks as management_replayWebhookDeliveries } from './management/replayWebhookDeliveries.js';
import { portedChecks as management_routing } from './management/routing.js';

const MANAGEMENT = ['management', 'org-id'] as const;

export const PORTED_CHECKS: readonly OperationChecks[] = [
  operation('team', 'createUser', team_createUser),
  operation('team', 'getUser', team_getUser),
  operation('team', 'deleteUser', team_deleteUser),
  operation('team', 'resolveUser', team_resolveUser),
  operation('team', 'createInsurance', team_createInsurance),
  operation('team', 'updateUserInfo', team_updateUserInfo),
  operation('team', 'createSignInToken', team_createSignInToken),
  operation('team', 'deregisterProvider', team_deregisterProvider),
  operation('team', 'createLinkCode', team_createLinkCode),
  operation('team', 'createLinkToken', team_createLinkToken),
  operation('team', 'bulkTriggerHistoricalPull', team_bulkTriggerHistoricalPull),
  operation('team', 'listBulkOps', team_listBulkOps),
  operation('team', 'connectDemoProvider', team_connectDemoProvider),
  operation('team', 'connectSdkProvider', team_connectSdkProvider),
  operation('team', 'getOAuthProvider', team_getOAuthProvider),
  operation('team', 'listProviders', team_listProviders),
  operation('team', 'listMarkers', team_listMarkers),
  operation('team', 'listOrderSetMarkers', team_listOrderSetMarkers),
  operation('management', 'listTeams', management_listTeams, MANAGEMENT),
  operation('management', 'createTeam', management_createTeam, MANAGEMENT),
  operation('management', 'createTeamApiKey', management_createTeamApiKey, MANAGEMENT),
  operation('management', 'updateTeam', management_updateTeam, MANAGEMENT),
  operation('management', 'revokeTeamApiKey', management_revokeTeamApiKey, MANAGEMENT),
  operation('management', 'listDataPullPreferences', management_listDataPullPreferences, MANAGEMENT),
  operation('management', 'setDataPullPreference', management_setDataPullPreference, MANAGEMENT),
  operation('management', 'createWebhookEndpoint', management_createWebhookEndpoint, MANAGEMENT),
  operation('management', 'listWebhookEndpoints', management_listWebhookEndpoints, MANAGEMENT),
  operation('management', 'deleteWebhookEndpoint', management_deleteWebhookEndpoint, MANAGEMENT),
  operation('management', 'listWebhookDeliveries', management_listWebhookDeliveries, MANAGEMENT),
  operation('management', 'replayWebhookDeliveries', management_replayWebhookDeliveries, MANAGEMENT),
  operation('management', 'routing', management_routing, MANAGEMENT),
];
