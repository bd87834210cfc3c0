/**
 * The team API's handler map: one handler per operationId of
 * generated/team/openapi.json. The type makes a missing handler, or a
 * status/body pair the operation does not declare, a compile error.
 * `npm run scaffold` adds a stub (501) for every new operation.
 */
import type { operations } from '../../../../generated/team/schema.js';
import type { MissingParent } from '../../../storage/errors.js';
import type { ApiError } from '../../api-error.js';
import type { HandlerMap } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { orderNotFound } from './order-views.js';
import { userNotFound } from './views.js';
import { createUser } from './create-user.js';
import { listUsers } from './list-users.js';
import { getUser } from './get-user.js';
import { deleteUser } from './delete-user.js';
import { resolveUser } from './resolve-user.js';
import { createInsurance } from './create-insurance.js';
import { updateUserInfo } from './update-user-info.js';
import { getLatestUserInfo } from './get-latest-user-info.js';
import { getLatestInsurance } from './get-latest-insurance.js';
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
import { getActivity } from './get-activity.js';
import { getSleep } from './get-sleep.js';
import { getBody } from './get-body.js';
import { getWorkouts } from './get-workouts.js';
import { getMeals } from './get-meals.js';
import { getSleepCycles } from './get-sleep-cycles.js';
import { getCholesterolTotal } from './get-cholesterol-total.js';
import { getCholesterolLdl } from './get-cholesterol-ldl.js';
import { getCholesterolHdl } from './get-cholesterol-hdl.js';
import { getCholesterolTriglycerides } from './get-cholesterol-triglycerides.js';
import { getElectrocardiograms } from './get-electrocardiograms.js';
import { getMenstrualCycles } from './get-menstrual-cycles.js';
import { getActivityRaw } from './get-activity-raw.js';
import { getSleepRaw } from './get-sleep-raw.js';
import { getBodyRaw } from './get-body-raw.js';
import { getWorkoutsRaw } from './get-workouts-raw.js';
import { getProfile } from './get-profile.js';
import { getProfileRaw } from './get-profile-raw.js';
import { getTimeseriesGrouped } from './get-timeseries-grouped.js';
import { getTimeseries } from './get-timeseries.js';
import { getWorkoutStream } from './get-workout-stream.js';
import { getSleepStream } from './get-sleep-stream.js';
import { listLabTests } from './list-lab-tests.js';
import { listLabTestsDeprecated } from './list-lab-tests-deprecated.js';
import { createLabTest } from './create-lab-test.js';
import { listLabs } from './list-labs.js';
import { getLabTest } from './get-lab-test.js';
import { createOrder } from './create-order.js';
import { getOrder } from './get-order.js';
import { listOrders } from './list-orders.js';
import { cancelOrder } from './cancel-order.js';
import { simulateOrder } from './simulate-order.js';
import { getOrderResult } from './get-order-result.js';
import { getOrderResultMetadata } from './get-order-result-metadata.js';
import { getOrderResultPdf } from './get-order-result-pdf.js';
import { getOrderRequisitionPdf } from './get-order-requisition-pdf.js';
import { getSignedOrderRequisitionPdf } from './get-signed-order-requisition-pdf.js';
import { listLabAccounts } from './list-lab-accounts.js';
import { updateUser } from './update-user.js';
import { cancelUserDeletion } from './cancel-user-deletion.js';
import { getTeamMetrics } from './get-team-metrics.js';
import { createUserPortalUrl } from './create-user-portal-url.js';
import { createTestkitOrder } from './create-testkit-order.js';
import { registerTestkit } from './register-testkit.js';
import { searchDiagnoses } from './search-diagnoses.js';
import { validateIcdCodes } from './validate-icd-codes.js';
import { searchPayors } from './search-payors.js';
import { searchPayorsDeprecated } from './search-payors-deprecated.js';
import { createPayor } from './create-payor.js';
import { listUnmatchedResults } from './list-unmatched-results.js';
import { getUnmatchedResult } from './get-unmatched-result.js';
import { acceptUnmatchedResult } from './accept-unmatched-result.js';
import { resolveUnmatchedResult } from './resolve-unmatched-result.js';
import { createSandboxUnmatchedResult } from './create-sandbox-unmatched-result.js';
import { updateOrder } from './update-order.js';
import { getOrderCommunicationSettings } from './get-order-communication-settings.js';
import { updateOrderCommunicationSettings } from './update-order-communication-settings.js';
import { updateOrderDrawCompleted } from './update-order-draw-completed.js';
import { updateLabTest } from './update-lab-test.js';
import { listLabTestMarkers } from './list-lab-test-markers.js';
import { getMarkerByProviderId } from './get-marker-by-provider-id.js';
import { getLabTestCollectionInstructionPdf } from './get-lab-test-collection-instruction-pdf.js';
import { searchCompendium } from './search-compendium.js';
import { convertCompendium } from './convert-compendium.js';
import { listUserDevices } from './list-user-devices.js';
import { getUserDevice } from './get-user-device.js';
import { getUserDevicesRaw } from './get-user-devices-raw.js';
import { simulateConnectionError } from './simulate-connection-error.js';
import { getPhlebotomyAppointmentAvailability } from './get-phlebotomy-appointment-availability.js';
import { listPhlebotomyAppointmentCancellationReasons } from './list-phlebotomy-appointment-cancellation-reasons.js';
import { getPhlebotomyAppointment } from './get-phlebotomy-appointment.js';
import { bookPhlebotomyAppointment } from './book-phlebotomy-appointment.js';
import { requestPhlebotomyAppointment } from './request-phlebotomy-appointment.js';
import { reschedulePhlebotomyAppointment } from './reschedule-phlebotomy-appointment.js';
import { cancelPhlebotomyAppointment } from './cancel-phlebotomy-appointment.js';
import { getAreaInfo } from './get-area-info.js';
import { getPscInfo } from './get-psc-info.js';
import { getOrderPscInfo } from './get-order-psc-info.js';
import { getPscAppointmentAvailability } from './get-psc-appointment-availability.js';
import { listPscAppointmentCancellationReasons } from './list-psc-appointment-cancellation-reasons.js';
import { getPscAppointment } from './get-psc-appointment.js';
import { bookPscAppointment } from './book-psc-appointment.js';
import { reschedulePscAppointment } from './reschedule-psc-appointment.js';
import { cancelPscAppointment } from './cancel-psc-appointment.js';
import { resendOrderEvents } from './resend-order-events.js';
import { getOrderAbnPdf } from './get-order-abn-pdf.js';
import { getOrderCollectionInstructionPdf } from './get-order-collection-instruction-pdf.js';
import { getOrderLabelsPdf } from './get-order-labels-pdf.js';
import { getOwnTeam } from './get-own-team.js';
import { searchTeamUsers } from './search-team-users.js';
import { getTeamWebhooksPortalUrl } from './get-team-webhooks-portal-url.js';
import { getSourcePriorities } from './get-source-priorities.js';
import { updateSourcePriorities } from './update-source-priorities.js';
import { listTeamPhysicians } from './list-team-physicians.js';
import { getUserResources } from './get-user-resources.js';
import { getUserHistoricalPulls } from './get-user-historical-pulls.js';
import { importOrder } from './import-order.js';
import { connectPasswordProvider } from './connect-password-provider.js';
import { completePasswordProviderMfa } from './complete-password-provider-mfa.js';
import { connectEmailProvider } from './connect-email-provider.js';
import { listLinkProviders } from './list-link-providers.js';
import { bulkExportConnections } from './bulk-export-connections.js';
import { bulkPauseConnections } from './bulk-pause-connections.js';
import { createLabReportParserJob } from './create-lab-report-parser-job.js';
import { getLabReportParserJob } from './get-lab-report-parser-job.js';
import { bulkImportConnections } from './bulk-import-connections.js';
import { redrawOrder } from './redraw-order.js';
import { getOrderTransaction } from './get-order-transaction.js';
import { getOrderTransactionResult } from './get-order-transaction-result.js';
import { getOrderTransactionResultPdf } from './get-order-transaction-result-pdf.js';
// scaffold:imports

