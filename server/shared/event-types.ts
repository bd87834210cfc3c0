/**
 * The event types of the team API's webhooks, for everyone that names them: the typed
 * client (server/client/webhooks.ts) and the management API's endpoint filters
 * (server/domain/webhooks/rules.ts). It imports only its neighbour resources.ts, as the typed
 * client ships both.
 */
import { TIMESERIES_RESOURCES as ALL_TIMESERIES, eventResourceName } from './resources.js';

const SUMMARY_RESOURCES = ['activity', 'sleep', 'body', 'workouts', 'sleep_cycle', 'profile', 'meal', 'electrocardiogram', 'menstrual_cycle'] as const;
/**
 * `hypnogram`'s event types are `*.timeseries.hypnogram.*` (below), not `*.data.hypnogram.*`;
 * `body_weight` and `body_fat` are `weight` and `fat` in event types (eventResourceName).
 */
const TIMESERIES_RESOURCES = ALL_TIMESERIES.filter((resource) => resource !== 'hypnogram').map(eventResourceName);
/**
 * The lab-sourced timeseries (server/domain/lab-results/timeseries.ts, not imported: the typed
 * client ships this file): `daily.data.<resource>.created` when an order's final results
 * bring samples; their `.updated` and `historical.data.*` types are the family's, never sent.
 */
const LAB_TIMESERIES_RESOURCES = ['cholesterol', 'ige', 'igg'] as const;
const HISTORICAL_RESOURCES = [...SUMMARY_RESOURCES, ...TIMESERIES_RESOURCES, 'workout_stream', ...LAB_TIMESERIES_RESOURCES] as const;
const DAILY_ACTIONS = ['created', 'updated'] as const;

/**
 * Every event type of this version of the API: the team document's `webhooks`
 * (test/jobs/webhooks/consumer.test.ts holds them equal).
 */
export const EVENT_TYPES: readonly string[] = [
  ...SUMMARY_RESOURCES.flatMap((resource) => DAILY_ACTIONS.map((action) => `daily.data.${resource}.${action}`)),
  ...TIMESERIES_RESOURCES.flatMap((resource) => DAILY_ACTIONS.map((action) => `daily.data.${resource}.${action}`)),
  ...LAB_TIMESERIES_RESOURCES.flatMap((resource) => DAILY_ACTIONS.map((action) => `daily.data.${resource}.${action}`)),
  'daily.data.workout_stream.created',
  'daily.data.workout_stream.updated',
  ...HISTORICAL_RESOURCES.map((resource) => `historical.data.${resource}.created`),
  'provider.connection.created',
  'provider.device.created',
  'provider.device.updated',
  'provider.connection.error',
  'historical.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.created',
  'daily.timeseries.hypnogram.updated',
  'labtest.order.created',
  'labtest.order.updated',
  'labtest.result.critical',
  'labtest.match_review.created',
  'labtest.appointment.created',
  'labtest.appointment.updated',
  'lab_report.parsing_job.created',
  'lab_report.parsing_job.updated',
];
