import type { components, operations } from '../../../../generated/team/schema.js';
import { upsertUserInfo } from '../../../storage/repositories/user-infos.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { birthDateItems, toGuarantorDetails, toUserAddress } from './request-records.js';
import { userNotFound } from './views.js';

type UserInfo = components['schemas']['UserInfo'];

/**
 * PATCH /v2/user/{user_id}/info: Update user info. The name rules of the labs
 * are in the schema (PersonName), and the request schemas declare every key
 * they take, so the validator has already refused both a name that breaks the
 * rules and an address with `zip` or `country` (the insurance address's keys),
 * which would otherwise lose the postal code without a word. A date of birth in
 * the future or more than 150 years ago is a 422 (domain/users/rules.ts).
 */
export const updateUserInfo =
  (deps: Deps): Handler<operations['updateUserInfo'], TeamContext> =>
  async ({ path, body }, { teamId }) => {
    const dobItems = birthDateItems(['body', 'dob'], body.dob, deps.now());
    if (dobItems.length > 0) throw new ValidationFailure(dobItems);
    const info: UserInfo = {
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      phone_number: body.phone_number,
      gender: body.gender,
      dob: body.dob,
      address: toUserAddress(body.address),
      medical_proxy: body.medical_proxy ? toGuarantorDetails(body.medical_proxy) : null,
      race: body.race ?? null,
      ethnicity: body.ethnicity ?? null,
      sexual_orientation: body.sexual_orientation ?? null,
      gender_identity: body.gender_identity ?? null,
    };
    const stored = await upsertUserInfo(deps.db, { team_id: teamId, user_id: path.user_id, info });
    if (!stored) throw userNotFound(path.user_id);
    return { status: 200, body: stored.info };
  };
