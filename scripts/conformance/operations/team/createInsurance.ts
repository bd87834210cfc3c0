/** POST /v2/user/{user_id}/insurance: Create insurance. */
import { check, checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { insuranceBody, invalid, NOT_A_UUID, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { createInsurance } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound, tooLarge } = errorChecks('team');
const { missingKey, otherTeamsUser } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createInsurance',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: `/v2/user/${firstUser(a).user_id}/insurance`, body: requestExample('team', 'createInsurance', 'commercial') }),
  seed: {
    order: 70,
    async run(seeding) {
      must(
        'createInsurance',
        await seeding.team.POST('/v2/user/{user_id}/insurance', {
          params: { path: { user_id: seeding.users[1]!.user_id } },
          body: {
            payor_code: 'AETNA',
            member_id: `${seeding.label}-member`,
            relationship: 'Self',
            insured: {
              first_name: 'Bo',
              last_name: 'Diddley',
              gender: 'male',
              dob: '1970-01-01',
              email: `${seeding.label}-insured@example.com`,
              phone_number: '+15555550100',
              address: { first_line: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', country: 'US' },
            },
          },
        }),
      );
    },
  },
  checks: [
    always('stores insurance with a commercial payor: on a mock the first example, on a server the payor, member id and primary flag sent', async (t) => {
      const { user_id } = await t.fixtures.user();
      const stored = t.expect.successOrFirstExample<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', await createInsurance(t.team, user_id));
      if (!t.isMock) {
        checkEqual({ payor_code: stored.payor_code, member_id: stored.member_id, is_primary: stored.is_primary }, { payor_code: 'AETNA', member_id: 'W123456789', is_primary: true }, 'stored record');
      }
    }),
    notOnMock('static-examples', 'answers the record as stored, with the payor company resolved', async (t) => {
      const { user_id } = await t.fixtures.user();
      const stored = t.expect.success<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', await createInsurance(t.team, user_id));
      checkEqual({ payor_code: stored.payor_code, member_id: stored.member_id, is_primary: stored.is_primary }, { payor_code: 'AETNA', member_id: 'W123456789', is_primary: true }, 'stored record');
      check(stored.company.name.length > 0, 'company.name is empty');
      checkEqual(stored.insured.address.second_line, '', 'a null second_line is returned as an empty string');
    }),
    notOnMock('domain-rules', 'MEDFED is stored as the Medicare plan of the insured address state', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await createInsurance(t.team, user_id, { ...insuranceBody(), payor_code: 'MEDFED' });
      checkEqual(t.expect.success<TeamSchemas['ClientFacingInsurance']>('team', 'createInsurance', outcome).payor_code, 'MEDICARE_CA', 'payor_code');
    }),
    notOnMock('domain-rules', '422 naming ["body", "payor_code"] for an unknown payor', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await createInsurance(t.team, user_id, { ...insuranceBody(), payor_code: 'NO_SUCH_PAYOR' });
      t.expect.validation('team', 'createInsurance', outcome, [{ loc: ['body', 'payor_code'] }]);
    }),
    always('422 listing a missing member_id and insured.dob', async (t) => {
      const { user_id } = await t.fixtures.user();
      const { member_id: _member, insured, ...rest } = insuranceBody();
      const { dob: _dob, ...insuredWithoutDob } = insured;
      const outcome = await createInsurance(t.team, user_id, invalid({ ...rest, insured: insuredWithoutDob }));
      t.expect.validation('team', 'createInsurance', outcome, [
        { loc: ['body', 'member_id'], type: 'missing' },
        { loc: ['body', 'insured', 'dob'], type: 'missing' },
      ]);
    }),
    always('422 naming ["body", "insured", "dob"] for an impossible date', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = insuranceBody();
      const outcome = await createInsurance(t.team, user_id, { ...body, insured: { ...body.insured, dob: '1986-02-30' } });
      t.expect.validation('team', 'createInsurance', outcome, [{ loc: ['body', 'insured', 'dob'], type: 'format' }]);
    }),
    tooLarge('createInsurance', (t) => t.team.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id: UNKNOWN_ID } }, ...OVERSIZED })),
    missingKey('createInsurance', (t) => createInsurance(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('createInsurance', '404 for an unknown user_id (a plain string here)', (t) => createInsurance(t.team, NOT_A_UUID)),
    otherTeamsUser('createInsurance', "404 for a user of another team (with that team's key)", (other, { user_id }) => createInsurance(other, user_id)),
  ],
};
