import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { SCHEMAS, schemaValidator } from './spec-schemas.js';
import { parse } from 'yaml';
import {
  LABS,
  LAB_ACCOUNTS,
  LAB_TESTS,
  MARKER_CATALOG,
  listOrderSetMarkers,
  resolveOrderSet,
  scaleCatalog,
  searchMarkers,
  toClientFacingMarker,
  toClientFacingMarkerPage,
  type LabMarker,
} from '../../server/domain/lab-markers/catalog.js';

const MARKERS = MARKER_CATALOG.markers;
const MARKER_TYPES = (parse(readFileSync(`${SCHEMAS}MarkerType.yaml`, 'utf8')) as { enum: string[] }).enum;

/** LOINC mod-10 check digit (Luhn: double every other digit starting from the rightmost). */
function loincCheckDigit(base: string): number {
  let sum = 0;
  const digits = base.split('').reverse().map(Number);
  digits.forEach((d, i) => {
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += d;
    }
  });
  return (10 - (sum % 10)) % 10;
}

function isValidLoinc(code: string): boolean {
  const m = /^(\d{1,7})-(\d)$/.exec(code);
  return m !== null && loincCheckDigit(m[1] as string) === Number(m[2]);
}

const lab = (slug: string) => {
  const l = LABS.find((x) => x.slug === slug);
  if (!l) throw new Error(slug);
  return l;
};
const LABCORP = lab('labcorp');
const QUEST = lab('quest');
const BIOREF = lab('bioreference');
const byName = (labId: number, name: string): LabMarker => {
  const m = MARKERS.find((x) => x.lab_id === labId && x.name === name);
  if (!m) throw new Error(name);
  return m;
};

