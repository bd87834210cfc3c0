/**
 * The identities between a lab report's results (test/domain/lab-result-coherence.test.ts,
 * test/api/lab-result-coherence.test.ts): every calculated result equals the calculation
 * from the printed results it derives from, rounded to its own printed decimals. The
 * formulas are written out here from their published form, not imported from the server.
 */
import type { LabResults } from '../../server/domain/lab-results/generate.js';

/** The LDL equation each lab states (docs/lab-testing.md). */
export const LDL_EQUATION: Record<string, 'friedewald' | 'sampson'> = { labcorp: 'sampson', quest: 'sampson', bioreference: 'friedewald', sonora_quest: 'friedewald' };

/** Only what the checks read of a report: the wire shape or the domain's. */
type Report = { metadata: { age: string }; results: readonly { loinc?: string | null; type: string; value?: number | null }[] };

/** The printed value (within half a printed step) of an exact calculation: what "rounded as printed" means. */
function agrees(printed: number, exact: number, decimals: number): boolean {
  return Math.abs(printed - exact) <= 0.5 * 10 ** -decimals + 1e-9;
}

function ckdEpi2021(creatinine: number, age: number, sex: 'female' | 'male'): number {
  const kappa = sex === 'female' ? 0.7 : 0.9;
  const alpha = sex === 'female' ? -0.241 : -0.302;
  return 142 * Math.min(creatinine / kappa, 1) ** alpha * Math.max(creatinine / kappa, 1) ** -1.2 * 0.9938 ** age * (sex === 'female' ? 1.012 : 1);
}

/** Every identity between the numeric results of a report (results reported as a bound or a comment carry no number to check). */
export function coherenceProblems(results: Report | LabResults, lab: string, gender: string): string[] {
  const problems: string[] = [];
  const v = new Map(results.results.filter((r) => r.type === 'numeric').map((r) => [r.loinc ?? '', r.value ?? -1]));
  const has = (...codes: string[]) => codes.every((c) => v.has(c));
  const get = (code: string) => v.get(code)!;
  const check = (name: string, codes: string[], printed: string, exact: () => number, decimals: number) => {
    if (!has(...codes, printed)) return;
    const value = exact();
    if (!agrees(get(printed), value, decimals)) problems.push(`${name}: printed ${get(printed)}, calculated ${value}`);
  };
  // Lipids
  check('non-HDL = TC - HDL', ['2093-3', '2085-9'], '43396-1', () => get('2093-3') - get('2085-9'), 0);
  check('TC/HDL', ['2093-3', '2085-9'], '9830-1', () => get('2093-3') / get('2085-9'), 1);
  const equation = LDL_EQUATION[lab]!;
  check(`LDL (${equation})`, ['2093-3', '2085-9', '2571-8'], '13457-7', () => {
    const [tc, hdl, tg] = [get('2093-3'), get('2085-9'), get('2571-8')];
    return equation === 'friedewald' ? tc - hdl - tg / 5 : tc / 0.948 - hdl / 0.971 - (tg / 8.56 + (tg * (tc - hdl)) / 2140 - tg ** 2 / 16100) - 9.44;
  }, 0);
  check('VLDL = non-HDL - LDL', ['43396-1', '13457-7'], '13458-5', () => get('43396-1') - get('13457-7'), 0);
  // Under Friedewald, VLDL is TG/5 (within the one unit that rounding LDL moves it).
  if (equation === 'friedewald' && has('2571-8', '13458-5', '13457-7') && Math.abs(get('13458-5') - get('2571-8') / 5) > 1) problems.push(`VLDL ${get('13458-5')} is not TG/5 (${get('2571-8') / 5})`);
  // Proteins, kidney
  check('globulin = protein - albumin', ['2885-2', '1751-7'], '10834-0', () => get('2885-2') - get('1751-7'), 1);
  check('A/G = albumin / globulin', ['1751-7', '10834-0'], '1759-0', () => get('1751-7') / get('10834-0'), 1);
  check('BUN/creatinine', ['3094-0', '2160-0'], '3097-3', () => get('3094-0') / get('2160-0'), 0);
  if (gender === 'female' || gender === 'male') {
    check('eGFR (CKD-EPI 2021)', ['2160-0'], '98979-8', () => ckdEpi2021(get('2160-0'), Number(results.metadata.age), gender), 0);
  } else if (results.results.some((r) => r.loinc === '98979-8')) {
    problems.push('eGFR reported for a patient who is neither female nor male');
  }
  // Others the catalog calculates
  check('eAG = 28.7 x A1c - 46.7', ['4548-4'], '27353-2', () => 28.7 * get('4548-4') - 46.7, 0);
  check('anion gap = Na - Cl - CO2', ['2951-2', '2075-0', '2028-9'], '33037-3', () => get('2951-2') - get('2075-0') - get('2028-9'), 0);
  check('indirect bilirubin = total - direct', ['1975-2', '1968-7'], '1971-1', () => get('1975-2') - get('1968-7'), 1);
  check('UIBC = TIBC - iron', ['2500-7', '2498-4'], '2501-5', () => get('2500-7') - get('2498-4'), 0);
  check('iron saturation', ['2498-4', '2500-7'], '2502-3', () => (get('2498-4') / get('2500-7')) * 100, 0);
  check('PSA % free', ['10886-0', '2857-1'], '12841-3', () => (get('10886-0') / get('2857-1')) * 100, 0);
  check('UACR', ['14957-5', '2161-8'], '14959-1', () => (get('14957-5') / get('2161-8')) * 100, 0);
  check('FTI = T4 x T3 uptake / 100', ['3026-2', '3050-2'], '32215-6', () => (get('3026-2') * get('3050-2')) / 100, 1);
  // White cell differential
  const percents = ['770-8', '736-9', '5905-5', '713-8', '706-2'];
  const absolutes = ['751-8', '731-0', '742-7', '711-2', '704-7'];
  if (has(...percents)) {
    const sum = percents.reduce((total, code) => total + get(code), 0);
    if (sum !== 100) problems.push(`differential sums to ${sum}%`);
  }
  percents.forEach((pct, i) => check(`absolute ${absolutes[i]} = WBC x ${pct}%`, ['6690-2', pct], absolutes[i]!, () => (get('6690-2') * get(pct)) / 100, 1));
  return problems;
}

