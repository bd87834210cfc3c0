/**
 * A password, MFA or email link, in one transaction: the link token is locked, the attempt
 * decided (server/domain/link/provider-link.ts), and on success the token is used up and the
 * connection made as every other link makes it (connectProvider: provider.connection.created,
 * its device, a repair of a broken or paused connection). An error changes nothing but a
 * pending MFA sign-in, so the user can try again with the same token.
 */
import {
  decideEmailLink,
  decideMfaCode,
  decidePasswordSignIn,
  linkAwaitsMfa,
  linkFailed,
  linkSucceeded,
  linkTokenProblem,
  type LinkError,
  type ProviderLinkResponseBody,
} from '../../domain/link/provider-link.js';
import type { ProviderDefinition } from '../../domain/providers/catalog.js';
import type { Queryable } from '../../storage/database.js';
import { consumeLinkTokenForSignIn, lockLinkToken, setLinkTokenPendingMfa, type LockedLinkToken } from '../../storage/repositories/link-tokens.js';
import { connectProvider } from './connect-provider.js';

export type LinkAttempt =
  | { kind: 'password'; username: string; password: string }
  | { kind: 'mfa'; code: string }
  | { kind: 'email'; email: string };

/** Links the token's user to `provider` with `attempt`; every outcome is a ProviderLinkResponse. */
export async function linkWithCredentials(
  tx: Queryable,
  input: { token_hash: string; provider: ProviderDefinition; attempt: LinkAttempt; now: Date },
): Promise<ProviderLinkResponseBody> {
  const { provider, attempt } = input;
  const token = await lockLinkToken(tx, { token_hash: input.token_hash });
  const problem = linkTokenProblem(token, provider.slug, input.now);
  if (problem || !token) return linkFailed(provider, problem ?? { error_type: 'invalid_token', error: 'The link token is unknown.' });

  if (attempt.kind === 'password') {
    const signIn = decidePasswordSignIn(provider, attempt);
    if (signIn.outcome === 'refused') return linkFailed(provider, signIn.error);
    if (signIn.outcome === 'mfa') {
      await setLinkTokenPendingMfa(tx, { token_hash: input.token_hash, provider: provider.slug });
      return linkAwaitsMfa(provider);
    }
  } else if (attempt.kind === 'mfa') {
    const code = decideMfaCode(provider, token.pending_mfa_provider, attempt.code);
    if (code.outcome === 'refused') return linkFailed(provider, code.error);
  } else {
    const email = decideEmailLink(provider, attempt.email);
    if (email.outcome === 'refused') return linkFailed(provider, email.error);
  }
  return connectWithToken(tx, token, provider, input.now);
}

const GONE: LinkError = { error_type: 'invalid_token', error: "The link token's user no longer exists." };

async function connectWithToken(tx: Queryable, token: LockedLinkToken, provider: ProviderDefinition, now: Date): Promise<ProviderLinkResponseBody> {
  // The row is locked and was checked unused and unexpired: using it up cannot fail unless the clock moved past its expiry meanwhile.
  if (!(await consumeLinkTokenForSignIn(tx, { token_hash: token.token_hash, now: now.toISOString() }))) {
    return linkFailed(provider, { error_type: 'token_expired', error: 'The link token expired; create a new one.' });
  }
  const connected = await connectProvider(tx, { team_id: token.team_id, user_id: token.user_id, provider: provider.slug });
  if (!connected) throw new LinkUserGone();
  return linkSucceeded(token.user_id, provider, token.redirect_url);
}

/** Thrown to roll the token's use back when its user went away between the lock and the connect. */
export class LinkUserGone extends Error {
  readonly linkError = GONE;
  constructor() {
    super(GONE.error);
  }
}
