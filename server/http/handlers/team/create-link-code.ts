import type { operations } from '../../../../generated/team/schema.js';
import { exchangeUrl, generateLinkCode, linkCodeExpiry } from '../../../domain/link/link-code.js';
import { createLinkCode as storeLinkCode } from '../../../storage/repositories/link-codes.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { userNotFound } from './views.js';

/** POST /v2/link/code/create: Create a link code (sandbox codes start with `sk`). */
export const createLinkCode =
  (deps: Deps): Handler<operations['createLinkCode'], TeamContext> =>
  async ({ query }, { teamId, region }) => {
    const expiry = linkCodeExpiry(deps.now(), query.expires_at);
    if (!expiry.ok) throw ValidationFailure.single(['query', 'expires_at'], expiry.message);
    // Codes are random; on the rare collision with a live code, draw again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = generateLinkCode('sandbox', region);
      const result = await storeLinkCode(deps.db, { team_id: teamId, user_id: query.user_id, code, expires_at: expiry.expiresAt.toISOString() });
      if (!result) throw userNotFound(query.user_id);
      if (result.status === 'created') {
        return { status: 200, body: { code, exchange_url: exchangeUrl(deps.config.linkAppUrl, code), expires_at: result.link_code.expires_at } };
      }
    }
    throw new Error('Could not draw an unused link code');
  };
