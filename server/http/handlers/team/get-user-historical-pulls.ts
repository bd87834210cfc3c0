import type { operations } from '../../../../generated/team/schema.js';
import { providerHistoricalPulls, providerResourceLists, type ProviderResourceLists } from '../../../domain/introspection/statistics.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { introspectionPage } from './introspection-views.js';

/**
 * GET /v2/introspect/historical_pull: per user of the page, per connection, the latest
 * historical pull of each resource as the bulk pull engine stored it (domain/introspection).
 */
export const getUserHistoricalPulls =
  (deps: Deps): Handler<operations['getUserHistoricalPulls'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const page = await introspectionPage(deps, teamId, 'getUserHistoricalPulls', query, true);
    const formatters = deps.caches.dataReads.formatters;
    // The catalog's lists of each provider on the page, made once for this answer.
    const lists = new Map<string, ProviderResourceLists>();
    const listsOf = (provider: string) => lists.get(provider) ?? lists.set(provider, providerResourceLists(provider)).get(provider)!;
    const data = page.users.map((user) => {
      const providers: Record<string, ReturnType<typeof providerHistoricalPulls>> = {};
      for (const connection of user.connections) {
        providers[connection.provider] = providerHistoricalPulls(
          connection.provider,
          connection.pull,
          user.time_zone,
          formatters,
          listsOf(connection.provider),
        );
      }
      return { user_id: user.user_id, provider: providers };
    });
    return { status: 200, body: { data, next_cursor: page.next, next: page.next } };
  };
