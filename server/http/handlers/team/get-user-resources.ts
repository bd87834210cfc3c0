import type { operations } from '../../../../generated/team/schema.js';
import { introspectedResourcesFor, resourceStatistics, type ResourceStatistics } from '../../../domain/introspection/statistics.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { introspectionPage } from './introspection-views.js';

/**
 * GET /v2/introspect/resources: per user of the page, per connection, per resource the provider
 * supplies, the data span and last attempt its stored window and status say (domain/introspection).
 */
export const getUserResources =
  (deps: Deps): Handler<operations['getUserResources'], TeamContext> =>
  async ({ query }, { teamId }) => {
    const page = await introspectionPage(deps, teamId, 'getUserResources', query, false);
    const formatters = deps.caches.dataReads.formatters;
    // The catalog's resources of each provider on the page, listed once for this answer.
    const lists = new Map<string, readonly string[]>();
    const resourcesOf = (provider: string) => lists.get(provider) ?? lists.set(provider, introspectedResourcesFor(provider)).get(provider)!;
    const data = page.users.map((user) => {
      const providers: Record<string, Record<string, ResourceStatistics>> = {};
      for (const connection of user.connections) {
        const statistics = resourceStatistics(connection, user, formatters);
        const resources: Record<string, ResourceStatistics> = {};
        for (const resource of resourcesOf(connection.provider)) resources[resource] = statistics;
        providers[connection.provider] = resources;
      }
      return { user_id: user.user_id, provider: providers };
    });
    return { status: 200, body: { data, next_cursor: page.next, next: page.next } };
  };
