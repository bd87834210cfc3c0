import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { LINK_TOKEN_HEADER } from '../../../shared/wire.js';
import { answerProviderLink } from './provider-link-views.js';

/** POST /v2/link/provider/email/{provider}: connects the link token's user by the email address of their account. */
export const connectEmailProvider =
  (deps: Deps): Handler<operations['connectEmailProvider'], TeamContext> =>
  ({ path, headers, body }) =>
    answerProviderLink(deps, path.provider, headers[LINK_TOKEN_HEADER], { kind: 'email', email: body.email });
