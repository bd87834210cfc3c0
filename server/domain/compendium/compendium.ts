/**
 * The compendium: the marker catalogs of the partner labs seen through their LOINC codes. Markers
 * of any lab that report the same set of LOINC codes are one canonical test (a "LOINC set", named
 * by a hash of its sorted codes); a search finds canonical tests by name, code, CPT codes or LOINC
 * set, and a conversion maps markers of one lab to the markers of another that report the same
 * LOINC codes, naming every marker it cannot map. A conversion never maps a marker to a marker
 * reporting a LOINC code the source does not report. Pure.
 *
 * Wire shapes: spec/team/components/schemas/SearchCompendiumResponse.yaml, ConvertCompendiumResponse.yaml.
 */
import { createHash } from 'node:crypto';
import type { LabMarker, MarkerCatalog } from '../lab-markers/catalog.js';
import { CPT_CODES } from './cpt-codes.js';

export const COMPENDIUM_LABS = ['labcorp', 'quest', 'bioreference', 'sonora_quest'] as const;
export type CompendiumLab = (typeof COMPENDIUM_LABS)[number];

/** A canonical test: every marker, at any lab, that reports exactly this set of LOINC codes. */
export interface Canonical {
  readonly hash: string;
  /** Sorted, distinct. */
  readonly codes: readonly string[];
  /** By lab id, then marker id. */
  readonly markers: readonly LabMarker[];
  readonly display_name: string;
  readonly aliases: readonly string[];
  readonly components: readonly string[];
  readonly cpt_codes: readonly string[];
  /** The share of the labs that offer it (0 to 1). */
  readonly popularity: number;
}

export interface Compendium {
  readonly catalog: MarkerCatalog;
  readonly canonicals: readonly Canonical[];
  readonly byHash: ReadonlyMap<string, Canonical>;
  readonly byMarkerId: ReadonlyMap<number, Canonical>;
}

/** The LOINC codes a marker reports: its expected results', sorted and distinct. */
export function loincCodesOf(marker: LabMarker): string[] {
  return [...new Set(marker.expected_results.map((r) => r.loinc.code))].sort();
}

/** The name of a LOINC set: the first 16 hex digits of the SHA-256 of its sorted codes joined by commas. */
export function loincSetHash(codes: readonly string[]): string {
  return createHash('sha256').update([...new Set(codes)].sort().join(',')).digest('hex').slice(0, 16);
}

/** The LOINC component of a long name: what is measured, before the property in brackets. */
const componentOf = (loincName: string) => loincName.split(' [')[0]!.trim();

/** A marker's CPT codes: its own, else (a panel) its components' (sorted, distinct). */
export function cptCodesOf(catalog: MarkerCatalog, marker: LabMarker): string[] {
  const own = CPT_CODES.get(marker.slug);
  if (own) return [...own];
  if (marker.type !== 'panel') return [];
  const codes = new Set<string>();
  for (const result of marker.expected_results) {
    // A component biomarker has the result's code at the same lab.
    const component = (catalog.index.markersByCode.get(result.provider_id.toLowerCase()) ?? []).find((m) => m.lab_id === marker.lab_id && m.type === 'biomarker');
    for (const code of component ? CPT_CODES.get(component.slug) ?? [] : []) codes.add(code);
  }
  return [...codes].sort();
}

