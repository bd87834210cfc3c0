/**
 * A team's order of sources per data type (GET/PATCH /v2/team/source/priorities): which
 * providers of the catalog supply each data type, the full order a stored choice gives, and the
 * checks of a requested change. The order is a stored setting: data reads answer every source
 * under its own provider and do not consult it (docs/decisions.md).
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
