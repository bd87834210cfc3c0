/**
 * Lab marker catalog: biomarkers and panels offered by the partner labs,
 * named panels of them (LAB_TESTS), the lab accounts that gate which labs a
 * team can see, and the markers of an order set of a team's lab tests. The
 * tables are in catalog-data.ts; this module builds the markers and lab tests
 * from them, indexes them and answers the searches, all pure functions.
 *
 * Wire shapes: spec/team/components/schemas/ClientFacingMarker.yaml,
 * ExpectedResult.yaml, Loinc.yaml, LabMarkerPage.yaml.
 */
import { ANALYTES, LAB_ACCOUNTS, LAB_PROFILES, LAB_TEST_DEFS, LABS, PANELS, type AnalyteDef, type Lab, type LabAccount, type LabSlug } from './catalog-data.js';

export { LAB_ACCOUNTS, LABS } from './catalog-data.js';

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

export type MarkerType = 'biomarker' | 'panel';

export type { Lab, LabAccount } from './catalog-data.js';

export interface Loinc {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly code: string;
  readonly unit: string | null;
}

export interface ExpectedResult {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly lab_id: number;
  readonly provider_id: string;
  /**
   * Whether the lab always reports this result for the marker. Calculated and reflex-only
   * results (the analytes not orderable on their own) are reported only when their inputs
   * are, so they are not required.
   */
  readonly required: boolean;
  readonly loinc: Loinc;
}

export interface LabMarker {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly lab_id: number;
  /** The lab's own test code. */
  readonly provider_id: string;
  readonly type: MarkerType;
  readonly unit: string | null;
  /** US dollars, decimal string with two places. */
  readonly price: string;
  readonly a_la_carte_enabled: boolean;
  /** Whether a lab test may hold the marker: false for results only calculated or reflexed from others. */
  readonly is_orderable?: boolean;
  /** Usual and worst turnaround in days from the sample's arrival (see turnaroundOf). */
  readonly common_tat_days?: number;
  readonly worst_case_tat_days?: number;
  /** Ask-on-order-entry questions: none in the sandbox's catalog. */
  readonly aoe?: null;
  readonly expected_results: readonly ExpectedResult[];
}

/**
 * The sandbox's turnaround of an analyte, from its base (Labcorp) price as a proxy for how
 * specialised the assay is: routine chemistry (up to $12) 1 day, at worst 3; up to $25, 2 and
 * 4; dearer, send-out assays 4 and 7. A panel takes its slowest component's.
 */
export function turnaroundOf(basePrice: number): { common: number; worst: number } {
  if (basePrice <= 12) return { common: 1, worst: 3 };
  if (basePrice <= 25) return { common: 2, worst: 4 };
  return { common: 4, worst: 7 };
}

/**
 * A named panel of markers of one lab. The catalog's panels (LAB_TESTS) are reference data, not
 * lab tests a team can order or list order set markers of: those are the team's (lab-tests/catalog.ts).
 */
export interface LabTest {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly lab_id: number;
  readonly marker_ids: readonly number[];
}

/** A lab account: determines which labs (hence markers) are available. */
/** Wire shape of ClientFacingMarker.yaml (plain, mutable JSON). */
export interface ClientFacingMarker {
  id: number;
  name: string;
  slug: string;
  description: string;
  lab_id: number;
  provider_id: string;
  type: MarkerType;
  unit: string | null;
  price: string;
  a_la_carte_enabled: boolean;
  is_orderable?: boolean;
  common_tat_days?: number;
  worst_case_tat_days?: number;
  aoe?: null;
  expected_results: Array<{
    id: number;
    name: string;
    slug: string;
    lab_id: number;
    provider_id: string;
    required: boolean;
    loinc: { id: number; name: string; slug: string; code: string; unit: string | null };
  }>;
}

