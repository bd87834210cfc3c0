/** PATCH /v2/user/{user_id}/info: Update user info. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, must, type OperationDefinition } from '../../operation.js';
import { invalid, UNKNOWN_ID, userInfoBody } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { updateUserInfo } from '../../requests.js';
import { requestExample } from '../../examples.js';
import { firstUser } from '../../world.js';
import type { TeamSchemas } from '../../../../server/client/index.js';

const { notFound, tooLarge } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'updateUserInfo',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'PATCH', path: `/v2/user/${firstUser(a).user_id}/info`, body: requestExample('team', 'updateUserInfo', 'full') }),
  seed: {
    order: 60,
    async run(seeding) {
      must(
        'updateUserInfo',
        await seeding.team.PATCH('/v2/user/{user_id}/info', {
          params: { path: { user_id: seeding.users[0]!.user_id } },
          body: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: `${seeding.label}@example.com`,
            phone_number: '+441234567890',
            gender: 'female',
            dob: '1985-12-10',
            address: { first_line: '1 St James Sq', city: 'London', state: 'LDN', zip_code: 'SW1Y' },
          },
        }),
      );
    },
  },
  checks: [
    always('stores the demographics of a user: on a mock the first example, on a server the names and e-mail sent', async (t) => {
      const { user_id } = await t.fixtures.user();
      const stored = t.expect.successOrFirstExample<TeamSchemas['UserInfo']>('team', 'updateUserInfo', await updateUserInfo(t.team, user_id));
      if (!t.isMock) {
        checkEqual(
          { first_name: stored.first_name, last_name: stored.last_name, email: stored.email },
          { first_name: 'Anne-Marie', last_name: "O'Connor", email: 'anne.oconnor@example.com' },
          'stored info',
        );
      }
    }),
    notOnMock('static-examples', 'answers the info as stored', async (t) => {
      const { user_id } = await t.fixtures.user();
      const body = { ...userInfoBody(), first_name: 'Zoë', gender_identity: null };
      const stored = t.expect.success<TeamSchemas['UserInfo']>('team', 'updateUserInfo', await updateUserInfo(t.team, user_id, body));
      checkEqual(
        { first_name: stored.first_name, last_name: stored.last_name, email: stored.email, dob: stored.dob, zip_code: stored.address.zip_code },
        { first_name: 'Zoë', last_name: "O'Connor", email: 'anne.oconnor@example.com', dob: '1986-04-21', zip_code: '94110' },
        'stored info',
      );
    }),
    always('422 listing a missing email and a first_name with a digit', async (t) => {
      const { user_id } = await t.fixtures.user();
      const { email: _email, ...rest } = userInfoBody();
      const outcome = await updateUserInfo(t.team, user_id, invalid({ ...rest, first_name: 'Anne2' }));
      t.expect.validation('team', 'updateUserInfo', outcome, [
        { loc: ['body', 'email'], type: 'missing' },
        { loc: ['body', 'first_name'], type: 'pattern' },
      ]);
    }),
    always('422 naming ["body", "email"] for an address that is not one', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await updateUserInfo(t.team, user_id, { ...userInfoBody(), email: 'not-an-email' });
      t.expect.validation('team', 'updateUserInfo', outcome, [{ loc: ['body', 'email'], type: 'format' }]);
    }),
    always('422 naming ["body", "race"] for an unknown race', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await updateUserInfo(t.team, user_id, { ...userInfoBody(), race: invalid('martian') });
      t.expect.validation('team', 'updateUserInfo', outcome, [{ loc: ['body', 'race'] }]);
    }),
    tooLarge('updateUserInfo', (t) => t.team.PATCH('/v2/user/{user_id}/info', { params: { path: { user_id: UNKNOWN_ID } }, ...OVERSIZED })),
    missingKey('updateUserInfo', (t) => updateUserInfo(t.teamWithoutKey, UNKNOWN_ID)),
    notFound('updateUserInfo', '404 for an unknown user_id', (t) => updateUserInfo(t.team, UNKNOWN_ID)),
  ],
};
