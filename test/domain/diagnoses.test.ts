import { describe, expect, it } from 'vitest';
import { checkDiagnosisCodes, DIAGNOSES, DIAGNOSIS_BY_CODE, DIAGNOSIS_SEARCH_LIMIT, ICD10CM_CODE_PATTERN, searchDiagnoses } from '../../server/domain/insurance/diagnoses.js';
import { searchPayors, teamPayorCode, teamPayorProblems, type TeamPayor } from '../../server/domain/insurance/payor-search.js';

describe('the diagnosis catalog', () => {
  it('holds at least 500 distinct, well-formed codes, each with a title', () => {
    expect(DIAGNOSES.length).toBeGreaterThanOrEqual(500);
    expect(new Set(DIAGNOSES.map((d) => d.code)).size).toBe(DIAGNOSES.length);
    for (const d of DIAGNOSES) {
      expect(d.code).toMatch(ICD10CM_CODE_PATTERN);
      expect(d.description.trim()).toBe(d.description);
      expect(d.description.length).toBeGreaterThan(2);
    }
  });

  it('holds no category together with its own subcodes (every code is billable)', () => {
    const codes = DIAGNOSES.map((d) => d.code);
    const parents = codes.filter((code) => codes.some((other) => other !== code && other.replace('.', '').startsWith(code.replace('.', ''))));
    expect(parents).toEqual([]);
  });

  it('covers the areas lab orders are justified by', () => {
    for (const code of ['E11.9', 'E78.5', 'E03.9', 'E05.90', 'D50.9', 'I10', 'N18.31', 'Z00.00', 'Z13.220', 'R73.03', 'E55.9', 'E53.8', 'U07.1', 'Z11.4']) {
      expect(DIAGNOSIS_BY_CODE.has(code), code).toBe(true);
    }
  });
});

describe('searchDiagnoses', () => {
  it('finds codes by their start, the exact one first, and words by the starts of title words', () => {
    expect(searchDiagnoses('e78.0').map((d) => d.code)).toEqual(['E78.00', 'E78.01']);
    expect(searchDiagnoses('E03.9')[0]!.code).toBe('E03.9');
    expect(searchDiagnoses('hypothyroid unspec').map((d) => d.code)).toContain('E03.9');
    expect(searchDiagnoses('Hypothyroidism, unspecified').map((d) => d.code)).toEqual(['E03.9']);
    expect(searchDiagnoses('').length).toBe(0);
    expect(searchDiagnoses('E').length).toBe(DIAGNOSIS_SEARCH_LIMIT);
  });

  it('falls back to words when no code starts with a code-like query', () => {
    expect(searchDiagnoses('B12').map((d) => d.code)).toEqual(['D51.0', 'D51.1', 'D51.3', 'D51.8', 'D51.9']);
  });
});

describe('checkDiagnosisCodes', () => {
  it('never corrects a code: a lower-case or dotless code is an error that says how to write it', () => {
    const check = checkDiagnosisCodes(['e11.9', 'E119', 'E11.9']);
    expect(check.error_positions.map((e) => e.index)).toEqual([0, 1]);
    expect(check.errors.every((e) => e.includes('write it as E11.9'))).toBe(true);
  });

  it('finds Excludes1 pairs in either order, each once', () => {
    expect(checkDiagnosisCodes(['E11.9', 'E10.9']).violations).toEqual([{ code: 'E11.9', conflicts_with: 'E10.9', type: 'excludes1' }]);
    expect(checkDiagnosisCodes(['I10', 'R03.0']).violations).toEqual([{ code: 'I10', conflicts_with: 'R03.0', type: 'excludes1' }]);
    expect(checkDiagnosisCodes(['E11.9', 'O24.419']).violations).toHaveLength(1);
    expect(checkDiagnosisCodes(['E11.9', 'E78.5', 'I10', 'N18.31']).valid).toBe(true);
  });
});

describe('team payors', () => {
  it('derive their code from the name, and refuse a provider id without its provider', () => {
    expect(teamPayorCode(' Acme  Health-Plan ')).toBe('TEAM_ACME_HEALTH_PLAN');
    expect(teamPayorCode('Ärzte Kasse')).toBe('TEAM_ARZTE_KASSE');
    expect(teamPayorCode('x'.repeat(60))).toBe(`TEAM_${'X'.repeat(40)}`);
    expect(teamPayorCode('保険')).toBe(teamPayorCode(' 保険 '));
    expect(teamPayorProblems({ provider_payor_id: 'A' })).toEqual([{ loc: ['provider'], msg: expect.any(String) }]);
    expect(teamPayorProblems({ provider: 'stedi', provider_payor_id: 'A' })).toEqual([]);
  });

  it('come first in a search; a clearinghouse filter finds team payors only', () => {
    const mine: TeamPayor = { payor_code: 'TEAM_AETNA_LOCAL', name: 'Aetna Local', org_address: { first_line: '1 A St', second_line: '', city: 'X', state: 'CO', zip: '80202', country: 'US' }, provider: 'stedi', provider_payor_id: 'AL1' };
    const found = searchPayors({ insurance_name: 'aetna' }, [mine]);
    expect(found.map((p) => p.payor_code)).toEqual(['TEAM_AETNA_LOCAL', 'AETNA']);
    expect(searchPayors({ provider: 'stedi' }, [mine]).map((p) => p.payor_code)).toEqual(['TEAM_AETNA_LOCAL']);
    expect(searchPayors({ provider: 'availity' }, [mine])).toEqual([]);
  });
});
