import type { operations } from '../../../../generated/team/schema.js';
import { convertCompendium as convert, resolveSourceCodes, type ConversionSource } from '../../../domain/compendium/compendium.js';
import type { LabMarker } from '../../../domain/lab-markers/catalog.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appCompendium } from './compendium-views.js';
import { findTeamLabTests } from './lab-test-views.js';

/**
 * POST /v3/compendium/convert: Convert lab tests between labs (domain/compendium). The source is a
 * lab test of the team or test codes of one lab, exactly one of them; every problem with it is
 * named in one 422.
 */
export const convertCompendium =
  (deps: Deps): Handler<operations['convertCompendium'], TeamContext> =>
  async ({ body }, { teamId }) => {
    const hasTest = body.lab_test_id !== undefined && body.lab_test_id !== null;
    const hasCodes = body.provider_ids !== undefined && body.provider_ids !== null;
    if (hasTest === hasCodes) throw ValidationFailure.single(['body'], hasTest ? 'Give lab_test_id or provider_ids, not both' : 'Give lab_test_id or provider_ids');
    const compendium = appCompendium(deps);
    const { index, labs } = compendium.catalog;
    let source: ConversionSource;
    if (hasTest) {
      const id = body.lab_test_id as string;
      const test = (await findTeamLabTests(deps, teamId, [id])).get(id.toLowerCase());
      if (!test) throw ValidationFailure.single(['body', 'lab_test_id'], `Unknown lab test ${id}`);
      const markers = test.marker_ids.map((markerId) => index.markerById.get(markerId)).filter((m): m is LabMarker => m !== undefined);
      source = { lab_id: test.lab_id, markers, lab_test_id: test.id };
    } else {
      const resolved = resolveSourceCodes(compendium.catalog, body.provider_ids as string[]);
      if (!resolved.ok) throw new ValidationFailure(resolved.problems.map((p) => ({ loc: ['body', ...p.loc], msg: p.msg, type: 'value_error' })));
      source = { lab_id: resolved.lab_id, markers: resolved.markers, lab_test_id: null };
    }
    const target = labs.find((l) => l.slug === body.target_lab);
    if (!target) throw ValidationFailure.single(['body', 'target_lab'], `Unknown lab ${body.target_lab}`);
    return { status: 200, body: convert(compendium, source, target.id, body.limit ?? 3) };
  };