/** Groups the catalog's markers by LOINC set. Cheap (one pass over the markers): built per request. */
export function buildCompendium(catalog: MarkerCatalog): Compendium {
  const groups = new Map<string, LabMarker[]>();
  for (const marker of catalog.markers) {
    const key = loincCodesOf(marker).join(',');
    if (key === '') continue;
    const group = groups.get(key);
    if (group) group.push(marker);
    else groups.set(key, [marker]);
  }
  const labCount = Math.max(1, catalog.labs.length);
  const canonicals: Canonical[] = [...groups.entries()].map(([key, markers]) => {
    const sorted = [...markers].sort((a, b) => a.lab_id - b.lab_id || a.id - b.id);
    const first = sorted[0]!;
    const codes = key.split(',');
    const names = [...new Set(sorted.map((m) => m.name))];
    const loincNames = [...new Set(first.expected_results.map((r) => r.loinc.name))];
    return {
      hash: loincSetHash(codes),
      codes,
      markers: sorted,
      display_name: first.name,
      aliases: [...new Set([...names.slice(1), ...(codes.length === 1 ? loincNames : [])])].filter((n) => n !== first.name),
      components: [...new Set(first.expected_results.map((r) => componentOf(r.loinc.name)))],
      cpt_codes: cptCodesOf(catalog, first),
      popularity: Math.round((new Set(sorted.map((m) => m.lab_id)).size / labCount) * 100) / 100,
    };
  });
  canonicals.sort((a, b) => (a.markers[0]!.id - b.markers[0]!.id));
  const byMarkerId = new Map<number, Canonical>();
  for (const canonical of canonicals) for (const marker of canonical.markers) byMarkerId.set(marker.id, canonical);
  return { catalog, canonicals, byHash: new Map(canonicals.map((c) => [c.hash, c])), byMarkerId };
}

// ---------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------

export interface CanonicalCandidate {
  loinc_set_hash: string;
  display_name: string;
  aliases: string[];
  loinc_codes: string[];
  provider_ids: string[];
  loinc_components: string[];
  loinc_groups: string[];
  cpt_codes: string[];
  popularity_score: number;
  confidence: number;
}

export interface PerLabCandidate {
  marker_id: number;
  lab_id: number;
  lab_slug: string | null;
  name: string;
  result_names: string[];
  provider_id: string;
  loinc_set_hash: string;
  loinc_codes: string[];
  loinc_components: string[];
  loinc_groups: string[];
  cpt_codes: string[];
  relation: string;
  confidence: number;
  reason_codes: string[];
  marker_popularity_score: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function canonicalView(c: Canonical, confidence: number): CanonicalCandidate {
  return {
    loinc_set_hash: c.hash,
    display_name: c.display_name,
    aliases: [...c.aliases],
    loinc_codes: [...c.codes],
    provider_ids: [...new Set(c.markers.map((m) => m.provider_id))],
    loinc_components: [...c.components],
    loinc_groups: [],
    cpt_codes: [...c.cpt_codes],
    popularity_score: c.popularity,
    confidence: round(confidence),
  };
}

function perLabView(compendium: Compendium, marker: LabMarker, relation: string, confidence: number, reasons: string[]): PerLabCandidate {
  const canonical = compendium.byMarkerId.get(marker.id);
  const codes = loincCodesOf(marker);
  return {
    marker_id: marker.id,
    lab_id: marker.lab_id,
    lab_slug: compendium.catalog.labs.find((l) => l.id === marker.lab_id)?.slug ?? null,
    name: marker.name,
    result_names: marker.expected_results.map((r) => r.name),
    provider_id: marker.provider_id,
    loinc_set_hash: canonical?.hash ?? loincSetHash(codes),
    loinc_codes: codes,
    loinc_components: [...new Set(marker.expected_results.map((r) => componentOf(r.loinc.name)))],
    loinc_groups: [],
    cpt_codes: canonical ? [...canonical.cpt_codes] : cptCodesOf(compendium.catalog, marker),
    relation,
    confidence: round(confidence),
    reason_codes: reasons,
    marker_popularity_score: canonical?.popularity ?? 0,
  };
}

const jaccard = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  const shared = b.filter((x) => set.has(x)).length;
  return shared / (a.length + b.length - shared);
};
const isSubset = (small: readonly string[], big: readonly string[]) => {
  const set = new Set(big);
  return small.every((x) => set.has(x));
};

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

export interface CompendiumSearch {
  mode: 'canonical' | 'crosswalk';
  query?: string | null;
  cpt_codes?: readonly string[] | null;
  loinc_set_hash?: string | null;
  labs?: readonly CompendiumLab[] | null;
  include_related?: boolean;
  limit?: number;
}

