import type { operations } from '../../../../generated/team/schema.js';
import { searchCompendium as search, type CompendiumLab } from '../../../domain/compendium/compendium.js';
import { ValidationFailure } from '../../api-error.js';
import type { Handler } from '../../handler-types.js';
import type { Deps, TeamContext } from '../context.js';
import { appCompendium } from './compendium-views.js';

/** POST /v3/compendium/search: Search the compendium (domain/compendium). A search with no criterion is a 422. */
export const searchCompendium =
  (deps: Deps): Handler<operations['searchCompendium'], TeamContext> =>
  async ({ body }) => {
    const hasQuery = (body.query ?? '').trim() !== '';
    const hasCpt = (body.cpt_codes ?? []).some((code) => code.trim() !== '');
    const hasHash = (body.loinc_set_hash ?? '').trim() !== '';
    if (!hasQuery && !hasCpt && !hasHash) throw ValidationFailure.single(['body'], 'Give at least one of query, cpt_codes and loinc_set_hash');
    const result = search(appCompendium(deps), {
      mode: body.mode as 'canonical' | 'crosswalk',
      query: body.query ?? null,
      cpt_codes: body.cpt_codes ?? [],
      loinc_set_hash: body.loinc_set_hash ?? null,
      labs: (body.labs ?? null) as CompendiumLab[] | null,
      include_related: body.include_related ?? true,
      limit: body.limit ?? 3,
    });
    return { status: 200, body: result };
  };
