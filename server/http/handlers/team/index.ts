/**
 * The team API's handler map: one handler per operationId of
 * generated/team/openapi.json. The type makes a missing handler, or a
 * status/body pair the operation does not declare, a compile error.
 * `npm run scaffold` adds a stub (501) for every new operation.
 */
import type { operations } from '../../../../generated/team/schema.js';
import type { HandlerMap } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { createUser } from './create-user.js';
import { getUser } from './get-user.js';
import { deleteUser } from './delete-user.js';
import { resolveUser } from './resolve-user.js';
import { createInsurance } from './create-insurance.js';
import { updateUserInfo } from './update-user-info.js';
import { createSignInToken } from './create-sign-in-token.js';
import { listUserProviders } from './list-user-providers.js';
import { refreshUser } from './refresh-user.js';
import { deregisterProvider } from './deregister-provider.js';
import { createLinkCode } from './create-link-code.js';
import { createLinkToken } from './create-link-token.js';
import { bulkTriggerHistoricalPull } from './bulk-trigger-historical-pull.js';
import { listBulkOps } from './list-bulk-ops.js';
import { connectDemoProvider } from './connect-demo-provider.js';
import { getOAuthProvider } from './get-oauth-provider.js';
import { listProviders } from './list-providers.js';
import { listMarkers } from './list-markers.js';
import { listOrderSetMarkers } from './list-order-set-markers.js';
import { connectSdkProvider } from './connect-sdk-provider.js';
// scaffold:imports

export function createTeamHandlers(deps: Deps): HandlerMap<operations, TeamContext> {
  return {
    createUser: createUser(deps),
    getUser: getUser(deps),
    deleteUser: deleteUser(deps),
    resolveUser: resolveUser(deps),
    createInsurance: createInsurance(deps),
    updateUserInfo: updateUserInfo(deps),
    createSignInToken: createSignInToken(deps),
    listUserProviders: listUserProviders(deps),
    refreshUser: refreshUser(deps),
    deregisterProvider: deregisterProvider(deps),
    createLinkCode: createLinkCode(deps),
    createLinkToken: createLinkToken(deps),
    bulkTriggerHistoricalPull: bulkTriggerHistoricalPull(deps),
    listBulkOps: listBulkOps(deps),
    connectDemoProvider: connectDemoProvider(deps),
    getOAuthProvider: getOAuthProvider(deps),
    listProviders: listProviders(deps),
    listMarkers: listMarkers(deps),
    listOrderSetMarkers: listOrderSetMarkers(deps),
    connectSdkProvider: connectSdkProvider(deps),
    // scaffold:handlers
  };
}
