import type { operations } from '../../../../generated/team/schema.js';
import { checkDiagnosisCodes } from '../../../domain/insurance/diagnoses.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** POST /v3/insurance/validate_icd_codes: Validate diagnosis codes (the rules of domain/insurance/diagnoses.ts, as POST /v3/order applies them). */
export const validateIcdCodes =
  (_deps: Deps): Handler<operations['validateIcdCodes'], TeamContext> =>
  async ({ body }) => {
    const { valid, errors, violations, warnings } = checkDiagnosisCodes(body.codes);
    return { status: 200, body: { valid, errors, violations, warnings } };
  };
