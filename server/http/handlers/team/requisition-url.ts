import { newUrlSigningKey, requisitionUrlExpiry, signedRequisitionUrl } from '../../../domain/lab-documents/signed-url.js';
import type { Database } from '../../../storage/database.js';
import { ensureServerSecret } from '../../../storage/repositories/server-secrets.js';
import type { Deps } from '../context.js';

const SECRET_NAME = 'requisition_form_url';

// The key of each database, read (or made) once per process: it never changes.
const keys = new WeakMap<Database, Promise<string>>();

/** The key that signs and checks requisition form URLs (a server secret kept in the database). */
export function requisitionUrlKey(deps: Pick<Deps, 'db'>): Promise<string> {
  let key = keys.get(deps.db);
  if (!key) {
    key = ensureServerSecret(deps.db, SECRET_NAME, newUrlSigningKey());
    keys.set(deps.db, key);
    key.catch(() => keys.delete(deps.db));
  }
  return key;
}

/** The signed `requisition_form_url` of an order created at `createdAt`: valid 7 days from then. */
export async function requisitionFormUrl(deps: Pick<Deps, 'db' | 'config'>, orderId: string, createdAt: string): Promise<string> {
  return signedRequisitionUrl({ base_url: deps.config.publicTeamUrl, order_id: orderId, expires: requisitionUrlExpiry(createdAt), key: await requisitionUrlKey(deps) });
}
