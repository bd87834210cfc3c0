/** POST /v2/link/provider/email/{provider}: Connect an email provider. */
import { checkEqual } from '../../assertions.js';
import { always, notOnMock, type OperationDefinition } from '../../operation.js';
import { invalid } from '../../values.js';
import { errorChecks, OVERSIZED } from '../../shared-checks.js';
import { requestExample } from '../../examples.js';
import { connectEmailProvider } from '../../requests.js';
import { checkConnected, freshLinkToken, SANDBOX_USER } from '../../provider-links.js';
import { LINK_TOKEN_HEADER, type TeamSchemas } from '../../../../server/client/index.js';

const { tooLarge } = errorChecks('team');
type Answer = TeamSchemas['ProviderLinkResponse'];
const outcomeOf = (answer: Answer) => ({ state: answer.state, error_type: answer.error_type ?? null, connected: answer.connected });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'connectEmailProvider',
  // The link token in its header is the credential; no key is checked. The valid request's address has no account, so it never uses the token up.
  auth: { scope: 'public' },
  validRequest: async ({ a }) => ({
    method: 'POST',
    path: '/v2/link/provider/email/freestyle_libre',
    headers: { [LINK_TOKEN_HEADER]: a.linkTokens[0]! },
    body: requestExample('team', 'connectEmailProvider', 'unknown_address'),
  }),
  checks: [
    always('connects FreeStyle Libre with the sandbox address: on a mock the first example, on a server success and the connection listed', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      const answer = t.expect.successOrFirstExample<Answer>('team', 'connectEmailProvider', await connectEmailProvider(t.teamWithoutKey, 'freestyle_libre', link_token, SANDBOX_USER.username));
      if (!t.isMock) {
        checkEqual(outcomeOf(answer), { state: 'success', error_type: null, connected: true }, 'outcome');
        await checkConnected(t, user_id, 'freestyle_libre', true);
      }
    }),
    notOnMock('domain-rules', 'another address is provider_credential_error, without connecting', async (t) => {
      const { user_id, link_token } = await freshLinkToken(t);
      const answer = t.expect.success<Answer>('team', 'connectEmailProvider', await connectEmailProvider(t.teamWithoutKey, 'freestyle_libre', link_token, 'someone-else@example.com'));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'provider_credential_error', connected: false }, 'outcome');
      await checkConnected(t, user_id, 'freestyle_libre', false);
    }),
    notOnMock('credentials', 'an unknown link token is invalid_token', async (t) => {
      const answer = t.expect.success<Answer>('team', 'connectEmailProvider', await connectEmailProvider(t.teamWithoutKey, 'freestyle_libre', `lt_unknown_${t.runId}`, SANDBOX_USER.username));
      checkEqual(outcomeOf(answer), { state: 'error', error_type: 'invalid_token', connected: false }, 'outcome');
    }),
    always('422 naming ["path", "provider"] for a provider that is not an email one', async (t) => {
      const outcome = await connectEmailProvider(t.teamWithoutKey, invalid('renpho'), `lt_unknown_${t.runId}`, SANDBOX_USER.username);
      t.expect.validation('team', 'connectEmailProvider', outcome, [{ loc: ['path', 'provider'], type: 'enum' }]);
    }),
    always('422 naming ["body", "email"] for a value that is no email address', async (t) => {
      const outcome = await connectEmailProvider(t.teamWithoutKey, 'freestyle_libre', `lt_unknown_${t.runId}`, invalid('not an address'));
      t.expect.validation('team', 'connectEmailProvider', outcome, [{ loc: ['body', 'email'] }]);
    }),
    tooLarge('connectEmailProvider', (t) =>
      t.teamWithoutKey.POST('/v2/link/provider/email/{provider}', { params: { path: { provider: 'freestyle_libre' }, header: { [LINK_TOKEN_HEADER]: `lt_unknown_${t.runId}` } }, ...OVERSIZED }),
    ),
  ],
};
