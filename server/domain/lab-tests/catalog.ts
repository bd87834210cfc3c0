/**
 * Lab tests: what each partner lab can collect, which markers a collection method can
 * order, the standard lab tests every team starts with, and the rules a new lab test
 * must follow. Pure data and functions over the marker catalog.
 *
 * Wire shapes: spec/team/components/schemas/LabTest.yaml, ClientFacingLab.yaml.
 */
import { labAccountUseProblem, type LabAccountUse } from '../lab-accounts/rules.js';
import { toClientFacingMarker, unmatchedCodeMessage, type ClientFacingMarker, type LabMarker, type MarkerCatalog } from '../lab-markers/catalog.js';

export const COLLECTION_METHODS = ['testkit', 'walk_in_test', 'at_home_phlebotomy', 'on_site_collection'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];
export type SampleType = 'dried_blood_spot' | 'arm_collector' | 'serum' | 'saliva' | 'urine';
export type LabTestStatus = 'active' | 'pending_approval' | 'inactive';

/** Wire shape of ClientFacingLab.yaml. */
export interface ClientFacingLab {
  id: number;
  slug: string;
  name: string;
  first_line_address: string;
  city: string;
  zipcode: string;
  collection_methods: CollectionMethod[];
  sample_types: SampleType[];
}

interface LabProfile {
  readonly first_line_address: string;
  readonly city: string;
  readonly zipcode: string;
  readonly collection_methods: readonly CollectionMethod[];
  readonly sample_types: readonly SampleType[];
}

/** Headquarters addresses and what each lab collects, by lab id (marker catalog LABS). */
const LAB_PROFILES: ReadonlyMap<number, LabProfile> = new Map([
  [1, { first_line_address: '531 South Spring Street', city: 'Burlington', zipcode: '27215', collection_methods: ['testkit', 'walk_in_test', 'at_home_phlebotomy', 'on_site_collection'], sample_types: ['dried_blood_spot', 'serum', 'urine'] }],
  [2, { first_line_address: '500 Plaza Drive', city: 'Secaucus', zipcode: '07094', collection_methods: ['walk_in_test', 'at_home_phlebotomy', 'on_site_collection'], sample_types: ['serum', 'urine'] }],
  [3, { first_line_address: '481 Edward H. Ross Drive', city: 'Elmwood Park', zipcode: '07407', collection_methods: ['walk_in_test', 'at_home_phlebotomy'], sample_types: ['serum', 'urine'] }],
  [4, { first_line_address: '1255 West Washington Street', city: 'Tempe', zipcode: '85281', collection_methods: ['walk_in_test'], sample_types: ['serum', 'urine'] }],
]);

/**
 * Marker slugs a dried-blood-spot testkit can measure (a finger-prick card): the only
 * markers a `testkit` lab test may contain.
 */
export const TESTKIT_MARKER_SLUGS: ReadonlySet<string> = new Set([
  'hba1c', 'hba1c-eag', 'tsh', 'free-t4', 'free-t3', 'tpo-ab', 'testosterone-total', 'testosterone-free', 'shbg',
  'estradiol', 'progesterone', 'lh', 'fsh', 'dhea-s', 'cortisol', 'prolactin', 'psa-total', 'vitamin-d',
  'hs-crp', 'cholesterol-total', 'hdl', 'ldl-direct', 'triglycerides', 'lipid-panel', 'ferritin', 'insulin',
]);

const URINE_SLUG = /^(urine-|urinalysis|uacr)/;

/** Days from the sample reaching the lab to the results: usual and worst case. */
export function turnaroundDays(method: CollectionMethod): { common: number; worst: number } {
  return method === 'testkit' ? { common: 5, worst: 10 } : { common: 3, worst: 7 };
}

/** A lab test as stored or defined: markers by id, one lab, one method. */
export interface LabTestDefinition {
  id: string;
  slug: string;
  name: string;
  description: string;
  method: CollectionMethod;
  lab_id: number;
  marker_ids: readonly number[];
  fasting: boolean;
  status: LabTestStatus;
  auto_generated: boolean;
}

