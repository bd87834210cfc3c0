/**
 * The calculated results of a lab report: each is computed from the results it derives from,
 * as the laboratory reports them (rounded to their printed decimals), then rounded half up to
 * its own printed decimals. Never drawn on its own: a lipid panel's non-HDL is its total
 * cholesterol minus its HDL, to the unit. Pure data and arithmetic, keyed by LOINC code (the
 * codes of reference-ranges.ts); the generator (generate.ts) draws the measured results and
 * asks this module for the rest.
 *
 * docs/lab-testing.md ("Results that agree with themselves") lists every formula.
 */
/** Why a result is missing: the lab's failure kinds, and the two of a calculation it cannot make. */
export type FailureType =
  | 'quantity_not_sufficient_failure' | 'collection_process_failure' | 'internal_lab_failure'
  | 'missing_result_calc_failure' | 'missing_demo_aoe_calc_failure';

export type Sex = 'female' | 'male';

/**
 * The LDL equation each lab states on its reports. The sandbox's choice for its simulated
 * labs (as the CLIA numbers are), not a statement of what any laboratory uses.
 *
 * - `friedewald`: LDL = TC - HDL - TG/5, not calculated when TG > 400 mg/dL.
 * - `sampson` (the NIH equation): LDL = TC/0.948 - HDL/0.971 - (TG/8.56 + TG x nonHDL/2140
 *   - TG^2/16100) - 9.44, not calculated when TG > 800 mg/dL.
 */
export type LdlEquation = 'friedewald' | 'sampson';

export const LDL_EQUATIONS: Readonly<Record<LdlEquation, { readonly name: string; readonly max_triglycerides: number }>> = {
  friedewald: { name: 'Friedewald equation', max_triglycerides: 400 },
  sampson: { name: 'NIH (Sampson) equation', max_triglycerides: 800 },
};

const LDL_EQUATION_BY_LAB: Readonly<Record<string, LdlEquation>> = {
  labcorp: 'sampson',
  quest: 'sampson',
  bioreference: 'friedewald',
  sonora_quest: 'friedewald',
};

/** The LDL equation of a lab (by slug); a lab not listed states Friedewald's. */
export const ldlEquationOf = (labSlug: string): LdlEquation => LDL_EQUATION_BY_LAB[labSlug] ?? 'friedewald';

/** What a calculation knows beyond its inputs: the lab (its LDL equation) and the patient. */
export interface DerivationContext {
  readonly lab_slug: string;
  readonly sex: Sex | null;
  /** Whole years at collection. */
  readonly age: number;
}

/** A calculation the lab could not make, and why (a missing result of the report). */
export interface NotCalculated {
  readonly failure: FailureType;
  readonly note: string;
}

export interface Derivation {
  /** The LOINC code of the calculated result. */
  readonly loinc: string;
  /** The LOINC codes it is calculated from (measured or calculated before it in DERIVATIONS). */
  readonly inputs: readonly string[];
  /** Printed decimals. */
  readonly decimals: number;
  /** The exact value (before rounding) from the inputs as reported, or why it is not calculated. */
  readonly compute: (inputs: readonly number[], context: DerivationContext) => number | NotCalculated;
  /** Whether a value is one a body can have (a negative globulin is not): values that are not are drawn again. */
  readonly plausible: (value: number) => boolean;
  /** The note the result carries (how it was calculated), if any. */
  readonly note?: (context: DerivationContext) => string;
}

const positive = (value: number) => value > 0;
const notNegative = (value: number) => value >= 0;

/** CKD-EPI 2021 creatinine equation (race-free): mL/min/1.73 m2. */
export function ckdEpi2021(creatinine: number, age: number, sex: Sex): number {
  const kappa = sex === 'female' ? 0.7 : 0.9;
  const alpha = sex === 'female' ? -0.241 : -0.302;
  const ratio = creatinine / kappa;
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (sex === 'female' ? 1.012 : 1);
}

/** LDL cholesterol by the lab's equation, from total cholesterol, HDL and triglycerides (mg/dL). */
export function ldlByEquation(equation: LdlEquation, total: number, hdl: number, triglycerides: number): number {
  if (equation === 'friedewald') return total - hdl - triglycerides / 5;
  const nonHdl = total - hdl;
  return total / 0.948 - hdl / 0.971 - (triglycerides / 8.56 + (triglycerides * nonHdl) / 2140 - triglycerides ** 2 / 16100) - 9.44;
}