/** Shape of LabMarkerPage.yaml, generic over the marker representation. */
export interface MarkerPage<M = LabMarker> {
  markers: M[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

interface IndexedMarker {
  readonly marker: LabMarker;
  readonly labId: number;
  readonly nameLower: string;
  readonly codeLower: string;
  readonly aLaCarte: boolean;
}

interface MarkerIndex {
  /** All entries sorted by marker id. */
  readonly all: readonly IndexedMarker[];
  /** Entries of each lab, sorted by marker id. */
  readonly byLab: ReadonlyMap<number, readonly IndexedMarker[]>;
  readonly labBySlug: ReadonlyMap<string, Lab>;
  readonly markerById: ReadonlyMap<number, LabMarker>;
  /** lower-cased provider_id -> markers having it (one per lab at most). */
  readonly markersByCode: ReadonlyMap<string, readonly LabMarker[]>;
  readonly labAccountById: ReadonlyMap<string, LabAccount>;
  /** Memo of candidate lists for multi-lab filters, keyed by sorted lab ids. */
  readonly candidateCache: Map<string, readonly IndexedMarker[]>;
}

export interface MarkerCatalog {
  readonly labs: readonly Lab[];
  /** Sorted by id. */
  readonly markers: readonly LabMarker[];
  readonly labTests: readonly LabTest[];
  readonly labAccounts: readonly LabAccount[];
  readonly index: MarkerIndex;
}

// ---------------------------------------------------------------------------
// Building the base catalog
// ---------------------------------------------------------------------------

function labBySlugOrThrow(slug: LabSlug): Lab {
  const lab = LABS.find((l) => l.slug === slug);
  if (!lab) throw new Error(`unknown lab ${slug}`);
  return lab;
}

function toSlug(text: string, sep: '-' | '_' = '-'): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, 'g'), '');
}

function formatPrice(base: number, factor: number): string {
  // Round to the nearest half dollar, as lab price lists do.
  return (Math.round(base * factor * 2) / 2).toFixed(2);
}

function makeLoinc(a: AnalyteDef): Loinc {
  const [num] = a.loinc.split('-');
  return Object.freeze({
    id: Number(num),
    name: a.loincName,
    slug: toSlug(a.loincName),
    code: a.loinc,
    unit: a.unit,
  });
}

/** Marker ids: lab.id * 1000 + position of the definition (append-only). */
const MARKER_ID_STRIDE = 1000;
/** Expected result ids: lab.id * 100000 + position of the analyte (append-only). */
const RESULT_ID_STRIDE = 100_000;

function buildBaseMarkers(): LabMarker[] {
  const analyteByKey = new Map(ANALYTES.map((a) => [a.key, a]));
  const loincByKey = new Map(ANALYTES.map((a) => [a.key, makeLoinc(a)]));
  for (const p of PANELS) {
    for (const c of p.components) {
      if (!analyteByKey.has(c)) throw new Error(`panel ${p.key}: unknown component ${c}`);
    }
  }
  const keys = [...ANALYTES.map((a) => a.key), ...PANELS.map((p) => p.key)];
  if (new Set(keys).size !== keys.length) throw new Error('duplicate analyte/panel key');
  if (keys.length >= MARKER_ID_STRIDE) throw new Error('too many definitions for the id scheme');

  const markers: LabMarker[] = [];
  for (const profile of LAB_PROFILES) {
    const lab = labBySlugOrThrow(profile.slug);
    // Codes: known ones first, then generated ones skipping collisions.
    const used = new Set(Object.values(profile.codes));
    if (used.size !== Object.keys(profile.codes).length) throw new Error(`${lab.slug}: duplicate known code`);
    const codeOf = new Map<string, string>();
    let gen = 0;
    for (const key of keys) {
      const known = profile.codes[key];
      if (known !== undefined) {
        codeOf.set(key, known);
        continue;
      }
      let code = profile.generate(gen++);
      while (used.has(code)) code = profile.generate(gen++);
      used.add(code);
      codeOf.set(key, code);
    }
    const code = (key: string): string => {
      const c = codeOf.get(key);
      if (c === undefined) throw new Error(`no code for ${key}`);
      return c;
    };

    const results = new Map<string, ExpectedResult>();
    ANALYTES.forEach((a, i) => {
      if (!profile.offers(a.key)) return;
      results.set(a.key, Object.freeze({
        id: lab.id * RESULT_ID_STRIDE + i + 1,
        name: a.name,
        slug: toSlug(a.key),
        lab_id: lab.id,
        provider_id: code(a.key),
        required: a.alaCarte ?? true,
        loinc: loincByKey.get(a.key) as Loinc,
      }));
    });

    ANALYTES.forEach((a, i) => {
      const r = results.get(a.key);
      if (!r) return;
      markers.push(Object.freeze({
        id: lab.id * MARKER_ID_STRIDE + i + 1,
        name: a.name,
        slug: toSlug(a.key),
        description: a.description,
        lab_id: lab.id,
        provider_id: code(a.key),
        type: 'biomarker' as const,
        unit: a.unit,
        price: formatPrice(a.price, profile.priceFactor),
        a_la_carte_enabled: a.alaCarte ?? true,
        is_orderable: a.alaCarte ?? true,
        common_tat_days: turnaroundOf(a.price).common,
        worst_case_tat_days: turnaroundOf(a.price).worst,
        aoe: null,
        expected_results: Object.freeze([r]),
      }));
    });

    PANELS.forEach((p, j) => {
      // A panel is offered exactly when the lab offers all of its components.
      const comps = p.components.map((c) => results.get(c));
      if (comps.some((r) => r === undefined)) return;
      markers.push(Object.freeze({
        id: lab.id * MARKER_ID_STRIDE + ANALYTES.length + j + 1,
        name: p.name,
        slug: toSlug(p.key),
        description: p.description,
        lab_id: lab.id,
        provider_id: code(p.key),
        type: 'panel' as const,
        unit: null,
        price: formatPrice(p.price, profile.priceFactor),
        a_la_carte_enabled: true,
        is_orderable: true,
        common_tat_days: Math.max(...p.components.map((c) => turnaroundOf(analyteByKey.get(c)!.price).common)),
        worst_case_tat_days: Math.max(...p.components.map((c) => turnaroundOf(analyteByKey.get(c)!.price).worst)),
        aoe: null,
        expected_results: Object.freeze(comps as ExpectedResult[]),
      }));
    });
  }
  return markers.sort((x, y) => x.id - y.id);
}

