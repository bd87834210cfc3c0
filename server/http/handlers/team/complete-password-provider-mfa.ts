import type { operations } from '../../../../generated/team/schema.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { LINK_TOKEN_HEADER } from '../../../shared/wire.js';
import { answerProviderLink } from './provider-link-views.js';

/** POST /v2/link/provider/password/{provider}/complete_mfa: the code of a sign-in that answered pending_provider_mfa. */
export const completePasswordProviderMfa =
  (deps: Deps): Handler<operations['completePasswordProviderMfa'], TeamContext> =>
  ({ path, headers, body }) =>
    answerProviderLink(deps, path.provider, headers[LINK_TOKEN_HEADER], { kind: 'mfa', code: body.mfa_code });
