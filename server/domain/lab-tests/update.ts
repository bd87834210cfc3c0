/**
 * PATCH /v3/lab_tests/{lab_test_id}: what a change to a lab test may be. The standard lab tests
 * are every team's (the same ids): none can change them. A name is trimmed; `active` sets the
 * status (`active` or `inactive`); a member left out or null changes nothing. Pure.
 */
import { isStandardLabTestId, type LabTestStatus } from './catalog.js';

export interface LabTestUpdateRequest {
  name?: string | null | undefined;
  active?: boolean | null | undefined;
}

export type PlannedLabTestChange =
  | { ok: true; name: string | undefined; status: LabTestStatus | undefined }
  | { ok: false; detail: string };

export function planLabTestChange(labTestId: string, body: LabTestUpdateRequest): PlannedLabTestChange {
  if (isStandardLabTestId(labTestId)) {
    return {
      ok: false,
      detail: `Lab test ${labTestId} is one of the standard lab tests every team shares, which cannot be changed; create a lab test of your own (POST /v3/lab_tests) to name it or stop ordering it.`,
    };
  }
  const name = body.name === null || body.name === undefined ? undefined : body.name.trim();
  const status = body.active === null || body.active === undefined ? undefined : body.active ? 'active' : 'inactive';
  return { ok: true, name, status };
}