export interface CompendiumSearchResult {
  mode: 'canonical' | 'crosswalk';
  selected_canonical: CanonicalCandidate | null;
  canonical_candidates: CanonicalCandidate[];
  per_lab: Record<string, PerLabCandidate[]>;
  related: Array<{ canonical: CanonicalCandidate; relation: string; confidence: number; reason_codes: string[] }>;
}

/** How well a canonical test matches the words of a query (0: not at all). */
function queryScore(c: Canonical, query: string): number {
  const q = query.toLowerCase();
  if (c.codes.length === 1 && c.codes[0]!.toLowerCase() === q) return 1;
  const names = [c.display_name, ...c.aliases].map((n) => n.toLowerCase());
  if (names.includes(q)) return 1;
  if (c.markers.some((m) => m.provider_id.toLowerCase() === q)) return 0.95;
  if (names.some((n) => n.startsWith(q))) return 0.85;
  if (names.some((n) => n.split(/[^a-z0-9]+/).some((word) => word.startsWith(q)))) return 0.75;
  if (names.some((n) => n.includes(q))) return 0.6;
  if (c.codes.includes(query)) return 0.5;
  return 0;
}

/** How well a canonical test's CPT codes match the given ones (1: the same set). */
function cptScore(c: Canonical, codes: readonly string[]): number {
  if (c.cpt_codes.length === 0) return 0;
  return jaccard(c.cpt_codes, codes);
}

/**
 * Searches the canonical tests offered at `labs` (default every lab). Each criterion given
 * (`query`, `cpt_codes`, `loinc_set_hash`) must match; a candidate's confidence is its worst
 * criterion's score. Candidates by confidence, then popularity, then name; `limit` of them.
 * The first is `selected_canonical`; in `crosswalk` mode `per_lab` gives each lab's markers of
 * it (relation `exact`), or, where a lab has none, the lab's markers that report it within a
 * larger set (`contained_in`); `related` (with `include_related`) lists the canonical tests that
 * contain it or that it contains.
 */
export function searchCompendium(compendium: Compendium, q: CompendiumSearch): CompendiumSearchResult {
  const limit = q.limit ?? 3;
  const labs = q.labs && q.labs.length > 0 ? [...new Set(q.labs)] : [...COMPENDIUM_LABS];
  const labIds = new Set(labs.map((slug) => compendium.catalog.index.labBySlug.get(slug)?.id).filter((id): id is number => id !== undefined));
  const query = q.query?.trim() || null;
  const cpt = [...new Set((q.cpt_codes ?? []).map((c) => c.trim()).filter((c) => c !== ''))];
  const hash = q.loinc_set_hash?.trim().toLowerCase() || null;
  const scored: Array<{ c: Canonical; score: number }> = [];
  for (const c of compendium.canonicals) {
    if (!c.markers.some((m) => labIds.has(m.lab_id))) continue;
    const scores: number[] = [];
    if (query !== null) scores.push(queryScore(c, query));
    if (cpt.length > 0) scores.push(cptScore(c, cpt));
    if (hash !== null) scores.push(c.hash === hash ? 1 : 0);
    const score = Math.min(...scores);
    if (scores.length > 0 && score > 0) scored.push({ c, score });
  }
  scored.sort((a, b) => b.score - a.score || b.c.popularity - a.c.popularity || a.c.display_name.localeCompare(b.c.display_name) || a.c.hash.localeCompare(b.c.hash));
  const top = scored.slice(0, limit);
  const selected = top[0]?.c ?? null;
  const perLab: Record<string, PerLabCandidate[]> = {};
  if (q.mode === 'crosswalk' && selected) {
    for (const slug of labs) {
      const labId = compendium.catalog.index.labBySlug.get(slug)?.id;
      const atLab = labId === undefined ? [] : (compendium.catalog.index.byLab.get(labId) ?? []).map((e) => e.marker);
      const exact = atLab.filter((m) => compendium.byMarkerId.get(m.id) === selected);
      perLab[slug] = exact.length > 0
        ? exact.map((m) => perLabView(compendium, m, 'exact', 1, ['same_loinc_set']))
        : atLab
          .filter((m) => { const codes = loincCodesOf(m); return codes.length > selected.codes.length && isSubset(selected.codes, codes); })
          .map((m) => ({ m, confidence: selected.codes.length / loincCodesOf(m).length }))
          .sort((a, b) => b.confidence - a.confidence || a.m.id - b.m.id)
          .slice(0, limit)
          .map(({ m, confidence }) => perLabView(compendium, m, 'contained_in', confidence, ['loinc_set_superset']));
    }
  }
  const related = q.include_related === false || !selected ? [] : compendium.canonicals
    .filter((c) => c !== selected && c.markers.some((m) => labIds.has(m.lab_id)))
    .flatMap((c) => {
      if (isSubset(selected.codes, c.codes)) return [{ c, relation: 'contained_in', reason: 'loinc_set_superset' }];
      if (isSubset(c.codes, selected.codes)) return [{ c, relation: 'contains', reason: 'loinc_set_subset' }];
      return [];
    })
    .map(({ c, relation, reason }) => ({ c, relation, reason, confidence: jaccard(c.codes, selected.codes) }))
    .sort((a, b) => b.confidence - a.confidence || b.c.popularity - a.c.popularity || a.c.display_name.localeCompare(b.c.display_name))
    .slice(0, limit)
    .map(({ c, relation, reason, confidence }) => ({ canonical: canonicalView(c, confidence), relation, confidence: round(confidence), reason_codes: [reason] }));
  return {
    mode: q.mode,
    selected_canonical: top[0] ? canonicalView(top[0].c, top[0].score) : null,
    canonical_candidates: top.map(({ c, score }) => canonicalView(c, score)),
    per_lab: perLab,
    related,
  };
}

