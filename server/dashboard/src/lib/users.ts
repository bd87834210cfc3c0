/** The users list's query and pager text. Pure: test/dashboard/unit/users.test.ts. */

/** The query of `GET /v2/user` for a search text and a page. */
export function usersQuery(search: string, offset: number, limit: number): string {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  const term = search.trim();
  if (term) query.set('search', term);
  return query.toString();
}

/** `1–50 of 123`, `0 of 0`. */
export function pageSummary(offset: number, count: number, total: number): string {
  if (count === 0) return `0 of ${total}`;
  return `${offset + 1}–${offset + count} of ${total}`;
}
