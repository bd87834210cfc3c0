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
  formatRange, normalBounds, REFERENCE_RANGES, type CodedRange, type NumericRange, type ReferenceRange, type Sex,
} from '../lab-markers/reference-ranges.js';
import { hashSeed, seededRandom, type Random } from '../synthetic/random.js';
import {
  calculate, DERIVATION_BY_LOINC, isCalculated, measuredInputsOf, referenceValueOf, type CalculatedValue, type DerivationContext,
  type FailureType,
} from './derived.js';

// Where the result types are; the failure kinds are defined beside the calculations that make two of them.
export type { FailureType };

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
  /** The laboratory's own flag (HL7 abnormal flags: N, H, L, A, HH, LL); '' when it did not interpret. */
  source_interpretation: string;
  loinc: string;
  loinc_slug: string;
  provider_id: string;
  /** The order's markers (panels or biomarkers) this result belongs to. */
  source_markers: SourceMarker[];
  /** The laboratory that performed the test. */
  performing_laboratory: string;
  /** The sample the result was measured on (or calculated from). */
  source_sample_id: string;
}

/** A marker of the order a result belongs to (the family's ParentBiomarkerData). */
export interface SourceMarker {
  marker_id: number;
  name: string;
  slug: string;
  provider_id: string;
}


export interface MissingBiomarkerResult {
  name: string;
  slug: string;
  inferred_failure_type: FailureType;
  note: string;
  loinc: string;
  loinc_slug: string;
  provider_id: string;
  source_markers: SourceMarker[];
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

/** The comment of a result reported as a comment; a critical one says who was told, as the lab did. */
function commentOf(interpretation: SimulatedInterpretation, physicianName: string): string {
  if (interpretation === 'normal') return 'within the reference range';
  if (interpretation === 'abnormal') return 'outside the reference range';
  return physicianName === ''
    ? 'critical value; no ordering physician on the order, the ordering account was called'
    : `critical value; the ordering physician (${physicianName}) was notified`;
}

/** The shared parts of every result: what it is, when, the order's markers it belongs to, where it was performed. */
interface ResultFrame {
  name: string;
  slug: string;
  unit?: string;
  timestamp: string;
  loinc: string;
  loinc_slug: string;
  provider_id: string;
}

interface Provenance {
  source_markers: SourceMarker[];
  performing_laboratory: string;
  source_sample_id: string;
}

const frameOf = (expected: ExpectedResult, timestamp: string): ResultFrame => ({
  name: expected.name,
  slug: expected.slug,
  ...(expected.loinc.unit === null ? {} : { unit: expected.loinc.unit }),
  timestamp,
  loinc: expected.loinc.code,
  loinc_slug: expected.loinc.slug,
  provider_id: expected.provider_id,
});

/** The HL7 abnormal flag of a numeric value: N, H, L, HH, LL. */
function numericFlag(value: number, range: NumericRange, sex: Sex | null): string {
  const { low, high } = normalBounds(range, sex);
  if (range.critical_high !== null && value > range.critical_high) return 'HH';
  if (range.critical_low !== null && value < range.critical_low) return 'LL';
  if (high !== null && value > high) return 'H';
  if (low !== null && value < low) return 'L';
  return 'N';
}

function codedResult(
  frame: ResultFrame, provenance: Provenance, range: CodedRange, wanted: SimulatedInterpretation, type: ResultType,
  physicianName: string, random: Random,
): BiomarkerResult {
  const text = wanted === 'normal' || range.abnormal.length === 0 ? pick(range.normal, random) : pick(range.abnormal, random);
  const interpretation: SimulatedInterpretation = range.normal.includes(text) ? 'normal' : 'abnormal';
  const referenceRange = range.abnormal.length > 0 ? { reference_range: range.normal.join(' or ') } : {};
  const flag = interpretation === 'normal' ? 'N' : 'A';
  if (type === 'comment') {
    return {
      ...frame, value: -1, result: `${text}: ${commentOf(interpretation, physicianName)}.`, type, ...referenceRange,
      interpretation, source_interpretation: flag, ...provenance,
    };
  }
  return { ...frame, value: -1, result: text, type: 'coded_value', ...referenceRange, interpretation, source_interpretation: flag, ...provenance };
}

/** A numeric analyte's result of `value` (measured or calculated), reported as `type`. */
function numericResult(
  frame: ResultFrame, provenance: Provenance, range: NumericRange, sex: Sex | null, value: number, type: ResultType, physicianName: string,
): BiomarkerResult {
  const { low, high } = normalBounds(range, sex);
  const bounds = {
    ...(low === null && high === null ? {} : { reference_range: formatRange(low, high, range.decimals) }),
    ...(low === null ? {} : { min_range_value: low }),
    ...(high === null ? {} : { max_range_value: high }),
  };
  const text = value.toFixed(range.decimals);
  const interpretation = interpretNumeric(value, range, sex);
  const flag = numericFlag(value, range, sex);
  const direction: Direction | null = flag === 'H' || flag === 'HH' ? 'high' : flag === 'L' || flag === 'LL' ? 'low' : null;
  if (type === 'range') {
    // A result the lab reports as a bound: below or above the limit the value passed.
    let operator: '<' | '>';
    let bound: number;
    if (interpretation === 'critical') {
      operator = direction === 'low' ? '<' : '>';
      bound = operator === '<' ? range.critical_low! : range.critical_high!;
    } else if (interpretation === 'abnormal') {
      operator = direction === 'low' ? '<' : '>';
      bound = operator === '<' ? low! : high!;
    } else if (high !== null) {
      operator = '<';
      bound = high;
    } else {
      operator = '>';
      bound = low!;
    }
    return {
      ...frame, value: -1, result: `${operator}${bound.toFixed(range.decimals)}`, type, ...bounds,
      is_above_max_range: operator === '>' && high !== null && bound >= high,
      is_below_min_range: operator === '<' && low !== null && bound <= low,
      interpretation, source_interpretation: flag, ...provenance,
    };
  }
  const flags = {
    is_above_max_range: high !== null && value > high,
    is_below_min_range: low !== null && value < low,
  };
  if (type === 'comment') {
    const unit = frame.unit === undefined ? '' : ` ${frame.unit}`;
    return {
      ...frame, value: -1, result: `${text}${unit}: ${commentOf(interpretation, physicianName)}.`, type, ...bounds, ...flags,
      interpretation, source_interpretation: flag, ...provenance,
    };
  }
  return { ...frame, value, result: text, type: 'numeric', ...bounds, ...flags, interpretation, source_interpretation: flag, ...provenance };
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

/** Draws of the measured results calculations rest on, before one is kept: enough that a miss is rare. */
const CALCULATION_ATTEMPTS = 40;

const numericRangeOf = (loinc: string): NumericRange => {
  const range = REFERENCE_RANGES.get(loinc);
  if (!range || range.kind !== 'numeric') throw new Error(`no numeric reference range for LOINC ${loinc}`);
  return range;
};

/**
 * The measured values the order's calculated results rest on (reported ones and those the lab
 * measured only to calculate, such as the creatinine of an eGFR ordered alone), drawn so that
 * every calculation is plausible (no negative globulin) and no calculated result reads worse
 * than the worst of the measured results it rests on (all in range when those are). Each group
 * of calculations sharing inputs is drawn on its own; a group no draw satisfies takes a healthy
 * adult's values for its in-range inputs.
 */
function drawCalculationInputs(
  orderId: string, calculatedCodes: readonly string[], targetOf: (loinc: string) => SimulatedInterpretation,
  firstDraw: ReadonlyMap<string, Random>, sex: Sex | null, context: DerivationContext,
): Map<string, number> {
  // Groups: calculated results joined by the measured results they share.
  const groups: { inputs: Set<string>; calculated: Set<string> }[] = [];
  for (const code of calculatedCodes) {
    const inputs = new Set(measuredInputsOf(code));
    const joined = groups.filter((g) => [...inputs].some((i) => g.inputs.has(i)));
    const group = { inputs, calculated: new Set([code]) };
    for (const g of joined) {
      for (const i of g.inputs) group.inputs.add(i);
      for (const c of g.calculated) group.calculated.add(c);
      groups.splice(groups.indexOf(g), 1);
    }
    groups.push(group);
  }
  const values = new Map<string, number>();
  for (const group of groups) {
    const inputs = [...group.inputs].sort();
    const allowed = Math.max(...inputs.map((code) => SEVERITY[targetOf(code)]));
    const draw = (attempt: number): Map<string, number> => new Map(inputs.map((code) => {
      const target = targetOf(code);
      const random = attempt === 0 ? firstDraw.get(code) ?? seededRandom(`${orderId}:${code}:${target}`) : seededRandom(`${orderId}:${code}:${target}:attempt:${attempt}`);
      return [code, drawNumeric(numericRangeOf(code), sex, target, random).value];
    }));
    const acceptable = (measured: ReadonlyMap<string, number>): boolean => {
      const calculated = calculate(measured, context);
      for (const [code, outcome] of calculated) {
        if (!('value' in outcome)) continue;
        if (!DERIVATION_BY_LOINC.get(code)!.plausible(outcome.value) && isInGroup(code, group.inputs)) return false;
        if (group.calculated.has(code) && SEVERITY[interpretNumeric(outcome.value, numericRangeOf(code), sex)] > allowed) return false;
      }
      return true;
    };
    let chosen: Map<string, number> | null = null;
    let first: Map<string, number> | null = null;
    for (let attempt = 0; attempt < CALCULATION_ATTEMPTS && chosen === null; attempt += 1) {
      const measured = draw(attempt);
      first ??= measured;
      if (acceptable(measured)) chosen = measured;
    }
    if (chosen === null) {
      chosen = new Map(first!);
      for (const code of inputs) {
        const healthy = referenceValueOf(code, sex);
        if (targetOf(code) === 'normal' && healthy !== undefined) chosen.set(code, healthy);
      }
    }
    for (const [code, value] of chosen) values.set(code, value);
  }
  return values;
}

/** Whether a calculation rests only on measured results of the group (others are not this group's to judge). */
const isInGroup = (code: string, inputs: ReadonlySet<string>): boolean => measuredInputsOf(code).every((i) => inputs.has(i));

/**
 * The order's results. The values, the results that are out of range and the missing ones
 * depend only on the order id, its markers, the patient's sex and age and the simulation
 * options; partial results are the first half of the final ones (the same values, without a
 * calculated result whose inputs are not among them), without missing results. The overall
 * interpretation is the worst of the results reported.
 *
 * Calculated results (derived.ts: lipid ratios, LDL by the lab's equation, VLDL, globulin,
 * A/G, BUN/creatinine, eGFR, the white cell differential...) are computed from the measured
 * results as reported, never drawn: the simulation's choices below apply to measured results,
 * and calculated ones follow from them (never worse than the worst measured result they rest
 * on). A calculation the lab cannot make is a missing result: eGFR for a patient whose sex is
 * neither female nor male (`missing_demo_aoe_calc_failure`), LDL over its equation's
 * triglyceride limit, or any calculation from a missing result (`missing_result_calc_failure`).
 *
 * - `interpretation: normal`: every result in range.
 * - `abnormal`: one to three measured results out of range (short of their critical limits);
 *   an order whose measured analytes have no abnormal value (ABO group and Rh type alone)
 *   stays normal.
 * - `critical`: one or two measured results beyond a critical limit (a published panic value
 *   when the order has an analyte with one, else the sandbox convention of 5 times the upper
 *   limit), and up to two more out of range; an order without a measured analyte that has a
 *   critical limit is abnormal instead.
 * - `result_types`: each result takes one of the listed types it can be reported as
 *   (`numeric`, `range` (a bound such as `<5.0` or `>400`) or `comment` for quantitative
 *   analytes; `coded_value` or `comment` for qualitative ones); an analyte none of the
 *   listed types fits keeps its natural type (`numeric` or `coded_value`).
 * - `unknown`: values in range, every result and the whole interpreted `unknown`.
 * - `has_missing_results`: at least one measured result that is not out of range (when the
 *   order has one and keeps at least one measured result) is reported in `missing_results`
 *   instead, with the calculations that need it.
 *
 * A critical result reported as a comment, and the result PDF, say the ordering physician was
 * notified only when the order has one (else that the ordering account was called).
 */
export function generateLabResults(input: ResultsInput): LabResults {
  const sex = sexOf(input.patient.gender);
  const uninterpreted = input.simulation.interpretation === 'unknown';
  const wanted: SimulatedInterpretation = uninterpreted ? 'normal' : input.simulation.interpretation ?? 'normal';
  const expected = expectedResultsOf(input.markers);
  if (expected.length === 0) throw new RangeError('an order without markers has no results');
  const ranges = expected.map(rangeOf);
  const orderRandom = seededRandom(`${input.order_id}:results:${wanted}`);
  const calculated = expected.map((e) => isCalculated(e.loinc.code));
  const measuredIndexes = expected.map((_, i) => i).filter((i) => !calculated[i]);

  // Which measured results are out of range: chosen per order, before any value is drawn.
  const caps = ranges.map((range) => capabilities(range, sex));
  const target: SimulatedInterpretation[] = expected.map(() => 'normal');
  const abnormalCandidates = measuredIndexes.filter((i) => caps[i]!.abnormal);
  // Analytes with a published panic value go critical first; the sandbox convention only when the order has none.
  const published = measuredIndexes.filter((i) => caps[i]!.published);
  const criticalCandidates = published.length > 0 ? published : measuredIndexes.filter((i) => caps[i]!.critical);
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

  // Missing results: among the measured results in range, never all of the order's measured results.
  const missing = new Set<number>();
  if (input.simulation.has_missing_results) {
    const inRange = measuredIndexes.filter((i) => target[i] === 'normal');
    const most = Math.min(inRange.length, measuredIndexes.length - 1, Math.max(1, Math.floor(inRange.length / 3)));
    if (most >= 1) for (const i of sample(inRange, orderRandom.int(1, most), orderRandom)) missing.add(i);
  }

  const physician = input.physician;
  const physicianName = [physician?.first_name, physician?.last_name].filter((p): p is string => !!p).join(' ');
  const timestamp = input.reported_at;
  const context: DerivationContext = { lab_slug: input.lab.slug, sex, age: ageAt(input.patient.dob, input.collected_at) };

  // One random source per result: its type and value do not depend on the other results.
  const randoms = expected.map((result, index) => seededRandom(`${input.order_id}:${result.loinc.code}:${target[index]}`));
  const types = expected.map((_, index) => chooseType(ranges[index]!, sex, input.simulation.result_types, randoms[index]!));
  const indexOf = new Map(expected.map((e, i) => [e.loinc.code, i]));
  const targetOf = (code: string): SimulatedInterpretation => {
    const index = indexOf.get(code);
    return index === undefined ? 'normal' : target[index]!;
  };
  const calculatedCodes = expected.filter((_, i) => calculated[i]).map((e) => e.loinc.code);
  const firstDraw = new Map(expected.map((e, i) => [e.loinc.code, randoms[i]!]));
  const inputs = drawCalculationInputs(input.order_id, calculatedCodes, targetOf, firstDraw, sex, context);
  // What the lab calculates from: the measured values, less the results it could not report.
  const reportedInputs = new Map(inputs);
  for (const i of missing) reportedInputs.delete(expected[i]!.loinc.code);
  const outcomes: Map<string, CalculatedValue> = calculate(reportedInputs, context);

  const markersOf = (resultId: number): SourceMarker[] => input.markers
    .filter((marker) => marker.expected_results.some((r) => r.id === resultId))
    .map((marker) => ({ marker_id: marker.id, name: marker.name, slug: marker.slug, provider_id: marker.provider_id }));

  const built: { index: number; result: BiomarkerResult }[] = [];
  const missingResults: MissingBiomarkerResult[] = [];
  expected.forEach((result, index) => {
    const frame = frameOf(result, timestamp);
    const provenance: Provenance = { source_markers: markersOf(result.id), performing_laboratory: input.lab.name, source_sample_id: input.sample_id };
    const missingEntry = (type: FailureType, note: string) => missingResults.push({
      name: result.name, slug: result.slug, inferred_failure_type: type, note,
      loinc: result.loinc.code, loinc_slug: result.loinc.slug, provider_id: result.provider_id, source_markers: provenance.source_markers,
    });
    if (missing.has(index)) {
      const failure = FAILURES[hashSeed(`${input.order_id}:${result.loinc.code}:missing`) % FAILURES.length]!;
      missingEntry(failure.type, failure.note);
      return;
    }
    const range = ranges[index]!;
    if (calculated[index]) {
      const outcome = outcomes.get(result.loinc.code)!;
      if (!('value' in outcome)) {
        missingEntry(outcome.failure, outcome.note);
        return;
      }
      const derived = numericResult(frame, provenance, range as NumericRange, sex, outcome.value, types[index]!, physicianName);
      const note = DERIVATION_BY_LOINC.get(result.loinc.code)!.note?.(context);
      built.push({ index, result: note === undefined ? derived : { ...derived, notes: note } });
      return;
    }
    if (range.kind === 'coded') {
      built.push({ index, result: codedResult(frame, provenance, range, target[index]!, types[index]!, physicianName, randoms[index]!) });
      return;
    }
    const value = inputs.get(result.loinc.code) ?? drawNumeric(range, sex, target[index]!, randoms[index]!).value;
    built.push({ index, result: numericResult(frame, provenance, range, sex, value, types[index]!, physicianName) });
  });

  const partial = input.status === 'partial';
  const reportedCount = partial ? Math.ceil(expected.length / 2) : expected.length;
  // A calculated result is reported with the measured results of the order it rests on.
  const reportedYet = (index: number): boolean => index < reportedCount && (!calculated[index]
    || measuredInputsOf(expected[index]!.loinc.code).every((code) => (indexOf.get(code) ?? -1) < reportedCount));
  const results = built.filter((b) => reportedYet(b.index))
    .map((b) => (uninterpreted ? { ...b.result, interpretation: 'unknown' as const, source_interpretation: '' } : b.result));
  return {
    metadata: {
      age: String(context.age),
      dob: input.patient.dob,
      'clia_#': CLIA_BY_LAB[input.lab.slug] ?? '',
      patient: `${input.patient.first_name} ${input.patient.last_name}`,
      ...(physicianName === '' ? {} : { provider: physicianName }),
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
