import { describe, expect, it } from 'vitest';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, insuranceBody, useApiApp, type TeamSchemas } from './helpers.js';

type Diagnoses = TeamSchemas['DiagnosisInformationList'];
type Verdict = TeamSchemas['ValidateICDCodesResponse'];
type Payors = TeamSchemas['PayorSearchResponseList'];
type Payor = TeamSchemas['ClientFacingPayor'];

const address = { first_line: '100 Market Street', second_line: 'Suite 300', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

describe.each(apiEngines)('searchDiagnoses, validateIcdCodes, searchPayors, searchPayorsDeprecated, createPayor on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const search = (q: string) => ctx.team().get(`/v3/insurance/search/diagnosis?diagnosis_query=${encodeURIComponent(q)}`);
  const validate = (codes: unknown) => ctx.team().post('/v3/insurance/validate_icd_codes').send({ codes });
  const createPayor = (body: object, key?: string) => ctx.team(key).post('/v3/payor').send(body);

  describe('searchDiagnoses (GET /v3/insurance/search/diagnosis)', () => {
    it('when the query is a code in any case, with or without its dot, then the exact code comes first and every hit starts with it', async () => {
      for (const q of ['E11.9', 'e11.9', 'E119']) {
        const found = expectStatus<Diagnoses>(await search(q), 200);
        expect(found[0]).toEqual({ diagnosis_code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', is_secondary: false });
      }
      const category = expectStatus<Diagnoses>(await search('N18'), 200);
      expect(category.map((d) => d.diagnosis_code)).toEqual(['N18.1', 'N18.2', 'N18.30', 'N18.31', 'N18.32', 'N18.4', 'N18.5', 'N18.6', 'N18.9']);
    });

    it('when the query is words, then every hit has a title word starting with each, in code order', async () => {
      const found = expectStatus<Diagnoses>(await search('vitamin d defic'), 200);
      expect(found.map((d) => d.diagnosis_code)).toContain('E55.9');
      expect(found.every((d) => /vitamin/i.test(d.description) && /\bd/i.test(d.description) && /\bdefic/i.test(d.description))).toBe(true);
      expect(found.map((d) => d.diagnosis_code)).toEqual([...found.map((d) => d.diagnosis_code)].sort());
      const screening = expectStatus<Diagnoses>(await search('screening lipoid'), 200);
      expect(screening.map((d) => d.diagnosis_code)).toEqual(['Z13.220']);
    });

    it('when many codes match, then at most 50 are answered; when none or a blank query, an empty list', async () => {
      expect(expectStatus<Diagnoses>(await search('Z'), 200)).toHaveLength(50);
      expect(expectStatus<Diagnoses>(await search('zzzz nothing'), 200)).toEqual([]);
      expect(expectStatus<Diagnoses>(await search('   '), 200)).toEqual([]);
    });

    it('when diagnosis_query is missing, then a 422 names it', async () => {
      expectValidation(await ctx.team().get('/v3/insurance/search/diagnosis'), [{ loc: ['query', 'diagnosis_query'] }]);
    });
  });

  describe('validateIcdCodes (POST /v3/insurance/validate_icd_codes)', () => {
    it('when every code is in the catalog, then the list is valid', async () => {
      expect(expectStatus<Verdict>(await validate(['E11.9', 'E78.5', 'Z00.00', 'I10']), 200)).toEqual({ valid: true, errors: [], violations: [], warnings: [] });
      expect(expectStatus<Verdict>(await validate([]), 200)).toEqual({ valid: true, errors: [], violations: [], warnings: [] });
    });

    it('when codes are malformed, not billable or unknown, then each is named in errors, in order', async () => {
      const verdict = expectStatus<Verdict>(await validate(['e11.9', 'E119', 'E11', 'Q99.9', 'E11.9']), 200);
      expect(verdict.valid).toBe(false);
      expect(verdict.errors).toHaveLength(4);
      expect(verdict.errors[0]).toMatch(/^"e11\.9" is not an ICD-10-CM code.*write it as E11\.9/);
      expect(verdict.errors[1]).toMatch(/^"E119" is not an ICD-10-CM code.*write it as E11\.9/);
      expect(verdict.errors[2]).toMatch(/^E11 is not a billable code/);
      expect(verdict.errors[3]).toMatch(/^Q99\.9 is not in the service's diagnosis catalog/);
    });

    it('when two codes are excluded together, then a violation names the pair; a duplicate is a warning only', async () => {
      const verdict = expectStatus<Verdict>(await validate(['R73.03', 'E11.9', 'E11.9']), 200);
      expect(verdict).toEqual({
        valid: false,
        errors: [],
        violations: [{ code: 'R73.03', conflicts_with: 'E11.9', type: 'excludes1' }],
        warnings: [{ code: 'E11.9', overlaps_with: 'E11.9', type: 'duplicate' }],
      });
      expect(expectStatus<Verdict>(await validate(['E11.9', 'E11.9']), 200).valid).toBe(true);
    });

    it('when codes is not a list of strings or too long, then a 422 names it', async () => {
      expectValidation(await validate('E11.9'), [{ loc: ['body', 'codes'] }]);
      expectValidation(await validate(Array.from({ length: 101 }, () => 'E11.9')), [{ loc: ['body', 'codes'] }]);
    });
  });

  describe('icd_codes of POST /v3/order', () => {
    it('when an order names codes outside the catalog or an excluded pair, then a 422 names each and no order is made', async () => {
      const user = await ctx.newUser();
      const refused = await ctx.team().post('/v3/order').send(orderBody(user.user_id, { icd_codes: ['E11.9', 'Q99.9', 'E10.9'] }));
      expectValidation(refused, [
        { loc: ['body', 'icd_codes', 1], msg: /Q99\.9 is not in the service's diagnosis catalog/ },
        { loc: ['body', 'icd_codes'], msg: /E11\.9 and E10\.9 are not coded together/ },
      ]);
      const orders = expectStatus<{ orders: unknown[] }>(await ctx.team().get(`/v3/orders?user_id=${user.user_id}`), 200);
      expect(orders.orders).toEqual([]);
    });

    it('when an order names valid codes, then it is made with them', async () => {
      const user = await ctx.newUser();
      const made = expectStatus<{ order: { icd_codes: string[] } }>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { icd_codes: ['E11.65', 'Z13.220'] })), 200);
      expect(made.order.icd_codes).toEqual(['E11.65', 'Z13.220']);
    });
  });

  describe('createPayor (POST /v3/payor), searchPayors and searchPayorsDeprecated', () => {
    it('when a team creates a payor, then its code comes from its name and its insurances may name it', async () => {
      const payor = expectStatus<Payor>(await createPayor({ name: 'Rocky Mountain Care Plan', address, provider: 'availity', provider_payor_id: 'RMCP1' }), 200);
      expect(payor).toEqual({ payor_code: 'TEAM_ROCKY_MOUNTAIN_CARE_PLAN', name: 'Rocky Mountain Care Plan', aliases: [], org_address: address, source: 'team' });
      const user = await ctx.newUser();
      const insurance = expectStatus<TeamSchemas['ClientFacingInsurance']>(
        await ctx.team().post(`/v2/user/${user.user_id}/insurance`).send(insuranceBody({ payor_code: 'team_rocky_mountain_care_plan' })),
        200,
      );
      expect({ code: insurance.payor_code, company: insurance.company }).toEqual({ code: 'TEAM_ROCKY_MOUNTAIN_CARE_PLAN', company: { name: 'Rocky Mountain Care Plan', address } });
    });

    it('when the same payor is created again, then the stored one answers; with other details, a 400 naming the code', async () => {
      const body = { name: 'Same Name Health', address };
      const first = expectStatus<Payor>(await createPayor(body), 200);
      expect(expectStatus<Payor>(await createPayor(body), 200)).toEqual(first);
      expectDetail(await createPayor({ ...body, address: { ...address, city: 'Boulder' } }), 400, /TEAM_SAME_NAME_HEALTH/);
      expectDetail(await createPayor({ ...body, name: '  same name health ' }), 400, /TEAM_SAME_NAME_HEALTH/);
    });

    it('when provider and provider_payor_id are not given together, or the name is blank, then a 422 names the field', async () => {
      expectValidation(await createPayor({ name: 'Half Plan', address, provider_payor_id: 'X' }), [{ loc: ['body', 'provider'] }]);
      expectValidation(await createPayor({ name: 'Half Plan', address, provider: 'stedi' }), [{ loc: ['body', 'provider_payor_id'] }]);
      expectValidation(await createPayor({ name: '   ', address }), [{ loc: ['body', 'name'] }]);
      expectValidation(await createPayor({ name: 'Plan', address, provider: 'nobody', provider_payor_id: 'X' }), [{ loc: ['body', 'provider'] }]);
    });

    it('when a name has no Latin letter or digit, then its code is a hash of it', async () => {
      const payor = expectStatus<Payor>(await createPayor({ name: '保険', address }), 200);
      expect(payor.payor_code).toMatch(/^TEAM_[0-9A-F]{12}$/);
    });

    it('when searching, then team payors come first, filters apply, and the deprecated search answers `code`', async () => {
      await createPayor({ name: 'Blue Valley Health', address, provider: 'stedi', provider_payor_id: 'BVH9' });
      const blue = expectStatus<Payors>(await ctx.team().get('/v3/insurance/search/payor?insurance_name=blue'), 200);
      expect(blue[0]).toMatchObject({ payor_code: 'TEAM_BLUE_VALLEY_HEALTH', source: 'team' });
      expect(blue.slice(1).every((p) => p.source === 'platform' && /blue/i.test(p.name))).toBe(true);
      expect(blue.some((p) => p.payor_code === 'FLORIDA_BLUE')).toBe(true);
      const byId = expectStatus<Payors>(await ctx.team().get('/v3/insurance/search/payor?provider=stedi&provider_payor_id=BVH9'), 200);
      expect(byId.map((p) => p.payor_code)).toEqual(['TEAM_BLUE_VALLEY_HEALTH']);
      expect(expectStatus<Payors>(await ctx.team().get('/v3/insurance/search/payor?provider=waystar'), 200)).toEqual([]);
      const medicaid = expectStatus<Payors>(await ctx.team().get('/v3/insurance/search/payor?insurance_name=masshealth'), 200);
      expect(medicaid.map((p) => p.payor_code)).toEqual(['MEDICAID_MA']);
      const old = expectStatus<TeamSchemas['PayorSearchResponseDeprecatedList']>(await ctx.team().post('/v3/insurance/search/payor').send({ provider: 'stedi', provider_id: 'BVH9' }), 200);
      expect(old).toEqual([{ code: 'TEAM_BLUE_VALLEY_HEALTH', name: 'Blue Valley Health', aliases: [], org_address: address, source: 'team' }]);
      expectValidation(await ctx.team().get('/v3/insurance/search/payor?provider=nobody'), [{ loc: ['query', 'provider'] }]);
    });

    it("when another team searches or names the payor, then it is not found there", async () => {
      await createPayor({ name: 'Private Plains Plan', address, provider: 'apero', provider_payor_id: 'PPP' });
      const { other, theirs } = await ctx.otherTeamsUser();
      expect(expectStatus<Payors>(await ctx.team(other.apiKey).get('/v3/insurance/search/payor?insurance_name=private%20plains'), 200)).toEqual([]);
      expect(expectStatus<Payors>(await ctx.team(other.apiKey).get('/v3/insurance/search/payor?provider_payor_id=PPP'), 200)).toEqual([]);
      expectValidation(
        await ctx.team(other.apiKey).post(`/v2/user/${theirs.user_id}/insurance`).send(insuranceBody({ payor_code: 'TEAM_PRIVATE_PLAINS_PLAN' })),
        [{ loc: ['body', 'payor_code'] }],
      );
    });
  });
});
