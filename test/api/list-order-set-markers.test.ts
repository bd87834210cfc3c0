import { describe, expect, it } from 'vitest';
import { LAB_TESTS, MARKER_CATALOG, toClientFacingMarker } from '../../server/domain/lab-markers/catalog.js';

const MARKERS = MARKER_CATALOG.markers;
import { readBundle } from '../../scripts/conformance/openapi.js';
import { apiEngines, expectOnlyViolations, expectStatus, expectValidation, useApiApp, type TeamSchemas } from './helpers.js';

type MarkerPage = TeamSchemas['LabMarkerPage'];

const labTest = (lab_id: number, name: string) => {
  const test = LAB_TESTS.find((candidate) => candidate.lab_id === lab_id && candidate.name === name);
  if (!test) throw new Error(`no lab test ${name} at lab ${lab_id}`);
  return test;
};
const markerWithCode = (lab_id: number, code: string) => {
  const marker = MARKERS.find((candidate) => candidate.lab_id === lab_id && candidate.provider_id === code);
  if (!marker) throw new Error(`no marker ${code} at lab ${lab_id}`);
  return marker;
};
const idsOf = (page: MarkerPage) => page.markers.map((marker) => marker.id);
const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

describe.each(apiEngines)('listOrderSetMarkers (POST /v3/lab_tests/list_order_set_markers) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = (body: unknown, query = '') => ctx.team().post(`/v3/lab_tests/list_order_set_markers${query ? `?${query}` : ''}`).send(body as object);
  const page = async (body: unknown, query = '') => expectStatus<MarkerPage>(await list(body, query), 200);

  const essential = labTest(1, 'Essential Health Panel');
  const heart = labTest(1, 'Heart Health Panel');

  it('when one lab test is listed, then its markers in id order, in the marker wire shape', async () => {
    const answered = await page({ lab_test_ids: [essential.id] });
    const expected = sorted(essential.marker_ids);
    expect(answered).toEqual({
      markers: expected.map((id) => toClientFacingMarker(MARKERS.find((marker) => marker.id === id)!)),
      total: expected.length,
      page: 1,
      size: 50,
      pages: 1,
    });
  });

  it('when the markers of a lab test are listed, then each expected result says whether it is required', async () => {
    const answered = await page({ lab_test_ids: [essential.id] });
    const results = answered.markers.flatMap((marker) => marker.expected_results);
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(typeof result.required).toBe('boolean');
    expect(results.filter((result) => result.name === 'LDL Cholesterol, Calculated').map((result) => result.required)).toEqual([false]);
    expect(results.some((result) => result.required)).toBe(true);
  });

  it('when lab tests share markers, then each marker is listed once', async () => {
    const shared = essential.marker_ids.filter((id) => heart.marker_ids.includes(id));
    expect(shared.length).toBeGreaterThan(0);
    const answered = await page({ lab_test_ids: [essential.id, heart.id] });
    expect(idsOf(answered)).toEqual(sorted([...essential.marker_ids, ...heart.marker_ids]));
  });

  it('when add-ons are given by test code, then they are added once, from the labs of the lab tests', async () => {
    const estradiol = markerWithCode(1, '004515');
    const glucose = markerWithCode(1, '001818');
    const answered = await page({ lab_test_ids: [heart.id], add_on: { provider_ids: ['004515', '001818', '004515'] } });
    expect(idsOf(answered)).toEqual(sorted([...heart.marker_ids, estradiol.id, glucose.id]));
    expect(answered.markers.every((marker) => marker.lab_id === 1)).toBe(true);
  });

  it('when an add-on is already a marker of a lab test, then it is not listed twice', async () => {
    const inPanel = MARKERS.find((marker) => marker.id === essential.marker_ids[0])!;
    expect(idsOf(await page({ lab_test_ids: [essential.id], add_on: { provider_ids: [inPanel.provider_id] } }))).toEqual(sorted(essential.marker_ids));
  });

  it('when only add-ons are given, then they are looked up in every lab', async () => {
    expect(idsOf(await page({ add_on: { provider_ids: ['004515'] } }))).toEqual(MARKERS.filter((marker) => marker.provider_id === '004515').map((marker) => marker.id));
  });

  it('when the lab test id is in upper case, then it is the same lab test', async () => {
    expect(idsOf(await page({ lab_test_ids: [essential.id.toUpperCase()] }))).toEqual(sorted(essential.marker_ids));
  });

  it('when the order set is empty, then an empty page', async () => {
    expect(await page({})).toEqual({ markers: [], total: 0, page: 1, size: 50, pages: 0 });
    expect(await page({ lab_test_ids: [], add_on: { provider_ids: [] } })).toMatchObject({ markers: [], total: 0 });
  });

  it('when a lab test id is unknown, then 422 naming its index', async () => {
    expectOnlyViolations(await list({ lab_test_ids: [essential.id, '00000000-0000-4000-8000-000000000000'] }), [['body', 'lab_test_ids', 1]]);
    expectValidation(await list({ lab_test_ids: ['nope'] }), [{ loc: ['body', 'lab_test_ids', 0], type: 'value_error', msg: 'Unknown lab test nope' }]);
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

  it('when an add-on test code is unknown, or not offered by the labs of the lab tests, then 422 naming its index', async () => {
    const questOnly = MARKERS.find((marker) => marker.lab_id === 2 && !MARKERS.some((other) => other.lab_id === 1 && other.provider_id === marker.provider_id))!;
    expectOnlyViolations(await list({ lab_test_ids: [heart.id], add_on: { provider_ids: ['004515', 'ZZZ999', questOnly.provider_id] } }), [
      ['body', 'add_on', 'provider_ids', 1],
      ['body', 'add_on', 'provider_ids', 2],
    ]);
  });

  it('when several lab tests are paged, then pages split the de-duplicated list with consistent totals', async () => {
    const tests = LAB_TESTS.filter((test) => test.lab_id === 1).map((test) => test.id);
    const all = sorted(LAB_TESTS.filter((test) => test.lab_id === 1).flatMap((test) => test.marker_ids));
    const size = 4;
    const pages = Math.ceil(all.length / size);
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
    expectOnlyViolations(await list({ lab_test_ids: [essential.id] }, query), [['query', name]]);
  });

  it('when add_on.provider_ids is not a list of strings, then 422 naming the item', async () => {
    expectValidation(await list({ add_on: { provider_ids: ['004515', 7] } }), [{ loc: ['body', 'add_on', 'provider_ids', 1], type: 'type_error' }]);
  });
});
