/**
 * Results that agree with themselves: over many generated orders (any lab, markers, patient
 * sex and age, simulation options, final or partial), every calculated result equals the
 * calculation from the results it derives from, as printed, rounded to its own decimals.
 * The formulas are written out here again, from their published form, not imported.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABS, LAB_TESTS, MARKER_CATALOG, type LabMarker } from '../../server/domain/lab-markers/catalog.js';
import { normalBounds, REFERENCE_RANGES, type NumericRange } from '../../server/domain/lab-markers/reference-ranges.js';
import { generateLabResults, INTERPRETATIONS, RESULT_TYPES, type LabResults, type ResultsInput, type SimulationOptions } from '../../server/domain/lab-results/generate.js';
import { resultFootnote } from '../../server/domain/lab-documents/render.js';
import { coherenceProblems, LDL_EQUATION } from '../helpers/lab-result-coherence.js';

const markerById = MARKER_CATALOG.index.markerById;
const labOf = (markers: readonly LabMarker[]) => LABS.find((l) => l.id === markers[0]!.lab_id)!;

/** Panels whose results include calculations, so that most generated orders have some. */
const CALCULATING_PANELS = ['lipid_panel', 'cmp', 'bmp', 'cbc_diff', 'hepatic_panel', 'iron_panel', 'renal_panel', 'electrolyte_panel',
  'hba1c_eag', 'psa_total_free', 'uacr_panel', 'thyroid_panel'];

const markersArb: fc.Arbitrary<LabMarker[]> = fc.oneof(
  fc.constantFrom(...LAB_TESTS).map((t) => t.marker_ids.map((id) => markerById.get(id)!)),
  fc.constantFrom(1, 2, 3, 4).chain((labId) => {
    const ofLab = MARKER_CATALOG.markers.filter((m) => m.lab_id === labId);
    const panels = ofLab.filter((m) => CALCULATING_PANELS.includes(m.slug.replace(/-/g, '_')));
    return fc.uniqueArray(fc.constantFrom(...panels, ...ofLab), { minLength: 1, maxLength: 5, selector: (m) => m.id });
  }),
);

const simulationArb: fc.Arbitrary<SimulationOptions> = fc.record({
  interpretation: fc.constantFrom(...INTERPRETATIONS, 'unknown' as const),
  result_types: fc.option(fc.subarray([...RESULT_TYPES]), { nil: undefined }),
  has_missing_results: fc.boolean(),
}, { requiredKeys: [] });

const dobArb = fc.integer({ min: 1926, max: 2008 }).chain((year) => fc.integer({ min: 1, max: 28 }).chain((day) =>
  fc.integer({ min: 1, max: 12 }).map((month) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)));

const physicianArb = fc.option(fc.record({ first_name: fc.constantFrom('Jack', 'Priya'), last_name: fc.constantFrom('Smith', 'Okafor') }), { nil: null });

const orderArb = fc.record({
  markers: markersArb,
  simulation: simulationArb,
  order_id: fc.uuid(),
  gender: fc.constantFrom('female', 'male', 'other', 'unknown'),
  dob: dobArb,
  status: fc.constantFrom('final', 'partial') as fc.Arbitrary<'final' | 'partial'>,
  physician: physicianArb,
});

type Order = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function inputOf(order: Order): ResultsInput {
  return {
    order_id: order.order_id,
    sample_id: 'SMP-COHERE1',
    patient: { first_name: 'Noor', last_name: 'Haddad', dob: order.dob, gender: order.gender },
    physician: order.physician,
    lab: labOf(order.markers),
    markers: order.markers,
    simulation: order.simulation,
    collected_at: '2026-05-11T08:15:00Z',
    received_at: '2026-05-11T19:00:00Z',
    reported_at: '2026-05-12T14:30:00Z',
    status: order.status,
  };
}

/** Flags as the ranges say, the lab's own flag beside them, and where each result came from. */
function flagProblems(results: LabResults, input: ResultsInput): string[] {
  const problems: string[] = [];
  const sex = input.patient.gender === 'female' || input.patient.gender === 'male' ? input.patient.gender : null;
  const uninterpreted = input.simulation.interpretation === 'unknown';
  for (const r of results.results) {
    if (r.source_sample_id !== input.sample_id) problems.push(`${r.name}: source_sample_id ${r.source_sample_id}`);
    if (r.performing_laboratory !== input.lab.name) problems.push(`${r.name}: performing_laboratory ${r.performing_laboratory}`);
    const parents = r.source_markers.map((m) => input.markers.find((marker) => marker.id === m.marker_id));
    if (parents.length === 0 || parents.some((p) => !p?.expected_results.some((e) => e.loinc.code === r.loinc))) problems.push(`${r.name}: source_markers do not hold it`);
    const range = REFERENCE_RANGES.get(r.loinc)!;
    if (r.type !== 'numeric' || range.kind !== 'numeric') continue;
    const { low, high } = normalBounds(range as NumericRange, sex);
    const critical = (range.critical_high !== null && r.value > range.critical_high) || (range.critical_low !== null && r.value < range.critical_low);
    const outside = (high !== null && r.value > high) || (low !== null && r.value < low);
    const expected = uninterpreted ? 'unknown' : critical ? 'critical' : outside ? 'abnormal' : 'normal';
    if (r.interpretation !== expected) problems.push(`${r.name} ${r.value}: ${r.interpretation}, the ranges say ${expected}`);
    const flag = uninterpreted ? '' : critical ? (r.value > (range.critical_high ?? Infinity) ? 'HH' : 'LL') : outside ? (high !== null && r.value > high ? 'H' : 'L') : 'N';
    if (r.source_interpretation !== flag) problems.push(`${r.name} ${r.value}: source_interpretation ${r.source_interpretation}, expected ${flag}`);
  }
  return problems;
}