describe('lab marker catalog data', () => {
  it('when the LOINC check is given known codes, then it accepts real ones and rejects typos', () => {
    expect(isValidLoinc('2345-7')).toBe(true);
    expect(isValidLoinc('4548-4')).toBe(true);
    expect(isValidLoinc('718-7')).toBe(true);
    expect(isValidLoinc('2345-8')).toBe(false);
    expect(isValidLoinc('2354-7')).toBe(false);
    expect(isValidLoinc('2345')).toBe(false);
  });

  it('when the catalog is counted, then it has at least 300 markers across at least 3 labs', () => {
    expect(MARKERS.length).toBeGreaterThanOrEqual(300);
    expect(LABS.length).toBeGreaterThanOrEqual(3);
    for (const l of LABS) expect(MARKERS.some((m) => m.lab_id === l.id), l.slug).toBe(true);
  });

  it('when analytes are counted, then there are at least 110 distinct LOINC-coded analytes', () => {
    const codes = new Set(MARKERS.flatMap((m) => m.expected_results.map((r) => r.loinc.code)));
    expect(codes.size).toBeGreaterThanOrEqual(110);
  });

  it('when ids are read, then marker ids are unique and provider_ids are unique within each lab', () => {
    const ids = MARKERS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const l of LABS) {
      const codes = MARKERS.filter((m) => m.lab_id === l.id).map((m) => m.provider_id);
      expect(new Set(codes).size, l.slug).toBe(codes.length);
      const slugs = MARKERS.filter((m) => m.lab_id === l.id).map((m) => m.slug);
      expect(new Set(slugs).size, l.slug).toBe(slugs.length);
    }
    expect(MARKERS.map((m) => m.id)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('when every LOINC code is checked, then it is well formed and its check digit is valid', () => {
    const bad = MARKERS.flatMap((m) => m.expected_results)
      .map((r) => r.loinc.code)
      .filter((c) => !isValidLoinc(c));
    expect(bad).toEqual([]);
  });

  it('when LOINC objects are read, then id is the numeric part of the code and the slug is kebab case', () => {
    for (const r of MARKERS.flatMap((m) => m.expected_results)) {
      expect(r.loinc.id).toBe(Number(r.loinc.code.split('-')[0]));
      expect(r.loinc.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.loinc.name.length).toBeGreaterThan(0);
      expect(r.lab_id).toBeGreaterThan(0);
    }
  });

  it('when marker fields are read, then they follow the ClientFacingMarker rules', () => {
    for (const m of MARKERS) {
      expect(MARKER_TYPES).toContain(m.type);
      expect(m.price).toMatch(/^\d+\.\d{2}$/);
      expect(m.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(m.description).toMatch(/\.$/);
      expect(m.expected_results.length).toBeGreaterThan(0);
      for (const r of m.expected_results) expect(r.lab_id).toBe(m.lab_id);
      if (m.type === 'panel') expect(m.unit).toBeNull();
      if (m.type === 'biomarker') expect(m.expected_results).toHaveLength(1);
    }
  });

  it('when panels are read, then each lists its component analytes, all offered by the same lab', () => {
    const panels = MARKERS.filter((m) => m.type === 'panel');
    expect(panels.length).toBeGreaterThanOrEqual(3 * 7);
    for (const p of panels) {
      expect(p.expected_results.length, p.name).toBeGreaterThan(0);
      for (const r of p.expected_results) {
        expect(MARKERS.some((m) => m.lab_id === p.lab_id && m.type === 'biomarker' && m.provider_id === r.provider_id)).toBe(true);
      }
    }
    const lipid = byName(LABCORP.id, 'Lipid Panel');
    expect(lipid.expected_results.map((r) => r.loinc.code)).toEqual(
      expect.arrayContaining(['2093-3', '2085-9', '2571-8', '13457-7']),
    );
  });

  it('when expected results are read, then measured results are required and calculated ones (not orderable alone) are not', () => {
    const lipid = byName(LABCORP.id, 'Lipid Panel');
    const required = (name: string) => lipid.expected_results.find((r) => r.name === name)?.required;
    expect(required('Cholesterol, Total')).toBe(true);
    expect(required('HDL Cholesterol')).toBe(true);
    expect(required('LDL Cholesterol, Calculated')).toBe(false);
    for (const m of MARKERS.filter((marker) => marker.type === 'biomarker')) {
      expect(m.expected_results[0]!.required, m.name).toBe(m.a_la_carte_enabled);
    }
  });

  it('when a la carte flags are read, then most biomarkers are orderable alone and calculated ones are not', () => {
    const bio = MARKERS.filter((m) => m.type === 'biomarker');
    expect(bio.filter((m) => m.a_la_carte_enabled).length).toBeGreaterThan(bio.length / 2);
    expect(byName(LABCORP.id, 'eGFR (CKD-EPI 2021)').a_la_carte_enabled).toBe(false);
    expect(byName(LABCORP.id, 'Glucose').a_la_carte_enabled).toBe(true);
  });

  it('when lab tests and lab accounts are read, then their uuids are fixed and their references resolve', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const t of LAB_TESTS) {
      expect(t.id).toMatch(uuid);
      expect(t.marker_ids.length).toBeGreaterThan(0);
      for (const id of t.marker_ids) {
        expect(MARKERS.find((m) => m.id === id)?.lab_id).toBe(t.lab_id);
      }
    }
    expect(new Set(LAB_TESTS.map((t) => t.id)).size).toBe(LAB_TESTS.length);
    for (const l of [LABCORP, QUEST, BIOREF]) {
      expect(LAB_TESTS.some((t) => t.lab_id === l.id && t.name === 'Essential Health Panel')).toBe(true);
    }
    for (const a of LAB_ACCOUNTS) {
      expect(a.id).toMatch(uuid);
      for (const id of a.lab_ids) expect(LABS.some((l) => l.id === id)).toBe(true);
    }
  });
});

describe('searchMarkers', () => {
  const base = { page: 1, size: 100 } as const;

  it('when no filter is given, then every marker is counted in id order', () => {
    const r = searchMarkers(MARKER_CATALOG, { page: 1, size: 50 });
    expect(r.total).toBe(MARKERS.length);
    expect(r.markers).toHaveLength(50);
    expect(r.markers.map((m) => m.id)).toEqual(MARKERS.slice(0, 50).map((m) => m.id));
    expect(r).toMatchObject({ page: 1, size: 50, pages: Math.ceil(MARKERS.length / 50) });
  });

  it('when both lab_slug and lab_id are given, then lab_slug wins', () => {
    const r = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'quest', lab_id: [LABCORP.id] });
    expect(r.total).toBe(MARKERS.filter((m) => m.lab_id === QUEST.id).length);
    expect(r.markers.every((m) => m.lab_id === QUEST.id)).toBe(true);
  });

  it('when lab_slug is unknown, then nothing matches even if lab_id is given', () => {
    const r = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'acme_labs', lab_id: [LABCORP.id] });
    expect(r).toEqual({ markers: [], total: 0, page: 1, size: 100, pages: 0 });
  });

  it('when several lab_ids are given, then markers of those labs are returned in id order', () => {
    const r = searchMarkers(MARKER_CATALOG, { page: 1, size: 100, lab_id: [BIOREF.id, LABCORP.id] });
    const expected = MARKERS.filter((m) => m.lab_id === BIOREF.id || m.lab_id === LABCORP.id);
    expect(r.total).toBe(expected.length);
    expect(r.markers.map((m) => m.id)).toEqual(expected.slice(0, 100).map((m) => m.id));
  });

  it('when name is given in any case, then it matches marker names case-insensitively as a substring', () => {
    const r = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'labcorp', name: 'CHOLESTEROL' });
    expect(r.total).toBeGreaterThanOrEqual(5);
    expect(r.markers.every((m) => m.name.toLowerCase().includes('cholesterol'))).toBe(true);
    const lower = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'labcorp', name: 'cholesterol' });
    expect(lower.markers.map((m) => m.id)).toEqual(r.markers.map((m) => m.id));
  });

  it('when name is a test code or its prefix, then the marker with that provider_id is found', () => {
    const exact = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'labcorp', name: '001818' });
    expect(exact.markers.map((m) => m.name)).toEqual(['Glucose']);
    const prefix = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'labcorp', name: '0018' });
    expect(prefix.markers.map((m) => m.provider_id)).toContain('001818');
    expect(prefix.markers.every((m) => m.provider_id.startsWith('0018') || m.name.includes('0018'))).toBe(true);
    // A code is not matched in the middle.
    const middle = searchMarkers(MARKER_CATALOG, { ...base, lab_slug: 'labcorp', name: '1818' });
    expect(middle.markers.map((m) => m.provider_id)).not.toContain('001818');
  });

  it('when name is empty or blank, then it does not filter', () => {
    const all = searchMarkers(MARKER_CATALOG, { page: 1, size: 10 }).total;
    expect(searchMarkers(MARKER_CATALOG, { page: 1, size: 10, name: '' }).total).toBe(all);
    expect(searchMarkers(MARKER_CATALOG, { page: 1, size: 10, name: '   ' }).total).toBe(all);
  });

  it('when a_la_carte_enabled is given, then it filters; when null, then it does not', () => {
    const yes = searchMarkers(MARKER_CATALOG, { ...base, a_la_carte_enabled: true });
    const no = searchMarkers(MARKER_CATALOG, { ...base, a_la_carte_enabled: false });
    const any = searchMarkers(MARKER_CATALOG, { ...base, a_la_carte_enabled: null });
    expect(no.total).toBeGreaterThan(0);
    expect(yes.total + no.total).toBe(any.total);
    expect(yes.markers.every((m) => m.a_la_carte_enabled)).toBe(true);
    expect(no.markers.every((m) => !m.a_la_carte_enabled)).toBe(true);
  });

  it('when lab_account_id is given, then only the labs of that account are searched', () => {
    const account = LAB_ACCOUNTS[0]!;
    const r = searchMarkers(MARKER_CATALOG, { page: 1, size: 100, lab_account_id: account.id.toUpperCase() });
    expect(r.total).toBe(MARKERS.filter((m) => account.lab_ids.includes(m.lab_id)).length);
    expect(r.markers.every((m) => account.lab_ids.includes(m.lab_id))).toBe(true);
    // Combined with a lab outside the account: nothing.
    const outside = LABS.find((l) => !account.lab_ids.includes(l.id))!;
    expect(searchMarkers(MARKER_CATALOG, { ...base, lab_account_id: account.id, lab_id: [outside.id] }).total).toBe(0);
  });

  it('when lab_account_id is unknown, then no markers are returned', () => {
    const r = searchMarkers(MARKER_CATALOG, { ...base, lab_account_id: '00000000-0000-4000-8000-000000000000' });
    expect(r).toEqual({ markers: [], total: 0, page: 1, size: 100, pages: 0 });
  });

  it('when paging through a result, then pages is ceil(total/size) and pages concatenate to the whole result', () => {
    const q = { lab_slug: 'quest', name: 'a' };
    const whole = searchMarkers(MARKER_CATALOG, { ...q, page: 1, size: 100 });
    const size = 7;
    const first = searchMarkers(MARKER_CATALOG, { ...q, page: 1, size });
    expect(first.pages).toBe(Math.ceil(whole.total / size));
    const collected: number[] = [];
    for (let page = 1; page <= first.pages; page++) {
      collected.push(...searchMarkers(MARKER_CATALOG, { ...q, page, size }).markers.map((m) => m.id));
    }
    expect(collected).toHaveLength(whole.total);
    expect(collected.slice(0, 100)).toEqual(whole.markers.map((m) => m.id));
  });

  it('when the page is beyond the end, then markers is empty and the totals are still correct', () => {
    const r = searchMarkers(MARKER_CATALOG, { lab_slug: 'labcorp', page: 999, size: 50 });
    const count = MARKERS.filter((m) => m.lab_id === LABCORP.id).length;
    expect(r).toEqual({ markers: [], total: count, page: 999, size: 50, pages: Math.ceil(count / 50) });
    const filtered = searchMarkers(MARKER_CATALOG, { name: 'glucose', page: 999, size: 50 });
    expect(filtered.markers).toEqual([]);
    expect(filtered.total).toBeGreaterThan(0);
  });

  it('when page or size is not a positive integer, then a RangeError is thrown', () => {
    expect(() => searchMarkers(MARKER_CATALOG, { page: 0, size: 10 })).toThrow(RangeError);
    expect(() => searchMarkers(MARKER_CATALOG, { page: 1, size: 0 })).toThrow(RangeError);
    expect(() => searchMarkers(MARKER_CATALOG, { page: 1.5, size: 10 })).toThrow(RangeError);
  });
});

