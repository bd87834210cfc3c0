/**
 * The lab test and marker operations of issue 43: updateLabTest (PATCH /v3/lab_tests/{lab_test_id}),
 * listLabTestMarkers (GET /v3/lab_tests/{lab_test_id}/markers), getMarkerByProviderId
 * (GET /v3/lab_tests/{lab_id}/markers/{provider_id}), getLabTestCollectionInstructionPdf
 * (GET /v3/lab_test/{lab_test_id}/collection_instruction_pdf), and `include_pricing=true` on the
 * marker and lab test lists.
 */
import { describe, expect, it } from 'vitest';
import { MARKER_CATALOG, toClientFacingMarker } from '../../server/domain/lab-markers/catalog.js';
import { pdfText } from '../helpers/pdf-text.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';
import { orderBody, STANDARD, TESTKIT, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type LabTest = TeamSchemas['LabTest'];
type MarkerPage = TeamSchemas['LabMarkerPage'];
const labcorp = (slug: string) => MARKER_CATALOG.markers.find((m) => m.lab_id === 1 && m.slug === slug)!;

const binary = (test: ReturnType<ApiApp['team']>['get'] extends (url: string) => infer T ? T : never) =>
  test.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(apiEngines)('lab tests and markers (issue 43) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const makeTest = async (body: Record<string, unknown> = {}, key?: string) =>
    expectStatus<LabTest>(await ctx.team(key).post('/v3/lab_tests').send({ name: 'Thyroid check', description: '', method: 'walk_in_test', marker_ids: [labcorp('tsh').id, labcorp('vitamin-d').id], ...body }), 200);

  describe('updateLabTest', () => {
    it('when a lab test of the team is renamed and deactivated, then it reads back changed, its updated_at moves, and it can no longer be ordered', async () => {
      const made = await makeTest();
      const renamed = expectStatus<LabTest>(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ name: '  Thyroid follow-up ' }), 200);
      expect(renamed).toEqual({ ...made, name: 'Thyroid follow-up' });
      expect(expectStatus<LabTest>(await ctx.team().get(`/v3/lab_tests/${made.id}`), 200)).toEqual(renamed);
      const off = expectStatus<LabTest>(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ active: false }), 200);
      expect(off).toMatchObject({ name: 'Thyroid follow-up', status: 'inactive', is_active: false });
      const user = await ctx.newUser();
      expectValidation(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [made.id] } })), [{ loc: ['body', 'order_set', 'lab_test_ids', 0], msg: `Lab test ${made.id} is inactive and cannot be ordered` }]);
      expectStatus(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ active: true }), 200);
      const order = expectStatus<{ order: TeamSchemas['Order'] }>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [made.id] } })), 200).order;
      expect(order.lab_test.name).toBe('Thyroid follow-up');
      const row = await ctx.server.db.one<{ created_at: string; updated_at: string }>('SELECT created_at, updated_at FROM lab_tests WHERE id = $1', [made.id]);
      expect(new Date(row!.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(row!.created_at).getTime());
    }, 30_000);

    it('when an order was placed before a rename, then the order keeps the lab test as it was', async () => {
      const made = await makeTest({ name: 'Before the rename' });
      const user = await ctx.newUser();
      const order = expectStatus<{ order: TeamSchemas['Order'] }>(await ctx.team().post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [made.id] } })), 200).order;
      expectStatus(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ name: 'After the rename' }), 200);
      expect(expectStatus<TeamSchemas['Order']>(await ctx.team().get(`/v3/order/${order.id}`), 200).lab_test.name).toBe('Before the rename');
    });

    it('when the body is empty or all null, then nothing changes, updated_at included', async () => {
      const made = await makeTest();
      const before = await ctx.server.db.one<{ updated_at: string }>('SELECT updated_at FROM lab_tests WHERE id = $1', [made.id]);
      expect(expectStatus<LabTest>(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({}), 200)).toEqual(made);
      expect(expectStatus<LabTest>(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ name: null, active: null }), 200)).toEqual(made);
      expect(await ctx.server.db.one('SELECT updated_at FROM lab_tests WHERE id = $1', [made.id])).toEqual(before);
    });

    it('when a standard lab test is changed, then 400 saying it cannot be, and it stays as it was', async () => {
      expectDetail(await ctx.team().patch(`/v3/lab_tests/${WALK_IN}`).send({ name: 'Mine now' }), 400, /one of the standard lab tests every team shares, which cannot be changed/);
      expect(expectStatus<LabTest>(await ctx.team().get(`/v3/lab_tests/${WALK_IN}`), 200).name).toBe(STANDARD.walk_in_test!.name);
    });

    it('when the name is empty or blank, or the body has a key it does not declare, then 422 naming it, and nothing changes', async () => {
      const made = await makeTest();
      expectValidation(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ name: '' }), [{ loc: ['body', 'name'] }]);
      expectValidation(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ name: '   ' }), [{ loc: ['body', 'name'] }]);
      expectValidation(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ status: 'inactive' }), [{ loc: ['body', 'status'], type: 'extra_forbidden' }]);
      expect(expectStatus<LabTest>(await ctx.team().get(`/v3/lab_tests/${made.id}`), 200)).toEqual(made);
    });

    it('when the lab test is another team\'s or unknown, then 404, and theirs is unchanged', async () => {
      const other = await ctx.otherTeam();
      const theirs = await makeTest({}, other.apiKey);
      expectDetail(await ctx.team().patch(`/v3/lab_tests/${theirs.id}`).send({ name: 'Taken' }), 404, `Lab test ${theirs.id} not found.`);
      expectDetail(await ctx.team().patch(`/v3/lab_tests/${UNKNOWN_ID}`).send({ name: 'Nobody' }), 404);
      expect(expectStatus<LabTest>(await ctx.team(other.apiKey).get(`/v3/lab_tests/${theirs.id}`), 200).name).toBe('Thyroid check');
    });
  });

  describe('listLabTestMarkers', () => {
    it('when a lab test is listed, then its markers in its order, then its reflex markers it does not hold, paged', async () => {
      const made = await makeTest({ marker_ids: [labcorp('vitamin-d').id, labcorp('tsh').id, labcorp('psa-total').id] });
      const page = expectStatus<MarkerPage>(await ctx.team().get(`/v3/lab_tests/${made.id}/markers`), 200);
      expect(page.markers.map((m) => m.slug)).toEqual(['vitamin-d', 'tsh', 'psa-total', 'free-t4', 'psa-free']);
      expect(page).toMatchObject({ total: 5, page: 1, size: 50, pages: 1 });
      expect(page.markers[3]).toEqual(toClientFacingMarker(labcorp('free-t4')));
      const second = expectStatus<MarkerPage>(await ctx.team().get(`/v3/lab_tests/${made.id}/markers?page=2&size=2`), 200);
      expect(second).toMatchObject({ total: 5, page: 2, size: 2, pages: 3 });
      expect(second.markers.map((m) => m.slug)).toEqual(['psa-total', 'free-t4']);
      // A reflex the lab test already holds is listed once.
      const both = await makeTest({ marker_ids: [labcorp('tsh').id, labcorp('free-t4').id] });
      expect(expectStatus<MarkerPage>(await ctx.team().get(`/v3/lab_tests/${both.id}/markers`), 200).markers.map((m) => m.slug)).toEqual(['tsh', 'free-t4']);
    });

    it('when the standard walk-in lab test is listed, then its markers and the reflexes of its TSH and lipid panel', async () => {
      const page = expectStatus<MarkerPage>(await ctx.team().get(`/v3/lab_tests/${WALK_IN}/markers`), 200);
      expect(page.markers.slice(0, STANDARD.walk_in_test!.marker_ids.length).map((m) => m.id)).toEqual([...STANDARD.walk_in_test!.marker_ids]);
      expect(page.markers.slice(STANDARD.walk_in_test!.marker_ids.length).map((m) => m.slug).sort()).toEqual(['free-t4', 'ldl-direct']);
    });

    it('when a lab account is given, then the team\'s account of the lab answers, another lab\'s is a 404 and another team\'s a 422', async () => {
      const accounts = sandboxLabAccounts(ctx.server);
      expectStatus(await ctx.team().get(`/v3/lab_tests/${WALK_IN}/markers?lab_account_id=${accounts[0]!.id}`), 200);
      const quest = accounts.find((a) => a.lab_slug === 'quest')!;
      expectDetail(await ctx.team().get(`/v3/lab_tests/${WALK_IN}/markers?lab_account_id=${quest.id}`), 404, /has no access to lab labcorp/);
      const theirs = sandboxLabAccounts({ teamId: (await ctx.otherTeam()).team.id, orgId: ctx.server.orgId })[0]!.id;
      expectValidation(await ctx.team().get(`/v3/lab_tests/${WALK_IN}/markers?lab_account_id=${theirs}`), [{ loc: ['query', 'lab_account_id'], msg: `Unknown lab account ${theirs}` }]);
    });

    it('when the lab test is another team\'s or unknown, or the paging is out of bounds, then 404 or 422', async () => {
      const theirs = await makeTest({}, (await ctx.otherTeam()).apiKey);
      expectDetail(await ctx.team().get(`/v3/lab_tests/${theirs.id}/markers`), 404, `Lab test ${theirs.id} not found.`);
      expectDetail(await ctx.team().get(`/v3/lab_tests/${UNKNOWN_ID}/markers`), 404);
      expectValidation(await ctx.team().get(`/v3/lab_tests/${WALK_IN}/markers?size=101`), [{ loc: ['query', 'size'] }]);
      expectValidation(await ctx.team().get(`/v3/lab_tests/${WALK_IN}/markers?page=0`), [{ loc: ['query', 'page'] }]);
      expectValidation(await ctx.team().get('/v3/lab_tests/not-a-uuid/markers'), [{ loc: ['path', 'lab_test_id'], type: 'format' }]);
    });
  });

  describe('getMarkerByProviderId', () => {
    it('when a lab and one of its codes are given (any case, spaces), then that marker', async () => {
      const tsh = labcorp('tsh');
      expect(expectStatus(await ctx.team().get(`/v3/lab_tests/1/markers/${tsh.provider_id}`), 200)).toEqual(toClientFacingMarker(tsh));
      const sonora = MARKER_CATALOG.markers.find((m) => m.lab_id === 4)!;
      expect(expectStatus(await ctx.team().get(`/v3/lab_tests/4/markers/${encodeURIComponent(` ${sonora.provider_id.toLowerCase()}`)}`), 200)).toEqual(toClientFacingMarker(sonora));
    });

    it('when the lab is unknown, or the code is not the lab\'s, then 404 saying which', async () => {
      expectDetail(await ctx.team().get('/v3/lab_tests/99/markers/004259'), 404, 'Lab 99 not found.');
      expectDetail(await ctx.team().get('/v3/lab_tests/2/markers/004259'), 404, 'Lab quest has no marker with test code 004259.');
      expectValidation(await ctx.team().get('/v3/lab_tests/labcorp/markers/004259'), [{ loc: ['path', 'lab_id'] }]);
    });

    it('when a lab account is given, then the team\'s of the lab answers, another lab\'s is a 404 and an unknown one a 422', async () => {
      const accounts = sandboxLabAccounts(ctx.server);
      expectStatus(await ctx.team().get(`/v3/lab_tests/1/markers/004259?lab_account_id=${accounts[1]!.id}`), 200);
      expectDetail(await ctx.team().get(`/v3/lab_tests/1/markers/004259?lab_account_id=${accounts.find((a) => a.lab_slug === 'bioreference')!.id}`), 404, /has no access to lab labcorp/);
      expectValidation(await ctx.team().get(`/v3/lab_tests/1/markers/004259?lab_account_id=${UNKNOWN_ID}`), [{ loc: ['query', 'lab_account_id'], msg: `Unknown lab account ${UNKNOWN_ID}` }]);
    });
  });

  describe('getLabTestCollectionInstructionPdf', () => {
    it('when a testkit lab test\'s instructions are read, then a PDF that parses back to the lab test, its steps and its markers, the same bytes each time', async () => {
      const response = await binary(ctx.team().get(`/v3/lab_test/${TESTKIT}/collection_instruction_pdf`));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/pdf/);
      const bytes = new Uint8Array(response.body as Buffer);
      const parsed = await pdfText(bytes);
      expect(parsed.info.Title).toBe(`Collection instructions: ${STANDARD.testkit!.name}`);
      expect(parsed.text).toContain('Collection Instructions');
      expect(parsed.text).toContain(STANDARD.testkit!.name);
      expect(parsed.text).toContain('At-home test kit');
      expect(parsed.text).toContain('No fasting is needed');
      for (const id of STANDARD.testkit!.marker_ids) expect(parsed.text).toContain(MARKER_CATALOG.index.markerById.get(id)!.provider_id);
      const again = await binary(ctx.team().get(`/v3/lab_test/${TESTKIT}/collection_instruction_pdf`));
      expect(Buffer.compare(again.body as Buffer, response.body as Buffer)).toBe(0);
    });

    it('when a testkit lab test of the team is renamed, then its instructions show the new name', async () => {
      const made = await makeTest({ name: 'Home hormones', method: 'testkit', marker_ids: [labcorp('estradiol').id] });
      expectStatus(await ctx.team().patch(`/v3/lab_tests/${made.id}`).send({ name: 'Home estradiol' }), 200);
      const parsed = await pdfText(new Uint8Array((await binary(ctx.team().get(`/v3/lab_test/${made.id}/collection_instruction_pdf`))).body as Buffer));
      expect(parsed.text).toContain('Home estradiol');
      expect(parsed.text).toContain(labcorp('estradiol').name);
    });

    it('when the lab test has no instructions (not a testkit), or is another team\'s or unknown, then 404 saying so', async () => {
      expectDetail(await ctx.team().get(`/v3/lab_test/${WALK_IN}/collection_instruction_pdf`), 404, /has no collection instructions/);
      const theirs = await makeTest({ method: 'testkit', marker_ids: [labcorp('estradiol').id] }, (await ctx.otherTeam()).apiKey);
      expectDetail(await ctx.team().get(`/v3/lab_test/${theirs.id}/collection_instruction_pdf`), 404, `Lab test ${theirs.id} not found.`);
    });
  });

  describe('include_pricing', () => {
    it('when markers are listed with include_pricing=true, then each marker of the page has its price in cents and its reflex as a modifier; without it, no pricing', async () => {
      const page = expectStatus<MarkerPage>(await ctx.team().get('/v3/lab_tests/markers?lab_id=1&name=tsh&include_pricing=true'), 200);
      const tsh = labcorp('tsh');
      expect(page.pricing!.currency).toBe('USD');
      expect(Object.keys(page.pricing!.data).sort()).toEqual(page.markers.map((m) => String(m.id)).sort());
      expect(page.pricing!.data[String(tsh.id)]).toEqual({ base_amount_minor: 1500, modifiers: [{ delta_amount_minor: 1500, conditions: { reflex: {} } }] });
      for (const marker of page.markers) expect((page.pricing!.data[String(marker.id)] as { base_amount_minor: number }).base_amount_minor).toBe(Math.round(Number(marker.price) * 100));
      expect(expectStatus<MarkerPage>(await ctx.team().get('/v3/lab_tests/markers?lab_id=1&name=tsh'), 200).pricing ?? null).toBeNull();
    });

    it('when lab tests are listed with include_pricing=true, then each lab test\'s base is the sum of its marker breakdown and its price in cents', async () => {
      await makeTest();
      const page = expectStatus<TeamSchemas['LabTestPage']>(await ctx.team().get('/v3/lab_test?include_pricing=true&lab_test_limit=100'), 200);
      expect(page.pricing!.currency).toBe('USD');
      expect(Object.keys(page.pricing!.data).sort()).toEqual(page.data.map((t) => t.id).sort());
      for (const test of page.data) {
        const pricing = page.pricing!.data[test.id]!;
        const breakdown = Object.values(pricing.marker_breakdown) as { base_amount_minor: number }[];
        expect((pricing.pricing as { base_amount_minor: number }).base_amount_minor).toBe(breakdown.reduce((sum, p) => sum + p.base_amount_minor, 0));
        expect((pricing.pricing as { base_amount_minor: number }).base_amount_minor).toBe(Math.round(test.price * 100));
        expect(Object.keys(pricing.marker_breakdown).sort()).toEqual((test.markers ?? []).map((m) => String(m.id)).sort());
      }
      expect(page.pricing!.total).toBe(page.data.reduce((cents, t) => cents + Math.round(t.price * 100), 0) / 100);
      expect(expectStatus<TeamSchemas['LabTestPage']>(await ctx.team().get('/v3/lab_test'), 200).pricing).toBeNull();
    });
  });
});
