import type { ConnectMode } from '../../shared/values.js';
import { emitEvent } from '../../storage/repositories/events.js';
import type { Queryable } from '../../storage/database.js';
import { createConnection, repairConnection, setConnectMode, type CreateConnectionResult } from '../../storage/repositories/connections.js';
import { openDataWindow, resumeDataWindow } from '../../storage/repositories/data-windows.js';
import { findUser } from '../../storage/repositories/users.js';
import { connectionCreatedData, connectModeFor, switchedConnectMode } from '../../domain/connections/rules.js';
import { newDataWindow } from '../../domain/data/windows.js';
import { findProvider } from '../../domain/providers/catalog.js';
import { recordReportedDevices } from '../devices/record-devices.js';

export interface ConnectInput {
  team_id: string;
  user_id: string;
  provider: string;
  /**
   * Mobile SDK providers only: the mode the SDK runs in. A new connection without one is Auto
   * Connect; a connected store switches to the mode given, and keeps its own without one.
   */
  connect_mode?: ConnectMode;
  /** The user's id at the provider, when the caller knows it (a bulk import's `provider_id`): stored and announced. */
  external_user_id?: string;
}

/**
 * Connects a user to a provider of the catalog (once per provider: connecting
 * again keeps the existing connection, switched to the SDK's connect mode when it
 * says another one) and, for a new connection, emits
 * `provider.connection.created` and opens its data window in the same transaction
 * (server/storage/repositories/data-windows.ts). Null when the user is
 * not in the team, or the provider is not in the catalog. Run it in a
 * transaction so the connection and its event are written together.
 *
 * A connection in `error` or `paused` is repaired by connecting it again (a fresh OAuth link, the
 * demo connect, the SDK): `connected` again, its data window resumes where it stopped (the next
 * sync announces what the provider recorded meanwhile), and `provider.connection.created` is
 * emitted again, as the family does for every link (`repaired: true`).
 */
export async function connectProvider(tx: Queryable, input: ConnectInput): Promise<(CreateConnectionResult & { repaired?: boolean }) | null> {
  const provider = findProvider(input.provider);
  if (!provider) return null;
  const user = await findUser(tx, { team_id: input.team_id, user_id: input.user_id });
  if (!user) return null;
  const result = await createConnection(tx, {
    team_id: input.team_id,
    user_id: input.user_id,
    provider: provider.slug,
    source_type: provider.source_type,
    connect_mode: connectModeFor(provider.slug, input.connect_mode),
    external_user_id: input.external_user_id ?? null,
  });
  if (result && !result.created && result.connection.status !== 'connected') {
    const repaired = await repairConnection(tx, { team_id: input.team_id, user_id: input.user_id, provider: provider.slug });
    if (repaired) {
      await resumeDataWindow(tx, { team_id: input.team_id, user_id: input.user_id, provider: provider.slug });
      await emitEvent(
        tx,
        {
          event_type: 'provider.connection.created',
          data: connectionCreatedData(user.user_id, provider, input.external_user_id ?? repaired.external_user_id),
          team_id: user.team_id,
          user_id: user.user_id,
          client_user_id: user.client_user_id,
        },
        // No dedup key: written with the repair it reports, once per repair (two may share an instant).
      );
      return { connection: repaired, created: false, repaired: true };
    }
  }
  if (result && !result.created) {
    const mode = switchedConnectMode(provider.slug, result.connection.connect_mode, input.connect_mode);
    const switched = mode === null ? null : await setConnectMode(tx, { team_id: input.team_id, user_id: input.user_id, provider: provider.slug, connect_mode: mode });
    return switched ? { connection: switched, created: false } : result;
  }
  if (result?.created) {
    await openDataWindow(tx, {
      team_id: user.team_id,
      user_id: user.user_id,
      provider: provider.slug,
      source_type: provider.source_type,
      ...newDataWindow(user.fallback_time_zone?.id, result.connection.created_on),
    });
    await emitEvent(
      tx,
      {
        event_type: 'provider.connection.created',
        data: connectionCreatedData(user.user_id, provider, result.connection.external_user_id),
        team_id: user.team_id,
        user_id: user.user_id,
        client_user_id: user.client_user_id,
      },
      { dedupKey: `connection:${result.connection.id}` },
    );
    // The provider reports the user's device with the connection (provider.device.created).
    await recordReportedDevices(tx, [{ team_id: user.team_id, user_id: user.user_id, client_user_id: user.client_user_id, provider: provider.slug }], new Date(result.connection.created_on));
  }
  return result;
}
