import type { operations } from '../../../../generated/team/schema.js';
import { isKnownTimeZone, looksLikePersonalData } from '../../../domain/users/rules.js';
import { updateUser as patchUser, type UserPatch } from '../../../storage/repositories/users.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { loadClientFacingUser, userNotFound } from './views.js';

/**
 * PATCH /v2/user/{user_id}: Update a user. Reads and the data sync take the fallback time zone
 * and the ingestion bounds from the user's row each time (data-windows.ts, data-sync.ts), and
 * events the client_user_id, so the change applies from the next read, sync or event on.
 */
export const updateUser =
  (deps: Deps): Handler<operations['updateUser'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const problems: ValidationErrorItem[] = [];
    if (typeof body.client_user_id === 'string') {
      const personal = looksLikePersonalData(body.client_user_id);
      if (personal) {
        problems.push({
          loc: ['body', 'client_user_id'],
          msg: `client_user_id must not contain personal data such as an e-mail address or a phone number (it looks like ${personal === 'email' ? 'an e-mail address' : 'a phone number'})`,
          type: 'value_error',
        });
      }
    }
    if (typeof body.fallback_time_zone === 'string' && !isKnownTimeZone(body.fallback_time_zone)) {
      problems.push({ loc: ['body', 'fallback_time_zone'], msg: `Unknown IANA time zone ${body.fallback_time_zone}`, type: 'value_error' });
    }
    if (problems.length > 0) throw new ValidationFailure(problems);

    const patch: UserPatch = {};
    if ('fallback_time_zone' in body) patch.fallback_time_zone = body.fallback_time_zone ? { id: body.fallback_time_zone, source_slug: 'manual' } : null;
    if ('fallback_birth_date' in body) patch.fallback_birth_date = body.fallback_birth_date ? { value: body.fallback_birth_date, source_slug: 'manual' } : null;
    if ('ingestion_start' in body) patch.ingestion_start = body.ingestion_start ?? null;
    if ('ingestion_end' in body) patch.ingestion_end = body.ingestion_end ?? null;
    if (typeof body.client_user_id === 'string') patch.client_user_id = body.client_user_id;

    const result = await deps.db.transaction((tx) => patchUser(tx, { team_id: teamId, user_id: path.user_id, patch, at: deps.now().toISOString() }));
    switch (result.status) {
      case 'not_found':
        throw userNotFound(path.user_id);
      case 'conflict':
        throw new ApiError(400, `A user with client_user_id ${body.client_user_id} already exists (user_id ${result.user_id}).`);
      case 'unordered_bounds':
        throw new ValidationFailure([
          {
            loc: ['body', 'ingestion_start' in body ? 'ingestion_start' : 'ingestion_end'],
            msg: `ingestion_start (${result.ingestion_start}) must not be after ingestion_end (${result.ingestion_end})`,
            type: 'value_error',
          },
        ]);
      default:
        return { status: 200, body: await loadClientFacingUser(deps.db, result.user) };
    }
  };
