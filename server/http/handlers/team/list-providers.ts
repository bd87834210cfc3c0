import type { operations } from '../../../../generated/team/schema.js';
import { listProviders as listCatalog, toClientFacingProvider } from '../../../domain/providers/catalog.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { memoise } from '../memo.js';

const providersOf = memoise(
  (sourceType: string | null) => listCatalog({ source_type: sourceType }).map(toClientFacingProvider),
  (sourceType) => sourceType ?? '',
  100,
);

/** GET /v2/providers: List providers (the catalog is immutable, so each filter's answer is memoised). */
export const listProviders =
  (_deps: Deps): Handler<operations['listProviders'], TeamContext> =>
  async ({ query }) => ({ status: 200, body: providersOf(query.source_type ?? null) as ReturnType<typeof toClientFacingProvider>[] });
