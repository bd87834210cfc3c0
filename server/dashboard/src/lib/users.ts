/** The users list's query and pager text. Pure: test/dashboard/unit/users.test.ts. */

/** The query of `GET /v2/user` for a search text and a page (no `search` when there is no text). */
export function usersQuery(search: string, offset: number, limit: number): { offset: number; limit: number; search?: string } {
  const term = search.trim();
  return term ? { offset, limit, search: term } : { offset, limit };
}

/** `1–50 of 123`, `0 of 0`. */
export function pageSummary(offset: number, count: number, total: number): string {
  if (count === 0) return `0 of ${total}`;
  return `${offset + 1}–${offset + count} of ${total}`;
}
