import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABS, LAB_TESTS, MARKER_CATALOG, type LabMarker } from '../../server/domain/lab-markers/catalog.js';
import { normalBounds, REFERENCE_RANGES, type NumericRange } from '../../server/domain/lab-markers/reference-ranges.js';
import {
  ageAt, expectedResultsOf, generateLabResults, hasCriticalResult, INTERPRETATIONS, interpretNumeric, RESULT_TYPES,
  type BiomarkerResult, type ResultsInput, type SimulationOptions,
} from '../../server/domain/lab-results/generate.js';
import { isCalculated } from '../../server/domain/lab-results/derived.js';
import { schemaValidator, specEnum } from './spec-schemas.js';

const markerById = MARKER_CATALOG.index.markerById;
const markersOfTest = (labTestId: string): LabMarker[] =>
  LAB_TESTS.find((t) => t.id === labTestId)!.marker_ids.map((id) => markerById.get(id)!);
const labOf = (markers: readonly LabMarker[]) => LABS.find((l) => l.id === markers[0]!.lab_id)!;

const ESSENTIAL_LABCORP = 'a10dadff-5984-40a9-b723-fa1fc9bab88a';

function input(overrides: Partial<ResultsInput> & { markers?: readonly LabMarker[] } = {}): ResultsInput {
  const markers = overrides.markers ?? markersOfTest(ESSENTIAL_LABCORP);
  return {
    order_id: '0b6c4a0e-6d1f-4a4e-9f59-3c7f1a9d2b11',
    sample_id: 'SMP-7FQ2KD',
    patient: { first_name: 'Ana', last_name: 'Silva', dob: '1990-06-15', gender: 'female' },
    physician: { first_name: 'Jack', last_name: 'Smith' },
    lab: overrides.lab ?? labOf(markers),
    markers,
    simulation: {},
    collected_at: '2026-03-02T09:30:00Z',
    received_at: '2026-03-03T08:00:00Z',
    reported_at: '2026-03-04T16:45:00Z',
    status: 'final',
    ...overrides,
  };
}

const rangeOf = (result: BiomarkerResult) => REFERENCE_RANGES.get(result.loinc)!;

/** The checks every result must pass, whatever the options. */
function resultProblems(result: BiomarkerResult, sex: 'female' | 'male' | null): string[] {
  const problems: string[] = [];
  const range = rangeOf(result);
  const say = (text: string) => problems.push(`${result.name} ${result.type} "${result.result}": ${text}`);
  if (result.type === 'numeric') {
    const r = range as NumericRange;
    const { low, high } = normalBounds(r, sex);
    if (String(result.value) !== String(Number(result.result))) say('value and result differ');
    if (result.is_above_max_range !== (high !== null && result.value > high)) say('is_above_max_range wrong');
    if (result.is_below_min_range !== (low !== null && result.value < low)) say('is_below_min_range wrong');
    if (result.interpretation !== interpretNumeric(result.value, r, sex)) say(`interpretation ${result.interpretation} wrong`);
    if ((result.min_range_value ?? null) !== low || (result.max_range_value ?? null) !== high) say('bounds wrong');
  } else if (result.type === 'range') {
    const r = range as NumericRange;
    const { low, high } = normalBounds(r, sex);
    const match = /^([<>])(\d+(?:\.\d+)?)$/.exec(result.result);
    if (!match) return [...problems, `${result.name}: range result "${result.result}" is not <x or >x`];
    const bound = Number(match[2]);
    if (result.value !== -1) say('value of a range result is not -1');
    if (result.is_above_max_range !== (match[1] === '>' && high !== null && bound >= high)) say('is_above_max_range wrong');
    if (result.is_below_min_range !== (match[1] === '<' && low !== null && bound <= low)) say('is_below_min_range wrong');
    const critical = (match[1] === '>' && r.critical_high !== null && bound >= r.critical_high)
      || (match[1] === '<' && r.critical_low !== null && bound <= r.critical_low);
    if ((result.interpretation === 'critical') !== critical) say('critical interpretation does not match the bound');
  } else if (result.type === 'coded_value') {
    if (range.kind !== 'coded') say('coded result of a numeric analyte');
    else if (result.interpretation !== (range.normal.includes(result.result) ? 'normal' : 'abnormal')) say('interpretation wrong');
  } else if (result.type === 'comment') {
    if (result.value !== -1) say('value of a comment is not -1');
    if (result.result.length === 0) say('empty comment');
  }
  return problems;
}

