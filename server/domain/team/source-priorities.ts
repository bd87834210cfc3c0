/**
 * A team's order of sources per data type (GET/PATCH /v2/team/source/priorities): which
 * providers of the catalog supply each data type, the full order a stored choice gives, the
 * checks of a requested change, and the order it gives the sources of a data read without a
 * provider filter (the reads each data type orders: PRIORITY_OF_READ; docs/decisions.md).
 */
import { PROVIDERS, type SupportedResource } from '../providers/catalog.js';

/** The data types a team can order (PriorityResource.yaml), in the order the answers list them. */
export const PRIORITY_RESOURCES = ['workouts', 'activity', 'sleep', 'body', 'timeseries'] as const;
export type PriorityResource = (typeof PRIORITY_RESOURCES)[number];

/**
 * Resources that are not a timeseries: the daily summaries and their streams, lab and
 * connection records, devices. A provider supplies `timeseries` when it supports any other.
 * A fixed list (no state): a constant of the catalog, read by a pure rule.
 */
const NOT_TIMESERIES: readonly SupportedResource[] = [
  'profile', 'activity', 'sleep', 'sleep_cycle', 'body', 'workouts', 'workout_stream', 'sleep_stream', 'meal',
  'connection', 'order', 'result', 'match_review', 'appointment', 'device', 'device_legacy',
  'menstrual_cycle', 'electrocardiogram',
];

const supplies = (resources: readonly SupportedResource[], dataType: PriorityResource): boolean =>
  dataType === 'timeseries' ? resources.some((resource) => !NOT_TIMESERIES.includes(resource)) : resources.includes(dataType);

/** The slugs of the catalog's providers that supply `dataType`, by slug. */
export function providersSupplying(dataType: PriorityResource): string[] {
  return PROVIDERS.filter((provider) => supplies(provider.supported_resources, dataType))
    .map((provider) => provider.slug)
    .sort();
}

/**
 * The full order of `dataType`'s sources: the stored choice first (those the catalog still lists
 * as supplying it, in its order), then every other supplier by slug.
 */
export function sourceOrder(dataType: PriorityResource, chosen: readonly string[]): string[] {
  const suppliers = providersSupplying(dataType);
  const first = chosen.filter((slug) => suppliers.includes(slug));
  return [...first, ...suppliers.filter((slug) => !first.includes(slug))];
}

/** A provider named for a data type it does not supply: where it is in the request. */
export interface RefusedPriority {
  data_type: PriorityResource;
  index: number;
  provider: string;
}

/** The providers of a requested change that do not supply their data type (each data type's list, in order). */
export function refusedPriorities(change: Partial<Record<PriorityResource, readonly string[]>>): RefusedPriority[] {
  return PRIORITY_RESOURCES.flatMap((dataType) => {
    const suppliers = providersSupplying(dataType);
    return (change[dataType] ?? []).flatMap((provider, index) => (suppliers.includes(provider) ? [] : [{ data_type: dataType, index, provider }]));
  });
}

/**
 * The data type whose order a read follows when it names no provider: the summaries (and their
 * raw records) of the four summary data types, and every sample timeseries (grouped or plain).
 * The other reads (meals, sleep cycles, electrocardiograms, menstrual cycles, the profile, lab
 * timeseries) have no data type of the family's PriorityResource and keep the slug order.
 */
export const PRIORITY_OF_READ = {
  getActivity: 'activity',
  getActivityRaw: 'activity',
  getSleep: 'sleep',
  getSleepRaw: 'sleep',
  getBody: 'body',
  getBodyRaw: 'body',
  getWorkouts: 'workouts',
  getWorkoutsRaw: 'workouts',
  getTimeseriesGrouped: 'timeseries',
  getTimeseries: 'timeseries',
} as const satisfies Record<string, PriorityResource>;

/**
 * `items` (each of one provider) in the team's order of `dataType`'s sources (sourceOrder of its
 * stored choice `chosen`; none: every supplier by slug): a provider the order does not list
 * after all that it lists, by slug. Items of the same provider keep their order.
 */
export function inSourceOrder<T>(items: readonly T[], providerOf: (item: T) => string, dataType: PriorityResource, chosen: readonly string[] | null): T[] {
  const order = sourceOrder(dataType, chosen ?? []);
  const rank = (provider: string) => {
    const at = order.indexOf(provider);
    return at === -1 ? order.length : at;
  };
  return items
    .map((item, index) => ({ item, index, provider: providerOf(item), rank: rank(providerOf(item)) }))
    .sort((a, b) => a.rank - b.rank || (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0) || a.index - b.index)
    .map(({ item }) => item);
}
