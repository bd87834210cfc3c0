import { hashSecret } from '../../../domain/credentials/secrets.js';
import { linkFailed, type ProviderLinkResponseBody } from '../../../domain/link/provider-link.js';
import { findProvider, type ProviderDefinition } from '../../../domain/providers/catalog.js';
import { LinkUserGone, linkWithCredentials, type LinkAttempt } from '../../../jobs/connections/provider-link.js';
import { ApiError } from '../../api-error.js';
import type { Deps } from '../context.js';

/**
 * The password, MFA and email link handlers' one step: the attempt with the link token of the
 * header, in one transaction; a user deleted meanwhile rolls it back and answers invalid_token.
 */
export async function answerProviderLink(deps: Deps, slug: string, linkToken: string, attempt: LinkAttempt): Promise<{ status: 200; body: ProviderLinkResponseBody }> {
  const provider: ProviderDefinition | undefined = findProvider(slug);
  // The path's enum admits catalog slugs only; a slug missing from the catalog is a spec/catalog mismatch.
  if (!provider) throw new ApiError(500, `The catalog has no provider ${slug}.`);
  try {
    const body = await deps.db.transaction((tx) => linkWithCredentials(tx, { token_hash: hashSecret(linkToken.trim()), provider, attempt, now: deps.now() }));
    return { status: 200, body };
  } catch (error) {
    if (error instanceof LinkUserGone) return { status: 200, body: linkFailed(provider, error.linkError) };
    throw error;
  }
}