const simulationArb: fc.Arbitrary<SimulationOptions> = fc.record({
  interpretation: fc.constantFrom(...INTERPRETATIONS),
  result_types: fc.option(fc.subarray([...RESULT_TYPES]), { nil: undefined }),
  has_missing_results: fc.boolean(),
}, { requiredKeys: [] });

const labTestArb = fc.constantFrom(...LAB_TESTS.map((t) => t.id));
const genderArb = fc.constantFrom('female', 'male', 'other', 'unknown');
/** One to four markers of a single lab, biomarkers and panels alike. */
const markersArb = fc.constantFrom(1, 2, 3, 4).chain((labId) => {
  const ofLab = MARKER_CATALOG.markers.filter((m) => m.lab_id === labId);
  return fc.uniqueArray(fc.constantFrom(...ofLab), { minLength: 1, maxLength: 4, selector: (m) => m.id });
});

describe('reference ranges', () => {
  it('when every analyte of the catalog is looked up, then each has a reference range', () => {
    const loincs = new Set(MARKER_CATALOG.markers.flatMap((m) => m.expected_results.map((r) => r.loinc.code)));
    expect([...loincs].filter((code) => !REFERENCE_RANGES.has(code))).toEqual([]);
  });

  it('when a numeric range has critical limits, then they lie outside every normal range of the analyte', () => {
    for (const [code, range] of REFERENCE_RANGES) {
      if (range.kind !== 'numeric') continue;
      for (const sex of [null, 'female', 'male'] as const) {
        const { low, high } = normalBounds(range, sex);
        if (range.critical_high !== null && high !== null) expect(range.critical_high, code).toBeGreaterThan(high);
        if (range.critical_low !== null && low !== null) expect(range.critical_low, code).toBeLessThan(low);
      }
    }
  });
});

