/**
 * The results of a lab order, generated from the markers of its lab test as the sandbox
 * produces them: deterministic per order (the same order and simulation options always
 * give the same results, on every run and process), honouring the simulation's
 * interpretation, result types and missing results.
 *
 * Wire shapes: spec/team/components/schemas/LabResultsRaw.yaml, LabResultsMetadata.yaml,
 * BiomarkerResult.yaml, MissingBiomarkerResult.yaml (the API family's shapes).
 */
import type { ExpectedResult, Lab, LabMarker } from '../lab-markers/catalog.js';
import {
  formatRange, normalBounds, REFERENCE_RANGES, type NumericRange, type ReferenceRange, type Sex,
} from '../lab-markers/reference-ranges.js';
import { hashSeed, seededRandom, type Random } from '../synthetic/random.js';

export const INTERPRETATIONS = ['normal', 'abnormal', 'critical'] as const;
export type SimulatedInterpretation = (typeof INTERPRETATIONS)[number];
export type Interpretation = SimulatedInterpretation | 'unknown';

export const RESULT_TYPES = ['numeric', 'range', 'comment', 'coded_value'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export type ResultsStatus = 'final' | 'partial';

/** The optional body of the simulate call (`POST /v3/order/{order_id}/test`). */
export interface SimulationOptions {
  /** `unknown`: values in range that the laboratory does not interpret (every result and the whole read `unknown`). */
  readonly interpretation?: Interpretation;
  readonly result_types?: readonly ResultType[] | null;
  readonly has_missing_results?: boolean;
}

export interface ResultsInput {
  readonly order_id: string;
  readonly sample_id: string;
  readonly patient: {
    readonly first_name: string;
    readonly last_name: string;
    /** YYYY-MM-DD */
    readonly dob: string;
    readonly gender: string;
  };
  readonly physician?: { readonly first_name?: string | null; readonly last_name?: string | null } | null;
  readonly lab: Lab;
  /** The order's markers (panels and biomarkers); their expected results are reported. */
  readonly markers: readonly LabMarker[];
  readonly simulation: SimulationOptions;
  /** ISO instants of the sample's collection, its arrival at the lab and the report. */
  readonly collected_at: string;
  readonly received_at: string;
  readonly reported_at: string;
  readonly status: ResultsStatus;
  readonly lab_account_id?: string | null;
}

export interface BiomarkerResult {
  name: string;
  slug: string;
  /** Deprecated: the number of a numeric result, -1 otherwise. */
  value: number;
  result: string;
  type: ResultType;
  unit?: string;
  timestamp: string;
  notes?: string;
  reference_range?: string;
  min_range_value?: number;
  max_range_value?: number;
  is_above_max_range?: boolean;
  is_below_min_range?: boolean;
  interpretation: Interpretation;
  loinc: string;
  loinc_slug: string;
  provider_id: string;
}

export type FailureType = 'quantity_not_sufficient_failure' | 'collection_process_failure' | 'internal_lab_failure';

export interface MissingBiomarkerResult {
  name: string;
  slug: string;
  inferred_failure_type: FailureType;
  note: string;
  loinc: string;
  loinc_slug: string;
  provider_id: string;
}

export interface LabResultsMetadata {
  age: string;
  dob: string;
  'clia_#': string;
  patient: string;
  provider?: string;
  laboratory: string;
  date_reported: string;
  date_collected: string;
  specimen_number: string;
  date_received: string;
  status: ResultsStatus;
  interpretation: Interpretation;
  account_id?: string;
}

export interface LabResults {
  metadata: LabResultsMetadata;
  results: BiomarkerResult[];
  missing_results: MissingBiomarkerResult[];
}

/**
 * The CLIA number printed for each lab: sandbox values in the CLIA format (two digits,
 * `D`, seven digits), one per lab, not a statement of any laboratory's certificate.
 */
const CLIA_BY_LAB: Readonly<Record<string, string>> = {
  labcorp: '34D0655059',
  quest: '05D0642827',
  bioreference: '31D0696246',
  sonora_quest: '03D0526497',
};

const SEVERITY: Readonly<Record<SimulatedInterpretation, number>> = { normal: 0, abnormal: 1, critical: 2 };

/** The worst interpretation of a list of results: what the order's overall interpretation is. */
export function overallInterpretation(results: readonly { interpretation: Interpretation }[]): SimulatedInterpretation {
  let worst: SimulatedInterpretation = 'normal';
  for (const result of results) {
    if (result.interpretation !== 'unknown' && SEVERITY[result.interpretation] > SEVERITY[worst]) worst = result.interpretation;
  }
  return worst;
}

/** Whole years between a YYYY-MM-DD birth date and an ISO instant (the day it falls on, UTC). */
export function ageAt(dob: string, at: string): number {
  const [y, m, d] = dob.slice(0, 10).split('-').map(Number) as [number, number, number];
  const when = new Date(at);
  let age = when.getUTCFullYear() - y;
  const month = when.getUTCMonth() + 1;
  if (month < m || (month === m && when.getUTCDate() < d)) age -= 1;
  return age;
}

const sexOf = (gender: string): Sex | null => (gender === 'female' || gender === 'male' ? gender : null);

/** The distinct results the markers report, in marker order (a panel and its components share them). */
export function expectedResultsOf(markers: readonly LabMarker[]): ExpectedResult[] {
  const seen = new Set<number>();
  const out: ExpectedResult[] = [];
  for (const marker of markers) {
    for (const expected of marker.expected_results) {
      if (seen.has(expected.id)) continue;
      seen.add(expected.id);
      out.push(expected);
    }
  }
  return out;
}

function rangeOf(expected: ExpectedResult): ReferenceRange {
  const range = REFERENCE_RANGES.get(expected.loinc.code);
  if (!range) throw new Error(`no reference range for LOINC ${expected.loinc.code} (${expected.name})`);
  return range;
}

/** The sides a numeric value can leave its normal range on without reaching a critical limit. */
function abnormalSides(range: NumericRange, sex: Sex | null): { low: boolean; high: boolean } {
  const { low, high } = normalBounds(range, sex);
  const step = 10 ** -range.decimals;
  return {
    low: low !== null && low - step > 0 && (range.critical_low === null || range.critical_low + step < low - step),
    high: high !== null && (range.critical_high === null || high + step < range.critical_high - step),
  };
}

/** What a result can be made to show: abnormal (out of range) and critical (beyond a critical limit). */
function capabilities(range: ReferenceRange, sex: Sex | null): { abnormal: boolean; critical: boolean; published: boolean } {
  if (range.kind === 'coded') return { abnormal: range.abnormal.length > 0, critical: false, published: false };
  const sides = abnormalSides(range, sex);
  return {
    abnormal: sides.low || sides.high,
    critical: range.critical_high !== null || range.critical_low !== null,
    published: range.critical_source === 'published',
  };
}

/** The types a result can be reported as, in preference order. */
function possibleTypes(range: ReferenceRange, sex: Sex | null): ResultType[] {
  if (range.kind === 'coded') return ['coded_value', 'comment'];
  const { low, high } = normalBounds(range, sex);
  return low === null && high === null ? ['numeric', 'comment'] : ['numeric', 'range', 'comment'];
}

function chooseType(range: ReferenceRange, sex: Sex | null, wanted: readonly ResultType[] | null | undefined, random: Random): ResultType {
  const possible = possibleTypes(range, sex);
  const allowed = wanted && wanted.length > 0 ? possible.filter((type) => wanted.includes(type)) : [];
  // No requested type fits this analyte: it keeps its natural type.
  if (allowed.length === 0) return possible[0]!;
  return allowed[random.int(0, allowed.length - 1)]!;
}

const pick = <T>(items: readonly T[], random: Random): T => items[random.int(0, items.length - 1)]!;

/** `count` distinct items of `items`, in their original order. */
function sample<T>(items: readonly T[], count: number, random: Random): T[] {
  const indexes = items.map((_, i) => i);
  for (let i = indexes.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, count).sort((a, b) => a - b).map((i) => items[i]!);
}

/** A value on the lab's reporting step, uniform in [from, to] (both on the step). */
function valueBetween(from: number, to: number, decimals: number, random: Random): number {
  const scale = 10 ** decimals;
  const steps = Math.max(0, Math.round((to - from) * scale));
  return Number(((Math.round(from * scale) + random.int(0, steps)) / scale).toFixed(decimals));
}

type Direction = 'high' | 'low';

interface NumericDraw { value: number; direction: Direction | null }

/** A numeric value of the asked interpretation, within the analyte's normal, abnormal or critical band. */
function drawNumeric(range: NumericRange, sex: Sex | null, wanted: SimulatedInterpretation, random: Random): NumericDraw {
  const { low, high } = normalBounds(range, sex);
  const step = 10 ** -range.decimals;
  const floor = low ?? 0;
  if (wanted === 'normal') {
    if (low === null && high === null) return { value: valueBetween(range.typical[0], range.typical[1], range.decimals, random), direction: null };
    const top = high ?? Math.max(low! * 2.5, low! + 10 * step);
    return { value: valueBetween(floor, top, range.decimals, random), direction: null };
  }
  if (wanted === 'critical') {
    const highSide = range.critical_high !== null && (range.critical_low === null || random.next() < 0.7);
    if (highSide) {
      const from = range.critical_high! + step;
      return { value: valueBetween(from, Math.max(from, range.critical_high! * 1.3), range.decimals, random), direction: 'high' };
    }
    const to = range.critical_low! - step;
    return { value: valueBetween(Math.min(to, range.critical_low! * 0.6), to, range.decimals, random), direction: 'low' };
  }
  // Abnormal: out of the normal range, short of any critical limit.
  const sides = abnormalSides(range, sex);
  const highSide = sides.high && (!sides.low || random.next() < 0.6);
  if (highSide) {
    const from = high! + step;
    const ceiling = range.critical_high !== null ? range.critical_high - step : high! * 1.6 + step;
    const to = Math.min(ceiling, Math.max(from, high! * 1.6));
    return { value: valueBetween(from, to, range.decimals, random), direction: 'high' };
  }
  const to = low! - step;
  const bottom = range.critical_low !== null ? range.critical_low + step : Math.max(0, low! * 0.5);
  return { value: valueBetween(Math.min(to, Math.max(bottom, low! * 0.5)), to, range.decimals, random), direction: 'low' };
}

/** The interpretation of a numeric value against the analyte's bounds and critical limits. */
export function interpretNumeric(value: number, range: NumericRange, sex: Sex | null): SimulatedInterpretation {
  const { low, high } = normalBounds(range, sex);
  if ((range.critical_high !== null && value > range.critical_high) || (range.critical_low !== null && value < range.critical_low)) return 'critical';
  if ((high !== null && value > high) || (low !== null && value < low)) return 'abnormal';
  return 'normal';
}

const COMMENTS: Readonly<Record<SimulatedInterpretation, string>> = {
  normal: 'within the reference range',
  abnormal: 'outside the reference range',
  critical: 'critical value; the ordering provider was notified',
};

interface Built { result: BiomarkerResult; interpretation: SimulatedInterpretation }

function buildResult(
  expected: ExpectedResult, range: ReferenceRange, sex: Sex | null, wanted: SimulatedInterpretation,
  type: ResultType, timestamp: string, random: Random,
): BiomarkerResult {
  const base = {
    name: expected.name,
    slug: expected.slug,
    ...(expected.loinc.unit === null ? {} : { unit: expected.loinc.unit }),
    timestamp,
    loinc: expected.loinc.code,
    loinc_slug: expected.loinc.slug,
    provider_id: expected.provider_id,
  };
  if (range.kind === 'coded') {
    const text = wanted === 'normal' || range.abnormal.length === 0 ? pick(range.normal, random) : pick(range.abnormal, random);
    const interpretation: SimulatedInterpretation = range.normal.includes(text) ? 'normal' : 'abnormal';
    const referenceRange = range.abnormal.length > 0 ? { reference_range: range.normal.join(' or ') } : {};
    if (type === 'comment') {
      return { ...base, value: -1, result: `${text}: ${COMMENTS[interpretation]}.`, type, ...referenceRange, interpretation };
    }
    return { ...base, value: -1, result: text, type: 'coded_value', ...referenceRange, interpretation };
  }

  const { low, high } = normalBounds(range, sex);
  const bounds = {
    ...(low === null && high === null ? {} : { reference_range: formatRange(low, high, range.decimals) }),
    ...(low === null ? {} : { min_range_value: low }),
    ...(high === null ? {} : { max_range_value: high }),
  };
  const draw = drawNumeric(range, sex, wanted, random);
  const text = draw.value.toFixed(range.decimals);
  const interpretation = interpretNumeric(draw.value, range, sex);
  if (type === 'range') {
    // A result the lab reports as a bound: below or above the limit the value passed.
    let operator: '<' | '>';
    let bound: number;
    if (interpretation === 'critical') {
      operator = draw.direction === 'low' ? '<' : '>';
      bound = operator === '<' ? range.critical_low! : range.critical_high!;
    } else if (interpretation === 'abnormal') {
      operator = draw.direction === 'low' ? '<' : '>';
      bound = operator === '<' ? low! : high!;
    } else if (high !== null) {
      operator = '<';
      bound = high;
    } else {
      operator = '>';
      bound = low!;
    }
    return {
      ...base, value: -1, result: `${operator}${bound.toFixed(range.decimals)}`, type, ...bounds,
      is_above_max_range: operator === '>' && high !== null && bound >= high,
      is_below_min_range: operator === '<' && low !== null && bound <= low,
      interpretation,
    };
  }
  const flags = {
    is_above_max_range: high !== null && draw.value > high,
    is_below_min_range: low !== null && draw.value < low,
  };
  if (type === 'comment') {
    const unit = expected.loinc.unit === null ? '' : ` ${expected.loinc.unit}`;
    return { ...base, value: -1, result: `${text}${unit}: ${COMMENTS[interpretation]}.`, type, ...bounds, ...flags, interpretation };
  }
  return { ...base, value: draw.value, result: text, type: 'numeric', ...bounds, ...flags, interpretation };
}

const FAILURES: readonly { type: FailureType; note: string }[] = [
  { type: 'quantity_not_sufficient_failure', note: 'Quantity not sufficient to perform the test.' },
  { type: 'collection_process_failure', note: 'Specimen hemolyzed; the test could not be performed.' },
  { type: 'internal_lab_failure', note: 'Test not performed because of an instrument failure at the laboratory.' },
];

/** A lab-style specimen (accession) number, stable per sample: 11 digits. */
export function specimenNumberOf(sampleId: string): string {
  const a = hashSeed(`${sampleId}:specimen:a`) % 1_000_000;
  const b = hashSeed(`${sampleId}:specimen:b`) % 100_000;
  return `${String(a).padStart(6, '0')}${String(b).padStart(5, '0')}`;
}

/**
 * The order's results. The values, the results that are out of range and the missing ones
 * depend only on the order id, its markers, the patient's sex and the simulation options;
 * partial results are the first half of the final ones (the same values), without missing
 * results. The overall interpretation is the worst of the results reported.
 *
 * - `interpretation: normal`: every result in range.
 * - `abnormal`: one to three results out of range (short of their critical limits); an
 *   order whose analytes have no abnormal value (ABO group and Rh type alone) stays normal.
 * - `critical`: one or two results beyond a critical limit (a published panic value when
 *   the order has an analyte with one, else the sandbox convention of 5 times the upper
 *   limit), and up to two more out of range; an order without an analyte that has a
 *   critical limit is abnormal instead.
 * - `result_types`: each result takes one of the listed types it can be reported as
 *   (`numeric`, `range` (a bound such as `<5.0` or `>400`) or `comment` for quantitative
 *   analytes; `coded_value` or `comment` for qualitative ones); an analyte none of the
 *   listed types fits keeps its natural type (`numeric` or `coded_value`).
 * - `unknown`: values in range, every result and the whole interpreted `unknown`.
 * - `has_missing_results`: at least one result that is not out of range (when the order
 *   has one and keeps at least one result) is reported in `missing_results` instead.
 */
export function generateLabResults(input: ResultsInput): LabResults {
  const sex = sexOf(input.patient.gender);
  const uninterpreted = input.simulation.interpretation === 'unknown';
  const wanted: SimulatedInterpretation = uninterpreted ? 'normal' : input.simulation.interpretation ?? 'normal';
  const expected = expectedResultsOf(input.markers);
  if (expected.length === 0) throw new RangeError('an order without markers has no results');
  const ranges = expected.map(rangeOf);
  const orderRandom = seededRandom(`${input.order_id}:results:${wanted}`);

  // Which results are out of range: chosen per order, before any value is drawn.
  const caps = ranges.map((range) => capabilities(range, sex));
  const target: SimulatedInterpretation[] = expected.map(() => 'normal');
  const abnormalCandidates = expected.map((_, i) => i).filter((i) => caps[i]!.abnormal);
  // Analytes with a published panic value go critical first; the sandbox convention only when the order has none.
  const published = expected.map((_, i) => i).filter((i) => caps[i]!.published);
  const criticalCandidates = published.length > 0 ? published : expected.map((_, i) => i).filter((i) => caps[i]!.critical);
  let abnormalCount = 0;
  if (wanted === 'critical' && criticalCandidates.length > 0) {
    const critical = sample(criticalCandidates, orderRandom.int(1, Math.min(2, criticalCandidates.length)), orderRandom);
    for (const i of critical) target[i] = 'critical';
    abnormalCount = orderRandom.int(0, 2);
  } else if (wanted !== 'normal') {
    abnormalCount = orderRandom.int(1, 3);
  }
  const freeAbnormal = abnormalCandidates.filter((i) => target[i] === 'normal');
  for (const i of sample(freeAbnormal, Math.min(abnormalCount, freeAbnormal.length), orderRandom)) target[i] = 'abnormal';

  // Missing results: among the results in range, never all of the order's results.
  const missing = new Set<number>();
  if (input.simulation.has_missing_results) {
    const inRange = expected.map((_, i) => i).filter((i) => target[i] === 'normal');
    const most = Math.min(inRange.length, expected.length - 1, Math.max(1, Math.floor(inRange.length / 3)));
    if (most >= 1) for (const i of sample(inRange, orderRandom.int(1, most), orderRandom)) missing.add(i);
  }

  const built: (Built & { index: number })[] = [];
  const missingResults: MissingBiomarkerResult[] = [];
  expected.forEach((result, index) => {
    // One random source per result: its value does not depend on the other results.
    const random = seededRandom(`${input.order_id}:${result.loinc.code}:${target[index]}`);
    const type = chooseType(ranges[index]!, sex, input.simulation.result_types, random);
    if (missing.has(index)) {
      const failure = FAILURES[hashSeed(`${input.order_id}:${result.loinc.code}:missing`) % FAILURES.length]!;
      missingResults.push({
        name: result.name, slug: result.slug, inferred_failure_type: failure.type, note: failure.note,
        loinc: result.loinc.code, loinc_slug: result.loinc.slug, provider_id: result.provider_id,
      });
      return;
    }
    const biomarker = buildResult(result, ranges[index]!, sex, target[index]!, type, input.reported_at, random);
    built.push({ index, result: biomarker, interpretation: biomarker.interpretation as SimulatedInterpretation });
  });

  const partial = input.status === 'partial';
  const reportedCount = partial ? Math.ceil(expected.length / 2) : expected.length;
  const results = built.filter((b) => b.index < reportedCount).map((b) => (uninterpreted ? { ...b.result, interpretation: 'unknown' as const } : b.result));
  const physician = input.physician;
  const provider = [physician?.first_name, physician?.last_name].filter((p): p is string => !!p).join(' ');
  return {
    metadata: {
      age: String(ageAt(input.patient.dob, input.collected_at)),
      dob: input.patient.dob,
      'clia_#': CLIA_BY_LAB[input.lab.slug] ?? '',
      patient: `${input.patient.first_name} ${input.patient.last_name}`,
      ...(provider === '' ? {} : { provider }),
      laboratory: input.lab.name,
      date_reported: input.reported_at.slice(0, 10),
      date_collected: input.collected_at.slice(0, 10),
      specimen_number: specimenNumberOf(input.sample_id),
      date_received: input.received_at.slice(0, 10),
      status: input.status,
      interpretation: uninterpreted ? 'unknown' : overallInterpretation(results),
      ...(input.lab_account_id ? { account_id: input.lab_account_id } : {}),
    },
    results,
    missing_results: partial ? [] : missingResults,
  };
}

/** Whether results hold a critical value (what raises `labtest.result.critical`). */
export const hasCriticalResult = (results: Pick<LabResults, 'results'>): boolean =>
  results.results.some((result) => result.interpretation === 'critical');