const BASE_MARKERS: readonly LabMarker[] = Object.freeze(buildBaseMarkers());

// ---------------------------------------------------------------------------
// Lab tests (named panels of each lab; see LabTest)
// ---------------------------------------------------------------------------

function buildLabTests(markers: readonly LabMarker[]): LabTest[] {
  const bySlugAndLab = new Map(markers.map((m) => [`${m.lab_id}:${m.slug}`, m]));
  return LAB_TEST_DEFS.map((d) => {
    const lab = labBySlugOrThrow(d.lab);
    const ids = d.keys.map((k) => {
      const m = bySlugAndLab.get(`${lab.id}:${toSlug(k)}`);
      if (!m) throw new Error(`lab test ${d.name} (${d.lab}): marker ${k} not offered`);
      return m.id;
    });
    return Object.freeze({
      id: d.id,
      name: d.name,
      slug: toSlug(d.name.replace(/'/g, ''), '_'),
      lab_id: lab.id,
      marker_ids: Object.freeze(ids),
    });
  });
}

export const LAB_TESTS: readonly LabTest[] = Object.freeze(buildLabTests(BASE_MARKERS));

// ---------------------------------------------------------------------------
// Catalog construction (indexing)
// ---------------------------------------------------------------------------

/**
 * Builds an indexed catalog. Validates unique marker ids and per-lab unique
 * provider_ids (throws on violation).
 */
export function createMarkerCatalog(input: {
  labs: readonly Lab[];
  markers: readonly LabMarker[];
  labTests: readonly LabTest[];
  labAccounts: readonly LabAccount[];
}): MarkerCatalog {
  const markers = [...input.markers].sort((a, b) => a.id - b.id);
  const markerById = new Map<number, LabMarker>();
  const labCodes = new Set<string>();
  const markersByCode = new Map<string, LabMarker[]>();
  const all: IndexedMarker[] = [];
  const byLab = new Map<number, IndexedMarker[]>();
  for (const lab of input.labs) byLab.set(lab.id, []);

  for (const m of markers) {
    if (markerById.has(m.id)) throw new Error(`duplicate marker id ${m.id}`);
    markerById.set(m.id, m);
    const codeLower = m.provider_id.toLowerCase();
    const labCode = `${m.lab_id}:${codeLower}`;
    if (labCodes.has(labCode)) throw new Error(`duplicate provider_id ${m.provider_id} at lab ${m.lab_id}`);
    labCodes.add(labCode);
    const sameCode = markersByCode.get(codeLower);
    if (sameCode) sameCode.push(m);
    else markersByCode.set(codeLower, [m]);

    const entry: IndexedMarker = {
      marker: m,
      labId: m.lab_id,
      nameLower: m.name.toLowerCase(),
      codeLower,
      aLaCarte: m.a_la_carte_enabled,
    };
    all.push(entry);
    const labList = byLab.get(m.lab_id);
    if (!labList) throw new Error(`marker ${m.id}: unknown lab ${m.lab_id}`);
    labList.push(entry);
  }

  return Object.freeze({
    labs: input.labs,
    markers: Object.freeze(markers),
    labTests: input.labTests,
    labAccounts: input.labAccounts,
    index: {
      all,
      byLab,
      labBySlug: new Map(input.labs.map((l) => [l.slug, l])),
      markerById,
      markersByCode,
      labAccountById: new Map(input.labAccounts.map((a) => [a.id.toLowerCase(), a])),
      candidateCache: new Map(),
    },
  });
}

/** The base catalog (all labs, all markers, lab tests and lab accounts). */
export const MARKER_CATALOG: MarkerCatalog = createMarkerCatalog({
  labs: LABS,
  markers: BASE_MARKERS,
  labTests: LAB_TESTS,
  labAccounts: LAB_ACCOUNTS,
});

/**
 * The catalog as one team sees it: the same labs, markers and index, with the team's lab
 * accounts (lab-accounts/accounts.ts) in place of the catalog's own. Cheap (no marker is copied),
 * so it is made per request.
 */
export function withLabAccounts(catalog: MarkerCatalog, labAccounts: readonly LabAccount[]): MarkerCatalog {
  return Object.freeze({
    ...catalog,
    labAccounts,
    index: { ...catalog.index, labAccountById: new Map(labAccounts.map((a) => [a.id.toLowerCase(), a])) },
  });
}

/**
 * A catalog of exactly `n` markers for benchmarks: the first `n` base markers
 * when n is at most the base size, otherwise the base markers followed by
 * deterministic variants (" (Variant k)" names, "-k" slugs, "Vk" code suffix,
 * id = k * 100000 + base id). Labs, lab tests and lab accounts are the base ones.
 */
export function scaleCatalog(n: number): MarkerCatalog {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a non-negative integer');
  const base = BASE_MARKERS;
  const out: LabMarker[] = [];
  for (let i = 0; i < n; i++) {
    const b = base[i % base.length] as LabMarker;
    const k = Math.floor(i / base.length);
    if (k === 0) {
      out.push(b);
      continue;
    }
    out.push(Object.freeze({
      ...b,
      id: k * 100_000 + b.id,
      name: `${b.name} (Variant ${k})`,
      slug: `${b.slug}-${k}`,
      provider_id: `${b.provider_id}V${k}`,
    }));
  }
  return createMarkerCatalog({ labs: LABS, markers: out, labTests: LAB_TESTS, labAccounts: LAB_ACCOUNTS });
}

// ---------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------

export interface MarkerSearchQuery {
  lab_id?: readonly number[] | null;
  lab_slug?: string | null;
  name?: string;
  a_la_carte_enabled?: boolean | null;
  lab_account_id?: string | null;
  page: number;
  size: number;
}

export interface Paging {
  page: number;
  size: number;
}

function checkPaging(p: Paging): void {
  if (!Number.isInteger(p.page) || p.page < 1) throw new RangeError('page must be an integer >= 1');
  if (!Number.isInteger(p.size) || p.size < 1) throw new RangeError('size must be an integer >= 1');
}

const EMPTY: readonly IndexedMarker[] = Object.freeze([]);

/** Markers of the given labs, in id order (memoized per lab set). */
function candidatesFor(catalog: MarkerCatalog, labIds: readonly number[] | null): readonly IndexedMarker[] {
  const { index } = catalog;
  if (labIds === null) return index.all;
  if (labIds.length === 0) return EMPTY;
  if (labIds.length === 1) return index.byLab.get(labIds[0] as number) ?? EMPTY;
  const key = [...labIds].sort((a, b) => a - b).join(',');
  const cached = index.candidateCache.get(key);
  if (cached) return cached;
  const wanted = new Set(labIds);
  const list = index.all.filter((e) => wanted.has(e.labId));
  index.candidateCache.set(key, list);
  return list;
}

/** Resolves the lab restriction of a query: null = every lab. */
function resolveLabIds(catalog: MarkerCatalog, q: MarkerSearchQuery): number[] | null {
  const { index } = catalog;
  let labIds: number[] | null = null;
  const slug = q.lab_slug?.trim().toLowerCase();
  if (slug) {
    const lab = index.labBySlug.get(slug);
    labIds = lab ? [lab.id] : [];
  } else if (q.lab_id && q.lab_id.length > 0) {
    labIds = [...new Set(q.lab_id)].filter((id) => index.byLab.has(id));
  }
  const accountId = q.lab_account_id?.trim().toLowerCase();
  if (accountId) {
    const account = index.labAccountById.get(accountId);
    const allowed = new Set(account ? account.lab_ids : []);
    labIds = (labIds ?? catalog.labs.map((l) => l.id)).filter((id) => allowed.has(id));
  }
  return labIds;
}

function pageOf<M>(markers: M[], total: number, p: Paging): MarkerPage<M> {
  return { markers, total, page: p.page, size: p.size, pages: Math.ceil(total / p.size) };
}

/**
 * Lists markers matching the filters, in id order, one page at a time.
 *
 * - `lab_slug` (when non-empty) wins over `lab_id`; an unknown slug matches nothing.
 * - `lab_id` empty/null = every lab; unknown ids match nothing.
 * - `name` (trimmed; empty = no filter): case-insensitive substring of the
 *   marker name, or exact-or-prefix match of its `provider_id` test code.
 * - `a_la_carte_enabled` filters when not null.
 * - `lab_account_id` restricts to that account's labs; unknown account = no markers.
 * - `pages = ceil(total / size)`; a page past the end has no markers.
 */
export function searchMarkers(catalog: MarkerCatalog, q: MarkerSearchQuery): MarkerPage<LabMarker> {
  checkPaging(q);
  const candidates = candidatesFor(catalog, resolveLabIds(catalog, q));
  const needle = (q.name ?? '').trim().toLowerCase();
  const alc = q.a_la_carte_enabled ?? null;
  const start = (q.page - 1) * q.size;
  const end = start + q.size;

  if (needle === '' && alc === null) {
    return pageOf(candidates.slice(start, end).map((e) => e.marker), candidates.length, q);
  }

  const out: LabMarker[] = [];
  let total = 0;
  for (let i = 0; i < candidates.length; i++) {
    const e = candidates[i] as IndexedMarker;
    if (alc !== null && e.aLaCarte !== alc) continue;
    if (needle !== '' && !e.nameLower.includes(needle) && !e.codeLower.startsWith(needle)) continue;
    if (total >= start && total < end) out.push(e.marker);
    total++;
  }
  return pageOf(out, total, q);
}

export interface OrderSetRequest {
  lab_test_ids?: readonly string[] | null;
  add_on?: { marker_ids?: readonly number[] | null; provider_ids?: readonly string[] | null } | null;
}

/**
 * The lab tests an order set may name, by lowercased id: the team's (its standard ones and
 * those it created or an order set became), found by the caller as an order's are.
 */
export type OrderSetLabTests = ReadonlyMap<string, Pick<LabTest, 'lab_id' | 'marker_ids'>>;

/** A lab test id or add-on test code of the request that names nothing, at its place in the body. */
export interface OrderSetProblem {
  /** `['lab_test_ids', i]`, `['add_on', 'marker_ids', i]` or `['add_on', 'provider_ids', i]`. */
  loc: (string | number)[];
  msg: string;
}

export interface ResolvedOrderSet {
  /** De-duplicated, sorted by id. */
  markers: LabMarker[];
  /** Every unknown lab test id, add-on marker id and test code, in the request's order, each at its own index. */
  problems: OrderSetProblem[];
}

const labSlugs = (catalog: MarkerCatalog, labIds: Iterable<number>) =>
  [...labIds].map((id) => catalog.labs.find((l) => l.id === id)?.slug ?? String(id)).join(', ');

/**
 * Why a lab test code matched no marker at the labs `labIds` (of `whose`: "the order set's lab
 * tests", "the lab test"): none has it, or only markers of other labs (`offered`: every marker
 * with the code), said with where it is offered.
 */
export function unmatchedCodeMessage(catalog: MarkerCatalog, code: string, offered: readonly LabMarker[], labIds: ReadonlySet<number>, whose: string): string {
  if (offered.length === 0 || labIds.size === 0) return `Unknown marker test code ${code}`;
  const at = new Set(offered.map((m) => m.lab_id));
  return `Marker test code ${code} is offered at lab${at.size > 1 ? 's' : ''} ${labSlugs(catalog, at)}, not at lab${labIds.size > 1 ? 's' : ''} ${labSlugs(catalog, labIds)} of ${whose}`;
}

/**
 * Resolves an order set to its markers: the markers of the lab tests (`labTests`: the team's,
 * by lowercased id) plus the add-on markers, by id or matched by `provider_id` (trimmed,
 * case-insensitive). Add-ons are looked up at the labs of the found lab tests; when no lab
 * test was found, at every lab. Unknown ids are reported with their index, not thrown; an
 * add-on marker or code only at other labs than the lab tests' says so.
 */
export function resolveOrderSet(catalog: MarkerCatalog, req: OrderSetRequest, labTests: OrderSetLabTests): ResolvedOrderSet {
  const { index } = catalog;
  const ids = new Set<number>();
  const labScope = new Set<number>();
  const problems: OrderSetProblem[] = [];

  (req.lab_test_ids ?? []).forEach((raw, i) => {
    const test = labTests.get(raw.toLowerCase());
    if (!test) {
      problems.push({ loc: ['lab_test_ids', i], msg: `Unknown lab test ${raw}` });
      return;
    }
    labScope.add(test.lab_id);
    for (const id of test.marker_ids) if (index.markerById.has(id)) ids.add(id);
  });
  (req.add_on?.marker_ids ?? []).forEach((id, i) => {
    const marker = index.markerById.get(id);
    if (!marker) problems.push({ loc: ['add_on', 'marker_ids', i], msg: `Unknown marker ${id}` });
    else if (labScope.size > 0 && !labScope.has(marker.lab_id)) {
      const scope = `lab${labScope.size > 1 ? 's' : ''} ${labSlugs(catalog, labScope)}`;
      problems.push({ loc: ['add_on', 'marker_ids', i], msg: `Marker ${id} (${marker.name}) is at lab ${labSlugs(catalog, [marker.lab_id])}, not at ${scope} of the order set's lab tests` });
    } else ids.add(id);
  });
  (req.add_on?.provider_ids ?? []).forEach((raw, i) => {
    const offered = index.markersByCode.get(raw.trim().toLowerCase()) ?? [];
    const found = offered.filter((m) => labScope.size === 0 || labScope.has(m.lab_id));
    for (const m of found) ids.add(m.id);
    if (found.length > 0) return;
    problems.push({ loc: ['add_on', 'provider_ids', i], msg: unmatchedCodeMessage(catalog, raw, offered, labScope, "the order set's lab tests") });
  });
  const markers = [...ids].sort((a, b) => a - b).map((id) => index.markerById.get(id) as LabMarker);
  return { markers, problems };
}

/** One page of the markers of an order set (see resolveOrderSet; its problems are the caller's to check). */
export function listOrderSetMarkers(
  catalog: MarkerCatalog,
  req: OrderSetRequest,
  labTests: OrderSetLabTests,
  paging: Paging,
): MarkerPage<LabMarker> {
  checkPaging(paging);
  const { markers } = resolveOrderSet(catalog, req, labTests);
  const start = (paging.page - 1) * paging.size;
  return pageOf(markers.slice(start, start + paging.size), markers.length, paging);
}

/** Exactly the ClientFacingMarker wire shape, as a fresh plain JSON object. */
export function toClientFacingMarker(m: LabMarker): ClientFacingMarker {
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    description: m.description,
    lab_id: m.lab_id,
    provider_id: m.provider_id,
    type: m.type,
    unit: m.unit,
    price: m.price,
    a_la_carte_enabled: m.a_la_carte_enabled,
    ...(m.is_orderable === undefined ? {} : { is_orderable: m.is_orderable }),
    ...(m.common_tat_days === undefined ? {} : { common_tat_days: m.common_tat_days, worst_case_tat_days: m.worst_case_tat_days! }),
    aoe: null,
    expected_results: m.expected_results.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      lab_id: r.lab_id,
      provider_id: r.provider_id,
      required: r.required,
      loinc: { id: r.loinc.id, name: r.loinc.name, slug: r.loinc.slug, code: r.loinc.code, unit: r.loinc.unit },
    })),
  };
}

/** A page converted to the LabMarkerPage wire shape. */
export function toClientFacingMarkerPage(p: MarkerPage<LabMarker>): MarkerPage<ClientFacingMarker> {
  return { markers: p.markers.map(toClientFacingMarker), total: p.total, page: p.page, size: p.size, pages: p.pages };
}
