/**
 * A connection's state and its simulated errors (POST /v2/user/{user_id}/{provider}/simulate_error,
 * POST /v2/link/bulk_pause): which error types can happen to which provider, the standard
 * messages, the `provider.connection.error` event's data and the connection's wire status.
 * Pure: the caller stores the state and emits the event in one transaction.
 */
import type { AuthType, ProviderDefinition } from '../providers/catalog.js';

/** The API family's connection error vocabulary (ClientFacingConnectionErrorDetails.error_type). */
export const CONNECTION_ERROR_TYPES = [
  'token_refresh_failed', 'webhook_registration_failed', 'user_not_found', 'deregistered_per_provider',
  'required_scopes_not_granted', 'provider_credential_error', 'provider_password_expired', 'unknown',
] as const;
export type ConnectionErrorType = (typeof CONNECTION_ERROR_TYPES)[number];

/** What happened, said the way the provider's failure would be reported. */
export const STANDARD_ERROR_MESSAGES: Readonly<Record<ConnectionErrorType, string>> = {
  token_refresh_failed: 'The provider refused to refresh the access token; the user must link the provider again.',
  webhook_registration_failed: 'The provider refused to register the data notifications for this user.',
  user_not_found: 'The provider no longer knows this user.',
  deregistered_per_provider: 'The user removed the connection at the provider.',
  required_scopes_not_granted: 'The user withdrew permissions the connection requires.',
  provider_credential_error: 'The provider refused the stored credentials.',
  provider_password_expired: 'The password at the provider expired; the user must sign in again.',
  unknown: 'The provider is unavailable and the connection could not be used.',
};

/** Errors that can happen to any connection; the others depend on how the provider connects. */
const ANY_PROVIDER: readonly ConnectionErrorType[] = ['deregistered_per_provider', 'user_not_found', 'unknown'];
const BY_AUTH_TYPE: Readonly<Record<AuthType, readonly ConnectionErrorType[]>> = {
  oauth: ['token_refresh_failed', 'required_scopes_not_granted', 'webhook_registration_failed'],
  team_oauth: ['token_refresh_failed', 'required_scopes_not_granted', 'webhook_registration_failed'],
  password: ['provider_credential_error', 'provider_password_expired'],
  email: ['provider_credential_error', 'provider_password_expired'],
  // The mobile SDK reads the device's health store: the user can withdraw its permissions.
  sdk: ['required_scopes_not_granted'],
  app: [],
};

/** The error types that can happen to a provider's connections, in the vocabulary's order. */
export function errorTypesFor(provider: Pick<ProviderDefinition, 'auth_type'>): ConnectionErrorType[] {
  const allowed = new Set([...ANY_PROVIDER, ...BY_AUTH_TYPE[provider.auth_type]]);
  return CONNECTION_ERROR_TYPES.filter((type) => allowed.has(type));
}

export type SimulateErrorDecision =
  | { ok: true; error_type: ConnectionErrorType; error_message: string }
  | { ok: false; status: 400 | 422; message: string };

/**
 * Whether a connection in `current` state can break with `errorType` (default
 * token_refresh_failed), and the error it then has. A connection already in error must be
 * repaired first (400); an error type that cannot happen to the provider is a 422.
 */
export function decideSimulatedError(input: {
  userId: string;
  provider: Pick<ProviderDefinition, 'slug' | 'name' | 'auth_type'>;
  current: { status: string; error_type: string | null };
  errorType?: ConnectionErrorType;
  errorMessage?: string;
}): SimulateErrorDecision {
  const errorType = input.errorType ?? 'token_refresh_failed';
  if (input.current.status === 'error') {
    return { ok: false, status: 400, message: `The connection of user ${input.userId} to ${input.provider.slug} is already in error (${input.current.error_type}); link the provider again to repair it first.` };
  }
  const allowed = errorTypesFor(input.provider);
  if (!allowed.includes(errorType)) {
    return { ok: false, status: 422, message: `${errorType} cannot happen to ${input.provider.slug} (${input.provider.auth_type} connections): one of ${allowed.join(', ')}` };
  }
  return { ok: true, error_type: errorType, error_message: input.errorMessage ?? STANDARD_ERROR_MESSAGES[errorType] };
}

/** The `data` of a `provider.connection.error` event (the family's ProviderConnectionError). */
export function connectionErrorData(userId: string, provider: Pick<ProviderDefinition, 'slug' | 'name'>, error: { error_type: string; error_message: string }) {
  return {
    provider: provider.slug,
    user_id: userId,
    message: `The connection to ${provider.name} stopped working (${error.error_type}).`,
    error_type: error.error_type,
    error_details: error.error_message,
  };
}

/** A stored connection's state as the connection lists show it (ProviderWithStatus.status and error_details). */
export function connectionStatusView(connection: { status: string; error_type: string | null; error_message: string | null; status_changed_at: string | null }) {
  const errorDetails =
    connection.status === 'error' && connection.error_type !== null && connection.error_message !== null && connection.status_changed_at !== null
      ? { error_type: connection.error_type, error_message: connection.error_message, errored_at: connection.status_changed_at }
      : null;
  return { status: connection.status, error_details: errorDetails };
}

/** Why a historical pull of a connection that does not work fails: its trigger's error. */
export function unavailablePullError(provider: string, connection: { status: string; error_type: string | null }): string {
  return connection.status === 'error'
    ? `The connection to ${provider} is in error (${connection.error_type}); link the provider again to repair it.`
    : `The connection to ${provider} is paused; link the provider again to resume it.`;
}