describe('generateLabResults', () => {
  it('when an order is generated, then every expected result of its markers is reported once, with its LOINC and unit', () => {
    const results = generateLabResults(input());
    const expected = expectedResultsOf(markersOfTest(ESSENTIAL_LABCORP));
    expect(results.results.map((r) => r.loinc)).toEqual(expected.map((e) => e.loinc.code));
    const glucose = results.results.find((r) => r.loinc === '2345-7')!;
    expect(glucose).toMatchObject({ name: 'Glucose', unit: 'mg/dL', type: 'numeric', min_range_value: 70, max_range_value: 99, reference_range: '70-99' });
    expect(results.missing_results).toEqual([]);
  });

  it('when the metadata is built, then it names the patient, the age at collection, the lab and a stable specimen number', () => {
    const { metadata } = generateLabResults(input({ lab_account_id: 'ded08b93-faf3-4085-a0d0-fb8215ac17d2' }));
    expect(metadata).toMatchObject({
      age: '35', dob: '1990-06-15', patient: 'Ana Silva', provider: 'Jack Smith', laboratory: 'Labcorp',
      date_collected: '2026-03-02', date_received: '2026-03-03', date_reported: '2026-03-04', status: 'final',
      interpretation: 'normal', account_id: 'ded08b93-faf3-4085-a0d0-fb8215ac17d2',
    });
    expect(metadata['clia_#']).toMatch(/^\d{2}D\d{7}$/);
    expect(metadata.specimen_number).toMatch(/^\d{11}$/);
    expect(generateLabResults(input({ order_id: 'c2a1f7a4-9a54-4bfa-8f0b-6a3f3f1f0f00' })).metadata.specimen_number).toBe(metadata.specimen_number);
  });

  it('when the birthday has not come yet in the year of collection, then the age is one less', () => {
    expect(ageAt('1990-06-15', '2026-06-14T23:59:59Z')).toBe(35);
    expect(ageAt('1990-06-15', '2026-06-15T00:00:00Z')).toBe(36);
    expect(ageAt('2000-02-29', '2026-02-28T12:00:00Z')).toBe(25);
  });

  it('when the same order is generated twice with the same options, then the results are identical (property)', () => {
    fc.assert(fc.property(labTestArb, simulationArb, fc.uuid(), genderArb, (labTestId, simulation, orderId, gender) => {
      const one = input({ markers: markersOfTest(labTestId), simulation, order_id: orderId, patient: { ...input().patient, gender } });
      expect(generateLabResults(one)).toEqual(generateLabResults({ ...one, markers: [...one.markers] }));
    }), { numRuns: 60 });
  });

  it('when any order is generated, then every flag and interpretation agrees with the reference range (property)', () => {
    fc.assert(fc.property(markersArb, simulationArb, fc.uuid(), genderArb, (markers, simulation, orderId, gender) => {
      const results = generateLabResults(input({ markers, lab: labOf(markers), simulation, order_id: orderId, patient: { ...input().patient, gender } }));
      const sex = gender === 'female' || gender === 'male' ? gender : null;
      expect(results.results.flatMap((r) => resultProblems(r, sex))).toEqual([]);
      const worst = results.results.some((r) => r.interpretation === 'critical') ? 'critical'
        : results.results.some((r) => r.interpretation === 'abnormal') ? 'abnormal' : 'normal';
      expect(results.metadata.interpretation).toBe(worst);
    }), { numRuns: 300 });
  });

  it('when critical results are asked for, then the interpretation is critical exactly when a critical result exists, and one exists whenever a measured analyte has a critical limit (property)', () => {
    fc.assert(fc.property(markersArb, simulationArb, fc.uuid(), (markers, simulation, orderId) => {
      const results = generateLabResults(input({ markers, lab: labOf(markers), simulation, order_id: orderId }));
      expect(results.metadata.interpretation === 'critical').toBe(hasCriticalResult(results));
      // Calculated results follow the measured ones they rest on: the simulation chooses among measured analytes.
      const canBeCritical = expectedResultsOf(markers).filter((e) => !isCalculated(e.loinc.code)).some((e) => {
        const range = REFERENCE_RANGES.get(e.loinc.code)!;
        return range.kind === 'numeric' && (range.critical_high !== null || range.critical_low !== null);
      });
      if (simulation.interpretation !== 'critical') expect(hasCriticalResult(results)).toBe(false);
      else if (canBeCritical) expect(hasCriticalResult(results)).toBe(true);
    }), { numRuns: 300 });
  });

  it('when critical results are asked for and the order has an analyte with a published panic value, then only such measured analytes are critical', () => {
    for (const orderId of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const results = generateLabResults(input({ order_id: orderId, simulation: { interpretation: 'critical' } }));
      const critical = results.results.filter((r) => r.interpretation === 'critical' && !isCalculated(r.loinc));
      expect(critical.length).toBeGreaterThanOrEqual(1);
      expect(critical.map((r) => (rangeOf(r) as NumericRange).critical_source)).toEqual(critical.map(() => 'published'));
    }
  });

  it('when an unknown interpretation is asked for, then every value is in range and every result, and the whole, read unknown', () => {
    const results = generateLabResults(input({ simulation: { interpretation: 'unknown' } }));
    expect(new Set(results.results.map((r) => r.interpretation))).toEqual(new Set(['unknown']));
    expect(results.metadata.interpretation).toBe('unknown');
    expect(results.results.filter((r) => r.is_above_max_range || r.is_below_min_range)).toEqual([]);
    expect(hasCriticalResult(results)).toBe(false);
  });

  it('when normal results are asked for, then every result is in range', () => {
    const results = generateLabResults(input({ simulation: { interpretation: 'normal', result_types: [...RESULT_TYPES] } }));
    expect(results.results.filter((r) => r.interpretation !== 'normal')).toEqual([]);
    expect(results.results.filter((r) => r.is_above_max_range || r.is_below_min_range)).toEqual([]);
  });

  it('when abnormal results are asked for, then one to three measured results are out of range and none is critical', () => {
    for (const orderId of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const results = generateLabResults(input({ order_id: orderId, simulation: { interpretation: 'abnormal' } }));
      expect(results.results.filter((r) => r.interpretation === 'critical')).toEqual([]);
      const abnormal = results.results.filter((r) => r.interpretation === 'abnormal' && !isCalculated(r.loinc));
      expect(abnormal.length).toBeGreaterThanOrEqual(1);
      expect(abnormal.length).toBeLessThanOrEqual(3);
      expect(abnormal.every((r) => r.is_above_max_range || r.is_below_min_range)).toBe(true);
      expect(results.metadata.interpretation).toBe('abnormal');
    }
  });

  it('when result types are asked for, then every result has one of them where the analyte can be reported so', () => {
    fc.assert(fc.property(labTestArb, fc.subarray([...RESULT_TYPES], { minLength: 1 }), fc.uuid(), (labTestId, types, orderId) => {
      const results = generateLabResults(input({ markers: markersOfTest(labTestId), order_id: orderId, simulation: { result_types: types } }));
      for (const result of results.results) {
        const coded = rangeOf(result).kind === 'coded';
        const fits = coded ? types.some((t) => t === 'coded_value' || t === 'comment') : types.some((t) => t !== 'coded_value');
        if (fits) expect(types, result.name).toContain(result.type);
        else expect(result.type).toBe(coded ? 'coded_value' : 'numeric');
      }
    }), { numRuns: 100 });
  });

  it('when only comments are asked for, then every result is a comment with the value -1', () => {
    const results = generateLabResults(input({ simulation: { result_types: ['comment'], interpretation: 'critical' } }));
    expect(new Set(results.results.map((r) => r.type))).toEqual(new Set(['comment']));
    expect(results.results.every((r) => r.value === -1)).toBe(true);
    expect(results.metadata.interpretation).toBe('critical');
  });

  it('when missing results are asked for, then some in-range results move to missing_results with a failure type and the rest stay', () => {
    const all = generateLabResults(input({ simulation: { interpretation: 'critical' } }));
    const some = generateLabResults(input({ simulation: { interpretation: 'critical', has_missing_results: true } }));
    expect(some.missing_results.length).toBeGreaterThanOrEqual(1);
    expect(some.results.length + some.missing_results.length).toBe(all.results.length + all.missing_results.length);
    const missingLoincs = new Set(some.missing_results.map((m) => m.loinc));
    // The measured results missing were in range; the calculations that need them are missing with them.
    const measuredMissing = some.missing_results.filter((m) => !isCalculated(m.loinc));
    expect(measuredMissing.length).toBeGreaterThanOrEqual(1);
    expect(all.results.filter((r) => missingLoincs.has(r.loinc) && !isCalculated(r.loinc)).every((r) => r.interpretation === 'normal')).toBe(true);
    expect(some.results).toEqual(all.results.filter((r) => !missingLoincs.has(r.loinc)));
    for (const missing of measuredMissing) {
      expect(['quantity_not_sufficient_failure', 'collection_process_failure', 'internal_lab_failure']).toContain(missing.inferred_failure_type);
      expect(missing.note.length).toBeGreaterThan(0);
    }
    for (const missing of some.missing_results.filter((m) => isCalculated(m.loinc))) {
      expect(['missing_result_calc_failure', 'missing_demo_aoe_calc_failure']).toContain(missing.inferred_failure_type);
    }
  });

  it('when an order has a single result and missing results are asked for, then that result is still reported', () => {
    const glucose = MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.slug === 'glucose')!;
    const results = generateLabResults(input({ markers: [glucose], simulation: { has_missing_results: true } }));
    expect(results.results).toHaveLength(1);
    expect(results.missing_results).toEqual([]);
  });

  it('when partial results are generated, then they are the first half of the final results with the same values, status partial', () => {
    const final = generateLabResults(input({ simulation: { interpretation: 'abnormal', has_missing_results: true } }));
    const partial = generateLabResults(input({ status: 'partial', simulation: { interpretation: 'abnormal', has_missing_results: true } }));
    expect(partial.metadata.status).toBe('partial');
    expect(partial.missing_results).toEqual([]);
    expect(partial.results.length).toBeGreaterThan(0);
    expect(partial.results.length).toBeLessThan(final.results.length);
    expect(final.results.slice(0, partial.results.length)).toEqual(partial.results);
  });

  it('when a sex-specific analyte is generated, then the range printed is the one of the patient\'s sex', () => {
    const hemoglobin = MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.slug === 'hemoglobin')!;
    const female = generateLabResults(input({ markers: [hemoglobin] })).results[0]!;
    const male = generateLabResults(input({ markers: [hemoglobin], patient: { ...input().patient, gender: 'male' } })).results[0]!;
    expect(female.reference_range).toBe('11.1-15.9');
    expect(male.reference_range).toBe('13.0-17.7');
  });

  it('when any order is generated, then the results match the spec\'s LabResultsRaw schema (property)', () => {
    const validate = schemaValidator('LabResultsRaw.yaml');
    fc.assert(fc.property(markersArb, simulationArb, fc.uuid(), fc.constantFrom('final', 'partial') as fc.Arbitrary<'final' | 'partial'>, (markers, simulation, orderId, status) => {
      const results = generateLabResults(input({ markers, lab: labOf(markers), simulation, order_id: orderId, status }));
      expect(validate(results) ? [] : validate.errors).toEqual([]);
    }), { numRuns: 100 });
  });

  it('when the domain lists its result types and interpretations, then they are the spec\'s enums', () => {
    expect([...RESULT_TYPES]).toEqual(specEnum('ResultType.yaml'));
    expect([...INTERPRETATIONS, 'unknown']).toEqual(specEnum('Interpretation.yaml'));
  });

  it('when an order has no markers, then generation refuses it', () => {
    expect(() => generateLabResults(input({ markers: [], lab: LABS[0]! }))).toThrow(RangeError);
  });
});
