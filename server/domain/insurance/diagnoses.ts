/**
 * Diagnosis codes (ICD-10-CM): the catalog (icd10cm-catalog-data.ts), its search, and the rules a
 * list of codes must follow, shared by POST /v3/insurance/validate_icd_codes and the
 * `icd_codes` of POST /v3/order. Pure data and functions.
 */
import { ICD10CM_CATALOG_TSV } from './icd10cm-catalog-data.js';

export interface Diagnosis {
  /** The code as ICD-10-CM writes it: upper case, a dot after the third character (`E11.9`). */
  readonly code: string;
  /** The official title. */
  readonly description: string;
  /** The 3-character category (`E11`). */
  readonly category: string;
  /** The code without its dot, upper case (`E119`): what a code query is compared with. */
  readonly compact: string;
  /** The title's words, lower case, for the word search. */
  readonly words: readonly string[];
}

/** An ICD-10-CM code as written: a letter, a digit, a digit or letter, then optionally a dot and 1 to 4 digits or letters. */
export const ICD10CM_CODE_PATTERN = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/** The most diagnoses one search answers. */
export const DIAGNOSIS_SEARCH_LIMIT = 50;

const wordsOf = (text: string): string[] => text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((w) => w.length > 0);

function buildCatalog(): readonly Diagnosis[] {
  const seen = new Set<string>();
  const entries: Diagnosis[] = [];
  for (const line of ICD10CM_CATALOG_TSV.split('\n')) {
    if (line.trim() === '') continue;
    const [code, description, ...rest] = line.split('\t');
    if (!code || !description || rest.length > 0 || !ICD10CM_CODE_PATTERN.test(code)) throw new Error(`bad diagnosis catalog line: ${JSON.stringify(line)}`);
    if (seen.has(code)) throw new Error(`duplicate diagnosis code ${code}`);
    seen.add(code);
    entries.push(Object.freeze({ code, description, category: code.slice(0, 3), compact: code.replace('.', ''), words: Object.freeze(wordsOf(description)) }));
  }
  entries.sort((a, b) => (a.compact < b.compact ? -1 : a.compact > b.compact ? 1 : 0));
  return Object.freeze(entries);
}

/** Every diagnosis of the catalog, by code. */
export const DIAGNOSES: readonly Diagnosis[] = buildCatalog();

/** Code -> diagnosis. */
export const DIAGNOSIS_BY_CODE: ReadonlyMap<string, Diagnosis> = new Map(DIAGNOSES.map((d) => [d.code, d]));

/**
 * The diagnoses a query finds, at most DIAGNOSIS_SEARCH_LIMIT, best first:
 * - a query that looks like a code (a letter, or a letter and a digit then digits, letters and
 *   at most one dot; any case, the dot optional) finds the codes that start with it, the exact code first;
 * - otherwise (and also for such a query when no code starts with it) every word of the query
 *   must start a word of the title (`iron defic anem` finds D50.9), in code order.
 * An empty or blank query finds nothing.
 */
export function searchDiagnoses(query: string): Diagnosis[] {
  const trimmed = query.trim();
  if (trimmed === '') return [];
  const compactQuery = trimmed.toUpperCase().replace('.', '');
  if (/^[A-Z]([0-9][0-9A-Z]*)?$/.test(compactQuery)) {
    const byCode = DIAGNOSES.filter((d) => d.compact.startsWith(compactQuery));
    if (byCode.length > 0) {
      byCode.sort((a, b) => Number(b.compact === compactQuery) - Number(a.compact === compactQuery));
      return byCode.slice(0, DIAGNOSIS_SEARCH_LIMIT);
    }
  }
  const terms = wordsOf(trimmed);
  if (terms.length === 0) return [];
  const found: Diagnosis[] = [];
  for (const d of DIAGNOSES) {
    if (terms.every((t) => d.words.some((w) => w.startsWith(t)))) {
      found.push(d);
      if (found.length === DIAGNOSIS_SEARCH_LIMIT) break;
    }
  }
  return found;
}

/** Two codes that ICD-10-CM's Excludes1 notes say are never coded together. */
export interface ExcludesViolation {
  code: string;
  conflicts_with: string;
  type: 'excludes1';
}

/** A code given more than once. */
export interface DiagnosisWarning {
  code: string;
  overlaps_with: string;
  type: 'duplicate';
}

export interface DiagnosisCheck {
  valid: boolean;
  /** One message per code that is not a well-formed code in the catalog, naming it. */
  errors: string[];
  violations: ExcludesViolation[];
  warnings: DiagnosisWarning[];
  /** The positions of `errors`' codes in the list given (for a 422's `loc`), in order. */
  error_positions: { index: number; message: string }[];
}

