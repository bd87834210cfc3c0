import type { operations } from '../../../../generated/team/schema.js';
import { EXPORT_PAGE_SIZE, exportQueryKey } from '../../../domain/connections/export.js';
import { findProvider } from '../../../domain/providers/catalog.js';
import { exportRecipes } from '../../../jobs/connections/export-recipes.js';
import { listConnectionsForExport } from '../../../storage/repositories/connections.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import { decodeCursor, encodeCursor } from '../../cursor.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { checkLinkMigrationRequest } from './link-migration-checks.js';

const INVALID_NEXT_TOKEN = 'Invalid next_token: pass the next_token of a previous page of the same query unchanged';

/**
 * POST /v2/link/bulk_export: a page of the team's connections to the provider as connection
 * recipes, oldest first; `next_token` is bound to the team, the provider and the users asked for.
 */
export const bulkExportConnections =
  (deps: Deps): Handler<operations['bulkExportConnections'], TeamContext> =>
  async ({ body, query }, { teamId }) => {
    await checkLinkMigrationRequest(deps, teamId, query.team_id, body.user_ids);
    const provider = findProvider(body.provider);
    if (!provider) throw new ApiError(500, `The catalog has no provider ${body.provider}.`);
    const key = exportQueryKey(teamId, body.provider, body.user_ids);
    let position: { created_on: string; id: string; query: string } | null;
    try {
      position = decodeCursor<{ created_on: string; id: string; query: string }>(body.next_token, ['created_on', 'id', 'query'], 'next_token');
    } catch {
      throw ValidationFailure.single(['body', 'next_token'], INVALID_NEXT_TOKEN);
    }
    if (position && position.query !== key) throw ValidationFailure.single(['body', 'next_token'], INVALID_NEXT_TOKEN);
    const page = await listConnectionsForExport(deps.db, {
      team_id: teamId,
      provider: body.provider,
      user_ids: body.user_ids ?? null,
      after: position && { created_on: position.created_on, id: position.id },
      limit: EXPORT_PAGE_SIZE,
    });
    const recipes = await exportRecipes(deps, teamId, page.connections, provider);
    return {
      status: 200,
      body: {
        data: recipes,
        next_token: page.next ? encodeCursor({ ...page.next, query: key }) : null,
      },
    };
  };
