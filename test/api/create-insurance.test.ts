import { describe, expect, it } from 'vitest';
import { PAYORS, toCompanyDetails } from '../../server/domain/insurance/payors.js';
import { getInsurance, listInsurances } from '../storage/stored-state.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, insuranceAddress, insuranceBody, insuredPerson, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Insurance = TeamSchemas['ClientFacingInsurance'];

const companyOf = (code: string) => {
  const payor = PAYORS.get(code);
  if (!payor) throw new Error(`no payor ${code} in the catalog`);
  return toCompanyDetails(payor);
};

describe.each(apiEngines)('createInsurance (POST /v2/user/{user_id}/insurance) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const post = (userId: string, body: unknown, key?: string) => ctx.team(key).post(`/v2/user/${userId}/insurance`).send(body as object);
  const storedOf = (userId: string) => listInsurances<Insurance>(ctx.server.db, { team_id: ctx.server.teamId, user_id: userId });

  it('when a commercial payor is sent, then it answers the record with the company from the payor catalog, as stored', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<Insurance>(await post(user.user_id, insuranceBody()), 200);
    expect(answered).toEqual({
      payor_code: 'AETNA',
      member_id: 'W123456789',
      relationship: 'Self',
      group_id: 'GRP-0042',
      is_primary: true,
      insured: { ...insuredPerson(), address: { ...insuranceAddress(), second_line: '' } },
      company: {
        name: 'Aetna',
        address: { first_line: '151 Farmington Avenue', second_line: '', city: 'Hartford', state: 'CT', zip: '06156', country: 'US' },
      },
      guarantor: null,
    });
    const stored = await storedOf(user.user_id);
    expect(stored.map((row) => [row.is_primary, row.record])).toEqual([[true, answered]]);
  });

  it('when the payor code is in lower case with spaces, then the catalog code is stored', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ payor_code: ' cigna ' })), 200);
    expect(answered.payor_code).toBe('CIGNA');
    expect(answered.company).toEqual(companyOf('CIGNA'));
  });

  it('when a state plan code is sent directly, then it is kept with its company', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ payor_code: 'MEDICAID_NY' })), 200);
    expect(answered).toMatchObject({ payor_code: 'MEDICAID_NY', company: companyOf('MEDICAID_NY') });
  });

  it.each([
    ['MEDFED', 'CA', 'MEDICARE_CA'],
    ['MEDFED', 'ca', 'MEDICARE_CA'],
    ['MEDFED', 'California', 'MEDICARE_CA'],
    ['MAIDFED', 'CA', 'MEDICAID_CA'],
    ['MAIDFED', 'california', 'MEDICAID_CA'],
    ['MAIDFED', ' New  York ', 'MEDICAID_NY'],
    ['MEDFED', 'Washington DC', 'MEDICARE_DC'],
    ['maidfed', 'TX', 'MEDICAID_TX'],
  ])('when payor_code %s is sent for an insured person in %j, then %s is stored with its company', async (code, state, inferred) => {
    const user = await ctx.newUser();
    const body = insuranceBody({ payor_code: code, insured: insuredPerson({ address: insuranceAddress({ state }) }) });
    const answered = expectStatus<Insurance>(await post(user.user_id, body), 200);
    expect(answered.payor_code).toBe(inferred);
    expect(answered.company).toEqual(companyOf(inferred));
    expect(answered.insured.address.state).toBe(state);
    expect((await getInsurance<Insurance>(ctx.server.db, { team_id: ctx.server.teamId, user_id: user.user_id, is_primary: true }))?.record.payor_code).toBe(inferred);
  });

  it('when MAIDFED is sent for California, then the company is Medi-Cal', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ payor_code: 'MAIDFED' })), 200);
    expect(answered.company.name).toBe('Medi-Cal');
  });

  it.each(['Ontario', 'PR', 'XX', 'Calif'])('when MEDFED is sent for an insured address state %j without a state plan, then 422 on ["body", "insured", "address", "state"]', async (state) => {
    const user = await ctx.newUser();
    const body = insuranceBody({ payor_code: 'MEDFED', insured: insuredPerson({ address: insuranceAddress({ state }) }) });
    expectOnlyViolations(await post(user.user_id, body), [['body', 'insured', 'address', 'state']]);
    expect(await storedOf(user.user_id)).toEqual([]);
  });

  it('when a commercial payor is sent for an address outside the US, then the state is not looked at', async () => {
    const user = await ctx.newUser();
    const body = insuranceBody({ insured: insuredPerson({ address: insuranceAddress({ state: 'Ontario', country: 'CA' }) }) });
    expect(expectStatus<Insurance>(await post(user.user_id, body), 200).payor_code).toBe('AETNA');
  });

  it('when the payor code is unknown, then 422 on ["body", "payor_code"] naming it, and nothing is stored', async () => {
    const user = await ctx.newUser();
    expectValidation(await post(user.user_id, insuranceBody({ payor_code: 'NOTAPAYOR' })), [
      { loc: ['body', 'payor_code'], type: 'value_error', msg: /NOTAPAYOR/ },
    ]);
    expect(await storedOf(user.user_id)).toEqual([]);
  });

  it('when the payor code is empty or longer than 32 characters, then 422 on ["body", "payor_code"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await post(user.user_id, insuranceBody({ payor_code: '' })), [{ loc: ['body', 'payor_code'], type: 'too_short' }]);
    expectValidation(await post(user.user_id, insuranceBody({ payor_code: 'A'.repeat(33) })), [{ loc: ['body', 'payor_code'], type: 'too_long' }]);
  });

  it('when second_line is null or absent, then it is answered and stored as an empty string', async () => {
    const user = await ctx.newUser();
    const { second_line: _dropped, ...withoutSecondLine } = insuranceAddress();
    const body = insuranceBody({
      insured: insuredPerson({ address: withoutSecondLine as TeamSchemas['InsuranceAddress'] }),
      guarantor: { first_name: 'Carlos', last_name: 'Lopez', phone_number: '+14155550199', address: insuranceAddress({ second_line: null }) },
    });
    const answered = expectStatus<Insurance>(await post(user.user_id, body), 200);
    expect(answered.insured.address.second_line).toBe('');
    expect(answered.guarantor?.address.second_line).toBe('');
    expect((await storedOf(user.user_id))[0]?.record).toEqual(answered);
  });

  it('when second_line has text, then it is kept', async () => {
    const user = await ctx.newUser();
    const body = insuranceBody({ insured: insuredPerson({ address: insuranceAddress({ second_line: 'Apt. 4B' }) }) });
    expect(expectStatus<Insurance>(await post(user.user_id, body), 200).insured.address.second_line).toBe('Apt. 4B');
  });

  it('when access_notes is sent, then it is accepted and ignored', async () => {
    const user = await ctx.newUser();
    const body = { ...insuranceBody(), insured: { ...insuredPerson(), address: { ...insuranceAddress(), access_notes: 'Ring twice.' } } };
    const answered = expectStatus<Insurance>(await post(user.user_id, body), 200);
    expect(answered.insured).toEqual({ ...insuredPerson(), address: { ...insuranceAddress(), second_line: '' } });
    expect(answered.company).toEqual(companyOf('AETNA'));
    expect(JSON.stringify(await storedOf(user.user_id))).not.toMatch(/Ring twice/);
  });

  it('when unknown fields are sent (company, which the service resolves, and keys of the insured, its address and the guarantor), then 422 extra_forbidden at each, and nothing is stored', async () => {
    const user = await ctx.newUser();
    const body = {
      ...insuranceBody(),
      insured: { ...insuredPerson(), ssn: '123-45-6789', address: { ...insuranceAddress(), zip_code: '06156' } },
      guarantor: { first_name: 'Carlos', last_name: 'Lopez', phone_number: '+14155550199', address: insuranceAddress(), relationship: 'Spouse' },
      company: { name: 'Made Up Insurance', address: insuranceAddress() },
    };
    const extra = [['company'], ['insured', 'ssn'], ['insured', 'address', 'zip_code'], ['guarantor', 'relationship']]
      .map((loc) => ({ loc: ['body', ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }));
    const detail = expectValidation(await post(user.user_id, body), extra);
    expect(detail).toHaveLength(extra.length);
    expect(await storedOf(user.user_id)).toEqual([]);
  });

  it('when a guarantor is sent, then it is answered and stored', async () => {
    const user = await ctx.newUser();
    const guarantor = { first_name: 'Carlos', last_name: 'Lopez', phone_number: '+14155550199', email: 'carlos@example.com', household_income: 85000, household_size: 3, address: insuranceAddress({ second_line: 'Unit 2' }) };
    const answered = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ relationship: 'Spouse', guarantor })), 200);
    expect(answered).toMatchObject({ relationship: 'Spouse', guarantor });
  });

  it('when is_primary and group_id are left out, then is_primary is true and group_id null', async () => {
    const user = await ctx.newUser();
    const { group_id: _dropped, ...body } = insuranceBody();
    const answered = expectStatus<Insurance>(await post(user.user_id, body), 200);
    expect([answered.is_primary, answered.group_id]).toEqual([true, null]);
  });

  it('when a second primary insurance is sent, then it replaces the first', async () => {
    const user = await ctx.newUser();
    expectStatus(await post(user.user_id, insuranceBody({ payor_code: 'AETNA', member_id: 'FIRST' })), 200);
    const second = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ payor_code: 'UHC', member_id: 'SECOND', is_primary: true })), 200);
    const stored = await storedOf(user.user_id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.record).toEqual(second);
    expect(stored[0]?.record.member_id).toBe('SECOND');
  });

  it('when a secondary insurance is sent, then it is kept beside the primary, and replaces only the secondary', async () => {
    const user = await ctx.newUser();
    const primary = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ member_id: 'PRIMARY' })), 200);
    expectStatus(await post(user.user_id, insuranceBody({ payor_code: 'CIGNA', member_id: 'SECONDARY-1', is_primary: false })), 200);
    const secondary = expectStatus<Insurance>(await post(user.user_id, insuranceBody({ payor_code: 'CIGNA', member_id: 'SECONDARY-2', is_primary: false })), 200);
    expect(secondary.is_primary).toBe(false);
    expect((await storedOf(user.user_id)).map((row) => row.record)).toEqual([primary, secondary]);
  });

  it('when the insured gender is not one of its values, then 422 on ["body", "insured", "gender"]', async () => {
    const user = await ctx.newUser();
    expectOnlyViolations(await post(user.user_id, insuranceBody({ insured: insuredPerson({ gender: 'robot' as never }) })), [['body', 'insured', 'gender']]);
  });

  it.each(['female', 'male', 'other', 'unknown'])('when the insured gender is %s, then it is accepted', async (gender) => {
    const user = await ctx.newUser();
    expect(expectStatus<Insurance>(await post(user.user_id, insuranceBody({ insured: insuredPerson({ gender: gender as never }) })), 200).insured.gender).toBe(gender);
  });

  it('when the relationship is not one of its values, then 422 on ["body", "relationship"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await post(user.user_id, insuranceBody({ relationship: 'Cousin' as never })), [{ loc: ['body', 'relationship'], type: 'enum' }]);
  });

  it('when nested required fields are missing, then 422 names each one by its full location', async () => {
    const user = await ctx.newUser();
    const { zip: _zip, ...address } = insuranceAddress();
    const { dob: _dob, ...insured } = insuredPerson({ address: address as TeamSchemas['InsuranceAddress'] });
    expectOnlyViolations(await post(user.user_id, insuranceBody({ insured: insured as TeamSchemas['PersonDetails'] })), [
      ['body', 'insured', 'dob'],
      ['body', 'insured', 'address', 'zip'],
    ]);
  });

  it('when the insured dob is not a calendar date, then 422 on ["body", "insured", "dob"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await post(user.user_id, insuranceBody({ insured: insuredPerson({ dob: '1986-02-30' }) })), [{ loc: ['body', 'insured', 'dob'], type: 'format' }]);
  });

  it('when the insured dob is in the future or more than 150 years ago, then 422 on ["body", "insured", "dob"] saying so, in one answer with an unknown payor, and nothing is stored', async () => {
    const user = await ctx.newUser();
    expectValidation(await post(user.user_id, insuranceBody({ insured: insuredPerson({ dob: '2099-01-01' }) })), [
      { loc: ['body', 'insured', 'dob'], msg: /^The date of birth 2099-01-01 is in the future/, type: 'value_error' },
    ]);
    expectOnlyViolations(await post(user.user_id, insuranceBody({ payor_code: 'NOPE', insured: insuredPerson({ dob: '1800-01-01' }) })), [
      ['body', 'payor_code'],
      ['body', 'insured', 'dob'],
    ]);
    expect(await storedOf(user.user_id)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(expectStatus<Insurance>(await post(user.user_id, insuranceBody({ insured: insuredPerson({ dob: today }) })), 200).insured.dob).toBe(today);
  });

  it('when no user has the id, then 404', async () => {
    expectDetail(await post(UNKNOWN_ID, insuranceBody()), 404, `User ${UNKNOWN_ID} not found.`);
    expectDetail(await post('patient-000123', insuranceBody()), 404, 'User patient-000123 not found.');
  });

  it("when the user is another team's, then 404 and nothing is stored for it", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await post(theirs.user_id, insuranceBody()), 404, `User ${theirs.user_id} not found.`);
    expect(await listInsurances(ctx.server.db, { team_id: other.team.id, user_id: theirs.user_id })).toEqual([]);
  });
});