describe('listOrderSetMarkers', () => {
  const paging = { page: 1, size: 100 };
  const essential = LAB_TESTS.find((t) => t.lab_id === LABCORP.id && t.name === 'Essential Health Panel')!;
  const heart = LAB_TESTS.find((t) => t.lab_id === LABCORP.id && t.name === 'Heart Health Panel')!;
  const questHeart = LAB_TESTS.find((t) => t.lab_id === QUEST.id && t.name === 'Heart Health Panel')!;
  /** The team's lab tests as the caller finds them: by lowercased id. */
  const labTests = new Map([essential, heart, questHeart].map((t) => [t.id.toLowerCase(), t]));

  it('when lab tests overlap, then their markers are listed once each, in id order', () => {
    const r = listOrderSetMarkers(MARKER_CATALOG, { lab_test_ids: [essential.id, heart.id] }, labTests, paging);
    const expected = [...new Set([...essential.marker_ids, ...heart.marker_ids])].sort((a, b) => a - b);
    expect(essential.marker_ids.some((id) => heart.marker_ids.includes(id))).toBe(true);
    expect(r.markers.map((m) => m.id)).toEqual(expected);
    expect(r).toMatchObject({ total: expected.length, page: 1, size: 100, pages: 1 });
  });

  it('when add-on provider_ids are given, then those markers are added and duplicates are dropped', () => {
    const estradiol = byName(LABCORP.id, 'Estradiol');
    const glucose = byName(LABCORP.id, 'Glucose');
    const r = listOrderSetMarkers(
      MARKER_CATALOG,
      { lab_test_ids: [essential.id], add_on: { provider_ids: [estradiol.provider_id, estradiol.provider_id, glucose.provider_id] } },
      labTests,
      paging,
    );
    const ids = r.markers.map((m) => m.id);
    expect(ids).toContain(estradiol.id);
    expect(ids).toContain(glucose.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.total).toBe(essential.marker_ids.length + 2);
  });

  it('when only add-ons are given, then they are matched in every lab', () => {
    const r = listOrderSetMarkers(MARKER_CATALOG, { add_on: { provider_ids: ['004515'] } }, labTests, paging);
    expect(r.markers.map((m) => m.name)).toEqual(['Estradiol']);
  });

  it('when the order set is empty or unknown, then no markers are listed and unknown ids are reported at their indexes', () => {
    expect(listOrderSetMarkers(MARKER_CATALOG, {}, labTests, paging)).toEqual({ markers: [], total: 0, page: 1, size: 100, pages: 0 });
    const resolved = resolveOrderSet(MARKER_CATALOG, {
      lab_test_ids: ['00000000-0000-4000-8000-000000000000'],
      add_on: { provider_ids: ['no-such-code'] },
    }, labTests);
    expect(resolved.markers).toEqual([]);
    expect(resolved.problems).toEqual([
      { loc: ['lab_test_ids', 0], msg: 'Unknown lab test 00000000-0000-4000-8000-000000000000' },
      { loc: ['add_on', 'provider_ids', 0], msg: 'Unknown marker test code no-such-code' },
    ]);
  });

  it('when a lab test of the catalog is not among the lab tests given, then it is unknown', () => {
    const thyroid = LAB_TESTS.find((t) => t.lab_id === LABCORP.id && t.name === 'Thyroid Complete')!;
    expect(resolveOrderSet(MARKER_CATALOG, { lab_test_ids: [thyroid.id, essential.id.toUpperCase()] }, labTests).problems).toEqual([
      { loc: ['lab_test_ids', 0], msg: `Unknown lab test ${thyroid.id}` },
    ]);
  });

  it('when an unknown id is repeated, then each place is reported', () => {
    const resolved = resolveOrderSet(MARKER_CATALOG, { lab_test_ids: ['nope', essential.id, 'nope'], add_on: { provider_ids: ['x', 'x'] } }, labTests);
    expect(resolved.problems.map((p) => p.loc)).toEqual([['lab_test_ids', 0], ['lab_test_ids', 2], ['add_on', 'provider_ids', 0], ['add_on', 'provider_ids', 1]]);
  });

  it('when an add-on code is offered only at other labs than the lab tests\', then the problem names those labs', () => {
    const questGlucose = byName(QUEST.id, 'Glucose');
    expect(MARKERS.some((m) => m.lab_id === LABCORP.id && m.provider_id === questGlucose.provider_id)).toBe(false);
    expect(resolveOrderSet(MARKER_CATALOG, { lab_test_ids: [essential.id], add_on: { provider_ids: [questGlucose.provider_id] } }, labTests).problems).toEqual([
      { loc: ['add_on', 'provider_ids', 0], msg: `Marker test code ${questGlucose.provider_id} is offered at lab quest, not at lab labcorp of the order set's lab tests` },
    ]);
    const bioreferenceOnly = MARKERS.find((m) => m.lab_id === 3 && !MARKERS.some((o) => (o.lab_id === 1 || o.lab_id === 2) && o.provider_id === m.provider_id))!;
    expect(resolveOrderSet(MARKER_CATALOG, { lab_test_ids: [essential.id, questHeart.id], add_on: { provider_ids: [bioreferenceOnly.provider_id] } }, labTests).problems).toEqual([
      { loc: ['add_on', 'provider_ids', 0], msg: `Marker test code ${bioreferenceOnly.provider_id} is offered at lab bioreference, not at labs labcorp, quest of the order set's lab tests` },
    ]);
  });

  it('when paged, then the page shape follows the same math as searchMarkers', () => {
    const r = listOrderSetMarkers(MARKER_CATALOG, { lab_test_ids: [essential.id, heart.id] }, labTests, { page: 2, size: 3 });
    const all = listOrderSetMarkers(MARKER_CATALOG, { lab_test_ids: [essential.id, heart.id] }, labTests, paging);
    expect(r.markers.map((m) => m.id)).toEqual(all.markers.slice(3, 6).map((m) => m.id));
    expect(r.pages).toBe(Math.ceil(all.total / 3));
    expect(listOrderSetMarkers(MARKER_CATALOG, { lab_test_ids: [essential.id] }, labTests, { page: 50, size: 3 }).markers).toEqual([]);
  });
});

