/** What the password, MFA and email link definitions share: a fresh link token, the sandbox credentials, the user's connections. */
import type { TeamSchemas } from '../../server/client/index.js';
import { check, show } from './assertions.js';
import type { CheckContext } from './context.js';

export const SANDBOX_USER = { username: 'sandbox-user@example.com', password: 'sandbox-password' } as const;
export const SANDBOX_MFA_USER = { username: 'sandbox-mfa-user@example.com', password: 'sandbox-password' } as const;
export const SANDBOX_MFA_CODE = '246810';

/** A new user and a link token of theirs (a link that succeeds uses its token up). */
export async function freshLinkToken(t: CheckContext, provider?: TeamSchemas['ProviderSlug']): Promise<{ user_id: string; link_token: string }> {
  const { user_id } = await t.fixtures.createUser();
  const token = t.expect.successOrFirstExample<TeamSchemas['LinkToken']>('team', 'createLinkToken', await t.team.POST('/v2/link/token', { body: { user_id, ...(provider && { provider }) } }));
  return { user_id, link_token: token.link_token };
}

/** On a server: whether the user's connections list `provider`. */
export async function checkConnected(t: CheckContext, userId: string, provider: string, expected: boolean): Promise<void> {
  const answer = t.expect.success<TeamSchemas['UserProviders']>('team', 'listUserProviders', await t.team.GET('/v2/user/providers/{user_id}', { params: { path: { user_id: userId } } }));
  const slugs = answer.providers.map((p) => p.slug);
  check(slugs.includes(provider) === expected, `the user's providers ${show(slugs)} ${expected ? 'include' : 'do not include'} ${provider}`);
}
