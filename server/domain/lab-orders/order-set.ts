/**
 * What an order orders: its order set (or deprecated lab_test_id) resolved against the
 * team's lab tests and the marker catalog, with every problem named. Pure.
 */
import type { MarkerCatalog } from '../lab-markers/catalog.js';
import { labAccountProblem, resolveLabTestMarkers, unknownLabAccount, type CollectionMethod, type LabTestDefinition, type MarkerProblem } from '../lab-tests/catalog.js';

export interface OrderSetInput {
  lab_test_ids: readonly string[];
  /** Where lab_test_ids came from, for the 422's loc: ['order_set', 'lab_test_ids'] or ['lab_test_id']. */
  lab_test_loc: (string | number)[];
  single_lab_test: boolean;
  add_on_marker_ids: readonly number[];
  add_on_provider_ids: readonly string[];
  collection_method: CollectionMethod | null;
  /**
   * The lab accounts the request names, each with where it named it (['order_set', 'lab_account_id'],
   * ['lab_account_id']): every one must give access to the order's lab, and all must be one account.
   */
  lab_accounts: readonly { id: string; loc: (string | number)[] }[];
  /** The order's billing type and patient state, which the lab account must allow. */
  billing_type?: string | null;
  patient_state?: string | null;
}

export type ResolvedOrderSet =
  | { ok: true; method: CollectionMethod; lab_test: LabTestDefinition }
  /** Several lab tests or add-ons: a new, auto-generated lab test of these markers. */
  | { ok: true; method: CollectionMethod; new_lab_test: Omit<LabTestDefinition, 'id'> }
  | { ok: false; problems: MarkerProblem[] };

/**
 * `found` maps each requested lab test id (lowercased) to the team's lab test. Rules:
 * every lab test known, active and named once, one lab and one collection method among them
 * (and `collection_method`, when given, that one; required without lab tests), add-ons at
 * that lab and collectable by it, each lab account given known and with access to that lab (an
 * unknown one is named even when the order's lab is not known).
 */
export function resolveOrderLabTests(catalog: MarkerCatalog, input: OrderSetInput, found: ReadonlyMap<string, LabTestDefinition>): ResolvedOrderSet {
  const problems: MarkerProblem[] = [];
  const tests: LabTestDefinition[] = [];
  const seen = new Set<string>();
  input.lab_test_ids.forEach((id, i) => {
    const loc = input.single_lab_test ? input.lab_test_loc : [...input.lab_test_loc, i];
    const test = found.get(id.toLowerCase());
    if (seen.has(id.toLowerCase())) problems.push({ loc, msg: `Lab test ${id} is named more than once` });
    else if (!test) problems.push({ loc, msg: `Unknown lab test ${id}` });
    else if (test.status !== 'active') problems.push({ loc, msg: `Lab test ${id} is ${test.status} and cannot be ordered` });
    else tests.push(test);
    seen.add(id.toLowerCase());
  });
  const hasAddOns = input.add_on_marker_ids.length > 0 || input.add_on_provider_ids.length > 0;
  if (input.lab_test_ids.length === 0 && !hasAddOns) {
    problems.push({ loc: input.lab_test_loc, msg: 'The order set names no lab test and no add-on marker' });
  }
  // Every problem is named: the lab tests', the method's, the add-ons' and the lab account's.
  const methods = [...new Set(tests.map((t) => t.method))];
  const labs = [...new Set(tests.map((t) => t.lab_id))];
  if (labs.length > 1) problems.push({ loc: input.lab_test_loc, msg: `The lab tests are at several labs (${labs.join(', ')}); an order goes to one lab` });
  if (methods.length > 1) problems.push({ loc: input.lab_test_loc, msg: `The lab tests are collected by several methods (${methods.join(', ')}); an order has one` });
  const testsMethod = methods.length === 1 ? (methods[0] as CollectionMethod) : null;
  const method = input.collection_method ?? testsMethod;
  if (method === null && input.lab_test_ids.length === 0 && hasAddOns) {
    problems.push({ loc: ['collection_method'], msg: 'collection_method is required for an order set of add-on markers only' });
  }
  if (testsMethod !== null && method !== null && testsMethod !== method) {
    problems.push({ loc: ['collection_method'], msg: `The lab test is collected by ${testsMethod}, not ${method}` });
  }
  const labId = labs.length === 1 ? (labs[0] as number) : null;
  const single = tests.length === 1 && !hasAddOns;

  // Add-ons are checked once the order's method is known, against the lab tests' lab when there is one.
  const addOns = single || method === null || labs.length > 1
    ? null
    : resolveLabTestMarkers(catalog, method, { marker_ids: input.add_on_marker_ids, provider_ids: input.add_on_provider_ids }, labId);
  if (addOns && !addOns.ok) {
    problems.push(...addOns.problems.map((p) => ({ loc: p.loc.length === 0 ? p.loc : ['add_on', ...p.loc], msg: p.msg })));
  }
  // Each lab account at its own location: against the order's lab, or, when that is not known, known at all.
  const orderLab = labs.length > 1 ? null : labId ?? addOns?.lab_id ?? null;
  const accountProblems = input.lab_accounts.flatMap((account) => {
    const problem = orderLab === null
      ? unknownLabAccount(catalog, account.id)
      : labAccountProblem(catalog, orderLab, account.id, { ordering: true, method, billing_type: input.billing_type ?? 'client_bill', patient_state: input.patient_state ?? null });
    return problem ? [{ loc: account.loc, msg: problem.msg }] : [];
  });
  problems.push(...accountProblems);
  // An order goes through one account: two good ones that differ are a problem of the later mention.
  const [first, ...later] = input.lab_accounts;
  const other = later.find((account) => account.id.toLowerCase() !== first!.id.toLowerCase());
  if (accountProblems.length === 0 && other !== undefined) {
    problems.push({ loc: other.loc, msg: `Lab account ${other.id} is not ${first!.id}, given at ${first!.loc.join('.')}: an order goes through one lab account` });
  }
  if (single) {
    if (problems.length > 0) return { ok: false, problems };
    return { ok: true, method: method as CollectionMethod, lab_test: tests[0] as LabTestDefinition };
  }
  if (problems.length > 0 || !addOns || !addOns.ok || method === null) return { ok: false, problems };
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
