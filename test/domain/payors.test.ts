import { describe, it, expect } from 'vitest';
import { schemaValidator } from './spec-schemas.js';
import { PAYORS, US_STATES, findUsState, resolvePayor } from '../../server/domain/insurance/payors.js';



const LARGEST = ['AETNA', 'CIGNA', 'UHC', 'HUMANA', 'ANTHEM', 'HCSC', 'KAISER', 'CENTENE', 'MOLINA', 'HIGHMARK',
  'WELLCARE', 'OSCAR', 'EMBLEM', 'GEISINGER', 'HEALTHNET', 'CAREFIRST', 'INDEPENDENCE', 'PREMERA', 'REGENCE',
  'TUFTS', 'HARVARD_PILGRIM', 'MEDICA', 'PRIORITY', 'UPMC', 'FLORIDA_BLUE'];

describe('payor catalog', () => {
  it('when US_STATES is read, then it has the 50 states and DC with unique codes', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
  });

  it('when commercial payors are counted, then there are at least 25, including the largest US payors', () => {
    const commercial = [...PAYORS.values()].filter((p) => p.category === 'commercial');
    expect(commercial.length).toBeGreaterThanOrEqual(25);
    for (const code of LARGEST) expect(PAYORS.get(code)?.category, code).toBe('commercial');
    expect([...PAYORS.keys()].some((k) => k.startsWith('BCBS_'))).toBe(true);
  });

  it('when federal programs are looked up, then MEDICARE and MEDICAID exist', () => {
    expect(PAYORS.get('MEDICARE')).toMatchObject({ name: 'Medicare', category: 'federal' });
    expect(PAYORS.get('MEDICAID')).toMatchObject({ name: 'Medicaid', category: 'federal' });
  });

  it('when state plans are looked up, then every one of the 51 jurisdictions has MEDICAID_xx and MEDICARE_xx', () => {
    for (const { code, name } of US_STATES) {
      const medicaid = PAYORS.get(`MEDICAID_${code}`);
      const medicare = PAYORS.get(`MEDICARE_${code}`);
      expect(medicaid, `MEDICAID_${code}`).toMatchObject({ category: 'state_medicaid', plan_state: code });
      expect(medicare, `MEDICARE_${code}`).toMatchObject({ category: 'state_medicare', plan_state: code, name: `Medicare (${name})` });
      expect(medicaid?.address.state).toBe(code);
    }
    expect(PAYORS.get('MEDICAID_CA')?.name).toBe('Medi-Cal');
    expect(PAYORS.get('MEDICAID_TN')?.name).toBe('TennCare');
    expect(PAYORS.get('MEDICAID_MA')?.name).toBe('MassHealth');
  });

  it('when addresses are read, then every payor has a complete US address with a string second_line', () => {
    for (const [code, p] of PAYORS) {
      expect(p.code).toBe(code);
      expect(code).toBe(code.toUpperCase());
      const a = p.address;
      expect(a.first_line.length, code).toBeGreaterThan(0);
      expect(typeof a.second_line, code).toBe('string');
      expect(a.city.length, code).toBeGreaterThan(0);
      expect(a.state, code).toMatch(/^[A-Z]{2}$/);
      expect(a.zip, code).toMatch(/^\d{5}(-\d{4})?$/);
      expect(a.country).toBe('US');
    }
  });
});

describe('resolvePayor', () => {
  it('when MEDFED is given with "CA", "ca" or "California", then the California Medicare plan is resolved', () => {
    for (const state of ['CA', 'ca', 'California', '  california ']) {
      const r = resolvePayor('MEDFED', state);
      expect(r, state).toMatchObject({ ok: true, payor_code: 'MEDICARE_CA' });
      if (r.ok) expect(r.company.name).toBe('Medicare (California)');
    }
  });

  it('when MAIDFED is given with "CA", "ca" or "California", then Medi-Cal is resolved', () => {
    for (const state of ['CA', 'ca', 'California']) {
      const r = resolvePayor('MAIDFED', state);
      expect(r, state).toMatchObject({ ok: true, payor_code: 'MEDICAID_CA', company: { name: 'Medi-Cal' } });
    }
  });

  it('when the alias itself is lower case or padded, then it is still recognized', () => {
    expect(resolvePayor(' medfed ', 'NY')).toMatchObject({ ok: true, payor_code: 'MEDICARE_NY' });
    expect(resolvePayor('maidfed', 'District of Columbia')).toMatchObject({ ok: true, payor_code: 'MEDICAID_DC' });
  });

  it('when MEDFED or MAIDFED is given for every state, then the matching state plan is resolved', () => {
    for (const { code, name } of US_STATES) {
      expect(resolvePayor('MEDFED', code)).toMatchObject({ ok: true, payor_code: `MEDICARE_${code}` });
      expect(resolvePayor('MAIDFED', name)).toMatchObject({ ok: true, payor_code: `MEDICAID_${code}` });
    }
  });

  it('when the insured state is unknown or empty, then the error is on insured_state with a clear message', () => {
    for (const state of ['Calif', 'XX', '', '   ', 'PR']) {
      const r = resolvePayor('MEDFED', state);
      expect(r.ok, state).toBe(false);
      if (!r.ok) {
        expect(r.field).toBe('insured_state');
        expect(r.message).toContain('MEDFED');
        expect(r.message).toContain('"CA"');
      }
    }
    const r = resolvePayor('MAIDFED', 'Atlantis');
    expect(r).toMatchObject({ ok: false, field: 'insured_state' });
    if (!r.ok) expect(r.message).toContain('"Atlantis" is not a US state');
  });

  it('when the payor code is unknown, then the error is on payor_code and explains how to find valid codes', () => {
    for (const code of ['NOT_A_PAYOR', '', 'MEDICAID_XX']) {
      const r = resolvePayor(code, 'CA');
      expect(r.ok, code).toBe(false);
      if (!r.ok) {
        expect(r.field).toBe('payor_code');
        expect(r.message).toMatch(/payor code list/);
        expect(r.message).toContain('MEDFED');
      }
    }
  });

  it('when a known code is given in any case, then it is returned upper-case with its company, whatever the state', () => {
    const r = resolvePayor('aetna', 'not a state');
    expect(r).toEqual({
      ok: true,
      payor_code: 'AETNA',
      company: {
        name: 'Aetna',
        address: { first_line: '151 Farmington Avenue', second_line: '', city: 'Hartford', state: 'CT', zip: '06156', country: 'US' },
      },
    });
    expect(resolvePayor('Medicaid_ny', '')).toMatchObject({ ok: true, payor_code: 'MEDICAID_NY' });
  });

  it('when a company is returned, then it is a fresh plain object', () => {
    const r = resolvePayor('UHC', 'MN');
    if (!r.ok) throw new Error('expected ok');
    r.company.name = 'changed';
    const again = resolvePayor('UHC', 'MN');
    expect(again.ok && again.company.name).toBe('UnitedHealthcare');
  });

  it('when findUsState is given odd spellings, then codes, names and DC variants resolve', () => {
    expect(findUsState('new  york')?.code).toBe('NY');
    expect(findUsState('Washington, D.C.')?.code).toBe('DC');
    expect(findUsState('Washington')?.code).toBe('WA');
    expect(findUsState(null)).toBeUndefined();
  });

  it('when any payor resolves, then its company validates against CompanyDetails.yaml', () => {
    const validate = schemaValidator('CompanyDetails.yaml');
    for (const code of PAYORS.keys()) {
      const r = resolvePayor(code, 'CA');
      if (!r.ok) throw new Error(code);
      expect(validate(r.company), `${code}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
