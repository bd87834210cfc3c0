import type { components } from '../../../../generated/team/schema.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import type { Queryable } from '../../../storage/database.js';
import { listConnections, type ConnectionRecord } from '../../../storage/repositories/connections.js';
import { findUser, type UserRecord } from '../../../storage/repositories/users.js';
import { notFound } from '../../api-error.js';

type ClientFacingUser = components['schemas']['ClientFacingUser'];

export const userNotFound = (userId: string) => notFound(`User ${userId} not found.`);

function connectedSource(connection: ConnectionRecord): ClientFacingUser['connected_sources'][number] {
  const found = findProvider(connection.provider);
  const provider = { name: found?.name ?? connection.provider, slug: connection.provider, logo: found?.logo ?? '' };
  // `source` is the deprecated name of `provider`, kept for the clients that read it.
  return { created_on: connection.created_on, provider, source: { ...provider } };
}

export function toClientFacingUser(user: UserRecord, connections: readonly ConnectionRecord[]): ClientFacingUser {
  return {
    user_id: user.user_id,
    team_id: user.team_id,
    client_user_id: user.client_user_id,
    created_on: user.created_on,
    connected_sources: connections.map(connectedSource),
    fallback_time_zone: user.fallback_time_zone,
    fallback_birth_date: user.fallback_birth_date,
    ingestion_start: user.ingestion_start,
    ingestion_end: user.ingestion_end,
  };
}

/** The user record of a user of the team, with its connected sources. */
export async function loadClientFacingUser(db: Queryable, user: UserRecord): Promise<ClientFacingUser> {
  return toClientFacingUser(user, await listConnections(db, { team_id: user.team_id, user_id: user.user_id }));
}

/** The team's user, or a 404 (also for another team's user: the two are indistinguishable). */
export async function requireUser(db: Queryable, teamId: string, userId: string): Promise<UserRecord> {
  const user = await findUser(db, { team_id: teamId, user_id: userId });
  if (!user) throw userNotFound(userId);
  return user;
}
