/** POST /v2/link/token: Create a link token. */
import { always, must, type OperationDefinition } from '../../operation.js';
import { invalid, UNKNOWN_ID } from '../../values.js';
import { errorChecks, OVERSIZED, teamKeyChecks } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { firstUser } from '../../world.js';

const { notFound, tooLarge } = errorChecks('team');
const { missingKey } = teamKeyChecks;

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'createLinkToken',
  auth: { scope: 'user' },
  validRequest: async ({ a }) => ({ method: 'POST', path: '/v2/link/token', body: { ...requestExample('team', 'createLinkToken', 'any_provider'), user_id: firstUser(a).user_id } }),
  seed: {
    order: 100,
    async run(seeding) {
      seeding.linkTokens.push(must('createLinkToken', await seeding.team.POST('/v2/link/token', { body: { user_id: seeding.users[0]!.user_id } })).link_token);
    },
  },
  checks: [
    always('creates a link token for a user: on a mock the first example', async (t) => {
      const { user_id } = await t.fixtures.user();
      t.expect.successOrFirstExample('team', 'createLinkToken', await t.team.POST('/v2/link/token', { body: { user_id } }));
    }),
    always('creates a link token for one provider with a redirect URL', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v2/link/token', { body: { user_id, provider: 'oura', redirect_url: 'https://app.example.com/connected' } });
      t.expect.success('team', 'createLinkToken', outcome);
    }),
    always('422 naming ["body", "user_id"] when it is missing', async (t) => {
      const outcome = await t.team.POST('/v2/link/token', { body: invalid({ provider: 'oura' }) });
      t.expect.validation('team', 'createLinkToken', outcome, [{ loc: ['body', 'user_id'], type: 'missing' }]);
    }),
    always('422 naming ["body", "redirect_url"] when it is not a URI', async (t) => {
      const { user_id } = await t.fixtures.user();
      const outcome = await t.team.POST('/v2/link/token', { body: { user_id, redirect_url: 'not a uri' } });
      t.expect.validation('team', 'createLinkToken', outcome, [{ loc: ['body', 'redirect_url'], type: 'format' }]);
    }),
    tooLarge('createLinkToken', (t) => t.team.POST('/v2/link/token', OVERSIZED)),
    missingKey('createLinkToken', (t) => t.teamWithoutKey.POST('/v2/link/token', { body: { user_id: UNKNOWN_ID } })),
    notFound('createLinkToken', '404 for an unknown user_id', (t) => t.team.POST('/v2/link/token', { body: { user_id: UNKNOWN_ID } })),
  ],
};
