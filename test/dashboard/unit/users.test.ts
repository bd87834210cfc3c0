import { describe, expect, it } from 'vitest';
import { pageSummary, usersQuery } from '../../../server/dashboard/src/lib/users.js';

describe('users list', () => {
  it('when there is a search text, then it is trimmed and sent beside the page', () => {
    expect(usersQuery('  R&D user ', 50, 50)).toEqual({ offset: 50, limit: 50, search: 'R&D user' });
  });

  it('when the search is empty, then only the page is asked (no empty search parameter)', () => {
    expect(usersQuery('   ', 0, 50)).toEqual({ offset: 0, limit: 50 });
  });

  it('when a page is summarised, then it names its first and last position and the total', () => {
    expect(pageSummary(0, 50, 123)).toBe('1–50 of 123');
    expect(pageSummary(100, 23, 123)).toBe('101–123 of 123');
    expect(pageSummary(0, 0, 0)).toBe('0 of 0');
  });
});
