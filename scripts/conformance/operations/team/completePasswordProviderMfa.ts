/** POST /v2/link/provider/password/{provider}/complete_mfa: Complete a password provider's MFA. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { completePasswordProviderMfa, connectPasswordProvider } from '../../requests.js';
import { checkConnected, freshLinkToken, SANDBOX_MFA_CODE, SANDBOX_MFA_USER } from '../../provider-links.js';
import { LINK_TOKEN_HEADER, type TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
type Answer = TeamSchemas['ProviderLinkResponse'];
const outcomeOf = (answer: Answer) => ({ state: answer.state, error_type: answer.error_type ?? null, connected: answer.connected });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'completePasswordProviderMfa',
  // The link token in its header is the credential; no key is checked. No sign-in awaits a code with the seeded token: the valid request changes nothing.
  auth: { scope: 'public' },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: '/v2/link/provider/password/renpho/complete_mfa',
    headers: { [LINK_TOKEN_HEADER]: a.linkTokens[0]! },
    body: requestExample('team', 'completePasswordProviderMfa', 'sandbox_code'),
  }),
  checks: [
    always('completes a pending Renpho sign-in with the sandbox code: on a mock the first example, on a server success and the connection listed', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      t.expect.successOrFirstExample('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'renpho', link_token, SANDBOX_MFA_USER));
      const answer = t.expect.successOrFirstExample<Answer>('team', 'completePasswordProviderMfa', await completePasswordProviderMfa(t.teamWithoutKey, 'renpho', link_token, SANDBOX_MFA_CODE));
      if (!t.isMock) {
        checkEqual(outcomeOf(answer), { state: 'success', error_type: null, connected: true }, 'outcome');
        await checkConnected(t, user_id, 'renpho', true);
      }
    }),
    notOnMock('state', 'a wrong code is incorrect_mfa_code and the sign-in still awaits the right one', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      t.expect.success('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'zwift', link_token, SANDBOX_MFA_USER));
      const wrong = t.expect.success<Answer>('team', 'completePasswordProviderMfa', await completePasswordProviderMfa(t.teamWithoutKey, 'zwift', link_token, '000000'));
      checkEqual(outcomeOf(wrong), { state: 'error', error_type: 'incorrect_mfa_code', connected: false }, 'wrong code');
      await checkConnected(t, user_id, 'zwift', false);
      const right = t.expect.success<Answer>('team', 'completePasswordProviderMfa', await completePasswordProviderMfa(t.teamWithoutKey, 'zwift', link_token, SANDBOX_MFA_CODE));
      checkEqual(outcomeOf(right), { state: 'success', error_type: null, connected: true }, 'right code');
    }),
    notOnMock('state', 'without a pending sign-in for the provider, provider_credential_error', async (t) => {
      const { link_token } = await freshLinkToken(t);
      t.expect.success('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'zwift', link_token, SANDBOX_MFA_USER));
      const answer = t.expect.success<Answer>('team', 'completePasswordProviderMfa', await completePasswordProviderMfa(t.teamWithoutKey, 'renpho', link_token, SANDBOX_MFA_CODE));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'provider_credential_error', connected: false }, 'outcome');
    }),
    notOnMock('credentials', 'an unknown link token is invalid_token', async (t) => {
      const answer = t.expect.success<Answer>('team', 'completePasswordProviderMfa', await completePasswordProviderMfa(t.teamWithoutKey, 'renpho', `lt_unknown_${t.runId}`, SANDBOX_MFA_CODE));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'invalid_token', connected: false }, 'outcome');
    }),
    always('422 naming ["path", "provider"] for a provider that is not a password one', async (t) => {
      const outcome = await completePasswordProviderMfa(t.teamWithoutKey, invalid('freestyle_libre'), `lt_unknown_${t.runId}`, SANDBOX_MFA_CODE);
      t.expect.validation('team', 'completePasswordProviderMfa', outcome, [{ loc: ['path', 'provider'], type: 'enum' }]);
    }),
    always('422 naming ["body", "mfa_code"] when it is missing', async (t) => {
      const outcome = await t.teamWithoutKey.POST('/v2/link/provider/password/{provider}/complete_mfa', { params: { path: { provider: 'renpho' }, header: { [LINK_TOKEN_HEADER]: `lt_unknown_${t.runId}` } }, body: invalid({}) });
      t.expect.validation('team', 'completePasswordProviderMfa', outcome, [{ loc: ['body', 'mfa_code'], type: 'missing' }]);
    }),
    tooLarge('completePasswordProviderMfa', (t) =>
      t.teamWithoutKey.POST('/v2/link/provider/password/{provider}/complete_mfa', { params: { path: { provider: 'renpho' }, header: { [LINK_TOKEN_HEADER]: `lt_unknown_${t.runId}` } }, ...OVERSIZED }),
    ),
  ],
};