describe('scaleCatalog and wire conversion', () => {
  it('when scaled to 10000, then it has exactly 10000 markers with unique ids and per-lab unique codes', () => {
    const big = scaleCatalog(10_000);
    expect(big.markers).toHaveLength(10_000);
    expect(new Set(big.markers.map((m) => m.id)).size).toBe(10_000);
    const keys = big.markers.map((m) => `${m.lab_id}:${m.provider_id}`);
    expect(new Set(keys).size).toBe(10_000);
    expect(searchMarkers(big, { page: 1, size: 50 }).total).toBe(10_000);
    expect(scaleCatalog(10_000).markers.map((m) => m.id)).toEqual(big.markers.map((m) => m.id));
  });

  it('when scaled below the base size, then it has exactly that many markers', () => {
    expect(scaleCatalog(5).markers).toHaveLength(5);
    expect(scaleCatalog(0).markers).toHaveLength(0);
  });

  it('when a marker is converted to the wire shape, then it is plain JSON with exactly the ClientFacingMarker keys', () => {
    const m = byName(LABCORP.id, 'Lipid Panel');
    const wire = toClientFacingMarker(m);
    expect(Object.keys(wire).sort()).toEqual([
      'a_la_carte_enabled', 'aoe', 'common_tat_days', 'description', 'expected_results', 'id', 'is_orderable', 'lab_id', 'name', 'price', 'provider_id',
      'slug', 'type', 'unit', 'worst_case_tat_days',
    ]);
    expect(Object.keys(wire.expected_results[0]!).sort()).toEqual(['id', 'lab_id', 'loinc', 'name', 'provider_id', 'required', 'slug']);
    expect(Object.keys(wire.expected_results[0]!.loinc).sort()).toEqual(['code', 'id', 'name', 'slug', 'unit']);
    expect(JSON.parse(JSON.stringify(wire))).toEqual(wire);
    wire.expected_results.pop();
    expect(m.expected_results.length).toBe(wire.expected_results.length + 1);
  });

  it('when every marker and a page are converted to the wire shape, then they validate against the spec schemas', () => {
    const validateMarker = schemaValidator('ClientFacingMarker.yaml');
    for (const m of MARKERS) {
      expect(validateMarker(toClientFacingMarker(m)), `${m.id}: ${JSON.stringify(validateMarker.errors)}`).toBe(true);
    }
    const validatePage = schemaValidator('LabMarkerPage.yaml');
    const page = toClientFacingMarkerPage(searchMarkers(MARKER_CATALOG, { name: 'panel', page: 1, size: 20 }));
    expect(validatePage(page), JSON.stringify(validatePage.errors)).toBe(true);
    const empty = toClientFacingMarkerPage(searchMarkers(MARKER_CATALOG, { lab_slug: 'nope', page: 3, size: 20 }));
    expect(validatePage(empty), JSON.stringify(validatePage.errors)).toBe(true);
  });
});

