import type { operations } from '../../../../generated/team/schema.js';
import { listProviders as listCatalog, toClientFacingProvider } from '../../../domain/providers/catalog.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v2/providers: List providers. */
export const listProviders =
  (_deps: Deps): Handler<operations['listProviders'], TeamContext> =>
  async ({ query }) => ({
    status: 200,
    body: listCatalog({ source_type: query.source_type ?? null }).map(toClientFacingProvider),
  });
