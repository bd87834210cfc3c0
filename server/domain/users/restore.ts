/**
 * Restoring a deleted user (POST /v2/user/undo_delete). A deletion keeps the user's row, info,
 * insurances, connections with their data windows, and devices for USER_RESTORE_GRACE_DAYS; a
 * restore within that period brings them back as they were, and the data sync resumes from where
 * each connection's window stood. Lab orders and their results, link tokens, link codes and
 * sign-in tokens are gone for good at the deletion (orders are cancelled without an event then).
 */

/** How long a deleted user can be restored. */
export const USER_RESTORE_GRACE_DAYS = 7;

const DAY_MS = 86_400_000;

/** The earliest deletion instant that can still be restored at `now` (ISO). */
export const restorableSince = (now: Date): string => new Date(now.getTime() - USER_RESTORE_GRACE_DAYS * DAY_MS).toISOString();
