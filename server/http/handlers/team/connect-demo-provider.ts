import type { operations } from '../../../../generated/team/schema.js';
import { connectProvider } from '../../../jobs/connections/connect-provider.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** POST /v2/link/connect/demo: a sandbox connection to any provider of the catalog, answered `{success, detail}` as in the API family. */
export const connectDemoProvider =
  (deps: Deps): Handler<operations['connectDemoProvider'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const provider = findProvider(body.provider);
    if (!provider) throw ValidationFailure.single(['body', 'provider'], `Unknown provider ${body.provider}`, 'enum');
    const result = await deps.db.transaction((tx) => connectProvider(tx, { team_id: teamId, user_id: body.user_id, provider: body.provider }));
    if (!result) throw userNotFound(body.user_id);
    const detail = result.created
      ? `Connected the user to ${provider.name} (demo).`
      : result.repaired
        ? `Reconnected the user to ${provider.name} (demo): the connection works again.`
        : `The user was already connected to ${provider.name}; the connection is kept.`;
    return { status: 200, body: { success: true, detail } };
  };
