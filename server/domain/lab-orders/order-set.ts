/**
 * What an order orders: its order set (or deprecated lab_test_id) resolved against the
 * team's lab tests and the marker catalog, with every problem named. Pure.
 */
import type { MarkerCatalog } from '../lab-markers/catalog.js';
import { resolveLabTestMarkers, type CollectionMethod, type LabTestDefinition, type MarkerProblem } from '../lab-tests/catalog.js';

export interface OrderSetInput {
  lab_test_ids: readonly string[];
  /** Where lab_test_ids came from, for the 422's loc: ['order_set', 'lab_test_ids'] or ['lab_test_id']. */
  lab_test_loc: (string | number)[];
  single_lab_test: boolean;
  add_on_marker_ids: readonly number[];
  add_on_provider_ids: readonly string[];
  collection_method: CollectionMethod | null;
  lab_account_id: string | null;
}

export type ResolvedOrderSet =
  | { ok: true; method: CollectionMethod; lab_test: LabTestDefinition }
  /** Several lab tests or add-ons: a new, auto-generated lab test of these markers. */
  | { ok: true; method: CollectionMethod; new_lab_test: Omit<LabTestDefinition, 'id'> }
  | { ok: false; problems: MarkerProblem[] };

/**
 * `found` maps each requested lab test id (lowercased) to the team's lab test. Rules:
 * every lab test known and active, one lab and one collection method among them (and
 * `collection_method`, when given, that one), add-ons at that lab and collectable by it.
 */
export function resolveOrderLabTests(catalog: MarkerCatalog, input: OrderSetInput, found: ReadonlyMap<string, LabTestDefinition>): ResolvedOrderSet {
  const problems: MarkerProblem[] = [];
  const tests: LabTestDefinition[] = [];
  input.lab_test_ids.forEach((id, i) => {
    const loc = input.single_lab_test ? input.lab_test_loc : [...input.lab_test_loc, i];
    const test = found.get(id.toLowerCase());
    if (!test) problems.push({ loc, msg: `Unknown lab test ${id}` });
    else if (test.status !== 'active') problems.push({ loc, msg: `Lab test ${id} is ${test.status} and cannot be ordered` });
    else tests.push(test);
  });
  const hasAddOns = input.add_on_marker_ids.length > 0 || input.add_on_provider_ids.length > 0;
  if (input.lab_test_ids.length === 0 && !hasAddOns) {
    problems.push({ loc: input.lab_test_loc, msg: 'The order set names no lab test and no add-on marker' });
  }
  if (problems.length > 0) return { ok: false, problems };

  const methods = [...new Set(tests.map((t) => t.method))];
  const labs = [...new Set(tests.map((t) => t.lab_id))];
  if (labs.length > 1) return { ok: false, problems: [{ loc: input.lab_test_loc, msg: `The lab tests are at several labs (${labs.join(', ')}); an order goes to one lab` }] };
  if (methods.length > 1) return { ok: false, problems: [{ loc: input.lab_test_loc, msg: `The lab tests are collected by several methods (${methods.join(', ')}); an order has one` }] };
  const method = input.collection_method ?? methods[0] ?? null;
  if (method === null) return { ok: false, problems: [{ loc: ['collection_method'], msg: 'collection_method is required for an order set of add-on markers only' }] };
  if (methods[0] !== undefined && methods[0] !== method) {
    return { ok: false, problems: [{ loc: ['collection_method'], msg: `The lab test is collected by ${methods[0]}, not ${method}` }] };
  }

  if (tests.length === 1 && !hasAddOns) return { ok: true, method, lab_test: tests[0] as LabTestDefinition };

  const addOns = resolveLabTestMarkers(
    catalog,
    method,
    { marker_ids: input.add_on_marker_ids, provider_ids: input.add_on_provider_ids, lab_account_id: input.lab_account_id },
    labs[0] ?? null,
  );
  if (!addOns.ok) {
    return { ok: false, problems: addOns.problems.map((p) => ({ loc: p.loc[0] === 'lab_account_id' || p.loc.length === 0 ? p.loc : ['add_on', ...p.loc], msg: p.msg })) };
  }
  const markerIds = [...new Set([...tests.flatMap((t) => t.marker_ids), ...addOns.marker_ids])];
  const name = tests.length > 0 ? `${tests.map((t) => t.name).join(' + ')}${hasAddOns ? ' + add-ons' : ''}` : 'Add-on markers';
  return {
    ok: true,
    method,
    new_lab_test: {
      slug: 'order_set',
      name,
      description: `Order set: ${tests.map((t) => t.name).join(', ') || 'no lab test'}; markers ${markerIds.join(', ')}.`,
      method,
      lab_id: addOns.lab_id,
      marker_ids: markerIds,
      fasting: tests.some((t) => t.fasting),
      status: 'active',
      auto_generated: true,
    },
  };
}