/** LOINC codes of the analytes the calculations read or write. */
export const LOINC = {
  cholesterol: '2093-3', hdl: '2085-9', triglycerides: '2571-8', ldl: '13457-7', vldl: '13458-5', non_hdl: '43396-1',
  chol_hdl_ratio: '9830-1', total_protein: '2885-2', albumin: '1751-7', globulin: '10834-0', ag_ratio: '1759-0',
  bun: '3094-0', creatinine: '2160-0', bun_creatinine_ratio: '3097-3', egfr: '98979-8', hba1c: '4548-4', eag: '27353-2',
  sodium: '2951-2', chloride: '2075-0', co2: '2028-9', anion_gap: '33037-3', bilirubin_total: '1975-2',
  bilirubin_direct: '1968-7', bilirubin_indirect: '1971-1', iron: '2498-4', tibc: '2500-7', uibc: '2501-5',
  iron_saturation: '2502-3', psa_total: '2857-1', psa_free: '10886-0', psa_free_percent: '12841-3',
  urine_albumin: '14957-5', urine_creatinine: '2161-8', uacr: '14959-1', total_t4: '3026-2', t3_uptake: '3050-2',
  fti: '32215-6', wbc: '6690-2', neutrophils_pct: '770-8', lymphocytes_pct: '736-9', monocytes_pct: '5905-5',
  eosinophils_pct: '713-8', basophils_pct: '706-2', neutrophils_abs: '751-8', lymphocytes_abs: '731-0',
  monocytes_abs: '742-7', eosinophils_abs: '711-2', basophils_abs: '704-7',
} as const;

const L = LOINC;

/** An absolute count of the white cell differential: WBC x its percentage. */
const absolute = (abs: string, pct: string): Derivation => ({
  loinc: abs, inputs: [L.wbc, pct], decimals: 1, compute: ([wbc, percent]) => (wbc! * percent!) / 100, plausible: notNegative,
});

/**
 * Every calculation, in the order they are made (a calculation reads only measured results
 * and those calculated above it).
 */
export const DERIVATIONS: readonly Derivation[] = [
  // Lipids
  { loinc: L.non_hdl, inputs: [L.cholesterol, L.hdl], decimals: 0, compute: ([tc, hdl]) => tc! - hdl!, plausible: positive },
  { loinc: L.chol_hdl_ratio, inputs: [L.cholesterol, L.hdl], decimals: 1, compute: ([tc, hdl]) => tc! / hdl!, plausible: positive },
  {
    loinc: L.ldl, inputs: [L.cholesterol, L.hdl, L.triglycerides], decimals: 0,
    compute: ([tc, hdl, tg], context) => {
      const equation = ldlEquationOf(context.lab_slug);
      const limit = LDL_EQUATIONS[equation].max_triglycerides;
      if (tg! > limit) {
        return { failure: 'missing_result_calc_failure', note: `Not calculated: triglycerides over ${limit} mg/dL, the limit of the ${LDL_EQUATIONS[equation].name}; order a direct LDL.` };
      }
      return ldlByEquation(equation, tc!, hdl!, tg!);
    },
    plausible: positive,
    note: (context) => `Calculated by the ${LDL_EQUATIONS[ldlEquationOf(context.lab_slug)].name}.`,
  },
  // VLDL: what non-HDL holds beyond LDL (TG/5 under Friedewald), so that LDL + VLDL = non-HDL as printed.
  { loinc: L.vldl, inputs: [L.non_hdl, L.ldl], decimals: 0, compute: ([nonHdl, ldl]) => nonHdl! - ldl!, plausible: notNegative },
  // Proteins
  { loinc: L.globulin, inputs: [L.total_protein, L.albumin], decimals: 1, compute: ([tp, alb]) => tp! - alb!, plausible: (v) => v >= 0.5 },
  { loinc: L.ag_ratio, inputs: [L.albumin, L.globulin], decimals: 1, compute: ([alb, glob]) => alb! / glob!, plausible: positive },
  // Kidney
  { loinc: L.bun_creatinine_ratio, inputs: [L.bun, L.creatinine], decimals: 0, compute: ([bun, cr]) => bun! / cr!, plausible: positive },
  {
    loinc: L.egfr, inputs: [L.creatinine], decimals: 0,
    compute: ([cr], context) => context.sex === null
      ? { failure: 'missing_demo_aoe_calc_failure', note: 'Not calculated: the CKD-EPI 2021 equation needs the patient\'s sex (female or male).' }
      : ckdEpi2021(cr!, context.age, context.sex),
    plausible: positive,
    note: () => 'Calculated by the CKD-EPI 2021 creatinine equation (age, sex).',
  },
  // Glucose: the ADAG regression.
  { loinc: L.eag, inputs: [L.hba1c], decimals: 0, compute: ([a1c]) => 28.7 * a1c! - 46.7, plausible: positive },
  // Electrolytes
  { loinc: L.anion_gap, inputs: [L.sodium, L.chloride, L.co2], decimals: 0, compute: ([na, cl, co2]) => na! - cl! - co2!, plausible: positive },
  // Liver
  { loinc: L.bilirubin_indirect, inputs: [L.bilirubin_total, L.bilirubin_direct], decimals: 1, compute: ([total, direct]) => total! - direct!, plausible: notNegative },
  // Iron
  { loinc: L.uibc, inputs: [L.tibc, L.iron], decimals: 0, compute: ([tibc, iron]) => tibc! - iron!, plausible: positive },
  { loinc: L.iron_saturation, inputs: [L.iron, L.tibc], decimals: 0, compute: ([iron, tibc]) => (iron! / tibc!) * 100, plausible: (v) => v > 0 && v <= 100 },
  // PSA
  { loinc: L.psa_free_percent, inputs: [L.psa_free, L.psa_total], decimals: 0, compute: ([free, total]) => (total! > 0 ? (free! / total!) * 100 : -1), plausible: (v) => v > 0 && v <= 100 },
  // Urine albumin (mg/L) over urine creatinine (mg/dL): mg/g.
  { loinc: L.uacr, inputs: [L.urine_albumin, L.urine_creatinine], decimals: 0, compute: ([alb, cr]) => (alb! / cr!) * 100, plausible: notNegative },
  // Thyroid
  { loinc: L.fti, inputs: [L.total_t4, L.t3_uptake], decimals: 1, compute: ([t4, uptake]) => (t4! * uptake!) / 100, plausible: positive },
  // White cell differential: neutrophils are what the other four leave of 100%.
  {
    loinc: L.neutrophils_pct, inputs: [L.lymphocytes_pct, L.monocytes_pct, L.eosinophils_pct, L.basophils_pct], decimals: 0,
    compute: (others) => 100 - others.reduce((a, b) => a + b, 0), plausible: positive,
  },
  absolute(L.neutrophils_abs, L.neutrophils_pct),
  absolute(L.lymphocytes_abs, L.lymphocytes_pct),
  absolute(L.monocytes_abs, L.monocytes_pct),
  absolute(L.eosinophils_abs, L.eosinophils_pct),
  absolute(L.basophils_abs, L.basophils_pct),
];