/** Wire shape of LabTest.yaml. */
export interface LabTestView {
  id: string;
  slug: string;
  name: string;
  sample_type: SampleType;
  method: CollectionMethod;
  price: number;
  is_active: boolean;
  status: LabTestStatus;
  fasting: boolean;
  lab: ClientFacingLab;
  markers: ClientFacingMarker[];
  auto_generated: boolean;
  /** Deprecated in the family: ordering through the team's own physician network; never here. */
  is_delegated: boolean;
  has_collection_instructions: boolean;
  common_tat_days: number;
  worst_case_tat_days: number;
}

export function labView(catalog: MarkerCatalog, labId: number): ClientFacingLab {
  const lab = catalog.labs.find((l) => l.id === labId);
  const profile = LAB_PROFILES.get(labId);
  if (!lab || !profile) throw new Error(`unknown lab ${labId}`);
  return {
    id: lab.id,
    slug: lab.slug,
    name: lab.name,
    first_line_address: profile.first_line_address,
    city: profile.city,
    zipcode: profile.zipcode,
    collection_methods: [...profile.collection_methods],
    sample_types: [...profile.sample_types],
  };
}

/** Every partner lab (GET /v3/lab_tests/labs), by id. */
export function listLabs(catalog: MarkerCatalog): ClientFacingLab[] {
  return catalog.labs.filter((l) => LAB_PROFILES.has(l.id)).map((l) => labView(catalog, l.id));
}

function sampleTypeOf(method: CollectionMethod, markers: readonly LabMarker[]): SampleType {
  if (method === 'testkit') return 'dried_blood_spot';
  return markers.length > 0 && markers.every((m) => URINE_SLUG.test(m.slug)) ? 'urine' : 'serum';
}

/** Sum of the markers' list prices, in dollars (cents are summed as integers). */
function priceOf(markers: readonly LabMarker[]): number {
  return markers.reduce((cents, m) => cents + Math.round(Number(m.price) * 100), 0) / 100;
}

export function toLabTestView(catalog: MarkerCatalog, test: LabTestDefinition): LabTestView {
  const markers = test.marker_ids.map((id) => catalog.index.markerById.get(id)).filter((m): m is LabMarker => m !== undefined);
  const tat = turnaroundDays(test.method);
  return {
    id: test.id,
    slug: test.slug,
    name: test.name,
    sample_type: sampleTypeOf(test.method, markers),
    method: test.method,
    price: priceOf(markers),
    is_active: test.status === 'active',
    status: test.status,
    fasting: test.fasting,
    lab: labView(catalog, test.lab_id),
    markers: markers.map(toClientFacingMarker),
    auto_generated: test.auto_generated,
    is_delegated: false,
    has_collection_instructions: test.method === 'testkit',
    common_tat_days: tat.common,
    worst_case_tat_days: tat.worst,
  };
}

export function slugOf(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'lab_test';
}

const ESSENTIAL = ['cmp', 'lipid-panel', 'cbc-diff', 'hba1c', 'tsh'];
const TESTKIT = ['hba1c', 'lipid-panel', 'tsh', 'vitamin-d', 'hs-crp'];

const STANDARD_DEFS: ReadonlyArray<{ id: string; method: CollectionMethod; name: string; slugs: readonly string[]; fasting: boolean }> = [
  { id: '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01', method: 'walk_in_test', name: 'Essential Health Panel (walk-in)', slugs: ESSENTIAL, fasting: true },
  { id: '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12', method: 'at_home_phlebotomy', name: 'Essential Health Panel (at-home phlebotomy)', slugs: ESSENTIAL, fasting: true },
  { id: '2d3fac50-5e79-4f21-9d70-5b9caf4e3023', method: 'on_site_collection', name: 'Essential Health Panel (on-site collection)', slugs: ESSENTIAL, fasting: true },
  { id: '3e40bd61-6f8a-4032-ae81-6cadb05f4134', method: 'testkit', name: 'Metabolic and Hormone Testkit', slugs: TESTKIT, fasting: false },
];

/**
 * The standard lab tests every team has: one per collection method, at Labcorp (the
 * lab that collects by every method), built from the marker catalog. Their ids are
 * the same for every team.
 */
