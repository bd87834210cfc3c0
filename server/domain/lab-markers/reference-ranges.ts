/**
 * Reference ranges of the catalog's analytes, keyed by LOINC code: the adult ranges
 * in conventional units as the large US labs print them (sex-specific where the labs
 * print two), and critical (panic) limits. Pure data; the lab results generator
 * (domain/lab-results) reads it to produce values, flags and interpretations.
 *
 * Critical limits are the common laboratory panic values where one exists (glucose,
 * electrolytes, calcium, blood counts, coagulation...). Every other analyte with an
 * upper limit uses the sandbox's convention, 5 times its upper limit
 * (DEFAULT_CRITICAL_FACTOR); analytes with only a lower limit have no critical limit
 * unless one is listed, and `critical: false` says an analyte never is critical.
 */

export type Sex = 'female' | 'male';

/** A quantitative analyte: bounds of the normal range (null: unbounded on that side). */
export interface NumericRange {
  readonly kind: 'numeric';
  readonly low: number | null;
  readonly high: number | null;
  /** Decimal places the lab reports. */
  readonly decimals: number;
  readonly critical_low: number | null;
  readonly critical_high: number | null;
  /** Whether the critical limits are published panic values or the sandbox's convention (5 x the upper limit). */
  readonly critical_source: 'published' | 'convention' | null;
  /** Where values usually fall, for an analyte printed without a range. */
  readonly typical: readonly [number, number];
  /** Sex-specific normal ranges, replacing low/high for that sex. */
  readonly by_sex: Readonly<Partial<Record<Sex, { readonly low: number | null; readonly high: number | null }>>>;
}

/** A qualitative analyte: the values a lab reports as normal and as abnormal. */
export interface CodedRange {
  readonly kind: 'coded';
  readonly normal: readonly string[];
  readonly abnormal: readonly string[];
}

export type ReferenceRange = NumericRange | CodedRange;

export const DEFAULT_CRITICAL_FACTOR = 5;

interface NumericOptions {
  readonly crit?: readonly [low: number | null, high: number | null] | false;
  readonly f?: readonly [number | null, number | null];
  readonly m?: readonly [number | null, number | null];
  readonly typical?: readonly [number, number];
}

function num(low: number | null, high: number | null, decimals: number, options: NumericOptions = {}): NumericRange {
  let criticalLow: number | null = null;
  let criticalHigh: number | null = null;
  let source: NumericRange['critical_source'] = null;
  if (options.crit !== false) {
    source = options.crit === undefined || options.crit[1] === null ? 'convention' : 'published';
    criticalLow = options.crit?.[0] ?? null;
    const highs = [high, options.f?.[1] ?? null, options.m?.[1] ?? null].filter((v): v is number => v !== null);
    const widestHigh = highs.length > 0 ? Math.max(...highs) : null;
    criticalHigh = options.crit?.[1] ?? (widestHigh === null ? null : round(widestHigh * DEFAULT_CRITICAL_FACTOR, decimals));
    if (options.crit && options.crit[0] !== null) source = 'published';
    if (criticalLow === null && criticalHigh === null) source = null;
  }
  const bySex: Partial<Record<Sex, { low: number | null; high: number | null }>> = {};
  if (options.f) bySex.female = Object.freeze({ low: options.f[0], high: options.f[1] });
  if (options.m) bySex.male = Object.freeze({ low: options.m[0], high: options.m[1] });
  return Object.freeze({
    kind: 'numeric', low, high, decimals, critical_low: criticalLow, critical_high: criticalHigh, critical_source: source,
    typical: Object.freeze([...(options.typical ?? [low ?? 0, high ?? (low ?? 0) * 2.5])]) as unknown as readonly [number, number],
    by_sex: Object.freeze(bySex),
  });
}

const coded = (normal: readonly string[], abnormal: readonly string[]): CodedRange =>
  Object.freeze({ kind: 'coded', normal: Object.freeze([...normal]), abnormal: Object.freeze([...abnormal]) });