// ---------------------------------------------------------------------------
// Convert
// ---------------------------------------------------------------------------

export interface ConversionSource {
  /** The source lab. */
  lab_id: number;
  /** The source markers, in the request's (or the lab test's) order, each once. */
  markers: readonly LabMarker[];
  lab_test_id: string | null;
}

export interface CompendiumConversion {
  source_lab_test_id: string | null;
  source_lab_id: number;
  target_lab_id: number;
  target_lab_slug: string;
  source_provider_ids: string[];
  converted_provider_ids: string[];
  unresolved_provider_ids: string[];
  by_source_provider_id: Record<string, { source_provider_id: string; candidates: PerLabCandidate[] }>;
}

/**
 * The markers of `targetLabId` equivalent to one source marker: the target's marker of the same
 * LOINC set (`exact`), else the smallest set of target markers, each reporting only codes the
 * source reports, that together report all of them (`component`: a panel the target lab does not
 * offer whole, ordered as its parts). `resolved` is false when neither exists; the target markers
 * that report part of the codes are then listed as `partial`. No candidate ever reports a code
 * the source does not.
 */
export function convertMarker(compendium: Compendium, source: LabMarker, targetLabId: number, limit: number): { resolved: boolean; candidates: PerLabCandidate[]; chosen: LabMarker[] } {
  const codes = loincCodesOf(source);
  const atTarget = (compendium.catalog.index.byLab.get(targetLabId) ?? []).map((e) => e.marker);
  const exact = atTarget.filter((m) => compendium.byMarkerId.get(m.id) === compendium.byMarkerId.get(source.id));
  if (exact.length > 0) {
    const sorted = exact.sort((a, b) => a.id - b.id);
    return { resolved: true, candidates: sorted.slice(0, limit).map((m) => perLabView(compendium, m, 'exact', 1, ['same_loinc_set'])), chosen: [sorted[0]!] };
  }
  // Parts: target markers reporting only the source's codes, the largest first (fewest markers).
  const parts = atTarget
    .map((m) => ({ m, codes: loincCodesOf(m) }))
    .filter(({ codes: c }) => c.length > 0 && isSubset(c, codes))
    .sort((a, b) => b.codes.length - a.codes.length || a.m.id - b.m.id);
  const covered = new Set<string>();
  const cover: Array<{ m: LabMarker; codes: string[] }> = [];
  for (const part of parts) {
    if (part.codes.every((c) => covered.has(c))) continue;
    cover.push(part);
    for (const c of part.codes) covered.add(c);
  }
  const resolved = covered.size === codes.length;
  const relation = resolved ? 'component' : 'partial';
  const reasons = [resolved ? 'loinc_set_covered_by_parts' : 'loinc_set_partly_covered'];
  const candidates = cover.map(({ m, codes: c }) => perLabView(compendium, m, relation, c.length / codes.length, reasons));
  return { resolved, candidates: resolved ? candidates : candidates.slice(0, limit), chosen: resolved ? cover.map((p) => p.m) : [] };
}

