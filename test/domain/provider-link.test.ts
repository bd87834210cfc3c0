import { describe, expect, it } from 'vitest';
import {
  decideEmailLink,
  decideMfaCode,
  decidePasswordSignIn,
  formComponentsFor,
  linkableProviders,
  linkTokenProblem,
  SANDBOX_MFA_CODE,
  SANDBOX_MFA_USERNAME,
  SANDBOX_PASSWORD,
  SANDBOX_USERNAME,
} from '../../server/domain/link/provider-link.js';
import { EMAIL_PROVIDER_SLUGS, findProvider, PASSWORD_PROVIDER_SLUGS } from '../../server/domain/providers/catalog.js';
import { readBundle } from '../../scripts/conformance/openapi.js';

const renpho = findProvider('renpho')!;
const now = new Date('2026-11-20T10:00:00Z');
const token = (over: Partial<{ provider: string | null; expires_at: string; used_at: string | null; pending_mfa_provider: string | null }> = {}) => ({
  provider: null,
  expires_at: '2026-11-20T10:10:00Z',
  used_at: null,
  pending_mfa_provider: null,
  ...over,
});

describe('the link token state of a password, MFA or email link', () => {
  it('when the token is unknown, used, expired or for another provider, then the family error type; used wins over expired', () => {
    expect(linkTokenProblem(null, 'renpho', now)?.error_type).toBe('invalid_token');
    expect(linkTokenProblem(token({ used_at: '2026-11-20T09:00:00Z', expires_at: '2026-11-20T09:30:00Z' }), 'renpho', now)?.error_type).toBe('token_consumed');
    expect(linkTokenProblem(token({ expires_at: '2026-11-20T10:00:00Z' }), 'renpho', now)?.error_type).toBe('token_expired');
    expect(linkTokenProblem(token({ provider: 'oura' }), 'renpho', now)).toEqual({ error_type: 'invalid_token', error: 'The link token was issued for oura, not renpho.' });
    expect(linkTokenProblem(token({ provider: 'renpho' }), 'renpho', now)).toBeNull();
    expect(linkTokenProblem(token(), 'renpho', now)).toBeNull();
  });
});

describe('the sandbox sign-ins', () => {
  it('when the sandbox pairs sign in, then connect or MFA; any other pair, or the password in another case, is refused', () => {
    expect(decidePasswordSignIn(renpho, { username: SANDBOX_USERNAME, password: SANDBOX_PASSWORD }).outcome).toBe('connect');
    expect(decidePasswordSignIn(renpho, { username: ` ${SANDBOX_MFA_USERNAME.toUpperCase()}`, password: SANDBOX_PASSWORD }).outcome).toBe('mfa');
    for (const pair of [
      { username: SANDBOX_USERNAME, password: SANDBOX_PASSWORD.toUpperCase() },
      { username: 'someone@example.com', password: SANDBOX_PASSWORD },
      { username: SANDBOX_USERNAME, password: ` ${SANDBOX_PASSWORD}` },
    ]) {
      expect(decidePasswordSignIn(renpho, pair)).toEqual({ outcome: 'refused', error: { error_type: 'provider_credential_error', error: 'Renpho refused the username and password.' } });
    }
  });

  it('when a code is sent, then it connects only for the pending provider and the right code (spaces ignored)', () => {
    expect(decideMfaCode(renpho, 'renpho', ` ${SANDBOX_MFA_CODE} `).outcome).toBe('connect');
    expect(decideMfaCode(renpho, 'renpho', '000000')).toMatchObject({ outcome: 'refused', error: { error_type: 'incorrect_mfa_code' } });
    expect(decideMfaCode(renpho, null, SANDBOX_MFA_CODE)).toMatchObject({ outcome: 'refused', error: { error_type: 'provider_credential_error' } });
    expect(decideMfaCode(renpho, 'zwift', SANDBOX_MFA_CODE)).toMatchObject({ outcome: 'refused', error: { error_type: 'provider_credential_error' } });
  });

  it('when an address is sent to an email provider, then only the sandbox one connects', () => {
    const libre = findProvider('freestyle_libre')!;
    expect(decideEmailLink(libre, SANDBOX_USERNAME.toUpperCase()).outcome).toBe('connect');
    expect(decideEmailLink(libre, 'a@example.com')).toMatchObject({ outcome: 'refused', error: { error_type: 'provider_credential_error' } });
  });
});

describe('the providers of the link operations', () => {
  it('when the password and email slugs are read, then each is an active catalog entry of that auth type, and equal to the spec enums', () => {
    for (const slug of PASSWORD_PROVIDER_SLUGS) expect(findProvider(slug)).toMatchObject({ auth_type: 'password', is_active: true });
    for (const slug of EMAIL_PROVIDER_SLUGS) expect(findProvider(slug)).toMatchObject({ auth_type: 'email', is_active: true });
    const schemas = (readBundle('team') as { components: { schemas: Record<string, { enum: string[] }> } }).components.schemas;
    expect(schemas.PasswordProviderSlug!.enum).toEqual([...PASSWORD_PROVIDER_SLUGS]);
    expect(schemas.EmailProviderSlug!.enum).toEqual([...EMAIL_PROVIDER_SLUGS]);
  });

  it('when a token is for no provider, then every linkable active provider by name; for one provider, only it; the forms follow the auth type', () => {
    const all = linkableProviders(null);
    expect(all.every((p) => p.is_active && ['oauth', 'password', 'email'].includes(p.auth_type))).toBe(true);
    expect(all.map((p) => p.name.toLowerCase())).toEqual(all.map((p) => p.name.toLowerCase()).sort());
    expect(linkableProviders('renpho').map((p) => p.slug)).toEqual(['renpho']);
    expect(linkableProviders('apple_health_kit')).toEqual([]);
    expect(formComponentsFor(renpho)).toEqual({ username: { type: 'text' }, password: { type: 'password' } });
    expect(formComponentsFor(findProvider('oura')!)).toEqual({});
  });
});
