import { newUrlSigningKey, requisitionUrlExpiry, signedRequisitionUrl } from '../../../domain/lab-documents/signed-url.js';
import { ensureServerSecret } from '../../../storage/repositories/server-secrets.js';
import type { Deps } from '../context.js';

const SECRET_NAME = 'requisition_form_url';

/**
 * The key that signs and checks requisition form URLs (a server secret kept in the database,
 * made by the first process that needs it): kept once read (requisition-url-key), as it never changes.
 */
export async function requisitionUrlKey(deps: Pick<Deps, 'db' | 'caches'>): Promise<string> {
  const keys = deps.caches.labViews.requisitionUrlKey;
  const kept = keys.get(SECRET_NAME);
  if (kept !== undefined) return kept;
  return keys.set(SECRET_NAME, await ensureServerSecret(deps.db, SECRET_NAME, newUrlSigningKey()));
}

/** The signed `requisition_form_url` of an order created at `createdAt`: valid 7 days from then. */
export async function requisitionFormUrl(deps: Pick<Deps, 'db' | 'config' | 'caches'>, orderId: string, createdAt: string): Promise<string> {
  return signedRequisitionUrl({ base_url: deps.config.publicTeamUrl, order_id: orderId, expires: requisitionUrlExpiry(createdAt), key: await requisitionUrlKey(deps) });
}
