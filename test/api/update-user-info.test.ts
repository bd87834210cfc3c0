import { describe, expect, it } from 'vitest';
import { getUserInfo } from '../storage/stored-state.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { readBundle } from '../../scripts/conformance/openapi.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, insuranceAddress, UNKNOWN_ID, useApiApp, userInfoBody, type TeamSchemas } from './helpers.js';

type UserInfo = TeamSchemas['UserInfo'];

const ENUMS = {
  race: ['african_american_or_black', 'asian', 'indigenous_native_american_alaska_native', 'other', 'pacific_islander_or_hawaiian', 'white_caucasian'],
  ethnicity: ['hispanic', 'non_hispanic', 'ashkenazi_jewish', 'other'],
  sexual_orientation: ['lesbian_gay_or_homosexual', 'heterosexual_or_straight', 'bisexual', 'dont_know', 'other'],
  gender_identity: [
    'male',
    'female',
    'female_to_male_ftm_transgender_male_trans_man',
    'male_to_female_mtf_transgender_female_trans_woman',
    'genderqueer',
    'other',
  ],
} as const;

const ACCEPTED_NAMES = [
  ['a single letter', 'A'],
  ['accented Latin letters', 'Élodie'],
  ['letters from Latin Extended-A', 'Łukasz Świątek'],
  ['a comma-below letter', 'Ștefan'],
  ['a diaeresis and a tilde', 'Zoë Núñez'],
  ['a hyphen', 'Anne-Marie'],
  ['an ASCII apostrophe', "O'Connor"],
  ['a typographic apostrophe', 'D’Angelo'],
  ['a space', 'Mary Jane'],
  ['separators between letters throughout', "Jean-Luc d'Arc O’Neil"],
  ['50 characters', 'A'.repeat(50)],
] as const;

const REJECTED_NAMES = [
  ['a digit', 'Anne2'],
  ['an emoji', 'Ann😀'],
  ['two hyphens in a row', 'Anne--Marie'],
  ['a hyphen then an apostrophe', "Anne-'Marie"],
  ['two spaces in a row', 'Mary  Jane'],
  ['a leading hyphen', '-Anne'],
  ['a trailing hyphen', 'Anne-'],
  ['a leading apostrophe', "'Anne"],
  ['a trailing typographic apostrophe', 'Anne’'],
  ['a leading space', ' Anne'],
  ['a trailing space', 'Anne '],
  ['a full stop', 'J. Smith'],
  ['an underscore', 'Anne_Marie'],
  ['a comma', 'Smith,John'],
  ['a non-Latin script', 'Анна'],
  ['51 characters', 'A'.repeat(51)],
  ['nothing', ''],
] as const;

/** The 422 `msg` of a name that breaks the labs' rules. */
const NAME_RULE = "must be 1 to 50 characters: Latin letters (accented ones included), with a single space, hyphen or apostrophe (' or ’) between two letters";
const personNameRule = () => (readBundle('team').components as { schemas: Record<string, Record<string, unknown>> }).schemas.PersonName!['x-pattern-message'];

/** The bundled description of the info's e-mail address, which states the server's rule: Ajv's full `email` format. */
const emailDescription = () =>
  (readBundle('team').components as { schemas: Record<string, { properties: Record<string, { description: string }> }> }).schemas.UserInfoCreateRequest!.properties.email!.description;
const ajvFullEmail = (email: string) => (fullFormats.email as RegExp).test(email);