/**
 * The 404 of a write whose user or order was deleted while it ran (the error middleware's
 * `missingParent`): the same answer as when it was gone before the request.
 */
export function teamMissingParent(parent: MissingParent): ApiError | null {
  // Every foreign key to users and lab_orders starts with the parent's id (user_id, team_id).
  const id = parent.values[0]!;
  if (parent.table === 'users') return userNotFound(id);
  if (parent.table === 'lab_orders') return orderNotFound(id);
  return null;
}

export function createTeamHandlers(deps: Deps): HandlerMap<operations, TeamContext> {
  return {
    createUser: createUser(deps),
    listUsers: listUsers(deps),
    getUser: getUser(deps),
    deleteUser: deleteUser(deps),
    resolveUser: resolveUser(deps),
    createInsurance: createInsurance(deps),
    updateUserInfo: updateUserInfo(deps),
    getLatestUserInfo: getLatestUserInfo(deps),
    getLatestInsurance: getLatestInsurance(deps),
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
    getActivity: getActivity(deps),
    getSleep: getSleep(deps),
    getBody: getBody(deps),
    getWorkouts: getWorkouts(deps),
    getMeals: getMeals(deps),
    getSleepCycles: getSleepCycles(deps),
    getCholesterolTotal: getCholesterolTotal(deps),
    getCholesterolLdl: getCholesterolLdl(deps),
    getCholesterolHdl: getCholesterolHdl(deps),
    getCholesterolTriglycerides: getCholesterolTriglycerides(deps),
    getElectrocardiograms: getElectrocardiograms(deps),
    getMenstrualCycles: getMenstrualCycles(deps),
    getActivityRaw: getActivityRaw(deps),
    getSleepRaw: getSleepRaw(deps),
    getBodyRaw: getBodyRaw(deps),
    getWorkoutsRaw: getWorkoutsRaw(deps),
    getProfile: getProfile(deps),
    getProfileRaw: getProfileRaw(deps),
    getTimeseriesGrouped: getTimeseriesGrouped(deps),
    getTimeseries: getTimeseries(deps),
    getWorkoutStream: getWorkoutStream(deps),
    getSleepStream: getSleepStream(deps),
    listLabTests: listLabTests(deps),
    listLabTestsDeprecated: listLabTestsDeprecated(deps),
    createLabTest: createLabTest(deps),
    listLabs: listLabs(deps),
    getLabTest: getLabTest(deps),
    createOrder: createOrder(deps),
    getOrder: getOrder(deps),
    listOrders: listOrders(deps),
    cancelOrder: cancelOrder(deps),
    simulateOrder: simulateOrder(deps),
    getOrderResult: getOrderResult(deps),
    getOrderResultMetadata: getOrderResultMetadata(deps),
    getOrderResultPdf: getOrderResultPdf(deps),
    getOrderRequisitionPdf: getOrderRequisitionPdf(deps),
    getSignedOrderRequisitionPdf: getSignedOrderRequisitionPdf(deps),
    listLabAccounts: listLabAccounts(deps),
    updateUser: updateUser(deps),
    cancelUserDeletion: cancelUserDeletion(deps),
    getTeamMetrics: getTeamMetrics(deps),
    createUserPortalUrl: createUserPortalUrl(deps),
    createTestkitOrder: createTestkitOrder(deps),
    registerTestkit: registerTestkit(deps),
    searchDiagnoses: searchDiagnoses(deps),
    validateIcdCodes: validateIcdCodes(deps),
    searchPayors: searchPayors(deps),
    searchPayorsDeprecated: searchPayorsDeprecated(deps),
    createPayor: createPayor(deps),
    listUnmatchedResults: listUnmatchedResults(deps),
    getUnmatchedResult: getUnmatchedResult(deps),
    acceptUnmatchedResult: acceptUnmatchedResult(deps),
    resolveUnmatchedResult: resolveUnmatchedResult(deps),
    createSandboxUnmatchedResult: createSandboxUnmatchedResult(deps),
    updateOrder: updateOrder(deps),
    getOrderCommunicationSettings: getOrderCommunicationSettings(deps),
    updateOrderCommunicationSettings: updateOrderCommunicationSettings(deps),
    updateOrderDrawCompleted: updateOrderDrawCompleted(deps),
    updateLabTest: updateLabTest(deps),
    listLabTestMarkers: listLabTestMarkers(deps),
    getMarkerByProviderId: getMarkerByProviderId(deps),
    getLabTestCollectionInstructionPdf: getLabTestCollectionInstructionPdf(deps),
    searchCompendium: searchCompendium(deps),
    convertCompendium: convertCompendium(deps),
    listUserDevices: listUserDevices(deps),
    getUserDevice: getUserDevice(deps),
    getUserDevicesRaw: getUserDevicesRaw(deps),
    simulateConnectionError: simulateConnectionError(deps),
    getPhlebotomyAppointmentAvailability: getPhlebotomyAppointmentAvailability(deps),
    listPhlebotomyAppointmentCancellationReasons: listPhlebotomyAppointmentCancellationReasons(deps),
    getPhlebotomyAppointment: getPhlebotomyAppointment(deps),
    bookPhlebotomyAppointment: bookPhlebotomyAppointment(deps),
    requestPhlebotomyAppointment: requestPhlebotomyAppointment(deps),
    reschedulePhlebotomyAppointment: reschedulePhlebotomyAppointment(deps),
    cancelPhlebotomyAppointment: cancelPhlebotomyAppointment(deps),
    getAreaInfo: getAreaInfo(deps),
    getPscInfo: getPscInfo(deps),
    getOrderPscInfo: getOrderPscInfo(deps),
    getPscAppointmentAvailability: getPscAppointmentAvailability(deps),
    listPscAppointmentCancellationReasons: listPscAppointmentCancellationReasons(deps),
    getPscAppointment: getPscAppointment(deps),
    bookPscAppointment: bookPscAppointment(deps),
    reschedulePscAppointment: reschedulePscAppointment(deps),
    cancelPscAppointment: cancelPscAppointment(deps),
    resendOrderEvents: resendOrderEvents(deps),
    getOrderAbnPdf: getOrderAbnPdf(deps),
    getOrderCollectionInstructionPdf: getOrderCollectionInstructionPdf(deps),
    getOrderLabelsPdf: getOrderLabelsPdf(deps),
    getOwnTeam: getOwnTeam(deps),
    searchTeamUsers: searchTeamUsers(deps),
    getTeamWebhooksPortalUrl: getTeamWebhooksPortalUrl(deps),
    getSourcePriorities: getSourcePriorities(deps),
    updateSourcePriorities: updateSourcePriorities(deps),
    listTeamPhysicians: listTeamPhysicians(deps),
    getUserResources: getUserResources(deps),
    getUserHistoricalPulls: getUserHistoricalPulls(deps),
    importOrder: importOrder(deps),
    connectPasswordProvider: connectPasswordProvider(deps),
    completePasswordProviderMfa: completePasswordProviderMfa(deps),
    connectEmailProvider: connectEmailProvider(deps),
    listLinkProviders: listLinkProviders(deps),
    bulkExportConnections: bulkExportConnections(deps),
    bulkPauseConnections: bulkPauseConnections(deps),
    createLabReportParserJob: createLabReportParserJob(deps),
    getLabReportParserJob: getLabReportParserJob(deps),
    bulkImportConnections: bulkImportConnections(deps),
    redrawOrder: redrawOrder(deps),
    getOrderTransaction: getOrderTransaction(deps),
    getOrderTransactionResult: getOrderTransactionResult(deps),
    getOrderTransactionResultPdf: getOrderTransactionResultPdf(deps),
    // scaffold:handlers
  };
}