export function standardLabTests(catalog: MarkerCatalog): LabTestDefinition[] {
  const labcorp = catalog.labs.find((l) => l.slug === 'labcorp');
  if (!labcorp) return [];
  // Labcorp's markers from the catalog's index, not a pass over every marker: this runs on each order placed.
  const bySlug = new Map((catalog.index.byLab.get(labcorp.id) ?? []).map(({ marker }) => [marker.slug, marker]));
  return STANDARD_DEFS.flatMap((d) => {
    const ids = d.slugs.map((s) => bySlug.get(s)?.id);
    if (ids.some((id) => id === undefined)) return [];
    return [{
      id: d.id,
      slug: slugOf(d.name),
      name: d.name,
      description: `${d.name}: ${d.slugs.join(', ')}.`,
      method: d.method,
      lab_id: labcorp.id,
      marker_ids: ids as number[],
      fasting: d.fasting,
      status: 'active' as const,
      auto_generated: false,
    }];
  });
}

export function isStandardLabTestId(id: string): boolean {
  const lower = id.toLowerCase();
  return STANDARD_DEFS.some((d) => d.id === lower);
}

/**
 * The problem with a lab account for an order or lab test at `labId`: not one of the catalog's
 * accounts (the team's: see withLabAccounts), without access to that lab, or, for what `use`
 * says (the collection method, billing type and patient state; `ordering`: the account must be
 * active), not allowing it (at `['lab_account_id']`). Null when there is no account or it may be used.
 */
export function labAccountProblem(
  catalog: MarkerCatalog,
  labId: number,
  labAccountId: string | null | undefined,
  use: Omit<LabAccountUse, 'lab_id' | 'lab_slug'> = {},
): MarkerProblem | null {
  if (!labAccountId) return null;
  const lab = catalog.labs.find((l) => l.id === labId);
  const msg = labAccountUseProblem(catalog.labAccounts, labAccountId, { ...use, lab_id: labId, lab_slug: lab?.slug ?? null });
  return msg ? { loc: ['lab_account_id'], msg } : null;
}

/** The problem with a lab account when the lab it is for is not known: none unless the account is unknown. */
export function unknownLabAccount(catalog: MarkerCatalog, labAccountId: string | null | undefined): MarkerProblem | null {
  if (!labAccountId || catalog.index.labAccountById.has(labAccountId.trim().toLowerCase())) return null;
  return { loc: ['lab_account_id'], msg: `Unknown lab account ${labAccountId}` };
}

/** A problem with one marker (or the whole set) of a lab test definition, with where it came from. */
export interface MarkerProblem {
  /** Path inside the request body part that named it, e.g. ['marker_ids', 2]. */
  loc: (string | number)[];
  msg: string;
}

export interface MarkerSelection {
  marker_ids?: readonly number[] | null | undefined;
  provider_ids?: readonly string[] | null | undefined;
  lab_slug?: string | null | undefined;
  lab_account_id?: string | null | undefined;
}

export type ResolvedMarkers =
  | { ok: true; lab_id: number; marker_ids: number[] }
  /** `lab_id`: the lab the markers were checked against, when one was found. */
  | { ok: false; problems: MarkerProblem[]; lab_id?: number | null };

/**
 * Resolves and checks the markers of a lab test collected by `method`: each named once (by id
 * or by code), known, of one lab, orderable on their own, collectable by the method at that lab (testkits: the
 * dried-blood-spot markers only), and that lab reachable through the lab account.
 * `extraLabId` is the lab the markers must share with (an order set's lab tests).
 */