const round = (value: number, decimals: number): number => Number(value.toFixed(decimals));

const NON_REACTIVE = coded(['Non Reactive'], ['Reactive']);
const DIPSTICK = coded(['Negative'], ['Trace', '1+', '2+', '3+']);

/** LOINC code -> reference range. Every analyte of the marker catalog has one (tested). */
export const REFERENCE_RANGES: ReadonlyMap<string, ReferenceRange> = new Map<string, ReferenceRange>([
  // Metabolic / chemistry
  ['2345-7', num(70, 99, 0, { crit: [50, 400] })], // glucose
  ['4548-4', num(4.8, 5.6, 1, { crit: [null, 14] })], // hemoglobin A1c
  ['27353-2', num(91, 114, 0, { crit: false })], // estimated average glucose (calculated from the A1c)
  ['3094-0', num(6, 24, 0, { crit: [null, 100] })], // BUN
  ['2160-0', num(0.57, 1.27, 2, { crit: [null, 7.4], f: [0.57, 1.0], m: [0.76, 1.27] })], // creatinine
  ['98979-8', num(60, null, 0, { crit: [15, null] })], // eGFR
  ['3097-3', num(9, 23, 0)], // BUN/creatinine ratio
  ['2951-2', num(134, 144, 0, { crit: [120, 160] })], // sodium
  ['2823-3', num(3.5, 5.2, 1, { crit: [2.8, 6.2] })], // potassium
  ['2075-0', num(96, 106, 0, { crit: [80, 120] })], // chloride
  ['2028-9', num(20, 29, 0, { crit: [10, 40] })], // carbon dioxide
  ['33037-3', num(5, 15, 0, { crit: [null, 30] })], // anion gap
  ['17861-6', num(8.7, 10.2, 1, { crit: [6.0, 13.0] })], // calcium
  ['1994-3', num(1.12, 1.32, 2, { crit: [0.78, 1.58] })], // ionized calcium
  ['2885-2', num(6.0, 8.5, 1)], // total protein
  ['1751-7', num(3.8, 4.9, 1)], // albumin
  ['10834-0', num(1.5, 4.5, 1)], // globulin
  ['1759-0', num(1.2, 2.2, 1)], // A/G ratio
  ['1975-2', num(0.0, 1.2, 1, { crit: [null, 15.0] })], // bilirubin, total
  ['1968-7', num(0.0, 0.4, 2)], // bilirubin, direct
  ['1971-1', num(0.1, 0.8, 1)], // bilirubin, indirect
  ['6768-6', num(44, 121, 0)], // alkaline phosphatase
  ['1920-8', num(0, 40, 0)], // AST
  ['1742-6', num(0, 44, 0, { f: [0, 32], m: [0, 44] })], // ALT
  ['2324-2', num(0, 65, 0, { f: [0, 60], m: [0, 65] })], // GGT
  ['2532-0', num(119, 226, 0)], // LDH
  ['2777-1', num(2.8, 4.1, 1, { crit: [1.0, 8.9] })], // phosphorus
  ['19123-9', num(1.6, 2.3, 1, { crit: [1.0, 4.9] })], // magnesium
  ['3084-1', num(2.6, 8.4, 1, { f: [2.6, 6.2], m: [3.8, 8.4] })], // uric acid
  ['1798-8', num(31, 110, 0)], // amylase
  ['3040-3', num(14, 72, 0)], // lipase
  ['2157-6', num(32, 397, 0, { crit: [null, 10000], f: [32, 182], m: [49, 397] })], // CK
  ['33863-2', num(0.53, 0.95, 2)], // cystatin C
  ['2692-2', num(275, 295, 0, { crit: [250, 320] })], // osmolality
  ['15069-8', num(205, 285, 0)], // fructosamine
  ['20448-7', num(2.6, 24.9, 1)], // insulin
  ['1986-9', num(1.1, 4.4, 1)], // C-peptide
  ['14338-8', num(10, 36, 0)], // prealbumin
  // Lipids and cardiovascular
  ['2093-3', num(100, 199, 0)], // cholesterol, total
  ['2085-9', num(40, null, 0, { crit: [10, null] })], // HDL
  ['13457-7', num(0, 99, 0)], // LDL calc
  ['18262-6', num(0, 99, 0)], // LDL direct
  ['2571-8', num(0, 149, 0, { crit: [null, 1000] })], // triglycerides
  ['13458-5', num(5, 40, 0)], // VLDL calc
  ['43396-1', num(0, 129, 0)], // non-HDL
  ['9830-1', num(0, 5.0, 1)], // cholesterol/HDL ratio
  ['1884-6', num(0, 89, 0)], // apolipoprotein B
  ['1869-7', num(110, null, 0, { crit: false })], // apolipoprotein A-1
  ['43583-4', num(0, 74.9, 1)], // Lp(a)
  ['30522-7', num(0, 3.0, 2)], // hs-CRP
  ['1988-5', num(0, 4.9, 1)], // CRP
  ['13965-9', num(0, 14.5, 1)], // homocysteine
  ['30341-2', num(0, 30, 0, { f: [0, 32], m: [0, 15] })], // ESR
  ['3255-7', num(193, 507, 0, { crit: [100, null] })], // fibrinogen
  ['33762-6', num(0, 125, 0)], // NT-proBNP
  ['30934-4', num(0, 100, 1)], // BNP
  // Iron, vitamins, minerals
  ['2498-4', num(27, 169, 0, { f: [27, 159], m: [38, 169] })], // iron
  ['2500-7', num(250, 450, 0)], // TIBC
  ['2501-5', num(118, 369, 0)], // UIBC
  ['2502-3', num(15, 55, 0)], // iron saturation
  ['2276-4', num(15, 400, 0, { f: [15, 150], m: [30, 400] })], // ferritin
  ['3034-6', num(200, 370, 0)], // transferrin
  ['2132-9', num(232, 1245, 0)], // vitamin B12
  ['2284-8', num(3.0, null, 1, { crit: false })], // folate
  ['62292-8', num(30, 100, 1)], // vitamin D
  ['13964-2', num(0, 378, 0)], // methylmalonic acid
  ['5763-8', num(44, 115, 0)], // zinc
  ['5631-7', num(70, 155, 0)], // copper
  ['2064-4', num(19, 39, 0)], // ceruloplasmin
  ['4542-7', num(33, 346, 0)], // haptoglobin
  ['5671-3', num(0, 3.4, 1, { crit: [null, 70] })], // lead
  // Thyroid
  ['3016-3', num(0.45, 4.5, 3)], // TSH
  ['3024-7', num(0.82, 1.77, 2)], // free T4
  ['3026-2', num(4.5, 12.0, 1)], // total T4
  ['3051-0', num(2.0, 4.4, 1)], // free T3
  ['3053-6', num(71, 180, 0)], // total T3
  ['3052-8', num(9.2, 24.1, 1)], // reverse T3
  ['3050-2', num(24, 39, 0)], // T3 uptake
  ['32215-6', num(1.2, 4.9, 1)], // free thyroxine index
  ['8099-4', num(0, 34, 0)], // TPO antibodies
  ['8098-6', num(0, 0.9, 1)], // thyroglobulin antibodies
  ['3013-0', num(1.5, 38.5, 1)], // thyroglobulin
  // Hormones
  ['2986-8', num(8, 916, 0, { f: [8, 48], m: [264, 916] })], // testosterone, total
  ['2991-8', num(0, 25.1, 1, { f: [0, 4.2], m: [8.7, 25.1] })], // testosterone, free
  ['2990-0', num(0.5, 682.5, 1, { f: [0.5, 8.5], m: [131.5, 682.5] })], // testosterone, bioavailable
  ['13967-5', num(16.5, 122.0, 1, { f: [24.6, 122.0], m: [16.5, 55.9] })], // SHBG
  ['2243-4', num(7.6, 498.0, 1, { f: [12.5, 498.0], m: [7.6, 42.6] })], // estradiol
  ['2258-2', num(9, 290, 0, { f: [37, 290], m: [9, 36] })], // estrone
  ['2839-9', num(0, 25.0, 1, { f: [0.1, 25.0], m: [0, 0.5] })], // progesterone
  ['10501-5', num(1.7, 12.6, 1, { f: [2.4, 12.6], m: [1.7, 8.6] })], // LH
  ['15067-2', num(1.5, 12.5, 1, { f: [3.5, 12.5], m: [1.5, 12.4] })], // FSH
  ['2842-3', num(4.0, 23.3, 1, { f: [4.8, 23.3], m: [4.0, 15.2] })], // prolactin
  ['2191-5', num(57.3, 475.2, 1, { f: [57.3, 279.2], m: [138.5, 475.2] })], // DHEA-S
  ['2143-6', num(6.2, 19.4, 1, { crit: [3.0, null] })], // cortisol (AM)
  ['2141-0', num(7.2, 63.3, 1)], // ACTH
  ['2484-4', num(98, 282, 0)], // IGF-1
  ['2963-7', num(0, 10.0, 1, { f: [0, 10.0], m: [0, 3.0] })], // growth hormone
  ['2731-8', num(15, 65, 0)], // PTH, intact
  ['1763-2', num(0, 30.0, 1)], // aldosterone
  ['1668-3', num(15, 200, 0)], // 17-hydroxyprogesterone
  ['1854-9', num(41, 262, 0)], // androstenedione
  ['21198-7', num(0, 5, 0, { crit: false })], // hCG, non-pregnant
  ['1992-7', num(0, 8.4, 1, { f: [0, 5.0], m: [0, 8.4] })], // calcitonin
  // Tumor markers
  ['2857-1', num(0, 4.0, 1)], // PSA
  ['10886-0', num(null, null, 2, { typical: [0.1, 1.5] })], // free PSA: printed without a range, read with the total
  ['12841-3', num(25, null, 0, { crit: false })], // PSA, percent free
  ['2039-6', num(0, 4.7, 1)], // CEA
  ['10334-1', num(0, 38.1, 1)], // CA 125
  ['1834-1', num(0, 8.3, 1)], // AFP
  ['24108-3', num(0, 35, 0)], // CA 19-9
  ['6875-9', num(0, 25.0, 1)], // CA 15-3
  ['1952-1', num(0.6, 2.4, 1)], // beta-2 microglobulin
  // Immunology and infectious disease
  ['11572-5', num(0, 13.9, 1)], // rheumatoid factor
  ['8061-4', coded(['Negative'], ['Positive'])], // ANA screen
  ['31017-7', num(0, 3, 0)], // tTG IgA
  ['2458-8', num(87, 352, 0)], // IgA
  ['2465-3', num(586, 1602, 0)], // IgG
  ['2472-9', num(26, 217, 0)], // IgM
  ['19113-0', num(6, 495, 0)], // IgE
  ['5196-1', NON_REACTIVE], // HBsAg
  ['16935-9', num(10, null, 1, { crit: false })], // HBsAb (immune at 10 and above)
  ['16128-1', NON_REACTIVE], // HCV antibody
  ['56888-1', NON_REACTIVE], // HIV-1/2 Ag/Ab
  ['20507-0', NON_REACTIVE], // RPR
  ['883-9', coded(['A', 'B', 'AB', 'O'], [])], // ABO group
  ['10331-7', coded(['Positive', 'Negative'], [])], // Rh type
  // Hematology
  ['6690-2', num(3.4, 10.8, 1, { crit: [2.0, 30.0] })], // WBC
  ['789-8', num(3.77, 5.8, 2, { f: [3.77, 5.28], m: [4.14, 5.8] })], // RBC
  ['718-7', num(11.1, 17.7, 1, { crit: [7.0, 20.0], f: [11.1, 15.9], m: [13.0, 17.7] })], // hemoglobin
  ['4544-3', num(34.0, 51.0, 1, { crit: [20.0, 60.0], f: [34.0, 46.6], m: [37.5, 51.0] })], // hematocrit
  ['787-2', num(79, 97, 0)], // MCV
  ['785-6', num(26.6, 33.0, 1)], // MCH
  ['786-4', num(31.5, 35.7, 1)], // MCHC
  ['788-0', num(11.6, 15.4, 1)], // RDW
  ['777-3', num(150, 450, 0, { crit: [50, 1000] })], // platelets
  ['32623-1', num(7.5, 11.5, 1)], // MPV
  ['770-8', num(40, 74, 0)], // neutrophils %
  ['736-9', num(14, 46, 0)], // lymphocytes %
  ['5905-5', num(4, 12, 0)], // monocytes %
  ['713-8', num(0, 5, 0)], // eosinophils %
  ['706-2', num(0, 2, 0)], // basophils %
  ['751-8', num(1.4, 7.0, 1, { crit: [0.5, null] })], // neutrophils, absolute
  ['731-0', num(0.7, 3.1, 1)], // lymphocytes, absolute
  ['742-7', num(0.1, 0.9, 1)], // monocytes, absolute
  ['711-2', num(0.0, 0.4, 1)], // eosinophils, absolute
  ['704-7', num(0.0, 0.2, 1)], // basophils, absolute
  ['4679-7', num(0.6, 2.6, 1)], // reticulocytes
  // Coagulation
  ['5902-2', num(9.1, 12.0, 1, { crit: [null, 30.0] })], // PT
  ['6301-6', num(0.9, 1.2, 1, { crit: [null, 5.0] })], // INR
  ['14979-9', num(24, 33, 0, { crit: [null, 100] })], // aPTT
  ['48065-7', num(0, 499, 0)], // D-dimer
  // Urine
  ['5778-6', coded(['Yellow', 'Straw'], ['Amber', 'Red', 'Brown'])], // color
  ['5767-9', coded(['Clear'], ['Cloudy', 'Turbid'])], // appearance
  ['5811-5', num(1.005, 1.03, 3, { crit: false })], // specific gravity
  ['5803-2', num(5.0, 7.5, 1, { crit: false })], // pH
  ['5804-0', DIPSTICK], // protein (dipstick)
  ['5792-7', DIPSTICK], // glucose (dipstick)
  ['5797-6', DIPSTICK], // ketones
  ['5794-3', DIPSTICK], // occult blood
  ['5802-4', coded(['Negative'], ['Positive'])], // nitrite
  ['5799-2', DIPSTICK], // leukocyte esterase
  ['5770-3', coded(['Negative'], ['1+', '2+', '3+'])], // bilirubin
  ['5818-0', num(0.2, 1.0, 1, { crit: false })], // urobilinogen
  ['14957-5', num(0, 30.0, 1)], // microalbumin
  ['2161-8', num(20, 370, 0, { crit: false })], // urine creatinine
  ['14959-1', num(0, 29, 0)], // albumin/creatinine ratio
]);

/** The range of an analyte for a patient: the sex-specific bounds when the labs print them. */
export function normalBounds(range: NumericRange, sex: Sex | null): { low: number | null; high: number | null } {
  const specific = sex === null ? undefined : range.by_sex[sex];
  return specific ?? { low: range.low, high: range.high };
}

/** The printed form of a range: `70-99`, `>=60`, `<=99` (as the labs print them), '' without bounds. */
export function formatRange(low: number | null, high: number | null, decimals: number): string {
  const f = (v: number) => v.toFixed(decimals);
  if (low !== null && high !== null) return `${f(low)}-${f(high)}`;
  if (low !== null) return `>=${f(low)}`;
  if (high !== null) return `<=${f(high)}`;
  return '';
}
