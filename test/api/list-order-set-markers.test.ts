import { describe, expect, it } from 'vitest';
import { LAB_TESTS, MARKER_CATALOG, toClientFacingMarker } from '../../server/domain/lab-markers/catalog.js';
import { readBundle } from '../../scripts/conformance/openapi.js';
import { orderBody, STANDARD, TESTKIT, WALK_IN } from './lab-order-fixtures.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';
import { apiEngines, expectOnlyViolations, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

const MARKERS = MARKER_CATALOG.markers;

type MarkerPage = TeamSchemas['LabMarkerPage'];
type LabTest = TeamSchemas['LabTest'];

const markerWithCode = (lab_id: number, code: string) => {
  const marker = MARKERS.find((candidate) => candidate.lab_id === lab_id && candidate.provider_id === code);
  if (!marker) throw new Error(`no marker ${code} at lab ${lab_id}`);
  return marker;
};
const idsOf = (page: MarkerPage) => page.markers.map((marker) => marker.id);
const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

describe.each(apiEngines)('listOrderSetMarkers (POST /v3/lab_tests/list_order_set_markers) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = (body: unknown, query = '', key?: string) => ctx.team(key).post(`/v3/lab_tests/list_order_set_markers${query ? `?${query}` : ''}`).send(body as object);
  const page = async (body: unknown, query = '', key?: string) => expectStatus<MarkerPage>(await list(body, query, key), 200);
  const createLabTest = async (body: object, key?: string) => expectStatus<LabTest>(await ctx.team(key).post('/v3/lab_tests').send(body), 200);

  const walkIn = STANDARD.walk_in_test!;
  const testkit = STANDARD.testkit!;

  it('when the standard lab test that GET /v3/lab_test lists is named, then its markers in id order, in the marker wire shape', async () => {
    const listed = expectStatus<TeamSchemas['LabTestPage']>(await ctx.team().get('/v3/lab_test'), 200);
    expect(listed.data.map((test) => test.id)).toContain(WALK_IN);
    const answered = await page({ lab_test_ids: [WALK_IN] });
    const expected = sorted(walkIn.marker_ids);
    expect(answered).toEqual({
      markers: expected.map((id) => toClientFacingMarker(MARKERS.find((marker) => marker.id === id)!)),
      total: expected.length,
      page: 1,
      size: 50,
      pages: 1,
    });
  });

  it('when a lab test the team created is named, then its markers; another team cannot name it', async () => {
    const created = await createLabTest({ name: 'Vitamin D and iron', description: 'Two markers.', method: 'walk_in_test', marker_ids: [1065, 1061] });
    expect(idsOf(await page({ lab_test_ids: [created.id] }))).toEqual([1061, 1065]);
    const other = await ctx.otherTeam();
    expectValidation(await list({ lab_test_ids: [created.id] }, '', other.apiKey), [{ loc: ['body', 'lab_test_ids', 0], type: 'value_error', msg: `Unknown lab test ${created.id}` }]);
  });

  it('when lab test ids are listed and ordered, then what POST /v3/order accepts as order_set.lab_test_ids this operation accepts, and what it refuses as unknown this one does', async () => {
    const created = await createLabTest({ name: 'Ferritin', description: '', method: 'walk_in_test', marker_ids: [1061] });
    const theirs = await createLabTest({ name: 'Their ferritin', description: '', method: 'walk_in_test', marker_ids: [1061] }, (await ctx.otherTeam()).apiKey);
    const catalogOnly = LAB_TESTS.find((test) => test.id === 'a10dadff-5984-40a9-b723-fa1fc9bab88a')!.id;
    const user = await ctx.newUser();
    const outcomes: Record<string, [number, number]> = {};
    for (const [name, id] of Object.entries({ standard: WALK_IN, created: created.id, upper_case: created.id.toUpperCase(), another_teams: theirs.id, catalog_only: catalogOnly, unknown: UNKNOWN_ID })) {
      const ordered = await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [id] } }));
      const listed = await list({ lab_test_ids: [id] });
      outcomes[name] = [ordered.status, listed.status];
    }
    expect(outcomes).toEqual({
      standard: [200, 200],
      created: [200, 200],
      upper_case: [200, 200],
      another_teams: [422, 422],
      catalog_only: [422, 422],
      unknown: [422, 422],
    });
  });

  it('when the markers of a lab test are listed, then each expected result says whether it is required', async () => {
    const answered = await page({ lab_test_ids: [WALK_IN] });
    const results = answered.markers.flatMap((marker) => marker.expected_results);
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(typeof result.required).toBe('boolean');
    expect(results.filter((result) => result.name === 'LDL Cholesterol, Calculated').map((result) => result.required)).toEqual([false]);
    expect(results.some((result) => result.required)).toBe(true);
  });

  it('when lab tests share markers, then each marker is listed once', async () => {
    const shared = walkIn.marker_ids.filter((id) => testkit.marker_ids.includes(id));
    expect(shared.length).toBeGreaterThan(0);
    const answered = await page({ lab_test_ids: [WALK_IN, TESTKIT] });
    expect(idsOf(answered)).toEqual(sorted([...walkIn.marker_ids, ...testkit.marker_ids]));
  });

  it('when add-ons are given by test code, then they are added once, from the lab of the lab tests', async () => {
    const estradiol = markerWithCode(1, '004515');
    const glucose = markerWithCode(1, '001818');
    const answered = await page({ lab_test_ids: [WALK_IN], add_on: { provider_ids: ['004515', '001818', '004515'] } });
    expect(idsOf(answered)).toEqual(sorted([...walkIn.marker_ids, estradiol.id, glucose.id]));
    expect(answered.markers.every((marker) => marker.lab_id === 1)).toBe(true);
  });

  it('when an add-on is already a marker of a lab test, then it is not listed twice', async () => {
    const inPanel = MARKERS.find((marker) => marker.id === walkIn.marker_ids[0])!;
    expect(idsOf(await page({ lab_test_ids: [WALK_IN], add_on: { provider_ids: [inPanel.provider_id] } }))).toEqual(sorted(walkIn.marker_ids));
  });

  it('when only add-ons are given, then they are looked up in every lab', async () => {
    expect(idsOf(await page({ add_on: { provider_ids: ['004515'] } }))).toEqual(MARKERS.filter((marker) => marker.provider_id === '004515').map((marker) => marker.id));
  });

  it('when the lab test id is in upper case, then it is the same lab test', async () => {
    expect(idsOf(await page({ lab_test_ids: [WALK_IN.toUpperCase()] }))).toEqual(sorted(walkIn.marker_ids));
  });

  it('when the order set is empty, then an empty page', async () => {
    expect(await page({})).toEqual({ markers: [], total: 0, page: 1, size: 50, pages: 0 });
    expect(await page({ lab_test_ids: [], add_on: { provider_ids: [] } })).toMatchObject({ markers: [], total: 0 });
  });

  it('when a lab test id is unknown, then 422 naming its index', async () => {
    expectOnlyViolations(await list({ lab_test_ids: [WALK_IN, '00000000-0000-4000-8000-000000000000'] }), [['body', 'lab_test_ids', 1]]);
    expectValidation(await list({ lab_test_ids: ['nope'] }), [{ loc: ['body', 'lab_test_ids', 0], type: 'value_error', msg: 'Unknown lab test nope' }]);
  });

  it('when an unknown lab test id or add-on code is repeated, then each is named at its own index', async () => {
    const detail = expectOnlyViolations(await list({ lab_test_ids: ['nope', WALK_IN, 'nope'], add_on: { provider_ids: ['x', 'x'] } }), [
      ['body', 'lab_test_ids', 0],
      ['body', 'lab_test_ids', 2],
      ['body', 'add_on', 'provider_ids', 0],
      ['body', 'add_on', 'provider_ids', 1],
    ]);
    expect(detail.map((item) => item.msg)).toEqual(['Unknown lab test nope', 'Unknown lab test nope', 'Unknown marker test code x', 'Unknown marker test code x']);
  });

  it('when a lab test and an add-on test code are unknown, then the 422 has the locations and types of the documented unknown_ids example', async () => {
    const operation = (readBundle('team').paths as Record<string, { post: { responses: Record<string, { content: { 'application/json': { examples: Record<string, { value: { detail: { loc: unknown[]; type: string }[] } }> } } }> } }>)[
      '/v3/lab_tests/list_order_set_markers'
    ]!.post;
    const documented = operation.responses['422']!.content['application/json'].examples.unknown_ids!.value.detail;
    const response = await list({ lab_test_ids: ['0f0e0d0c-0b0a-4909-8807-060504030201'], add_on: { provider_ids: ['004515', '999999'] } });
    expectOnlyViolations(response, documented.map((item) => item.loc as (string | number)[]));
    expect((response.body as { detail: { type: string }[] }).detail.map((item) => item.type)).toEqual(documented.map((item) => item.type));
  });

  it('when an add-on test code is unknown, then 422 naming its index; when it is offered at another lab than the lab tests\', then the 422 says which', async () => {
    const questGlucose = markerWithCode(2, '483');
    expect(MARKERS.some((marker) => marker.lab_id === 1 && marker.provider_id === questGlucose.provider_id)).toBe(false);
    const detail = expectOnlyViolations(await list({ lab_test_ids: [WALK_IN], add_on: { provider_ids: ['004515', 'ZZZ999', '483'] } }), [
      ['body', 'add_on', 'provider_ids', 1],
      ['body', 'add_on', 'provider_ids', 2],
    ]);
    expect(detail.map((item) => item.msg)).toEqual([
      'Unknown marker test code ZZZ999',
      "Marker test code 483 is offered at lab quest, not at lab labcorp of the order set's lab tests",
    ]);
  });

  it('when several lab tests are paged, then pages split the de-duplicated list with consistent totals', async () => {
    const created = await createLabTest({ name: 'Vitamin D, iron and glucose', description: '', method: 'walk_in_test', marker_ids: [1065, 1061, 1001] });
    const tests = [...Object.values(STANDARD).map((test) => test.id), created.id];
    const all = sorted([...Object.values(STANDARD).flatMap((test) => test.marker_ids), 1065, 1061, 1001]);
    const size = 4;
    const pages = Math.ceil(all.length / size);
    expect(pages).toBeGreaterThan(1);
    const seen: number[] = [];
    for (let n = 1; n <= pages; n++) {
      const current = await page({ lab_test_ids: tests }, `size=${size}&page=${n}`);
      expect(current).toMatchObject({ total: all.length, page: n, size, pages });
      seen.push(...idsOf(current));
    }
    expect(seen).toEqual(all);
    expect(await page({ lab_test_ids: tests }, `size=${size}&page=${pages + 1}`)).toMatchObject({ markers: [], total: all.length, pages });
  });

  it.each([
    ['size=101', 'size'],
    ['size=0', 'size'],
    ['page=0', 'page'],
  ])('when %s, then 422 on ["query", that parameter]', async (query, name) => {
    expectOnlyViolations(await list({ lab_test_ids: [WALK_IN] }, query), [['query', name]]);
  });

  it('when add_on.provider_ids is not a list of strings, then 422 naming the item', async () => {
    expectValidation(await list({ add_on: { provider_ids: ['004515', 7] } }), [{ loc: ['body', 'add_on', 'provider_ids', 1], type: 'type_error' }]);
  });

  it('when add-ons are given by marker id (as the official SDK can), then they are added once, as by test code', async () => {
    const estradiol = markerWithCode(1, '004515');
    const byId = await page({ lab_test_ids: [WALK_IN], add_on: { marker_ids: [estradiol.id, estradiol.id, walkIn.marker_ids[0]!] } });
    expect(idsOf(byId)).toEqual(sorted([...walkIn.marker_ids, estradiol.id]));
    expect(byId).toEqual(await page({ lab_test_ids: [WALK_IN], add_on: { provider_ids: ['004515'] } }));
    expect(idsOf(await page({ add_on: { marker_ids: [estradiol.id], provider_ids: ['001818'] } }))).toEqual(
      sorted([estradiol.id, ...MARKERS.filter((marker) => marker.provider_id === '001818').map((marker) => marker.id)]),
    );
  });

  it('when an add-on marker id is unknown, or a marker of another lab than the lab tests\', then 422 naming its index and saying which', async () => {
    const questGlucose = markerWithCode(2, '483');
    const detail = expectOnlyViolations(await list({ lab_test_ids: [WALK_IN], add_on: { marker_ids: [markerWithCode(1, '004515').id, 999999, questGlucose.id] } }), [
      ['body', 'add_on', 'marker_ids', 1],
      ['body', 'add_on', 'marker_ids', 2],
    ]);
    expect(detail.map((item) => item.msg)).toEqual([
      'Unknown marker 999999',
      `Marker ${questGlucose.id} (${questGlucose.name}) is at lab quest, not at lab labcorp of the order set's lab tests`,
    ]);
  });

  it('when the body names a lab account (as the official SDK can), then it is accepted and the markers are the same', async () => {
    const accountId = sandboxLabAccounts(ctx.server)[0]!.id;
    expect(await page({ lab_test_ids: [WALK_IN], lab_account_id: accountId })).toEqual(await page({ lab_test_ids: [WALK_IN] }));
  });

  it('when the body has a key the order set does not declare (addon for add_on, a key in the add-on), then 422 extra_forbidden at each', async () => {
    const detail = expectValidation(await list({ lab_test_ids: [WALK_IN], addon: { provider_ids: ['004515'] }, add_on: { provider_ids: ['004515'], codes: ['001818'] } }), [
      { loc: ['body', 'addon'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      { loc: ['body', 'add_on', 'codes'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    expect(detail).toHaveLength(2);
  });
});
