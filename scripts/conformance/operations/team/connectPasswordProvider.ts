/** POST /v2/link/provider/password/{provider}: Connect a password provider. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { connectPasswordProvider } from '../../requests.js';
import { checkConnected, freshLinkToken, SANDBOX_MFA_USER, SANDBOX_USER } from '../../provider-links.js';
import { LINK_TOKEN_HEADER, type TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
type Answer = TeamSchemas['ProviderLinkResponse'];
const outcomeOf = (answer: Answer) => ({ state: answer.state, error_type: answer.error_type ?? null, connected: answer.connected });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'connectPasswordProvider',
  // The link token in its header is the credential; no key is checked. The valid request is refused by the provider, so it never uses the token up.
  auth: { scope: 'public' },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: '/v2/link/provider/password/renpho',
    headers: { [LINK_TOKEN_HEADER]: a.linkTokens[0]! },
    body: requestExample('team', 'connectPasswordProvider', 'wrong_password'),
  }),
  checks: [
    always('connects Renpho with the sandbox pair: on a mock the first example, on a server success and the connection listed', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      const answer = t.expect.successOrFirstExample<Answer>('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'renpho', link_token, SANDBOX_USER));
      if (!t.isMock) {
        checkEqual({ ...outcomeOf(answer), provider: answer.provider }, { state: 'success', error_type: null, connected: true, provider: 'renpho' }, 'outcome');
        await checkConnected(t, user_id, 'renpho', true);
      }
    }),
    notOnMock('state', 'the used token is token_consumed the second time', async (t) => {
      const { link_token } = await freshLinkToken(t);
      t.expect.success('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'peloton', link_token, SANDBOX_USER));
      const again = t.expect.success<Answer>('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'peloton', link_token, SANDBOX_USER));
      checkEqual(outcomeOf(again), { state: 'error', error_type: 'token_consumed', connected: false }, 'second outcome');
    }),
    notOnMock('domain-rules', 'the MFA pair answers pending_provider_mfa, without connecting', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      const answer = t.expect.success<Answer>('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'renpho', link_token, SANDBOX_MFA_USER));
      checkEqual({ ...outcomeOf(answer), method: answer.provider_mfa?.method }, { state: 'pending_provider_mfa', error_type: null, connected: false, method: 'sms' }, 'outcome');
      await checkConnected(t, user_id, 'renpho', false);
    }),
    notOnMock('domain-rules', 'another pair is provider_credential_error, without connecting', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      const answer = t.expect.success<Answer>('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'renpho', link_token, { ...SANDBOX_USER, password: 'wrong' }));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'provider_credential_error', connected: false }, 'outcome');
      await checkConnected(t, user_id, 'renpho', false);
    }),
    notOnMock('credentials', 'an unknown link token is invalid_token', async (t) => {
      const answer = t.expect.success<Answer>('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'renpho', `lt_unknown_${t.runId}`, SANDBOX_USER));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'invalid_token', connected: false }, 'outcome');
    }),
    notOnMock('credentials', 'a link token issued for another provider is invalid_token', async (t) => {
      const { link_token } = await freshLinkToken(t, 'oura');
      const answer = t.expect.success<Answer>('team', 'connectPasswordProvider', await connectPasswordProvider(t.teamWithoutKey, 'renpho', link_token, SANDBOX_USER));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'invalid_token', connected: false }, 'outcome');
    }),
    always('422 naming ["path", "provider"] for a provider that is not a password one', async (t) => {
      const outcome = await connectPasswordProvider(t.teamWithoutKey, invalid('oura'), `lt_unknown_${t.runId}`, SANDBOX_USER);
      t.expect.validation('team', 'connectPasswordProvider', outcome, [{ loc: ['path', 'provider'], type: 'enum' }]);
    }),
    always('422 listing a missing username and a missing password', async (t) => {
      const outcome = await connectPasswordProvider(t.teamWithoutKey, 'renpho', `lt_unknown_${t.runId}`, invalid({}));
      t.expect.validation('team', 'connectPasswordProvider', outcome, [
        { loc: ['body', 'username'], type: 'missing' },
        { loc: ['body', 'password'], type: 'missing' },
      ]);
    }),
    tooLarge('connectPasswordProvider', (t) =>
      t.teamWithoutKey.POST('/v2/link/provider/password/{provider}', { params: { path: { provider: 'renpho' }, header: { [LINK_TOKEN_HEADER]: `lt_unknown_${t.runId}` } }, ...OVERSIZED }),
    ),
  ],
};