/**
 * Excludes1 notes between categories of the catalog (the Tabular List's "Excludes1" under the
 * category named first): a code of the first category is never coded with one of the second.
 */
const EXCLUDES1: ReadonlyArray<readonly [category: string, excluded: readonly string[], why: string]> = [
  ['E11', ['E08', 'E09', 'E10', 'E13', 'O24'], 'type 2 diabetes mellitus excludes diabetes of another type'],
  ['E10', ['E08', 'E09', 'E11', 'E13', 'O24'], 'type 1 diabetes mellitus excludes diabetes of another type'],
  ['R73', ['E08', 'E09', 'E10', 'E11', 'E13'], 'an abnormal glucose finding excludes diabetes mellitus (E08-E13)'],
  ['R03', ['I10', 'I11', 'I12', 'I13', 'I15', 'I16'], 'an elevated blood-pressure reading without diagnosis excludes hypertensive disease'],
  ['R81', ['E08', 'E09', 'E10', 'E11', 'E13'], 'glycosuria excludes diabetes mellitus'],
];

const GESTATIONAL = /^O24\.4/;

function excluded(a: Diagnosis, b: Diagnosis): boolean {
  for (const [category, others] of EXCLUDES1) {
    if (a.category !== category) continue;
    for (const other of others) {
      // O24 in these notes is gestational diabetes (O24.4-) only.
      if (other === 'O24' ? GESTATIONAL.test(b.code) : b.category === other) return true;
    }
  }
  return false;
}

function formatError(code: string): string {
  const shown = JSON.stringify(code);
  const fixed = code.trim().toUpperCase();
  const withDot = /^[A-Z][0-9][0-9A-Z][0-9A-Z]{1,4}$/.test(fixed) ? `${fixed.slice(0, 3)}.${fixed.slice(3)}` : fixed;
  const hint = withDot !== code && ICD10CM_CODE_PATTERN.test(withDot) ? ` (write it as ${withDot})` : '';
  return `${shown} is not an ICD-10-CM code: a code is a capital letter, a digit and a digit or capital letter, then a dot and 1 to 4 digits or capital letters (E11.9, Z00.00)${hint}.`;
}

/**
 * Checks a list of diagnosis codes: each must be a well-formed ICD-10-CM code (as written, never
 * corrected: `e11.9` and `E119` are errors that say how to write them) that is in the catalog;
 * pairs that an Excludes1 note forbids are violations (each pair once, in the order given); a
 * code given twice is a warning. Valid when there are no errors and no violations.
 */
export function checkDiagnosisCodes(codes: readonly string[]): DiagnosisCheck {
  const error_positions: { index: number; message: string }[] = [];
  const found: { index: number; diagnosis: Diagnosis }[] = [];
  const warnings: DiagnosisWarning[] = [];
  const firstIndex = new Map<string, number>();
  codes.forEach((code, index) => {
    if (!ICD10CM_CODE_PATTERN.test(code)) {
      error_positions.push({ index, message: formatError(code) });
      return;
    }
    const diagnosis = DIAGNOSIS_BY_CODE.get(code);
    if (!diagnosis) {
      const category = DIAGNOSES.some((d) => d.code.startsWith(code));
      error_positions.push({
        index,
        message: category
          ? `${code} is not a billable code: give one of its subcodes (search the diagnoses with diagnosis_query=${code}).`
          : `${code} is not in the service's diagnosis catalog (search it with GET /v3/insurance/search/diagnosis).`,
      });
      return;
    }
    if (firstIndex.has(code)) {
      warnings.push({ code, overlaps_with: code, type: 'duplicate' });
      return;
    }
    firstIndex.set(code, index);
    found.push({ index, diagnosis });
  });
  const violations: ExcludesViolation[] = [];
  for (let i = 0; i < found.length; i += 1) {
    for (let j = i + 1; j < found.length; j += 1) {
      const a = found[i]!.diagnosis;
      const b = found[j]!.diagnosis;
      if (excluded(a, b) || excluded(b, a)) violations.push({ code: a.code, conflicts_with: b.code, type: 'excludes1' });
    }
  }
  const errors = error_positions.map((e) => e.message);
  return { valid: errors.length === 0 && violations.length === 0, errors, violations, warnings, error_positions };
}

/** The message of an Excludes1 violation, for a 422. */
export function violationMessage(v: ExcludesViolation): string {
  return `${v.code} and ${v.conflicts_with} are not coded together (an ICD-10-CM Excludes1 note): keep the one that describes the patient.`;
}
