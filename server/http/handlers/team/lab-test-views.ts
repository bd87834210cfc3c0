import { isStandardLabTestId, standardLabTests, toLabTestView, type CollectionMethod, type LabTestDefinition, type LabTestStatus, type LabTestView } from '../../../domain/lab-tests/catalog.js';
import { deepFreeze } from '../../../shared/cache.js';
import { findLabTest, findLabTests, type LabTestRecord } from '../../../storage/repositories/lab-tests.js';
import { ApiError } from '../../api-error.js';
import type { Deps } from '../context.js';

export function toLabTestDefinition(record: LabTestRecord): LabTestDefinition {
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    description: record.description,
    method: record.method as CollectionMethod,
    lab_id: record.lab_id,
    marker_ids: record.marker_ids,
    fasting: record.fasting,
    status: record.status as LabTestStatus,
    auto_generated: record.auto_generated,
  };
}

/** The standard lab tests of the app's catalog: built per request from the catalog's index (keeping them gained nothing measurable on POST /v3/order). */
function standardsOf(deps: Pick<Deps, 'markers'>): readonly LabTestDefinition[] {
  return standardLabTests(deps.markers);
}

/** The team's lab tests (standard ones included) among these ids, by lowercased id. */
export async function findTeamLabTests(deps: Deps, teamId: string, ids: readonly string[]): Promise<Map<string, LabTestDefinition>> {
  const found = new Map<string, LabTestDefinition>();
  for (const test of standardsOf(deps)) if (ids.some((id) => id.toLowerCase() === test.id)) found.set(test.id, test);
  const stored = await findLabTests(deps.db, teamId, ids.filter((id) => !isStandardLabTestId(id)));
  for (const record of stored) found.set(record.id, toLabTestDefinition(record));
  return found;
}

/** The team's lab test (a standard one included), or the 404. */
export async function requireLabTest(deps: Deps, teamId: string, labTestId: string): Promise<LabTestDefinition> {
  const standard = standardsOf(deps).find((t) => t.id === labTestId.toLowerCase());
  if (standard) return standard;
  const record = await findLabTest(deps.db, teamId, labTestId);
  if (!record) throw new ApiError(404, `Lab test ${labTestId} not found.`);
  return toLabTestDefinition(record);
}

/**
 * The LabTest view of a stored or standard lab test (lab-test-views). Only its name and status can
 * change (PATCH), and they are in the key, so the view is the same for every order of it as it is: an order's body then holds the
 * same frozen object, whose stored text and digest storage memoises (lab-test-snapshots). Frozen
 * in every environment for that reason.
 */
export function storedLabTestView(deps: Pick<Deps, 'markers' | 'caches'>, test: LabTestDefinition): Readonly<LabTestView> {
  // Keyed by what PATCH /v3/lab_tests/{lab_test_id} can change too: a renamed or (de)activated lab test is a new entry.
  return deps.caches.labViews.labTestViews.getOrSet(`${test.id}\u0000${test.status}\u0000${test.name}`, () => deepFreeze(toLabTestView(deps.markers, test)));
}
