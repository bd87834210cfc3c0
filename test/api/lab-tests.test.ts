import { describe, expect, it } from 'vitest';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';
import { listLabs, standardLabTests } from '../../server/domain/lab-tests/catalog.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type LabTest = TeamSchemas['LabTest'];
type LabTestPage = TeamSchemas['LabTestPage'];

const STANDARD = standardLabTests(MARKER_CATALOG);
const labcorpCode = (slug: string) => MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.slug === slug)!;

describe.each(apiEngines)('lab tests (GET /v3/lab_test, GET and POST /v3/lab_tests, GET /v3/lab_tests/{lab_test_id}, GET /v3/lab_tests/labs) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  it('when a new team lists its lab tests, then it has the four standard ones, one per collection method, built from the catalog', async () => {
    const other = await ctx.otherTeam();
    const page = expectStatus<LabTestPage>(await ctx.team(other.apiKey).get('/v3/lab_test'), 200);
    expect(page.data.map((t) => t.method).sort()).toEqual(['at_home_phlebotomy', 'on_site_collection', 'testkit', 'walk_in_test']);
    expect(page.next_cursor).toBeNull();
    const walkIn = page.data.find((t) => t.method === 'walk_in_test')!;
    expect(walkIn.markers.map((m) => m.id)).toEqual(STANDARD.find((t) => t.method === 'walk_in_test')!.marker_ids);
    expect(walkIn.price).toBe(walkIn.markers.reduce((sum, m) => sum + Math.round(Number(m.price) * 100), 0) / 100);
    expect(walkIn.lab.slug).toBe('labcorp');
    expect(walkIn.status).toBe('active');
    // The family's deprecated flag: no lab test is ordered through a physician network of the team's own here.
    expect(page.data.map((t) => t.is_delegated)).toEqual([false, false, false, false]);
  });

  it('when a lab test is created from marker ids, then it is active, priced, and read back by id and in the lists', async () => {
    const created = expectStatus<LabTest>(await ctx.team().post('/v3/lab_tests').send({ name: 'Vitamin D and iron', description: 'Two markers.', method: 'walk_in_test', marker_ids: [1065, 1061] }), 200);
    expect(created).toMatchObject({ name: 'Vitamin D and iron', slug: 'vitamin_d_and_iron', method: 'walk_in_test', status: 'active', is_active: true, sample_type: 'serum', fasting: false, auto_generated: false });
    expect(created.markers.map((m) => m.id)).toEqual([1065, 1061]);
    expect(expectStatus<LabTest>(await ctx.team().get(`/v3/lab_tests/${created.id}`), 200)).toEqual(created);
    const listed = expectStatus<LabTest[]>(await ctx.team().get('/v3/lab_tests?name=iron'), 200);
    expect(listed.map((t) => t.id)).toContain(created.id);
    const paged = expectStatus<LabTestPage>(await ctx.team().get('/v3/lab_test?marker_ids=1065&marker_ids=1061&include_pricing=true'), 200);
    expect(paged.data.map((t) => t.id)).toEqual([created.id]);
    expect(paged.pricing).toMatchObject({ total: created.price, currency: 'USD' });
  });

  it('when a lab test is created from lab test codes at a lab, then the markers of that lab are used', async () => {
    const glucose = labcorpCode('glucose');
    const created = expectStatus<LabTest>(await ctx.team().post('/v3/lab_tests').send({ name: 'Glucose', description: '', method: 'at_home_phlebotomy', provider_ids: [glucose.provider_id], lab_slug: 'labcorp' }), 200);
    expect(created.markers.map((m) => m.id)).toEqual([glucose.id]);
  });

  it('when markers are of two labs, not orderable alone, or not collectable by testkit, then 422 naming each', async () => {
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Mixed', description: '', method: 'walk_in_test', marker_ids: [1065, 2065] }), [{ loc: ['body', 'marker_ids', 1] }]);
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Calc', description: '', method: 'walk_in_test', marker_ids: [1006] }), [{ loc: ['body', 'marker_ids', 0], msg: /cannot be ordered on its own/ }]);
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Kit', description: '', method: 'testkit', marker_ids: [1002, 1001] }), [{ loc: ['body', 'marker_ids', 1], msg: /cannot be collected by testkit/ }]);
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'None', description: '', method: 'walk_in_test', marker_ids: [999999] }), [{ loc: ['body', 'marker_ids', 0], msg: 'Unknown marker 999999' }]);
  });

  it('when the lab does not collect by the method, then 422 naming each marker', async () => {
    const sonora = MARKER_CATALOG.markers.filter((m) => m.lab_id === 4 && m.a_la_carte_enabled).slice(0, 2);
    const detail = expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Kit', description: '', method: 'at_home_phlebotomy', marker_ids: sonora.map((m) => m.id) }), [
      { loc: ['body', 'marker_ids', 0], msg: /cannot be collected by at_home_phlebotomy: lab sonora_quest collects by/ },
      { loc: ['body', 'marker_ids', 1], msg: /cannot be collected by at_home_phlebotomy/ },
    ]);
    expect(detail).toHaveLength(2);
  });

  it('when several markers are at fault in different ways, then one 422 names every one of them', async () => {
    const detail = expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'x', description: '', method: 'walk_in_test', marker_ids: [1065, 2002, 9999, 1006] }), [
      { loc: ['body', 'marker_ids', 1], msg: /is at lab 2, not at lab 1/ },
      { loc: ['body', 'marker_ids', 2], msg: 'Unknown marker 9999' },
      { loc: ['body', 'marker_ids', 3], msg: /cannot be ordered on its own/ },
    ]);
    expect(detail).toHaveLength(3);
  });

  it('when a marker is named twice, by id, by lab test code or by both, then 422 naming each later mention at its index, and no lab test is made', async () => {
    expectOnlyViolations(await ctx.team().post('/v3/lab_tests').send({ name: 'Twice', description: '', method: 'walk_in_test', marker_ids: [1065, 1061, 1065, 9999, 9999] }), [
      ['body', 'marker_ids', 2],
      ['body', 'marker_ids', 3],
      ['body', 'marker_ids', 4],
    ]);
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Twice', description: '', method: 'walk_in_test', marker_ids: [1065, 1061, 1065] }), [
      { loc: ['body', 'marker_ids', 2], msg: 'Marker 1065 is named more than once (first at marker_ids[0])', type: 'value_error' },
    ]);
    expectOnlyViolations(await ctx.team().post('/v3/lab_tests').send({ name: 'Twice', description: '', method: 'walk_in_test', provider_ids: ['081950', '004598', '081950'], lab_slug: 'labcorp' }), [['body', 'provider_ids', 2]]);
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Twice', description: '', method: 'walk_in_test', provider_ids: ['081950', '081950'] }), [
      { loc: ['body', 'provider_ids', 1], msg: 'Marker test code 081950 is named more than once (first at provider_ids[0])' },
    ]);
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Twice', description: '', method: 'walk_in_test', marker_ids: [1061, 1065], provider_ids: ['081950'] }), [
      { loc: ['body', 'provider_ids', 0], msg: 'Marker test code 081950 is marker 1065, already named at marker_ids[1]' },
    ]);
    expect(expectStatus<LabTestPage>(await ctx.team().get('/v3/lab_test?name=Twice&generation_method=all'), 200).data).toEqual([]);
  });

  it('when lab_slug is given, then marker_ids must be markers of that lab', async () => {
    expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'x', description: '', method: 'walk_in_test', marker_ids: [1065], lab_slug: 'quest' }), [
      { loc: ['body', 'marker_ids', 0], msg: /is at lab 1, not at lab/ },
    ]);
  });

  it('when a marker id filter is beyond a 32-bit integer, then both lists answer 422 at it, not a server error', async () => {
    for (const path of ['/v3/lab_test', '/v3/lab_tests']) {
      expectValidation(await ctx.team().get(`${path}?marker_ids=2147483648`), [{ loc: ['query', 'marker_ids', 0] }]);
      expectValidation(await ctx.team().get(`${path}?marker_ids=0`), [{ loc: ['query', 'marker_ids', 0] }]);
      expectStatus(await ctx.team().get(`${path}?marker_ids=2147483647`), 200);
    }
  });

  it("when the lab test is another team's or unknown, then 404", async () => {
    const other = await ctx.otherTeam();
    const theirs = expectStatus<LabTest>(await ctx.team(other.apiKey).post('/v3/lab_tests').send({ name: 'Theirs', description: '', method: 'walk_in_test', marker_ids: [1065] }), 200);
    expectDetail(await ctx.team().get(`/v3/lab_tests/${theirs.id}`), 404, `Lab test ${theirs.id} not found.`);
    expectDetail(await ctx.team().get(`/v3/lab_tests/${UNKNOWN_ID}`), 404, `Lab test ${UNKNOWN_ID} not found.`);
  });

  it('when a lab test is read with a lab account, then it is answered where the lists show it for that account, and a 404 saying why where they leave it out', async () => {
    const walkIn = STANDARD.find((t) => t.method === 'walk_in_test')!;
    const LAB_ACCOUNTS = sandboxLabAccounts(ctx.server);
    const [national, bioReference] = [LAB_ACCOUNTS.find((a) => a.lab_ids.includes(walkIn.lab_id))!, LAB_ACCOUNTS.find((a) => !a.lab_ids.includes(walkIn.lab_id))!];
    const listed = async (account: string) => expectStatus<LabTestPage>(await ctx.team().get(`/v3/lab_test?lab_account_id=${account}`), 200).data.map((t) => t.id);
    expect(expectStatus<LabTest>(await ctx.team().get(`/v3/lab_tests/${walkIn.id}?lab_account_id=${national.id}`), 200)).toEqual(expectStatus<LabTest>(await ctx.team().get(`/v3/lab_tests/${walkIn.id}`), 200));
    expect(await listed(national.id)).toContain(walkIn.id);
    expectDetail(await ctx.team().get(`/v3/lab_tests/${walkIn.id}?lab_account_id=${bioReference.id}`), 404,
      `Lab test ${walkIn.id} is not available through lab account ${bioReference.id}: Lab account ${bioReference.id} has no access to lab labcorp (it is a ${bioReference.lab_slug} account).`);
    expect(await listed(bioReference.id)).not.toContain(walkIn.id);
    // An account that is not the team's (unknown, or another team's) is a 422 naming it, on the read and the lists.
    expectValidation(await ctx.team().get(`/v3/lab_tests/${walkIn.id}?lab_account_id=${UNKNOWN_ID}`), [{ loc: ['query', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` }]);
    expectValidation(await ctx.team().get(`/v3/lab_test?lab_account_id=${UNKNOWN_ID}`), [{ loc: ['query', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` }]);
    // A lab test the team made, at the account's lab; the account's id in capitals is the same account.
    const made = expectStatus<LabTest>(await ctx.team().post('/v3/lab_tests').send({ name: 'Vitamin D at Labcorp', description: '', method: 'walk_in_test', marker_ids: [1065] }), 200);
    expectStatus(await ctx.team().get(`/v3/lab_tests/${made.id}?lab_account_id=${national.id.toUpperCase()}`), 200);
    expectValidation(await ctx.team().get(`/v3/lab_tests/${walkIn.id}?lab_account_id=national`), [{ loc: ['query', 'lab_account_id'] }]);
  });

  it('when lab tests are paged one at a time, then every one is seen once, in name order', async () => {
    const other = await ctx.otherTeam();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: LabTestPage = expectStatus<LabTestPage>(await ctx.team(other.apiKey).get(`/v3/lab_test?lab_test_limit=1${cursor ? `&next_cursor=${cursor}` : ''}`), 200);
      seen.push(...page.data.map((t) => t.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...STANDARD.map((t) => t.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('when lab tests are listed by updated_at, then they come as by created_at (lab tests do not change), a cursor pages through them one at a time, and a cursor of another key is a 422', async () => {
    const other = await ctx.otherTeam();
    const made: LabTest[] = [];
    for (const name of ['Zinc first', 'Iron second', 'Calcium third']) {
      made.push(expectStatus<LabTest>(await ctx.team(other.apiKey).post('/v3/lab_tests').send({ name, description: '', method: 'walk_in_test', marker_ids: [1065] }), 200));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ids = async (path: string) => expectStatus<LabTest[]>(await ctx.team(other.apiKey).get(path), 200).map((t) => t.id);
    for (const direction of ['asc', 'desc']) {
      const byCreation = await ids(`/v3/lab_tests?order_key=created_at&order_direction=${direction}`);
      expect(await ids(`/v3/lab_tests?order_key=updated_at&order_direction=${direction}`)).toEqual(byCreation);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page: LabTestPage = expectStatus<LabTestPage>(await ctx.team(other.apiKey).get(`/v3/lab_test?order_key=updated_at&order_direction=${direction}&lab_test_limit=1${cursor ? `&next_cursor=${cursor}` : ''}`), 200);
        paged.push(...page.data.map((t) => t.id));
        cursor = page.next_cursor;
        if (cursor && paged.length === 1) {
          expectValidation(await ctx.team(other.apiKey).get(`/v3/lab_test?order_key=created_at&next_cursor=${cursor}`), [{ loc: ['query', 'next_cursor'], msg: /issued for order_key updated_at/ }]);
        }
      } while (cursor);
      expect(paged).toEqual(byCreation);
    }
    // The standard lab tests first, then the team's own, oldest first.
    expect((await ids('/v3/lab_tests?order_key=updated_at')).slice(-3)).toEqual(made.map((t) => t.id));
  });

  it('when the cursor was not issued by the server, then 422 at next_cursor', async () => {
    expectValidation(await ctx.team().get('/v3/lab_test?next_cursor=abc'), [{ loc: ['query', 'next_cursor'] }]);
  });

  it('when the labs are listed, then each has its address, collection methods and sample types', async () => {
    expect(expectStatus(await ctx.team().get('/v3/lab_tests/labs'), 200)).toEqual(listLabs(MARKER_CATALOG));
  });
});
