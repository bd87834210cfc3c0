/**
 * Every operation definition, in the order the conformance checks run (the flows of
 * later checks build on fixtures the earlier ones made). `npm run scaffold` adds a stub
 * for an operation of the bundles without one; test/conformance/operations.test.ts
 * names any operation missing here.
 */
import type { OperationDefinition } from '../operation.js';
import { definition as createUser } from './team/createUser.js';
import { definition as listUsers } from './team/listUsers.js';
import { definition as getUser } from './team/getUser.js';
import { definition as deleteUser } from './team/deleteUser.js';
import { definition as resolveUser } from './team/resolveUser.js';
import { definition as createInsurance } from './team/createInsurance.js';
import { definition as updateUserInfo } from './team/updateUserInfo.js';
import { definition as getLatestUserInfo } from './team/getLatestUserInfo.js';
import { definition as getLatestInsurance } from './team/getLatestInsurance.js';
import { definition as createSignInToken } from './team/createSignInToken.js';
import { definition as listUserProviders } from './team/listUserProviders.js';
import { definition as refreshUser } from './team/refreshUser.js';
import { definition as deregisterProvider } from './team/deregisterProvider.js';
import { definition as createLinkCode } from './team/createLinkCode.js';
import { definition as createLinkToken } from './team/createLinkToken.js';
import { definition as bulkTriggerHistoricalPull } from './team/bulkTriggerHistoricalPull.js';
import { definition as listBulkOps } from './team/listBulkOps.js';
import { definition as connectDemoProvider } from './team/connectDemoProvider.js';
import { definition as connectSdkProvider } from './team/connectSdkProvider.js';
import { definition as getOAuthProvider } from './team/getOAuthProvider.js';
import { definition as listProviders } from './team/listProviders.js';
import { definition as listMarkers } from './team/listMarkers.js';
import { definition as listOrderSetMarkers } from './team/listOrderSetMarkers.js';
import { definition as listTeams } from './management/listTeams.js';
import { definition as createTeam } from './management/createTeam.js';
import { definition as createTeamApiKey } from './management/createTeamApiKey.js';
import { definition as updateTeam } from './management/updateTeam.js';
import { definition as revokeTeamApiKey } from './management/revokeTeamApiKey.js';
import { definition as listDataPullPreferences } from './management/listDataPullPreferences.js';
import { definition as setDataPullPreference } from './management/setDataPullPreference.js';
import { definition as createWebhookEndpoint } from './management/createWebhookEndpoint.js';
import { definition as listWebhookEndpoints } from './management/listWebhookEndpoints.js';
import { definition as deleteWebhookEndpoint } from './management/deleteWebhookEndpoint.js';
import { definition as listWebhookDeliveries } from './management/listWebhookDeliveries.js';
import { definition as listTeamEvents } from './management/listTeamEvents.js';
import { definition as replayWebhookDeliveries } from './management/replayWebhookDeliveries.js';
import { definition as getActivity } from './team/getActivity.js';
import { definition as getSleep } from './team/getSleep.js';
import { definition as getBody } from './team/getBody.js';
import { definition as getWorkouts } from './team/getWorkouts.js';
import { definition as getMeals } from './team/getMeals.js';
import { definition as getSleepCycles } from './team/getSleepCycles.js';
import { definition as getElectrocardiograms } from './team/getElectrocardiograms.js';
import { definition as getMenstrualCycles } from './team/getMenstrualCycles.js';
import { definition as getCholesterolTotal } from './team/getCholesterolTotal.js';
import { definition as getCholesterolLdl } from './team/getCholesterolLdl.js';
import { definition as getCholesterolHdl } from './team/getCholesterolHdl.js';
import { definition as getCholesterolTriglycerides } from './team/getCholesterolTriglycerides.js';
import { definition as getActivityRaw } from './team/getActivityRaw.js';
import { definition as getSleepRaw } from './team/getSleepRaw.js';
import { definition as getBodyRaw } from './team/getBodyRaw.js';
import { definition as getWorkoutsRaw } from './team/getWorkoutsRaw.js';
import { definition as getProfile } from './team/getProfile.js';
import { definition as getProfileRaw } from './team/getProfileRaw.js';
import { definition as getTimeseriesGrouped } from './team/getTimeseriesGrouped.js';
import { definition as getTimeseries } from './team/getTimeseries.js';
import { definition as getWorkoutStream } from './team/getWorkoutStream.js';
import { definition as getSleepStream } from './team/getSleepStream.js';
import { definition as listLabTests } from './team/listLabTests.js';
import { definition as listLabTestsDeprecated } from './team/listLabTestsDeprecated.js';
import { definition as createLabTest } from './team/createLabTest.js';
import { definition as listLabs } from './team/listLabs.js';
import { definition as getLabTest } from './team/getLabTest.js';
import { definition as createOrder } from './team/createOrder.js';
import { definition as getOrder } from './team/getOrder.js';
import { definition as listOrders } from './team/listOrders.js';
import { definition as cancelOrder } from './team/cancelOrder.js';
import { definition as simulateOrder } from './team/simulateOrder.js';
import { definition as getOrderResult } from './team/getOrderResult.js';
import { definition as getOrderResultMetadata } from './team/getOrderResultMetadata.js';
import { definition as getOrderResultPdf } from './team/getOrderResultPdf.js';
import { definition as getOrderRequisitionPdf } from './team/getOrderRequisitionPdf.js';
import { definition as getSignedOrderRequisitionPdf } from './team/getSignedOrderRequisitionPdf.js';
import { definition as getPhlebotomyAppointmentAvailability } from './team/getPhlebotomyAppointmentAvailability.js';
import { definition as listPhlebotomyAppointmentCancellationReasons } from './team/listPhlebotomyAppointmentCancellationReasons.js';
import { definition as getPhlebotomyAppointment } from './team/getPhlebotomyAppointment.js';
import { definition as bookPhlebotomyAppointment } from './team/bookPhlebotomyAppointment.js';
import { definition as requestPhlebotomyAppointment } from './team/requestPhlebotomyAppointment.js';
import { definition as reschedulePhlebotomyAppointment } from './team/reschedulePhlebotomyAppointment.js';
import { definition as cancelPhlebotomyAppointment } from './team/cancelPhlebotomyAppointment.js';
import { definition as getAreaInfo } from './team/getAreaInfo.js';
import { definition as getPscInfo } from './team/getPscInfo.js';
import { definition as getOrderPscInfo } from './team/getOrderPscInfo.js';
import { definition as getPscAppointmentAvailability } from './team/getPscAppointmentAvailability.js';
import { definition as listPscAppointmentCancellationReasons } from './team/listPscAppointmentCancellationReasons.js';
import { definition as getPscAppointment } from './team/getPscAppointment.js';
import { definition as bookPscAppointment } from './team/bookPscAppointment.js';
import { definition as reschedulePscAppointment } from './team/reschedulePscAppointment.js';
import { definition as cancelPscAppointment } from './team/cancelPscAppointment.js';
import { definition as getTeam } from './management/getTeam.js';
import { definition as listLabAccounts } from './team/listLabAccounts.js';
import { definition as updateUser } from './team/updateUser.js';
import { definition as cancelUserDeletion } from './team/cancelUserDeletion.js';
import { definition as getTeamMetrics } from './team/getTeamMetrics.js';
import { definition as createUserPortalUrl } from './team/createUserPortalUrl.js';
import { definition as createTestkitOrder } from './team/createTestkitOrder.js';
import { definition as registerTestkit } from './team/registerTestkit.js';
import { definition as searchDiagnoses } from './team/searchDiagnoses.js';
import { definition as validateIcdCodes } from './team/validateIcdCodes.js';
import { definition as searchPayors } from './team/searchPayors.js';
import { definition as searchPayorsDeprecated } from './team/searchPayorsDeprecated.js';
import { definition as createPayor } from './team/createPayor.js';
import { definition as listUnmatchedResults } from './team/listUnmatchedResults.js';
import { definition as getUnmatchedResult } from './team/getUnmatchedResult.js';
import { definition as acceptUnmatchedResult } from './team/acceptUnmatchedResult.js';
import { definition as resolveUnmatchedResult } from './team/resolveUnmatchedResult.js';
import { definition as createSandboxUnmatchedResult } from './team/createSandboxUnmatchedResult.js';
import { definition as updateOrder } from './team/updateOrder.js';
import { definition as getOrderCommunicationSettings } from './team/getOrderCommunicationSettings.js';
import { definition as updateOrderCommunicationSettings } from './team/updateOrderCommunicationSettings.js';
import { definition as updateOrderDrawCompleted } from './team/updateOrderDrawCompleted.js';
import { definition as updateLabTest } from './team/updateLabTest.js';
import { definition as listLabTestMarkers } from './team/listLabTestMarkers.js';
import { definition as getMarkerByProviderId } from './team/getMarkerByProviderId.js';
import { definition as getLabTestCollectionInstructionPdf } from './team/getLabTestCollectionInstructionPdf.js';
import { definition as searchCompendium } from './team/searchCompendium.js';
import { definition as convertCompendium } from './team/convertCompendium.js';
import { definition as listUserDevices } from './team/listUserDevices.js';
import { definition as getUserDevice } from './team/getUserDevice.js';
import { definition as getUserDevicesRaw } from './team/getUserDevicesRaw.js';
import { definition as simulateConnectionError } from './team/simulateConnectionError.js';
import { definition as resendOrderEvents } from './team/resendOrderEvents.js';
import { definition as getOrderAbnPdf } from './team/getOrderAbnPdf.js';
import { definition as getOrderCollectionInstructionPdf } from './team/getOrderCollectionInstructionPdf.js';
import { definition as getOrderLabelsPdf } from './team/getOrderLabelsPdf.js';
import { definition as getOwnTeam } from './team/getOwnTeam.js';
import { definition as searchTeamUsers } from './team/searchTeamUsers.js';
import { definition as getTeamWebhooksPortalUrl } from './team/getTeamWebhooksPortalUrl.js';
import { definition as getSourcePriorities } from './team/getSourcePriorities.js';
import { definition as updateSourcePriorities } from './team/updateSourcePriorities.js';
import { definition as listTeamPhysicians } from './team/listTeamPhysicians.js';
import { definition as getUserResources } from './team/getUserResources.js';
import { definition as getUserHistoricalPulls } from './team/getUserHistoricalPulls.js';
import { definition as importOrder } from './team/importOrder.js';
import { definition as connectPasswordProvider } from './team/connectPasswordProvider.js';
import { definition as completePasswordProviderMfa } from './team/completePasswordProviderMfa.js';
import { definition as connectEmailProvider } from './team/connectEmailProvider.js';
import { definition as listLinkProviders } from './team/listLinkProviders.js';
import { definition as bulkExportConnections } from './team/bulkExportConnections.js';
import { definition as bulkPauseConnections } from './team/bulkPauseConnections.js';
import { definition as createLabReportParserJob } from './team/createLabReportParserJob.js';
import { definition as getLabReportParserJob } from './team/getLabReportParserJob.js';
import { definition as bulkImportConnections } from './team/bulkImportConnections.js';
import { definition as redrawOrder } from './team/redrawOrder.js';
import { definition as getOrderTransaction } from './team/getOrderTransaction.js';
import { definition as getOrderTransactionResult } from './team/getOrderTransactionResult.js';
import { definition as getOrderTransactionResultPdf } from './team/getOrderTransactionResultPdf.js';
// scaffold:imports

