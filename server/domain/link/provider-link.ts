/**
 * Password, MFA and email links (POST /v2/link/provider/password/{provider}, .../complete_mfa,
 * POST /v2/link/provider/email/{provider}) and the link token's provider list
 * (GET /v2/link/providers): the sandbox credentials, what a link token's state allows, the
 * outcome of each attempt and its ProviderLinkResponse. Pure: the caller reads and writes the
 * token and the connection in one transaction.
 */
import { externalUserIdFor } from '../connections/rules.js';
import {
  EMAIL_PROVIDER_SLUGS,
  OAUTH_PROVIDER_SLUGS,
  PASSWORD_PROVIDER_SLUGS,
  PROVIDERS,
  type ProviderDefinition,
} from '../providers/catalog.js';

/** The sandbox account every password and email provider knows (documented in the spec). */
export const SANDBOX_USERNAME = 'sandbox-user@example.com';
/** The sandbox account whose sign-in asks for an MFA code. */
export const SANDBOX_MFA_USERNAME = 'sandbox-mfa-user@example.com';
export const SANDBOX_PASSWORD = 'sandbox-password';
export const SANDBOX_MFA_CODE = '246810';
/** Where the provider says it sent the sandbox code. */
export const SANDBOX_MFA_REQUEST = Object.freeze({ method: 'sms' as const, hint: 'phone number ending in 42' });

export type LinkErrorType = 'invalid_token' | 'token_expired' | 'token_consumed' | 'provider_credential_error' | 'incorrect_mfa_code';

/** A link token as stored, whatever its state (null when no token has that hash). */
export interface StoredLinkToken {
  provider: string | null;
  expires_at: string;
  used_at: string | null;
  pending_mfa_provider: string | null;
}

export interface LinkError {
  error_type: LinkErrorType;
  error: string;
}

/**
 * Why the token cannot link `provider` now, in the API family's vocabulary, or null when it
 * can: unknown or issued for another provider (invalid_token), used (token_consumed; a used
 * token is consumed even once past its expiry), expired (token_expired).
 */
export function linkTokenProblem(token: StoredLinkToken | null, provider: string, now: Date): LinkError | null {
  if (!token) return { error_type: 'invalid_token', error: 'The link token is unknown; create a new one.' };
  if (token.used_at !== null) return { error_type: 'token_consumed', error: 'The link token was already used; create a new one.' };
  if (Date.parse(token.expires_at) <= now.getTime()) return { error_type: 'token_expired', error: 'The link token expired; create a new one.' };
  if (token.provider !== null && token.provider !== provider) {
    return { error_type: 'invalid_token', error: `The link token was issued for ${token.provider}, not ${provider}.` };
  }
  return null;
}

/** Usernames and email addresses are compared as providers do: surrounding spaces and case ignored. */
const sameAccount = (given: string, known: string) => given.trim().toLowerCase() === known;

export type PasswordSignIn = { outcome: 'connect' } | { outcome: 'mfa' } | { outcome: 'refused'; error: LinkError };

/** What the provider answers a username and password (the password is compared exactly). */
export function decidePasswordSignIn(provider: Pick<ProviderDefinition, 'name'>, credentials: { username: string; password: string }): PasswordSignIn {
  if (credentials.password === SANDBOX_PASSWORD) {
    if (sameAccount(credentials.username, SANDBOX_USERNAME)) return { outcome: 'connect' };
    if (sameAccount(credentials.username, SANDBOX_MFA_USERNAME)) return { outcome: 'mfa' };
  }
  return { outcome: 'refused', error: { error_type: 'provider_credential_error', error: `${provider.name} refused the username and password.` } };
}

export type MfaAttempt = { outcome: 'connect' } | { outcome: 'refused'; error: LinkError };

/**
 * What a code does to the token's pending sign-in: connects when a sign-in to `provider`
 * awaits it and the code is right; a wrong code leaves the sign-in waiting.
 */
