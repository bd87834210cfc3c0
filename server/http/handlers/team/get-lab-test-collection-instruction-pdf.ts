import type { operations } from '../../../../generated/team/schema.js';
import { renderCollectionInstructionsPdf } from '../../../domain/lab-documents/collection-instructions.js';
import { toLabTestView } from '../../../domain/lab-tests/catalog.js';
import { findLabTest } from '../../../storage/repositories/lab-tests.js';
import { ApiError } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { documentFonts } from './document-fonts.js';
import { requireLabTest } from './lab-test-views.js';

/** When the standard lab tests were last changed, as their documents are dated: never, so the epoch. */
const STANDARD_DATE = '1970-01-01T00:00:00.000Z';

/**
 * GET /v3/lab_test/{lab_test_id}/collection_instruction_pdf: the collection instructions of a lab
 * test with `has_collection_instructions`, rendered with pdf-lib (domain/lab-documents), dated with
 * the lab test's last change so that the same lab test gives the same bytes.
 */
export const getLabTestCollectionInstructionPdf =
  (deps: Deps): Handler<operations['getLabTestCollectionInstructionPdf'], TeamContext> =>
  async ({ path }, { teamId }) => {
    const test = await requireLabTest(deps, teamId, path.lab_test_id);
    const view = toLabTestView(deps.markers, test);
    if (!view.has_collection_instructions) {
      throw new ApiError(404, `Lab test ${path.lab_test_id} has no collection instructions (has_collection_instructions is false): only testkit lab tests, which a patient collects alone, have them.`);
    }
    const stored = await findLabTest(deps.db, teamId, test.id);
    const body = await renderCollectionInstructionsPdf({
      lab_test_id: view.id,
      lab_test_name: view.name,
      method: view.method,
      sample_type: view.sample_type,
      fasting: view.fasting,
      lab_name: view.lab.name,
      markers: view.markers.map((m) => ({ name: m.name, provider_id: m.provider_id })),
      date: stored ? new Date(stored.updated_at).toISOString() : STANDARD_DATE,
    }, documentFonts(deps));
    return { status: 200, body };
  };
