/**
 * A connection stops working on demand (sandbox): a simulated error or a pause. In one
 * transaction the connection's state changes, its data window ends (the sync skips it from
 * now on, and what was synced stays readable) and, for an error, `provider.connection.error`
 * is emitted: the connection, its events and the sync always agree. A fresh link repairs it
 * (connectProvider).
 */
import { connectionErrorData, decideSimulatedError, type ConnectionErrorType } from '../../domain/connections/status.js';
import { findProvider } from '../../domain/providers/catalog.js';
import type { Queryable } from '../../storage/database.js';
import { lockConnection, setConnectionStatus, type ConnectionRecord } from '../../storage/repositories/connections.js';
import { endDataWindow } from '../../storage/repositories/data-windows.js';
import { emitEvent } from '../../storage/repositories/events.js';
import { findUser } from '../../storage/repositories/users.js';

export type BreakResult =
  | { outcome: 'no_user' }
  | { outcome: 'not_connected' }
  | { outcome: 'refused'; status: 400 | 422; message: string }
  | { outcome: 'broken'; connection: ConnectionRecord };

/** Breaks the user's connection to `provider` with a simulated error (run it in a transaction). */
export async function simulateConnectionError(
  tx: Queryable,
  input: { team_id: string; user_id: string; provider: string; error_type?: ConnectionErrorType; error_message?: string; at: Date },
): Promise<BreakResult> {
  const user = await findUser(tx, { team_id: input.team_id, user_id: input.user_id });
  if (!user) return { outcome: 'no_user' };
  const provider = findProvider(input.provider);
  const key = { team_id: user.team_id, user_id: user.user_id, provider: input.provider };
  const current = provider ? await lockConnection(tx, key) : null;
  if (!provider || !current) return { outcome: 'not_connected' };
  const decision = decideSimulatedError({ userId: user.user_id, provider, current, errorType: input.error_type, errorMessage: input.error_message });
  if (!decision.ok) return { outcome: 'refused', status: decision.status, message: decision.message };
  const at = input.at.toISOString();
  const connection = await setConnectionStatus(tx, { ...key, status: 'error', error_type: decision.error_type, error_message: decision.error_message, at });
  if (!connection) return { outcome: 'not_connected' };
  await endDataWindow(tx, { ...key, at });
  await emitEvent(
    tx,
    {
      event_type: 'provider.connection.error',
      data: connectionErrorData(user.user_id, provider, decision),
      team_id: user.team_id,
      user_id: user.user_id,
      client_user_id: user.client_user_id,
    },
    // No dedup key: the event is written with the state change it reports, once per break (two breaks may share an instant).
  );
  return { outcome: 'broken', connection };
}

/** Pauses the user's connection (no error, no event); null when there is none. A paused or broken connection stays as it is. */
export async function pauseConnection(tx: Queryable, input: { team_id: string; user_id: string; provider: string; at: Date }): Promise<ConnectionRecord | null> {
  const current = await lockConnection(tx, input);
  if (!current) return null;
  if (current.status !== 'connected') return current;
  const at = input.at.toISOString();
  const paused = await setConnectionStatus(tx, { team_id: input.team_id, user_id: input.user_id, provider: input.provider, status: 'paused', at });
  await endDataWindow(tx, { team_id: input.team_id, user_id: input.user_id, provider: input.provider, at });
  return paused;
}

/**
 * Pauses each user's connection to `provider` (POST /v2/link/bulk_pause) in the caller's
 * transaction, in a fixed order (lower-case ids sorted) so that two overlapping pauses lock
 * the same rows in the same order. Returns the state each user's connection is left in.
 */
export async function pauseConnections(
  tx: Queryable,
  input: { team_id: string; provider: string; user_ids: readonly string[]; at: Date },
): Promise<Map<string, ConnectionRecord['status'] | null>> {
  const states = new Map<string, ConnectionRecord['status'] | null>();
  for (const userId of [...new Set(input.user_ids.map((id) => id.toLowerCase()))].sort()) {
    const connection = await pauseConnection(tx, { team_id: input.team_id, user_id: userId, provider: input.provider, at: input.at });
    states.set(userId, connection?.status ?? null);
  }
  return states;
}