/** Who the report says was told of a critical value: the physician only when there is one. */
function notificationProblems(results: LabResults, input: ResultsInput): string[] {
  const problems: string[] = [];
  const name = input.physician ? `${input.physician.first_name} ${input.physician.last_name}` : null;
  const texts = [...results.results.filter((r) => r.type === 'comment').map((r) => r.result), resultFootnote({ physician: input.physician ?? null, results })];
  for (const text of texts) {
    if (name === null && /physician \(|physician,/.test(text)) problems.push(`claims a physician was notified without one: ${text}`);
    if (name !== null && /critical/i.test(text) && /notified|reported to/.test(text) && !text.includes(name)) problems.push(`does not name the physician: ${text}`);
  }
  return problems;
}

describe('lab results that agree with themselves (property)', () => {
  it('when any order is generated, then every calculated result equals its calculation from the printed results it derives from', () => {
    let checked = 0;
    fc.assert(fc.property(orderArb, (order) => {
      const input = inputOf(order);
      const results = generateLabResults(input);
      expect(coherenceProblems(results, input.lab.slug, order.gender)).toEqual([]);
      if (results.results.some((r) => ['13457-7', '98979-8', '751-8', '10834-0'].includes(r.loinc))) checked += 1;
    }), { numRuns: 400 });
    // The generated orders exercise the calculations, not only orders without any (about a quarter of them reach these four).
    expect(checked).toBeGreaterThan(50);
  });

  it('when any order is generated, then flags, the lab\'s flag and the interpretation follow the ranges, and each result names its sample, laboratory and markers', () => {
    fc.assert(fc.property(orderArb, (order) => {
      const input = inputOf(order);
      expect(flagProblems(generateLabResults(input), input)).toEqual([]);
    }), { numRuns: 300 });
  });

  it('when normal (or uninterpreted) results are asked for, then calculated results are in range too', () => {
    fc.assert(fc.property(orderArb, fc.constantFrom('normal', 'unknown') as fc.Arbitrary<'normal' | 'unknown'>, (order, interpretation) => {
      const input = inputOf({ ...order, simulation: { ...order.simulation, interpretation } });
      const results = generateLabResults(input);
      expect(results.results.filter((r) => r.is_above_max_range || r.is_below_min_range).map((r) => `${r.name} ${r.result}`)).toEqual([]);
    }), { numRuns: 300 });
  });

  it('when a report holds a critical value, then it says a physician was notified only when the order has one, and names that physician', () => {
    fc.assert(fc.property(orderArb, (order) => {
      const input = inputOf({ ...order, simulation: { ...order.simulation, interpretation: 'critical', result_types: ['comment', 'numeric'] } });
      expect(notificationProblems(generateLabResults(input), input)).toEqual([]);
    }), { numRuns: 200 });
  });

  it('when the LDL is calculated, then its note states the lab\'s equation', () => {
    const lipid = (labId: number) => MARKER_CATALOG.markers.find((m) => m.lab_id === labId && m.slug === 'lipid-panel')!;
    for (const lab of LABS) {
      const markers = [lipid(lab.id)];
      const results = generateLabResults(inputOf({ markers, simulation: {}, order_id: '6f0e3c1a-2b7d-4c55-9a1e-0d4b8f2c7e93', gender: 'male', dob: '1970-02-03', status: 'final', physician: null }));
      const ldl = results.results.find((r) => r.loinc === '13457-7')!;
      expect(ldl.notes).toBe(LDL_EQUATION[lab.slug] === 'sampson' ? 'Calculated by the NIH (Sampson) equation.' : 'Calculated by the Friedewald equation.');
    }
  });

  it('when triglycerides exceed the lab\'s equation limit, then LDL and VLDL are missing results (a calculation failure), never printed', () => {
    const lipid = MARKER_CATALOG.markers.find((m) => m.lab_id === 3 && m.slug === 'lipid-panel')!;
    let seen = 0;
    for (let n = 0; n < 200 && seen < 3; n += 1) {
      const order_id = `7d0c2e4a-9b1f-4c3d-8e5a-${String(n).padStart(12, '0')}`;
      const results = generateLabResults(inputOf({ markers: [lipid], simulation: { interpretation: 'critical' }, order_id, gender: 'female', dob: '1975-05-05', status: 'final', physician: null }));
      const tg = results.results.find((r) => r.loinc === '2571-8')!;
      if (tg.value <= 400) continue;
      seen += 1;
      expect(results.results.map((r) => r.loinc)).not.toContain('13457-7');
      expect(results.results.map((r) => r.loinc)).not.toContain('13458-5');
      expect(results.missing_results.map((m) => [m.loinc, m.inferred_failure_type])).toEqual([
        ['13457-7', 'missing_result_calc_failure'], ['13458-5', 'missing_result_calc_failure'],
      ]);
    }
    expect(seen).toBe(3);
  });

  it('when the patient is neither female nor male, then eGFR is a missing result for want of the patient\'s sex', () => {
    const bmp = MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.slug === 'bmp')!;
    const results = generateLabResults(inputOf({ markers: [bmp], simulation: {}, order_id: '2b1d7c9e-51f4-4a8b-8d3e-6c0f9a7b5e21', gender: 'other', dob: '1980-09-09', status: 'final', physician: null }));
    expect(results.results.map((r) => r.loinc)).not.toContain('98979-8');
    expect(results.missing_results).toEqual([expect.objectContaining({ loinc: '98979-8', inferred_failure_type: 'missing_demo_aoe_calc_failure' })]);
  });
});