describe('marker fields as the family has them (is_orderable, turnaround, aoe)', () => {
  it('when the catalog is built, then calculated results are not orderable, every marker has a turnaround whose worst case is no shorter, and a panel takes its slowest component\'s', async () => {
    const { MARKER_CATALOG: catalog, toClientFacingMarker } = await import('../../server/domain/lab-markers/catalog.js');
    const egfr = catalog.markers.find((m) => m.lab_id === 1 && m.slug === 'egfr')!;
    expect(toClientFacingMarker(egfr)).toMatchObject({ is_orderable: false, a_la_carte_enabled: false, aoe: null });
    for (const marker of catalog.markers) {
      expect(marker.common_tat_days, marker.name).toBeGreaterThanOrEqual(1);
      expect(marker.worst_case_tat_days!, marker.name).toBeGreaterThanOrEqual(marker.common_tat_days!);
    }
    const lipid = catalog.markers.find((m) => m.lab_id === 1 && m.slug === 'lipid-panel')!;
    const components = lipid.expected_results.map((r) => catalog.markers.find((m) => m.lab_id === 1 && m.expected_results.length === 1 && m.expected_results[0]!.id === r.id)!);
    expect(lipid.common_tat_days).toBe(Math.max(...components.map((m) => m.common_tat_days!)));
    expect(lipid.is_orderable).toBe(true);
  });
});
