/**
 * The route table: hash paths (`#/users/<id>`) to pages. A pattern's `:name`
 * segments become `params`. A page module exports a `Page` (page.ts).
 */
import type { Page } from './page.js';
import { bulkPullsPage } from './pages/bulk-pulls.js';
import { labOrderPage } from './pages/lab-order.js';
import { labOrdersPage } from './pages/lab-orders.js';
import { labReportsPage } from './pages/lab-reports.js';
import { userPage } from './pages/user.js';
import { unmatchedResultsPage } from './pages/unmatched-results.js';
import { usersPage } from './pages/users.js';
import { webhooksPage } from './pages/webhooks.js';

export const routes: [pattern: string, page: Page][] = [
  ['/users', usersPage],
  ['/users/:user_id', userPage],
  ['/bulk-pulls', bulkPullsPage],
  ['/webhooks', webhooksPage],
  ['/lab-orders', labOrdersPage],
  ['/lab-orders/:order_id', labOrderPage],
  ['/unmatched-results', unmatchedResultsPage],
  ['/lab-reports', labReportsPage],
];

/** The page and params of a hash path, or null when no pattern matches. */
export function matchRoute(path: string): { page: Page; params: Record<string, string> } | null {
  const parts = path.split('/').filter(Boolean);
  for (const [pattern, page] of routes) {
    const segments = pattern.split('/').filter(Boolean);
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = segments.every((segment, i) => {
      const part = parts[i]!;
      if (segment.startsWith(':')) {
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      }
      return segment === part;
    });
    if (matches) return { page, params };
  }
  return null;
}
