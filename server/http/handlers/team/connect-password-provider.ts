import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { LINK_TOKEN_HEADER } from '../../../shared/wire.js';
import { answerProviderLink } from './provider-link-views.js';

/**
 * POST /v2/link/provider/password/{provider}: signs the link token's user in at a password
 * provider (sandbox credentials in server/domain/link/provider-link.ts); connects, asks for an
 * MFA code, or answers the error, always as a 200 ProviderLinkResponse.
 */
export const connectPasswordProvider =
  (deps: Deps): Handler<operations['connectPasswordProvider'], TeamContext> =>
  ({ path, headers, body }) =>
    answerProviderLink(deps, path.provider, headers[LINK_TOKEN_HEADER], { kind: 'password', username: body.username, password: body.password });
