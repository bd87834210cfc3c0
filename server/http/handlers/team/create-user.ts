import type { operations } from '../../../../generated/team/schema.js';
import { ingestionBoundsAreOrdered, isKnownTimeZone, looksLikePersonalData } from '../../../domain/users/rules.js';
import { createUser as insertUser } from '../../../storage/repositories/users.js';
import { ApiError, ValidationFailure } from '../../api-error.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { toClientFacingUser } from './views.js';

/** POST /v2/user: Create a user. */
export const createUser =
  (deps: Deps): Handler<operations['createUser'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const problems: ValidationErrorItem[] = [];
    const personal = looksLikePersonalData(body.client_user_id);
    if (personal) {
      problems.push({
        loc: ['body', 'client_user_id'],
        msg: `client_user_id must not contain personal data such as an e-mail address or a phone number (it looks like ${personal === 'email' ? 'an e-mail address' : 'a phone number'})`,
        type: 'value_error',
      });
    }
    if (body.fallback_time_zone && !isKnownTimeZone(body.fallback_time_zone)) {
      problems.push({ loc: ['body', 'fallback_time_zone'], msg: `Unknown IANA time zone ${body.fallback_time_zone}`, type: 'value_error' });
    }
    if (!ingestionBoundsAreOrdered(body.ingestion_start, body.ingestion_end)) {
      problems.push({ loc: ['body', 'ingestion_start'], msg: 'ingestion_start must not be after ingestion_end', type: 'value_error' });
    }
    if (problems.length > 0) throw new ValidationFailure(problems);

    const result = await insertUser(deps.db, {
      team_id: teamId,
      client_user_id: body.client_user_id,
      fallback_time_zone: body.fallback_time_zone ? { id: body.fallback_time_zone, source_slug: 'manual' } : null,
      fallback_birth_date: body.fallback_birth_date ? { value: body.fallback_birth_date, source_slug: 'manual' } : null,
      ingestion_start: body.ingestion_start ?? null,
      ingestion_end: body.ingestion_end ?? null,
    });
    if (result.status === 'conflict') {
      throw new ApiError(400, `A user with client_user_id ${body.client_user_id} already exists (user_id ${result.user_id}).`);
    }
    return { status: 200, body: toClientFacingUser(result.user, []) };
  };