export const DERIVATION_BY_LOINC: ReadonlyMap<string, Derivation> = new Map(DERIVATIONS.map((d) => [d.loinc, d]));

/** Whether a result is calculated (never measured). */
export const isCalculated = (loinc: string): boolean => DERIVATION_BY_LOINC.has(loinc);

/** The measured results a calculated one rests on, through the calculations between (in no set order). */
export function measuredInputsOf(loinc: string): string[] {
  const out = new Set<string>();
  const visit = (code: string) => {
    const derivation = DERIVATION_BY_LOINC.get(code);
    if (!derivation) {
      out.add(code);
      return;
    }
    for (const input of derivation.inputs) visit(input);
  };
  visit(loinc);
  return [...out];
}

/**
 * A measured value a healthy adult has, for each measured input of a calculation: where the
 * generator falls back when no draw gives calculated results of the asked interpretation
 * (every calculation from them is in range, at any adult age; creatinine by sex, for eGFR).
 */
export function referenceValueOf(loinc: string, sex: Sex | null): number | undefined {
  if (loinc === L.creatinine) return sex === 'male' ? 0.9 : sex === 'female' ? 0.7 : 0.8;
  return REFERENCE_VALUES[loinc];
}

const REFERENCE_VALUES: Readonly<Record<string, number>> = {
  [L.cholesterol]: 170, [L.hdl]: 55, [L.triglycerides]: 100, [L.total_protein]: 7.0, [L.albumin]: 4.4, [L.bun]: 14,
  [L.hba1c]: 5.2, [L.sodium]: 140, [L.chloride]: 102, [L.co2]: 25, [L.bilirubin_total]: 0.6, [L.bilirubin_direct]: 0.2,
  [L.tibc]: 330, [L.iron]: 100, [L.psa_total]: 1.5, [L.psa_free]: 0.5, [L.urine_albumin]: 10, [L.urine_creatinine]: 120,
  [L.total_t4]: 8.0, [L.t3_uptake]: 30, [L.wbc]: 6.5, [L.lymphocytes_pct]: 30, [L.monocytes_pct]: 7,
  [L.eosinophils_pct]: 2, [L.basophils_pct]: 1,
};

/**
 * A value rounded half up to `decimals` places, as the labs print it (the value's decimal
 * notation decides a half, not its binary float: 2.675 rounds to 2.68).
 */
export function roundReported(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = Number((value * scale).toPrecision(12));
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled));
  return Number((rounded / scale).toFixed(decimals));
}

export type CalculatedValue = { readonly value: number } | NotCalculated;

/**
 * The calculated results from measured values (by LOINC, as reported): every calculation whose
 * inputs are known, in DERIVATIONS order, each rounded as printed. A calculation whose input
 * is missing or was not calculated is not calculated (`missing_result_calc_failure`).
 */
export function calculate(measured: ReadonlyMap<string, number>, context: DerivationContext): Map<string, CalculatedValue> {
  const known = new Map(measured);
  const out = new Map<string, CalculatedValue>();
  for (const derivation of DERIVATIONS) {
    const inputs = derivation.inputs.map((code) => known.get(code));
    if (inputs.some((v) => v === undefined)) {
      out.set(derivation.loinc, { failure: 'missing_result_calc_failure', note: 'Not calculated: a result it is calculated from was not reported.' });
      continue;
    }
    const exact = derivation.compute(inputs as number[], context);
    if (typeof exact !== 'number') {
      out.set(derivation.loinc, exact);
      continue;
    }
    const value = roundReported(exact, derivation.decimals);
    known.set(derivation.loinc, value);
    out.set(derivation.loinc, { value });
  }
  return out;
}
