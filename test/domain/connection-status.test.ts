import { describe, expect, it } from 'vitest';
import {
  CONNECTION_ERROR_TYPES, connectionErrorData, connectionStatusView, decideSimulatedError, errorTypesFor, STANDARD_ERROR_MESSAGES, unavailablePullError,
} from '../../server/domain/connections/status.js';
import { findProvider, PROVIDERS } from '../../server/domain/providers/catalog.js';

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const connected = { status: 'connected', error_type: null };

describe('simulated connection errors', () => {
  it('when the error types of each kind of provider are listed, then every provider can be deregistered or unavailable, and only OAuth tokens expire', () => {
    for (const provider of PROVIDERS) {
      const types = errorTypesFor(provider);
      expect(types).toEqual(expect.arrayContaining(['deregistered_per_provider', 'user_not_found', 'unknown']));
      expect(types.includes('token_refresh_failed')).toBe(provider.auth_type === 'oauth' || provider.auth_type === 'team_oauth');
      expect(types.includes('provider_password_expired')).toBe(provider.auth_type === 'password' || provider.auth_type === 'email');
      expect(types.every((type) => (CONNECTION_ERROR_TYPES as readonly string[]).includes(type))).toBe(true);
    }
  });

  it('when no error type is given, then the token expired, with the standard message', () => {
    expect(decideSimulatedError({ userId: USER, provider: findProvider('oura')!, current: connected })).toEqual({ ok: true, error_type: 'token_refresh_failed', error_message: STANDARD_ERROR_MESSAGES.token_refresh_failed });
  });

  it('when the connection is already in error, then 400; when paused, it can break', () => {
    const oura = findProvider('oura')!;
    expect(decideSimulatedError({ userId: USER, provider: oura, current: { status: 'error', error_type: 'unknown' } })).toMatchObject({ ok: false, status: 400 });
    expect(decideSimulatedError({ userId: USER, provider: oura, current: { status: 'paused', error_type: null }, errorType: 'unknown', errorMessage: 'Down.' }))
      .toEqual({ ok: true, error_type: 'unknown', error_message: 'Down.' });
  });

  it('when the error cannot happen to the provider, then 422 naming the ones that can', () => {
    expect(decideSimulatedError({ userId: USER, provider: findProvider('peloton')!, current: connected, errorType: 'token_refresh_failed' })).toEqual({
      ok: false, status: 422,
      message: 'token_refresh_failed cannot happen to peloton (password connections): one of user_not_found, deregistered_per_provider, provider_credential_error, provider_password_expired, unknown',
    });
  });

  it('when an error is reported, then the event data, the connection view and a pull error agree on it', () => {
    const error = { error_type: 'token_refresh_failed', error_message: 'Expired.' };
    expect(connectionErrorData(USER, findProvider('garmin')!, error)).toEqual({ provider: 'garmin', user_id: USER, message: 'The connection to Garmin stopped working (token_refresh_failed).', error_type: 'token_refresh_failed', error_details: 'Expired.' });
    expect(connectionStatusView({ status: 'error', ...error, status_changed_at: '2026-11-21T07:30:00.000Z' })).toEqual({ status: 'error', error_details: { ...error, errored_at: '2026-11-21T07:30:00.000Z' } });
    expect(connectionStatusView({ status: 'paused', error_type: null, error_message: null, status_changed_at: '2026-11-21T07:30:00.000Z' })).toEqual({ status: 'paused', error_details: null });
    expect(unavailablePullError('garmin', { status: 'error', error_type: 'token_refresh_failed' })).toContain('in error (token_refresh_failed)');
    expect(unavailablePullError('garmin', { status: 'paused', error_type: null })).toContain('paused');
  });
});
