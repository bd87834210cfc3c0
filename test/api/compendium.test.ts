/**
 * searchCompendium (POST /v3/compendium/search) and convertCompendium (POST /v3/compendium/convert):
 * the partner labs' marker catalogs seen through their LOINC codes.
 */
import { describe, expect, it } from 'vitest';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { STANDARD, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Search = TeamSchemas['SearchCompendiumResponse'];
type Conversion = TeamSchemas['ConvertCompendiumResponse'];
const at = (labId: number, slug: string) => MARKER_CATALOG.markers.find((m) => m.lab_id === labId && m.slug === slug)!;

describe.each(apiEngines)('compendium on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const search = (body: Record<string, unknown>) => ctx.team().post('/v3/compendium/search').send(body);
  const convert = (body: Record<string, unknown>) => ctx.team().post('/v3/compendium/convert').send(body);

  describe('searchCompendium', () => {
    it('when searched by name in crosswalk mode, then the canonical test first, with each lab\'s marker of it and the panels that contain it', async () => {
      const found = expectStatus<Search>(await search({ mode: 'crosswalk', query: 'tsh' }), 200);
      expect(found.selected_canonical).toMatchObject({ display_name: 'TSH', loinc_codes: ['3016-3'], cpt_codes: ['84443'], confidence: 1, popularity_score: 1 });
      expect(found.canonical_candidates[0]).toEqual(found.selected_canonical);
      expect(found.canonical_candidates.length).toBeLessThanOrEqual(3);
      expect(Object.keys(found.per_lab).sort()).toEqual(['bioreference', 'labcorp', 'quest', 'sonora_quest']);
      expect(found.per_lab.labcorp!.map((c) => [c.provider_id, c.relation])).toEqual([[at(1, 'tsh').provider_id, 'exact']]);
      expect(found.per_lab.quest!.map((c) => c.provider_id)).toEqual([at(2, 'tsh').provider_id]);
      expect(found.related.length).toBeGreaterThan(0);
      for (const related of found.related) expect(related.canonical.loinc_codes).toContain('3016-3');
    });

    it('when searched by a lab\'s code or a LOINC code, then that test; by LOINC set hash, exactly that set', async () => {
      const byCode = expectStatus<Search>(await search({ mode: 'canonical', query: at(2, 'hba1c').provider_id }), 200);
      expect(byCode.selected_canonical!.loinc_codes).toEqual(['4548-4']);
      expect(byCode.per_lab).toEqual({});
      const byLoinc = expectStatus<Search>(await search({ mode: 'canonical', query: '2345-7' }), 200);
      expect(byLoinc.selected_canonical!.display_name).toBe('Glucose');
      const byHash = expectStatus<Search>(await search({ mode: 'canonical', loinc_set_hash: byLoinc.selected_canonical!.loinc_set_hash, include_related: false }), 200);
      expect(byHash.canonical_candidates).toEqual([{ ...byLoinc.selected_canonical, confidence: 1 }]);
      expect(byHash.related).toEqual([]);
    });

    it('when searched by CPT codes, then the test billed under exactly those first', async () => {
      const found = expectStatus<Search>(await search({ mode: 'canonical', cpt_codes: ['80061'] }), 200);
      expect(found.selected_canonical).toMatchObject({ display_name: 'Lipid Panel', cpt_codes: ['80061'], confidence: 1 });
      const none = expectStatus<Search>(await search({ mode: 'canonical', cpt_codes: ['00000'] }), 200);
      expect(none).toEqual({ mode: 'canonical', selected_canonical: null, canonical_candidates: [], per_lab: {}, related: [] });
    });

    it('when limited to labs, then only tests those labs offer, and per_lab has only them', async () => {
      const found = expectStatus<Search>(await search({ mode: 'crosswalk', query: 'reverse', labs: ['sonora_quest'] }), 200);
      expect(found.canonical_candidates).toEqual([]);
      const questOnly = expectStatus<Search>(await search({ mode: 'crosswalk', query: 'glucose', labs: ['quest'], limit: 1 }), 200);
      expect(Object.keys(questOnly.per_lab)).toEqual(['quest']);
      expect(questOnly.canonical_candidates).toHaveLength(1);
    });

    it('when no criterion is given, or a value is out of bounds, then 422 naming it', async () => {
      expectValidation(await search({ mode: 'canonical' }), [{ loc: ['body'], msg: 'Give at least one of query, cpt_codes and loinc_set_hash' }]);
      expectValidation(await search({ mode: 'canonical', query: '  ' }), [{ loc: ['body'] }]);
      expectValidation(await search({ mode: 'fuzzy', query: 'tsh' }), [{ loc: ['body', 'mode'] }]);
      expectValidation(await search({ mode: 'canonical', query: 'tsh', limit: 0 }), [{ loc: ['body', 'limit'] }]);
      expectValidation(await search({ mode: 'canonical', query: 'tsh', labs: ['acme'] }), [{ loc: ['body', 'labs', 0] }]);
      expectValidation(await search({ mode: 'canonical', query: 'tsh', extra: 1 }), [{ loc: ['body', 'extra'], type: 'extra_forbidden' }]);
    });
  });

  describe('convertCompendium', () => {
    it('when codes of one lab are converted, then each maps to the target\'s marker of the same LOINC set', async () => {
      const source = [at(1, 'tsh'), at(1, 'lipid-panel')];
      const result = expectStatus<Conversion>(await convert({ provider_ids: source.map((m) => m.provider_id), target_lab: 'quest' }), 200);
      expect(result).toMatchObject({
        source_lab_test_id: null, source_lab_id: 1, target_lab_id: 2, target_lab_slug: 'quest',
        source_provider_ids: source.map((m) => m.provider_id),
        converted_provider_ids: [at(2, 'tsh').provider_id, at(2, 'lipid-panel').provider_id],
        unresolved_provider_ids: [],
      });
      expect(result.by_source_provider_id[at(1, 'tsh').provider_id]!.candidates.map((c) => [c.provider_id, c.relation, c.confidence])).toEqual([[at(2, 'tsh').provider_id, 'exact', 1]]);
    });

    it('when a marker has no equivalent at the target lab, then it is named unresolved, not dropped', async () => {
      const reverse = at(1, 'reverse-t3');
      const result = expectStatus<Conversion>(await convert({ provider_ids: [at(1, 'tsh').provider_id, reverse.provider_id], target_lab: 'sonora_quest' }), 200);
      expect(result.unresolved_provider_ids).toEqual([reverse.provider_id]);
      expect(result.converted_provider_ids).toEqual([at(4, 'tsh').provider_id]);
      expect(result.by_source_provider_id[reverse.provider_id]).toEqual({ source_provider_id: reverse.provider_id, candidates: [] });
    });

    it('when a lab test of the team is converted, then its markers are the source, and every converted marker reports only LOINC codes of its source', async () => {
      const result = expectStatus<Conversion>(await convert({ lab_test_id: WALK_IN, target_lab: 'sonora_quest' }), 200);
      expect(result.source_lab_test_id).toBe(WALK_IN);
      expect(result.source_provider_ids).toEqual(STANDARD.walk_in_test!.marker_ids.map((id) => MARKER_CATALOG.index.markerById.get(id)!.provider_id));
      for (const id of STANDARD.walk_in_test!.marker_ids) {
        const marker = MARKER_CATALOG.index.markerById.get(id)!;
        const codes = new Set(marker.expected_results.map((r) => r.loinc.code));
        for (const candidate of result.by_source_provider_id[marker.provider_id]!.candidates) for (const code of candidate.loinc_codes ?? []) expect(codes).toContain(code);
      }
    });

    it('when the source is missing or given twice, a code is unknown or named twice, or the codes are of several labs, then 422 naming each', async () => {
      expectValidation(await convert({ target_lab: 'quest' }), [{ loc: ['body'], msg: 'Give lab_test_id or provider_ids' }]);
      expectValidation(await convert({ lab_test_id: WALK_IN, provider_ids: ['004259'], target_lab: 'quest' }), [{ loc: ['body'], msg: 'Give lab_test_id or provider_ids, not both' }]);
      expectValidation(await convert({ provider_ids: ['004259', 'NOPE1'], target_lab: 'quest' }), [{ loc: ['body', 'provider_ids', 1], msg: 'Unknown marker test code NOPE1' }]);
      expectValidation(await convert({ provider_ids: ['004259', ' 004259'], target_lab: 'quest' }), [{ loc: ['body', 'provider_ids', 1], msg: /named more than once/ }]);
      expectValidation(await convert({ provider_ids: ['004259', at(2, 'glucose').provider_id], target_lab: 'quest' }), [{ loc: ['body', 'provider_ids', 1], msg: /must be of one lab/ }]);
      expectValidation(await convert({ provider_ids: [], target_lab: 'quest' }), [{ loc: ['body', 'provider_ids'] }]);
      expectValidation(await convert({ provider_ids: ['004259'], target_lab: 'acme' }), [{ loc: ['body', 'target_lab'] }]);
      expectValidation(await convert({ lab_test_id: UNKNOWN_ID, target_lab: 'quest' }), [{ loc: ['body', 'lab_test_id'], msg: `Unknown lab test ${UNKNOWN_ID}` }]);
    });

    it('when the lab test is another team\'s, then it is unknown (422 naming it)', async () => {
      const other = await ctx.otherTeam();
      const theirs = expectStatus<{ id: string }>(await ctx.team(other.apiKey).post('/v3/lab_tests').send({ name: 'Theirs', description: '', method: 'walk_in_test', marker_ids: [1065] }), 200);
      expectValidation(await convert({ lab_test_id: theirs.id, target_lab: 'quest' }), [{ loc: ['body', 'lab_test_id'], msg: `Unknown lab test ${theirs.id}` }]);
    });
  });
});