export function resolveLabTestMarkers(
  catalog: MarkerCatalog,
  method: CollectionMethod,
  sel: MarkerSelection,
  extraLabId: number | null = null,
): ResolvedMarkers {
  const problems: MarkerProblem[] = [];
  const found: Array<{ marker: LabMarker; loc: (string | number)[] }> = [];
  const labSlug = sel.lab_slug?.trim().toLowerCase() || null;
  const slugLab = labSlug ? catalog.index.labBySlug.get(labSlug) ?? null : null;
  if (labSlug && !slugLab) problems.push({ loc: ['lab_slug'], msg: `Unknown lab ${sel.lab_slug}` });

  // Each marker is named once: a repeated id or code, or a code of a marker named by id, is a problem at the later mention.
  const firstById = new Map<number, number>();
  (sel.marker_ids ?? []).forEach((id, i) => {
    const marker = catalog.index.markerById.get(id);
    const first = firstById.get(id);
    if (first !== undefined) problems.push({ loc: ['marker_ids', i], msg: `Marker ${id} is named more than once (first at marker_ids[${first}])` });
    else if (!marker) problems.push({ loc: ['marker_ids', i], msg: `Unknown marker ${id}` });
    else found.push({ marker, loc: ['marker_ids', i] });
    if (first === undefined) firstById.set(id, i);
  });
  const knownLab = extraLabId ?? slugLab?.id ?? found[0]?.marker.lab_id ?? null;
  const firstByCode = new Map<string, number>();
  (sel.provider_ids ?? []).forEach((code, i) => {
    const key = code.trim().toLowerCase();
    const candidates = catalog.index.markersByCode.get(key) ?? [];
    const atLab = knownLab === null ? candidates : candidates.filter((m) => m.lab_id === knownLab);
    const first = firstByCode.get(key);
    if (first === undefined) firstByCode.set(key, i);
    const byId = atLab.length === 1 ? firstById.get((atLab[0] as LabMarker).id) : undefined;
    if (first !== undefined) problems.push({ loc: ['provider_ids', i], msg: `Marker test code ${code} is named more than once (first at provider_ids[${first}])` });
    else if (byId !== undefined) problems.push({ loc: ['provider_ids', i], msg: `Marker test code ${code} is marker ${(atLab[0] as LabMarker).id}, already named at marker_ids[${byId}]` });
    else if (atLab.length === 1) found.push({ marker: atLab[0] as LabMarker, loc: ['provider_ids', i] });
    else if (atLab.length === 0) problems.push({ loc: ['provider_ids', i], msg: unmatchedCodeMessage(catalog, code, candidates, new Set(knownLab === null ? [] : [knownLab]), 'the lab test') });
    else problems.push({ loc: ['provider_ids', i], msg: `Marker test code ${code} is offered by several labs; give lab_slug` });
  });
  if (found.length === 0 && extraLabId === null && problems.length === 0) {
    problems.push({ loc: ['marker_ids'], msg: 'A lab test needs at least one marker (marker_ids or provider_ids)' });
  }
  // The markers that were found are checked too when others were not: the 422 names every problem.
  const labId = knownLab ?? found[0]?.marker.lab_id ?? null;
  if (labId === null) return { ok: false, problems, lab_id: null };
  const profile = LAB_PROFILES.get(labId);
  const lab = catalog.labs.find((l) => l.id === labId);
  const labCollects = !profile || profile.collection_methods.includes(method);
  for (const { marker, loc } of found) {
    if (marker.lab_id !== labId) {
      problems.push({ loc, msg: `Marker ${marker.id} (${marker.name}) is at lab ${marker.lab_id}, not at lab ${labId} like the rest of the lab test` });
    } else if (!marker.a_la_carte_enabled) {
      problems.push({ loc, msg: `Marker ${marker.id} (${marker.name}) cannot be ordered on its own` });
    } else if (!labCollects) {
      problems.push({ loc, msg: `Marker ${marker.id} (${marker.name}) cannot be collected by ${method}: lab ${lab?.slug ?? labId} collects by ${profile?.collection_methods.join(', ')}` });
    } else if (method === 'testkit' && !TESTKIT_MARKER_SLUGS.has(marker.slug)) {
      problems.push({ loc, msg: `Marker ${marker.id} (${marker.name}) cannot be collected by testkit (dried blood spot)` });
    }
  }
  if (!labCollects && found.length === 0) {
    problems.push({ loc: [], msg: `Lab ${lab?.slug ?? labId} does not collect by ${method} (it collects by ${profile?.collection_methods.join(', ')})` });
  }
  const account = labAccountProblem(catalog, labId, sel.lab_account_id, { method });
  if (account) problems.push(account);
  if (problems.length > 0) return { ok: false, problems, lab_id: labId };
  const ids = [...new Set(found.map((f) => f.marker.id))];
  return { ok: true, lab_id: labId, marker_ids: ids };
}
