/**
 * Errors of the database that mean something to a client.
 *
 * A write checks that its parent exists (the user of an order, the order of a simulation) and
 * then inserts; on PostgreSQL another transaction may delete that parent in between, and the
 * foreign key then refuses the insert (SQLSTATE 23503) once the delete commits. For the client
 * that is the same as the parent being gone before its request: a 404, not a 500.
 */

/**
 * The parent row a write referred to and did not find, as PostgreSQL names it: `Key (user_id,
 * team_id)=(…, …) is not present in table "users".` gives the referencing columns and their values.
 */
export interface MissingParent {
  table: string;
  columns: string[];
  values: string[];
}

const NOT_PRESENT = /^Key \(([^)]+)\)=\((.*)\) is not present in table "([^"]+)"\.$/;

/**
 * The parent a foreign key violation names, or null for any other error (a row still referenced
 * by others included, or a key whose values cannot be told apart: a value holding ", ").
 */
export function missingParentOf(error: unknown): MissingParent | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  if (code !== '23503' || typeof detail !== 'string') return null;
  const match = NOT_PRESENT.exec(detail);
  if (!match) return null;
  const columns = match[1]!.split(', ');
  const values = match[2]!.split(', ');
  return columns.length === values.length ? { table: match[3]!, columns, values } : null;
}