export function decideMfaCode(provider: Pick<ProviderDefinition, 'slug' | 'name'>, pendingProvider: string | null, code: string): MfaAttempt {
  if (pendingProvider !== provider.slug) {
    return {
      outcome: 'refused',
      error: { error_type: 'provider_credential_error', error: `No sign-in to ${provider.name} awaits a code with this link token; send the username and password first.` },
    };
  }
  if (code.trim() !== SANDBOX_MFA_CODE) {
    return { outcome: 'refused', error: { error_type: 'incorrect_mfa_code', error: `The code is not the one ${provider.name} sent; try again.` } };
  }
  return { outcome: 'connect' };
}

/** Whether the email provider has an account for the address: in the sandbox only the documented one. */
export function decideEmailLink(provider: Pick<ProviderDefinition, 'name'>, email: string): { outcome: 'connect' } | { outcome: 'refused'; error: LinkError } {
  if (sameAccount(email, SANDBOX_USERNAME)) return { outcome: 'connect' };
  return { outcome: 'refused', error: { error_type: 'provider_credential_error', error: `${provider.name} has no account for ${email.trim()}.` } };
}

/** The wire ProviderLinkResponse of each outcome. */
export function linkSucceeded(userId: string, provider: Pick<ProviderDefinition, 'slug' | 'auth_type'>, redirectUrl: string | null) {
  return {
    state: 'success' as const,
    redirect_url: redirectUrl,
    error_type: null,
    error: null,
    provider_mfa: null,
    provider: provider.slug,
    connected: true,
    provider_id: externalUserIdFor(userId, provider),
  };
}

export function linkAwaitsMfa(provider: Pick<ProviderDefinition, 'slug'>) {
  return {
    state: 'pending_provider_mfa' as const,
    redirect_url: null,
    error_type: null,
    error: null,
    provider_mfa: { ...SANDBOX_MFA_REQUEST },
    provider: provider.slug,
    connected: false,
    provider_id: null,
  };
}

export function linkFailed(provider: Pick<ProviderDefinition, 'slug'>, error: LinkError) {
  return {
    state: 'error' as const,
    redirect_url: null,
    error_type: error.error_type,
    error: error.error,
    provider_mfa: null,
    provider: provider.slug,
    connected: false,
    provider_id: null,
  };
}

export type ProviderLinkResponseBody = ReturnType<typeof linkSucceeded> | ReturnType<typeof linkAwaitsMfa> | ReturnType<typeof linkFailed>;

/** Whether a catalog slug list names `slug`: the lists are a few dozen constants, read where asked, with no set built ahead. */
const lists = (slugs: readonly string[], slug: string): boolean => slugs.includes(slug);

/** The sign-in form of a password or email provider (SourceLink.form_components); empty for OAuth. */
export function formComponentsFor(provider: Pick<ProviderDefinition, 'slug'>): Record<string, { type: 'text' | 'password' | 'email' }> {
  if (lists(PASSWORD_PROVIDER_SLUGS, provider.slug)) return { username: { type: 'text' }, password: { type: 'password' } };
  if (lists(EMAIL_PROVIDER_SLUGS, provider.slug)) return { email: { type: 'email' } };
  return {};
}

/**
 * The providers a link token may connect through the link operations, sorted by name (slug
 * as tie break): only its provider when it was issued for one, else every active OAuth,
 * password and email provider. Providers the mobile SDK or the user's device connects, and
 * superseded versions, have no link operation.
 */
export function linkableProviders(tokenProvider: string | null): ProviderDefinition[] {
  const linkable = PROVIDERS.filter(
    (p) => p.is_active && (lists(OAUTH_PROVIDER_SLUGS, p.slug) || lists(PASSWORD_PROVIDER_SLUGS, p.slug) || lists(EMAIL_PROVIDER_SLUGS, p.slug)) && (tokenProvider === null || p.slug === tokenProvider),
  );
  return linkable.sort((a, b) => {
    const an = a.name.toLowerCase();
    const bn = b.name.toLowerCase();
    return an < bn ? -1 : an > bn ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
  });
}

/** Whether `slug` is connected through its OAuth consent page (its SourceLink carries oauth_url with a token). */
export function isOAuthLinkable(slug: string): boolean {
  return lists(OAUTH_PROVIDER_SLUGS, slug);
}
