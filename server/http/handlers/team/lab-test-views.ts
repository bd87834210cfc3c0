import type { MarkerCatalog } from '../../../domain/lab-markers/catalog.js';
import { isStandardLabTestId, standardLabTests, toLabTestView, type CollectionMethod, type LabTestDefinition, type LabTestStatus, type LabTestView } from '../../../domain/lab-tests/catalog.js';
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

// The standard lab tests of a catalog (built by filtering every marker of it: not per request).
const standards = new WeakMap<MarkerCatalog, readonly LabTestDefinition[]>();
function standardsOf(markers: MarkerCatalog): readonly LabTestDefinition[] {
  let tests = standards.get(markers);
  if (!tests) standards.set(markers, (tests = Object.freeze(standardLabTests(markers).map((test) => Object.freeze(test)))));
  return tests;
}

/** The team's lab tests (standard ones included) among these ids, by lowercased id. */
export async function findTeamLabTests(deps: Deps, teamId: string, ids: readonly string[]): Promise<Map<string, LabTestDefinition>> {
  const found = new Map<string, LabTestDefinition>();
  for (const test of standardsOf(deps.markers)) if (ids.some((id) => id.toLowerCase() === test.id)) found.set(test.id, test);
  const stored = await findLabTests(deps.db, teamId, ids.filter((id) => !isStandardLabTestId(id)));
  for (const record of stored) found.set(record.id, toLabTestDefinition(record));
  return found;
}

/** The team's lab test (a standard one included), or the 404. */
export async function requireLabTest(deps: Deps, teamId: string, labTestId: string): Promise<LabTestDefinition> {
  const standard = standardsOf(deps.markers).find((t) => t.id === labTestId.toLowerCase());
  if (standard) return standard;
  const record = await findLabTest(deps.db, teamId, labTestId);
  if (!record) throw new ApiError(404, `Lab test ${labTestId} not found.`);
  return toLabTestDefinition(record);
}

// Lab tests never change once stored, so the view of a stored (or standard) lab test is the
// same for every order of it: built once per catalog and id (an order's body then holds the
// same object, whose stored text storage memoises too).
const views = new WeakMap<MarkerCatalog, Map<string, Readonly<LabTestView>>>();
const VIEWS_KEPT = 1_000;

/** The LabTest view of a stored or standard lab test, memoised. */
export function storedLabTestView(markers: MarkerCatalog, test: LabTestDefinition): Readonly<LabTestView> {
  let byId = views.get(markers);
  if (!byId) views.set(markers, (byId = new Map()));
  let view = byId.get(test.id);
  if (view === undefined) {
    view = Object.freeze(toLabTestView(markers, test));
    if (byId.size >= VIEWS_KEPT) byId.delete(byId.keys().next().value as string);
    byId.set(test.id, view);
  }
  return view;
}
