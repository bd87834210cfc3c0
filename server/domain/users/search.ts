/**
 * What the users list's `search` matches (an extension of GET /v2/user): the users whose
 * client_user_id contains the text, ignoring case (both lower-cased by the database, so
 * every script's letters compare alike), and the user whose id the text is exactly.
 */
export interface UserSearch {
  /** Text to find in the client_user_id, case-insensitively ('' matches every user). */
  contains: string;
  /** The text as a user id when it is a UUID (lower-cased, as ids are stored), else null. */
  user_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function userSearch(text: string): UserSearch {
  return { contains: text, user_id: UUID.test(text) ? text.toLowerCase() : null };
}

/** The users list's page bounds when the request leaves them out (documented on GET /v2/user). */
export const USER_PAGE_DEFAULTS = { offset: 0, limit: 100 } as const;
