/**
 * listLabAccounts (GET /v3/lab_test/lab_account) and the rules every operation that takes a
 * `lab_account_id` applies with the team's accounts: another team's account is unknown (a 422
 * naming it, a 404 on the accounts list), an order goes through an active account of its lab
 * that allows its collection method and billing type for the patient's state, and the account
 * an order went through is recorded with its results.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_LAB_ACCOUNTS } from '../../server/domain/lab-accounts/accounts.js';
import { sandboxLabAccounts } from './lab-account-fixtures.js';
import { orderBody, patientAddress, STANDARD, WALK_IN } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type TeamSchemas } from './helpers.js';

type Accounts = TeamSchemas['LabAccountList'];
type Account = TeamSchemas['ClientFacingLabAccount'];

describe.each(apiEngines)('lab accounts on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const accounts = async (query = '', key?: string) => expectStatus<Accounts>(await ctx.team(key).get(`/v3/lab_test/lab_account${query}`), 200).data;
  const byLab = (list: Account[], lab: string, status = 'active') => list.find((a) => a.lab === lab && a.status === status)!;

  describe('listLabAccounts', () => {
    it('when listed, then the team has one account of each sandbox kind, the same on every read, with their labs, billing, methods and status', async () => {
      const list = await accounts();
      expect(list.map((a) => [a.lab, a.account_name, a.status])).toEqual(SANDBOX_LAB_ACCOUNTS.map((t) => [t.lab_slug, t.account_name, t.status]));
      expect(await accounts()).toEqual(list);
      expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
      for (const account of list) {
        expect(account.team_id_allowlist).toEqual([ctx.server.teamId]);
        expect(account.org_id).toBe(ctx.server.orgId);
        expect(account.provider_account_id).toMatch(/^\d{8}$/);
        expect(Object.keys(account.allowed_billing).length).toBeGreaterThan(0);
        expect(account.allowed_collection_methods!.length).toBeGreaterThan(0);
      }
      // The full Labcorp account bills patients everywhere but in the states that restrict it.
      const labcorp = list[0]!;
      expect(labcorp.allowed_billing.patient_bill).not.toContain('NY');
      expect(labcorp.allowed_billing.client_bill).toContain('NY');
      expect(list.map((a) => a.id)).toEqual(sandboxLabAccounts(ctx.server).map((a) => a.id));
    });

    it('when filtered by status or by one of its ids (any case), then only those; an unknown status is a 422', async () => {
      const list = await accounts();
      expect(await accounts('?status=pending')).toEqual(list.filter((a) => a.status === 'pending'));
      expect(await accounts('?status=suspended')).toEqual([]);
      expect(await accounts(`?lab_account_id=${list[2]!.id.toUpperCase()}`)).toEqual([list[2]]);
      expect(await accounts(`?lab_account_id=${list[2]!.id}&status=pending`)).toEqual([]);
      expectValidation(await ctx.team().get('/v3/lab_test/lab_account?status=closed'), [{ loc: ['query', 'status'] }]);
      expectValidation(await ctx.team().get('/v3/lab_test/lab_account?lab_account_id=labcorp'), [{ loc: ['query', 'lab_account_id'], type: 'format' }]);
    });

    it('when another team lists its accounts, then none is ours; asking for one of theirs (or an unknown id) is a 404', async () => {
      const other = await ctx.otherTeam();
      const theirs = await accounts('', other.apiKey);
      const ours = await accounts();
      expect(theirs).toHaveLength(ours.length);
      expect(theirs.some((a) => ours.some((b) => b.id === a.id))).toBe(false);
      expectDetail(await ctx.team().get(`/v3/lab_test/lab_account?lab_account_id=${theirs[0]!.id}`), 404, `Lab account ${theirs[0]!.id} not found.`);
      expectDetail(await ctx.team().get(`/v3/lab_test/lab_account?lab_account_id=${UNKNOWN_ID}`), 404, `Lab account ${UNKNOWN_ID} not found.`);
    });

    it('when called without a key, then 401', async () => {
      expectDetail(await ctx.team(null).get('/v3/lab_test/lab_account'), 401);
    });
  });

  describe('orders through a lab account', () => {
    const place = async (overrides: Record<string, unknown>) => ctx.team().post('/v3/order').send(orderBody((await ctx.newUser()).user_id, overrides));

    it('when the account is another team\'s, then 422 naming it at each place it is given', async () => {
      const theirs = (await accounts('', (await ctx.otherTeam()).apiKey))[0]!.id;
      expectValidation(await place({ lab_account_id: theirs }), [{ loc: ['body', 'lab_account_id'], msg: `Unknown lab account ${theirs}` }]);
      expectValidation(await place({ order_set: { lab_test_ids: [WALK_IN], lab_account_id: theirs } }), [{ loc: ['body', 'order_set', 'lab_account_id'], msg: `Unknown lab account ${theirs}` }]);
    });

    it('when the account does not allow the collection method, then 422 naming the account and the method; one that does is taken', async () => {
      const clientBill = (await accounts()).find((a) => a.account_name === 'Labcorp client-bill account')!;
      const atHome = STANDARD.at_home_phlebotomy!.id;
      expectValidation(await place({ lab_account_id: clientBill.id, order_set: { lab_test_ids: [atHome] } }), [
        { loc: ['body', 'lab_account_id'], msg: `Lab account ${clientBill.id} does not allow collection method at_home_phlebotomy (it allows testkit, walk_in_test)` },
      ]);
      expectStatus(await place({ lab_account_id: byLab(await accounts(), 'labcorp').id, order_set: { lab_test_ids: [atHome] } }), 200);
    });

    it('when the account does not allow the billing type, or not for the patient\'s state, then 422 naming it; where it does, the order is placed', async () => {
      const [primary, clientBill] = await accounts();
      expectValidation(await place({ lab_account_id: clientBill!.id, billing_type: 'patient_bill' }), [
        { loc: ['body', 'lab_account_id'], msg: `Lab account ${clientBill!.id} does not allow billing type patient_bill (it allows client_bill)` },
      ]);
      expectValidation(await place({ lab_account_id: primary!.id, billing_type: 'patient_bill', patient_address: { ...patientAddress, city: 'New York', state: 'NY', zip: '10001' } }), [
        { loc: ['body', 'lab_account_id'], msg: `Lab account ${primary!.id} does not allow billing type patient_bill for patients in NY` },
      ]);
      expectStatus(await place({ lab_account_id: primary!.id, billing_type: 'patient_bill' }), 200);
      expectStatus(await place({ lab_account_id: clientBill!.id, billing_type: 'client_bill' }), 200);
    });

    it('when the account is not active, then 422 saying so', async () => {
      const pending = (await accounts('?status=pending'))[0]!;
      const sonoraMarker = expectStatus<TeamSchemas['LabMarkerPage']>(await ctx.team().get('/v3/lab_tests/markers?lab_slug=sonora_quest&a_la_carte_enabled=true&size=1'), 200).markers[0]!;
      const response = await place({ lab_account_id: pending.id, collection_method: 'walk_in_test', order_set: { add_on: { marker_ids: [sonoraMarker.id] } } });
      expectValidation(response, [{ loc: ['body', 'lab_account_id'], msg: `Lab account ${pending.id} is pending, not active: no order can go through it yet` }]);
    });
    // The account an order went through is in its results' metadata: lab-results.test.ts.
  });

  describe('lab tests and markers through a lab account', () => {
    it('when a lab test is made through an account that does not allow its collection method, then 422 naming it', async () => {
      const clientBill = (await accounts())[1]!;
      expectValidation(await ctx.team().post('/v3/lab_tests').send({ name: 'Vitamin D at home', description: '', method: 'at_home_phlebotomy', marker_ids: [1065], lab_account_id: clientBill.id }), [
        { loc: ['body', 'lab_account_id'], msg: /does not allow collection method at_home_phlebotomy/ },
      ]);
      expectStatus(await ctx.team().post('/v3/lab_tests').send({ name: 'Vitamin D walk-in', description: '', method: 'walk_in_test', marker_ids: [1065], lab_account_id: clientBill.id }), 200);
    });

    it('when the order set markers are listed through another team\'s account, or one of another lab, then 422 naming it', async () => {
      const theirs = (await accounts('', (await ctx.otherTeam()).apiKey))[0]!.id;
      const list = (lab_account_id: string) => ctx.team().post('/v3/lab_tests/list_order_set_markers').send({ lab_test_ids: [WALK_IN], lab_account_id });
      expectValidation(await list(theirs), [{ loc: ['body', 'lab_account_id'], msg: `Unknown lab account ${theirs}` }]);
      expectValidation(await list(byLab(await accounts(), 'quest').id), [{ loc: ['body', 'lab_account_id'], msg: /has no access to lab labcorp/ }]);
      expectStatus(await list(byLab(await accounts(), 'labcorp').id), 200);
    });
  });
});
