import { describe, expect, it } from 'vitest';
import { MARKER_CATALOG, toClientFacingMarker } from '../../server/domain/lab-markers/catalog.js';
import { SANDBOX_LAB_ACCOUNTS } from '../../server/domain/lab-accounts/accounts.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';

const MARKERS = MARKER_CATALOG.markers;
import { apiEngines, expectOnlyViolations, expectStatus, expectValidation, useApiApp, type TeamSchemas } from './helpers.js';

type MarkerPage = TeamSchemas['LabMarkerPage'];

const idsOf = (page: MarkerPage) => page.markers.map((marker) => marker.id);
const countOf = (predicate: (marker: (typeof MARKERS)[number]) => boolean) => MARKERS.filter(predicate).length;

describe.each(apiEngines)('listMarkers (GET /v3/lab_tests/markers) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const list = (query: string) => ctx.team().get(`/v3/lab_tests/markers${query ? `?${query}` : ''}`);
  const page = async (query: string) => expectStatus<MarkerPage>(await list(query), 200);

  it('when listed without parameters, then the first 50 markers in id order, with the catalog totals', async () => {
    const first = await page('');
    expect(first).toEqual({
      markers: MARKERS.slice(0, 50).map(toClientFacingMarker),
      total: MARKERS.length,
      page: 1,
      size: 50,
      pages: Math.ceil(MARKERS.length / 50),
    });
  });

  it('when the glucose marker of Labcorp is found by name, then it has its test code, LOINC and price', async () => {
    const found = await page('lab_id=1&name=glucose');
    expect(found.markers[0]).toMatchObject({
      id: 1001,
      name: 'Glucose',
      lab_id: 1,
      provider_id: '001818',
      type: 'biomarker',
      unit: 'mg/dL',
      price: expect.stringMatching(/^\d+\.\d\d$/),
      expected_results: [expect.objectContaining({ provider_id: '001818', required: true, loinc: expect.objectContaining({ code: '2345-7' }) })],
    });
  });

  it('when the Labcorp lipid panel is found, then its measured results are required and its calculated ones are not', async () => {
    const [lipid] = (await page('lab_id=1&name=lipid%20panel')).markers;
    const required = Object.fromEntries(lipid!.expected_results.map((result) => [result.name, result.required]));
    expect(required).toMatchObject({ 'Cholesterol, Total': true, 'HDL Cholesterol': true, Triglycerides: true, 'LDL Cholesterol, Calculated': false });
  });

  it('when include_pricing=false, then the same page as without it: every marker keeps its price', async () => {
    const plain = await page('lab_id=2&size=20');
    const answered = await page('lab_id=2&size=20&include_pricing=false');
    expect(answered).toEqual(plain);
    for (const marker of answered.markers) expect(marker.price).toMatch(/^\d+\.\d\d$/);
  });

  it("when include_pricing=true, then the same page with a pricing block: each marker's price in minor units, in USD", async () => {
    const plain = await page('lab_id=2&size=20');
    const { pricing, ...answered } = (await page('lab_id=2&size=20&include_pricing=true')) as typeof plain & { pricing?: { currency: string; data: Record<string, { base_amount_minor: number }> } };
    expect(answered).toEqual(plain);
    expect(pricing?.currency).toBe('USD');
    expect(Object.keys(pricing?.data ?? {}).sort()).toEqual(plain.markers.map((marker) => String(marker.id)).sort());
    for (const marker of plain.markers) expect(pricing?.data[String(marker.id)]?.base_amount_minor).toBe(Math.round(Number(marker.price) * 100));
  });

  it('when include_pricing is not a boolean, then 422 on ["query", "include_pricing"]', async () => {
    expectOnlyViolations(await list('include_pricing=maybe'), [['query', 'include_pricing']]);
  });

  it('when lab_id is a single value, then only markers of that lab', async () => {
    const labcorp = await page('lab_id=1&size=100');
    expect(labcorp.total).toBe(countOf((marker) => marker.lab_id === 1));
    expect(labcorp.markers.every((marker) => marker.lab_id === 1)).toBe(true);
  });

  it('when lab_id is repeated, then markers of each of those labs', async () => {
    const two = await page('lab_id=2&lab_id=4&size=100');
    expect(two.total).toBe(countOf((marker) => marker.lab_id === 2 || marker.lab_id === 4));
    expect(new Set(two.markers.map((marker) => marker.lab_id))).toEqual(new Set([2]));
    const last = await page(`lab_id=2&lab_id=4&size=100&page=${two.pages}`);
    expect(last.markers.at(-1)?.lab_id).toBe(4);
  });

  it('when lab_id is an unknown lab, then no markers', async () => {
    expect(await page('lab_id=99')).toMatchObject({ markers: [], total: 0, pages: 0 });
  });

  it('when lab_slug and lab_id are both given, then lab_slug wins', async () => {
    const quest = await page('lab_slug=quest&lab_id=1&size=100');
    expect(quest.total).toBe(countOf((marker) => marker.lab_id === 2));
    expect(quest.markers.every((marker) => marker.lab_id === 2)).toBe(true);
  });

  it('when lab_slug is unknown, then no markers even with a lab_id', async () => {
    expect((await page('lab_slug=acme&lab_id=1')).total).toBe(0);
  });

  it('when name is searched in another case, then the match is case-insensitive', async () => {
    const lower = await page('name=vitamin');
    const upper = await page('name=VITAMIN');
    expect(lower.total).toBeGreaterThan(0);
    expect(upper).toEqual(lower);
    expect(lower.total).toBe(countOf((marker) => marker.name.toLowerCase().includes('vitamin')));
  });

  it('when name is a lab test code or its start, then the markers with that code', async () => {
    expect(idsOf(await page('name=004515'))).toEqual(MARKERS.filter((marker) => marker.provider_id === '004515').map((marker) => marker.id));
    const prefix = await page('name=0018&size=100');
    expect(prefix.total).toBe(countOf((marker) => marker.provider_id.startsWith('0018') || marker.name.includes('0018')));
    expect(prefix.markers.some((marker) => marker.provider_id === '001818')).toBe(true);
  });

  it('when name is a Sonora Quest code in lower case, then it is found', async () => {
    const code = MARKERS.find((marker) => marker.lab_id === 4)!.provider_id;
    expect(idsOf(await page(`name=${code.toLowerCase()}`))).toContain(MARKERS.find((marker) => marker.provider_id === code)!.id);
  });

  it('when name has surrounding spaces or is empty, then it is trimmed, and empty means no filter', async () => {
    expect((await page('name=%20glucose%20&lab_id=1')).markers[0]?.id).toBe(1001);
    expect((await page('name=')).total).toBe(MARKERS.length);
  });

  it('when a_la_carte_enabled is given, then it filters on it both ways', async () => {
    const orderable = await page('a_la_carte_enabled=true&size=100');
    const calculated = await page('a_la_carte_enabled=false&size=100');
    expect(orderable.total).toBe(countOf((marker) => marker.a_la_carte_enabled));
    expect(calculated.total).toBe(countOf((marker) => !marker.a_la_carte_enabled));
    expect(calculated.total).toBeGreaterThan(0);
    expect(calculated.markers.every((marker) => marker.a_la_carte_enabled === false)).toBe(true);
  });

  it('when a_la_carte_enabled is not a boolean, then 422', async () => {
    expectOnlyViolations(await list('a_la_carte_enabled=maybe'), [['query', 'a_la_carte_enabled']]);
  });

  it.each(SANDBOX_LAB_ACCOUNTS.map((template, i) => [template.account_name, i] as const))('when lab_account_id is the team\'s %s, then only markers of its labs', async (_name, i) => {
    const account = sandboxLabAccounts(ctx.server)[i]!;
    const found = await page(`lab_account_id=${account.id}&size=100`);
    expect(found.total).toBe(countOf((marker) => account.lab_ids.includes(marker.lab_id)));
    expect(found.markers.every((marker) => account.lab_ids.includes(marker.lab_id))).toBe(true);
  });

  it('when lab_account_id and lab_id are combined, then the labs of both', async () => {
    const [national] = sandboxLabAccounts(ctx.server);
    expect((await page(`lab_account_id=${national!.id}&lab_id=1`)).total).toBe(countOf((marker) => marker.lab_id === 1));
    expect((await page(`lab_account_id=${national!.id}&lab_id=3`)).total).toBe(0);
  });

  it('when lab_account_id is not one of the team\'s (unknown, or another team\'s), then 422 naming it', async () => {
    expectValidation(await list('lab_account_id=00000000-0000-4000-8000-000000000000'), [{ loc: ['query', 'lab_account_id'], msg: 'Unknown lab account 00000000-0000-4000-8000-000000000000' }]);
    const other = await ctx.otherTeam();
    const theirs = expectStatus<{ data: { id: string }[] }>(await ctx.team(other.apiKey).get('/v3/lab_test/lab_account'), 200).data[0]!.id;
    expectValidation(await list(`lab_account_id=${theirs}`), [{ loc: ['query', 'lab_account_id'], msg: `Unknown lab account ${theirs}` }]);
  });

  it('when lab_account_id is not a UUID, then 422', async () => {
    expectValidation(await list('lab_account_id=national'), [{ loc: ['query', 'lab_account_id'], type: 'format' }]);
  });

  it('when paging with a size, then pages cover the list in id order without overlap, and totals are consistent', async () => {
    const size = 37;
    const pages = Math.ceil(MARKERS.length / size);
    const seen: number[] = [];
    for (let n = 1; n <= pages; n++) {
      const current = await page(`size=${size}&page=${n}`);
      expect({ total: current.total, page: current.page, size: current.size, pages: current.pages }).toEqual({ total: MARKERS.length, page: n, size, pages });
      expect(current.markers.length).toBe(n < pages ? size : MARKERS.length - size * (pages - 1));
      seen.push(...idsOf(current));
    }
    expect(seen).toEqual(MARKERS.map((marker) => marker.id));
  });

  it('when a filtered search is paged, then its totals count the matches', async () => {
    const all = await page('lab_id=1&a_la_carte_enabled=false&size=100');
    const second = await page('lab_id=1&a_la_carte_enabled=false&size=5&page=2');
    expect(second).toMatchObject({ total: all.total, page: 2, size: 5, pages: Math.ceil((all.total ?? 0) / 5) });
    expect(idsOf(second)).toEqual(idsOf(all).slice(5, 10));
  });

  it('when the page is past the end, then no markers but the same totals', async () => {
    const pages = Math.ceil(MARKERS.length / 50);
    expect(await page(`page=${pages + 1}`)).toEqual({ markers: [], total: MARKERS.length, page: pages + 1, size: 50, pages });
  });

  it('when size is 1 or 100, then it is accepted', async () => {
    expect((await page('size=1')).markers).toHaveLength(1);
    expect((await page('size=100')).markers).toHaveLength(100);
  });

  it.each([
    ['size=101', ['query', 'size'], 'less_than_equal'],
    ['size=0', ['query', 'size'], 'greater_than_equal'],
    ['page=0', ['query', 'page'], 'greater_than_equal'],
    ['page=-1', ['query', 'page'], 'greater_than_equal'],
    ['page=1.5', ['query', 'page'], 'type_error'],
    ['size=ten', ['query', 'size'], 'type_error'],
  ])('when %s, then 422 on that parameter', async (query, loc, type) => {
    expectOnlyViolations(await list(query), [loc]);
    expectValidation(await list(query), [{ loc, type }]);
  });

  it('when lab_id is not an integer, then 422 naming its index', async () => {
    expectValidation(await list('lab_id=1&lab_id=quest'), [{ loc: ['query', 'lab_id', 1], type: 'type_error' }]);
  });

  it('when a parameter is unknown, then 422 naming it', async () => {
    expectValidation(await list('colour=blue'), [{ loc: ['query', 'colour'] }]);
  });
});