export const OPERATIONS: readonly OperationDefinition[] = [
  createUser,
  listUsers,
  getUser,
  deleteUser,
  resolveUser,
  createInsurance,
  updateUserInfo,
  getLatestUserInfo,
  getLatestInsurance,
  createSignInToken,
  listUserProviders,
  refreshUser,
  deregisterProvider,
  createLinkCode,
  createLinkToken,
  bulkTriggerHistoricalPull,
  listBulkOps,
  connectDemoProvider,
  connectSdkProvider,
  getOAuthProvider,
  listProviders,
  listMarkers,
  listOrderSetMarkers,
  getActivity,
  getSleep,
  getBody,
  getWorkouts,
  getMeals,
  getSleepCycles,
  getElectrocardiograms,
  getMenstrualCycles,
  getCholesterolTotal,
  getCholesterolLdl,
  getCholesterolHdl,
  getCholesterolTriglycerides,
  getActivityRaw,
  getSleepRaw,
  getBodyRaw,
  getWorkoutsRaw,
  getProfile,
  getProfileRaw,
  getTimeseriesGrouped,
  getTimeseries,
  getWorkoutStream,
  getSleepStream,
  listTeams,
  createTeam,
  createTeamApiKey,
  updateTeam,
  revokeTeamApiKey,
  listDataPullPreferences,
  setDataPullPreference,
  createWebhookEndpoint,
  listWebhookEndpoints,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listTeamEvents,
  replayWebhookDeliveries,
  listLabTests,
  listLabTestsDeprecated,
  createLabTest,
  listLabs,
  getLabTest,
  createOrder,
  getOrder,
  listOrders,
  cancelOrder,
  simulateOrder,
  getOrderResult,
  getOrderResultMetadata,
  getOrderResultPdf,
  getOrderRequisitionPdf,
  getSignedOrderRequisitionPdf,
  getPhlebotomyAppointmentAvailability,
  listPhlebotomyAppointmentCancellationReasons,
  getPhlebotomyAppointment,
  bookPhlebotomyAppointment,
  requestPhlebotomyAppointment,
  reschedulePhlebotomyAppointment,
  cancelPhlebotomyAppointment,
  getAreaInfo,
  getPscInfo,
  getOrderPscInfo,
  getPscAppointmentAvailability,
  listPscAppointmentCancellationReasons,
  getPscAppointment,
  bookPscAppointment,
  reschedulePscAppointment,
  cancelPscAppointment,
  getTeam,
  listLabAccounts,
  updateUser,
  cancelUserDeletion,
  getTeamMetrics,
  createUserPortalUrl,
  createTestkitOrder,
  registerTestkit,
  searchDiagnoses,
  validateIcdCodes,
  searchPayors,
  searchPayorsDeprecated,
  createPayor,
  listUnmatchedResults,
  getUnmatchedResult,
  acceptUnmatchedResult,
  resolveUnmatchedResult,
  createSandboxUnmatchedResult,
  updateOrder,
  getOrderCommunicationSettings,
  updateOrderCommunicationSettings,
  updateOrderDrawCompleted,
  updateLabTest,
  listLabTestMarkers,
  getMarkerByProviderId,
  getLabTestCollectionInstructionPdf,
  searchCompendium,
  convertCompendium,
  listUserDevices,
  getUserDevice,
  getUserDevicesRaw,
  simulateConnectionError,
  resendOrderEvents,
  getOrderAbnPdf,
  getOrderCollectionInstructionPdf,
  getOrderLabelsPdf,
  getOwnTeam,
  searchTeamUsers,
  getTeamWebhooksPortalUrl,
  getSourcePriorities,
  updateSourcePriorities,
  listTeamPhysicians,
  getUserResources,
  getUserHistoricalPulls,
  importOrder,
  connectPasswordProvider,
  completePasswordProviderMfa,
  connectEmailProvider,
  listLinkProviders,
  bulkExportConnections,
  bulkPauseConnections,
  createLabReportParserJob,
  getLabReportParserJob,
  bulkImportConnections,
  redrawOrder,
  getOrderTransaction,
  getOrderTransactionResult,
  getOrderTransactionResultPdf,
  // scaffold:operations
];