describe.each(apiEngines)('updateUserInfo (PATCH /v2/user/{user_id}/info) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const patch = (userId: string, body: unknown, key?: string) => ctx.team(key).patch(`/v2/user/${userId}/info`).send(body as object);
  const stored = async (userId: string) => (await getUserInfo<UserInfo>(ctx.server.db, { team_id: ctx.server.teamId, user_id: userId }))?.info;

  it('when all fields are sent, then it answers them as stored, and that is what is stored', async () => {
    const user = await ctx.newUser();
    const body = userInfoBody({
      race: 'asian',
      ethnicity: 'non_hispanic',
      sexual_orientation: 'bisexual',
      gender_identity: 'genderqueer',
      medical_proxy: {
        first_name: 'Carlos',
        last_name: 'Lopez',
        phone_number: '+14155550199',
        email: 'carlos.lopez@example.com',
        household_income: 85000,
        household_size: 3,
        address: insuranceAddress({ second_line: 'Unit 2' }),
      },
    });
    const answered = expectStatus<UserInfo>(await patch(user.user_id, body), 200);
    expect(answered).toEqual(body);
    expect(await stored(user.user_id)).toEqual(answered);
  });

  it('when the optional fields are left out, then they are answered and stored as null', async () => {
    const user = await ctx.newUser();
    const body = userInfoBody();
    const answered = expectStatus<UserInfo>(await patch(user.user_id, body), 200);
    expect(answered).toEqual({ ...body, medical_proxy: null, race: null, ethnicity: null, sexual_orientation: null, gender_identity: null });
    expect(await stored(user.user_id)).toEqual(answered);
  });

  it('when the info is sent again, then it replaces the stored info rather than merging into it', async () => {
    const user = await ctx.newUser();
    expectStatus(await patch(user.user_id, userInfoBody({ race: 'white_caucasian', ethnicity: 'hispanic' })), 200);
    const second = userInfoBody({ first_name: 'Élodie', last_name: 'Dubois', email: 'elodie@example.fr', address: { first_line: '1 Rue de Rivoli', city: 'Paris', state: 'IDF' } });
    const answered = expectStatus<UserInfo>(await patch(user.user_id, second), 200);
    expect(answered).toMatchObject({ first_name: 'Élodie', race: null, ethnicity: null, address: { first_line: '1 Rue de Rivoli', city: 'Paris', state: 'IDF', second_line: null } });
    expect(answered.address).not.toHaveProperty('zip_code');
    expect(await stored(user.user_id)).toEqual(answered);
  });

  it('when the address has zip_code, then the stored and answered address has zip_code and no zip', async () => {
    const user = await ctx.newUser();
    const answered = expectStatus<UserInfo>(await patch(user.user_id, userInfoBody()), 200);
    expect(answered.address).toEqual({ first_line: '123 Main St.', second_line: 'Apt. 4B', city: 'San Francisco', state: 'CA', zip_code: '94110' });
    expect(answered.address).not.toHaveProperty('zip');
  });

  it('when the address uses zip and country (the insurance address keys, the official SDK\'s Address), then 422 extra_forbidden naming each, and nothing is stored', async () => {
    const user = await ctx.newUser();
    const detail = expectValidation(
      await patch(user.user_id, userInfoBody({ address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' } as never })),
      [
        { loc: ['body', 'address', 'zip'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
        { loc: ['body', 'address', 'country'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      ],
    );
    expect(detail).toHaveLength(2);
    expect(await stored(user.user_id)).toBeUndefined();
  });

  it('when the body has fields the record does not have (at the top level, in the medical proxy and its address), then 422 extra_forbidden at each, and nothing is stored', async () => {
    const user = await ctx.newUser();
    const proxy = { first_name: 'Carlos', last_name: 'Lopez', phone_number: '+14155550199', nickname: 'Charlie', address: insuranceAddress({ zip_code: '94110' } as never) };
    const detail = expectValidation(await patch(user.user_id, { ...userInfoBody({ medical_proxy: proxy }), ssn: '123-45-6789' }), [
      { loc: ['body', 'ssn'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      { loc: ['body', 'medical_proxy', 'nickname'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      { loc: ['body', 'medical_proxy', 'address', 'zip_code'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    expect(detail).toHaveLength(3);
    expect(await stored(user.user_id)).toBeUndefined();
  });

  it('when the medical proxy address has second_line null, then it is answered and stored as an empty string', async () => {
    const user = await ctx.newUser();
    const proxy = { first_name: 'Carlos', last_name: 'Lopez', phone_number: '+14155550199', address: insuranceAddress({ second_line: null }) };
    const answered = expectStatus<UserInfo>(await patch(user.user_id, userInfoBody({ medical_proxy: proxy })), 200);
    expect(answered.medical_proxy?.address.second_line).toBe('');
    expect((await stored(user.user_id))?.medical_proxy?.address.second_line).toBe('');
  });

  it.each(ACCEPTED_NAMES)('when the names have %s, then they are accepted and stored unchanged', async (_what, name) => {
    const user = await ctx.newUser();
    const answered = expectStatus<UserInfo>(await patch(user.user_id, userInfoBody({ first_name: name, last_name: name })), 200);
    expect([answered.first_name, answered.last_name]).toEqual([name, name]);
    expect((await stored(user.user_id))?.first_name).toBe(name);
  });

  it.each(REJECTED_NAMES)('when first_name has %s, then 422 on ["body", "first_name"] only and nothing is stored', async (_what, name) => {
    const user = await ctx.newUser();
    expectOnlyViolations(await patch(user.user_id, userInfoBody({ first_name: name })), [['body', 'first_name']]);
    expect(await stored(user.user_id)).toBeUndefined();
  });

  it.each(REJECTED_NAMES)('when last_name has %s, then 422 on ["body", "last_name"] only', async (_what, name) => {
    const user = await ctx.newUser();
    expectOnlyViolations(await patch(user.user_id, userInfoBody({ last_name: name })), [['body', 'last_name']]);
  });

  it('when a name breaks the pattern, then the 422 explains the name rules in words, as PersonName\'s x-pattern-message says, not as the pattern', async () => {
    const user = await ctx.newUser();
    expect(personNameRule()).toBe(NAME_RULE);
    expectValidation(await patch(user.user_id, userInfoBody({ first_name: 'R2-D2' })), [{ loc: ['body', 'first_name'], msg: NAME_RULE, type: 'pattern' }]);
    expectValidation(await patch(user.user_id, userInfoBody({ first_name: 'Mary  Jane', last_name: "O'" })), [
      { loc: ['body', 'first_name'], msg: NAME_RULE, type: 'pattern' },
      { loc: ['body', 'last_name'], msg: NAME_RULE, type: 'pattern' },
    ]);
    expectValidation(await patch(user.user_id, userInfoBody({ first_name: 'A'.repeat(51) })), [{ loc: ['body', 'first_name'], type: 'too_long' }]);
  });

  it('when a stored info is then updated with a bad name, then the stored info is unchanged', async () => {
    const user = await ctx.newUser();
    const first = expectStatus<UserInfo>(await patch(user.user_id, userInfoBody()), 200);
    expectValidation(await patch(user.user_id, userInfoBody({ first_name: 'Anne--Marie' })), [{ loc: ['body', 'first_name'] }]);
    expect(await stored(user.user_id)).toEqual(first);
  });

  for (const [field, values] of Object.entries(ENUMS)) {
    it(`when ${field} is each of its values or null, then each is stored`, async () => {
      const user = await ctx.newUser();
      for (const value of [...values, null]) {
        const answered = expectStatus<Record<string, unknown>>(await patch(user.user_id, userInfoBody({ [field]: value })), 200);
        expect(answered[field]).toBe(value);
        expect(((await stored(user.user_id)) as Record<string, unknown> | undefined)?.[field]).toBe(value);
      }
    });

    it(`when ${field} is not one of its values, then 422 on ["body", "${field}"] with type enum`, async () => {
      const user = await ctx.newUser();
      expectValidation(await patch(user.user_id, userInfoBody({ [field]: 'martian' })), [{ loc: ['body', field], type: 'enum' }]);
    });
  }

  it('when gender is not one of its values, then 422 on ["body", "gender"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await patch(user.user_id, userInfoBody({ gender: 'robot' as never })), [{ loc: ['body', 'gender'], type: 'enum' }]);
  });

  it.each(['not-an-email', 'anne@', '@example.com', 'anne oconnor@example.com'])('when email is %j, then 422 on ["body", "email"] with type format', async (email) => {
    const user = await ctx.newUser();
    expectValidation(await patch(user.user_id, userInfoBody({ email })), [{ loc: ['body', 'email'], type: 'format' }]);
  });

  it.each(['a@test', 'a@localhost', 'anne.oconnor@example'])('when email is %j (a domain without a dot), then 422 on ["body", "email"] as the spec\'s description says', async (email) => {
    const user = await ctx.newUser();
    expect(emailDescription()).toContain('`a@test`');
    expect(ajvFullEmail(email)).toBe(false);
    expectValidation(await patch(user.user_id, userInfoBody({ email })), [{ loc: ['body', 'email'] }]);
  });

  it.each(['a@test.io', 'anne.o+labs@example.co.uk', 'ANNE@EXAMPLE.COM', "o'connor@example.com"])('when email is %j, then Ajv\'s full email format (the spec\'s rule) and the server both accept it', async (email) => {
    const user = await ctx.newUser();
    expect(ajvFullEmail(email)).toBe(true);
    expectStatus(await patch(user.user_id, userInfoBody({ email })), 200);
  });

  it('when dob is not a calendar date, then 422 on ["body", "dob"]', async () => {
    const user = await ctx.newUser();
    expectValidation(await patch(user.user_id, userInfoBody({ dob: '1990-02-30' })), [{ loc: ['body', 'dob'], type: 'format' }]);
    expectValidation(await patch(user.user_id, userInfoBody({ dob: '21/04/1986' })), [{ loc: ['body', 'dob'], type: 'format' }]);
  });

  it('when dob is in the future or more than 150 years ago, then 422 on ["body", "dob"] saying so and nothing is stored; today is accepted', async () => {
    const user = await ctx.newUser();
    expectValidation(await patch(user.user_id, userInfoBody({ dob: '2099-01-01' })), [{ loc: ['body', 'dob'], msg: /^The date of birth 2099-01-01 is in the future/, type: 'value_error' }]);
    expectValidation(await patch(user.user_id, userInfoBody({ dob: '0001-01-01' })), [{ loc: ['body', 'dob'], msg: /^The date of birth 0001-01-01 is more than 150 years ago/, type: 'value_error' }]);
    expect(await stored(user.user_id)).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(expectStatus<UserInfo>(await patch(user.user_id, userInfoBody({ dob: today })), 200).dob).toBe(today);
  });

  it('when dob is impossible and the address has a misplaced key, then the schema\'s 422 names the key first, and the dob once the body fits the schema', async () => {
    const user = await ctx.newUser();
    const body = userInfoBody({ dob: '2099-01-01' });
    expectOnlyViolations(await patch(user.user_id, { ...body, address: { ...body.address, zip: '94110' } }), [['body', 'address', 'zip']]);
    expectOnlyViolations(await patch(user.user_id, body), [['body', 'dob']]);
  });

  it('when address fields are missing or empty, then 422 names each inside the address', async () => {
    const user = await ctx.newUser();
    expectValidation(await patch(user.user_id, userInfoBody({ address: { city: '', state: 'CA' } as never })), [
      { loc: ['body', 'address', 'first_line'], type: 'missing' },
      { loc: ['body', 'address', 'city'], type: 'too_short' },
    ]);
  });

  it('when no user has the id, then 404', async () => {
    expectDetail(await patch(UNKNOWN_ID, userInfoBody()), 404, `User ${UNKNOWN_ID} not found.`);
  });

  it('when the id is not a UUID (the path is a plain string here), then 404 rather than 422', async () => {
    expectDetail(await patch('patient-000123', userInfoBody()), 404, 'User patient-000123 not found.');
  });

  it("when the user is another team's, then 404 and nothing is stored for it", async () => {
    const { other, theirs } = await ctx.otherTeamsUser();
    expectDetail(await patch(theirs.user_id, userInfoBody()), 404, `User ${theirs.user_id} not found.`);
    expect(await getUserInfo(ctx.server.db, { team_id: other.team.id, user_id: theirs.user_id })).toBeNull();
  });
});
