import type { operations } from '../../../../generated/team/schema.js';
import { searchDiagnoses as findDiagnoses } from '../../../domain/insurance/diagnoses.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';

/** GET /v3/insurance/search/diagnosis: Search diagnosis codes (the catalog in domain/insurance/icd10cm-catalog-data.ts). */
export const searchDiagnoses =
  (_deps: Deps): Handler<operations['searchDiagnoses'], TeamContext> =>
  async ({ query }) => ({
    status: 200,
    body: findDiagnoses(query.diagnosis_query).map((d) => ({ diagnosis_code: d.code, description: d.description, is_secondary: false })),
  });