/** Converts every source marker to `targetLabId` (see convertMarker); the unconvertible are named. */
export function convertCompendium(compendium: Compendium, source: ConversionSource, targetLabId: number, limit: number): CompendiumConversion {
  const target = compendium.catalog.labs.find((l) => l.id === targetLabId);
  if (!target) throw new RangeError(`unknown lab ${targetLabId}`);
  const converted: string[] = [];
  const unresolved: string[] = [];
  const bySource: CompendiumConversion['by_source_provider_id'] = {};
  for (const marker of source.markers) {
    const result = convertMarker(compendium, marker, targetLabId, limit);
    bySource[marker.provider_id] = { source_provider_id: marker.provider_id, candidates: result.candidates };
    if (!result.resolved) unresolved.push(marker.provider_id);
    for (const chosen of result.chosen) if (!converted.includes(chosen.provider_id)) converted.push(chosen.provider_id);
  }
  return {
    source_lab_test_id: source.lab_test_id,
    source_lab_id: source.lab_id,
    target_lab_id: target.id,
    target_lab_slug: target.slug,
    source_provider_ids: source.markers.map((m) => m.provider_id),
    converted_provider_ids: converted,
    unresolved_provider_ids: unresolved,
    by_source_provider_id: bySource,
  };
}

export type SourceProblem = { loc: (string | number)[]; msg: string };

/**
 * The source of a conversion given by lab test codes: the one lab that has every code (matched
 * ignoring case and spaces). A code no lab has, a code named twice, codes of no single lab, or
 * codes every one of several labs has, are problems naming the codes.
 */
export function resolveSourceCodes(catalog: MarkerCatalog, codes: readonly string[]): { ok: true; lab_id: number; markers: LabMarker[] } | { ok: false; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const seen = new Map<string, number>();
  const offered = codes.map((raw, i) => {
    const key = raw.trim().toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) problems.push({ loc: ['provider_ids', i], msg: `Marker test code ${raw} is named more than once (first at provider_ids[${first}])` });
    else seen.set(key, i);
    const markers = catalog.index.markersByCode.get(key) ?? [];
    if (markers.length === 0) problems.push({ loc: ['provider_ids', i], msg: `Unknown marker test code ${raw}` });
    return markers;
  });
  if (problems.length > 0) return { ok: false, problems };
  const labCounts = new Map<number, number>();
  for (const markers of offered) for (const m of markers) labCounts.set(m.lab_id, (labCounts.get(m.lab_id) ?? 0) + 1);
  const full = [...labCounts.entries()].filter(([, n]) => n === codes.length).map(([id]) => id).sort((a, b) => a - b);
  const slug = (id: number) => catalog.labs.find((l) => l.id === id)?.slug ?? String(id);
  if (full.length > 1) return { ok: false, problems: [{ loc: ['provider_ids'], msg: `The codes are offered at several labs (${full.map(slug).join(', ')}); give a lab test (lab_test_id) to say which lab they are of` }] };
  if (full.length === 0) {
    const [best] = [...labCounts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    codes.forEach((raw, i) => {
      if (!offered[i]!.some((m) => m.lab_id === best![0])) {
        problems.push({ loc: ['provider_ids', i], msg: `Marker test code ${raw} is offered at ${offered[i]!.map((m) => slug(m.lab_id)).join(', ')}, not at ${slug(best![0])} like the other codes: the codes must be of one lab` });
      }
    });
    return { ok: false, problems };
  }
  const labId = full[0]!;
  return { ok: true, lab_id: labId, markers: offered.map((markers) => markers.find((m) => m.lab_id === labId)!) };
}
