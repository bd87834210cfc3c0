/**
 * The lab-sourced timeseries (`GET /v2/timeseries/{user_id}/{cholesterol|ige|igg}`, their
 * `/grouped` form, and the deprecated `cholesterol/<fraction>` reads): filled from the user's final lab results, each sample equal to the
 * result it came from (coherence), with the lab as source; the data reads' refusals and
 * isolation.
 */
import { describe, expect, it } from 'vitest';
import { standardLabTests } from '../../server/domain/lab-tests/catalog.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { teamSchemaViolations } from '../jobs/bulk-pull/schemas.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, useApiApp, type TeamSchemas } from './helpers.js';

type Results = TeamSchemas['LabResultsRaw'];
type Sample = { timestamp: string; value: number; unit: string; type: string };

const ESSENTIAL = standardLabTests(MARKER_CATALOG).find((t) => t.method === 'walk_in_test')!;
const FRACTIONS: Record<string, string> = { '2093-3': 'total', '13457-7': 'ldl', '2085-9': 'hdl', '2571-8': 'triglycerides' };

describe.each(apiEngines)('lab-sourced timeseries (cholesterol, ige, igg) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);

  async function completedOrder(key?: string, interpretation = 'normal') {
    const user = await ctx.newUser({}, key);
    const body = {
      user_id: user.user_id,
      patient_details: { first_name: 'Omar', last_name: 'Diaz', dob: '1979-03-14', gender: 'male', phone_number: '+14155550142', email: 'omar.diaz@example.com' },
      patient_address: { first_line: '9 Pine St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
      order_set: { lab_test_ids: [ESSENTIAL.id] },
    };
    const order = expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(body), 200).order;
    expectStatus(await ctx.team(key).post(`/v3/order/${order.id}/test`).send({ interpretation }), 200);
    await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger() }).runDue();
    const results = expectStatus<Results>(await ctx.team(key).get(`/v3/order/${order.id}/result`), 200);
    return { user, order, results };
  }

  it('when a user has a completed order with a lipid panel, then the cholesterol timeseries (grouped and plain) are its results: same values, units, times, the lab as source', async () => {
    const { user, results } = await completedOrder(undefined, 'abnormal');
    const day = results.results[0]!.timestamp!.slice(0, 10);
    const expected = results.results.filter((r) => r.loinc! in FRACTIONS && r.type === 'numeric')
      .map((r) => ({ timestamp: r.timestamp!, value: r.value!, unit: r.unit!, type: FRACTIONS[r.loinc!]! }));
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const grouped = expectStatus<TeamSchemas['GroupedTimeseriesResponse']>(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/grouped?start_date=${day}&end_date=${day}`), 200);
    expect(teamSchemaViolations('GroupedTimeseriesResponse', grouped)).toEqual([]);
    expect(Object.keys(grouped.groups)).toEqual(['labcorp']);
    const group = grouped.groups.labcorp![0]!;
    expect(group.source).toMatchObject({ provider: 'labcorp', type: 'lab', name: 'Labcorp' });
    const byType = (samples: Sample[]) => [...samples].sort((a, b) => a.type.localeCompare(b.type));
    expect(byType(group.data as Sample[]).map(({ timestamp, value, unit, type }) => ({ timestamp, value, unit, type }))).toEqual(byType(expected));
    expect(grouped.next_cursor).toBeNull();

    const plain = expectStatus<Sample[]>(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol?start_date=${day}&end_date=${day}`), 200);
    expect(byType(plain).map(({ timestamp, value, unit, type }) => ({ timestamp, value, unit, type }))).toEqual(byType(expected));

    // The deprecated fraction reads: the plain read's samples of that type, nothing else.
    for (const fraction of ['total', 'ldl', 'hdl', 'triglycerides']) {
      const samples = expectStatus<Sample[]>(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/${fraction}?start_date=${day}&end_date=${day}`), 200);
      expect(samples).toEqual(plain.filter((sample) => sample.type === fraction));
    }
    expect(new Set(plain.map((sample) => sample.type)).size).toBeGreaterThanOrEqual(3);
  });

  it('when the user has no results of the analyte (IgE, IgG), or the range misses the report, or a wearable provider is asked, then the reads are empty', async () => {
    const { user, results } = await completedOrder();
    const day = results.results[0]!.timestamp!.slice(0, 10);
    for (const resource of ['ige', 'igg']) {
      expect(expectStatus(await ctx.team().get(`/v2/timeseries/${user.user_id}/${resource}/grouped?start_date=${day}`), 200)).toEqual({ groups: {}, next_cursor: null, next: null });
      expect(expectStatus(await ctx.team().get(`/v2/timeseries/${user.user_id}/${resource}?start_date=${day}`), 200)).toEqual([]);
    }
    expect(expectStatus(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol?start_date=2026-01-01&end_date=2026-01-02`), 200)).toEqual([]);
    expect(expectStatus(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/grouped?start_date=${day}&provider=oura`), 200)).toEqual({ groups: {}, next_cursor: null, next: null });
    expect(expectStatus(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/ldl?start_date=${day}&provider=oura`), 200)).toEqual([]);
    expect(expectStatus(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/hdl?start_date=2026-01-01&end_date=2026-01-02`), 200)).toEqual([]);
  });

  it('when the range is refused (no start_date, end before start), then 422 naming the parameter, as every data read', async () => {
    const user = await ctx.newUser();
    expectValidation(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/grouped`), [{ loc: ['query', 'start_date'] }]);
    expectValidation(await ctx.team().get(`/v2/timeseries/${user.user_id}/igg?start_date=2026-11-20&end_date=2026-11-19`), [{ loc: ['query', 'end_date'] }]);
    expectValidation(await ctx.team().get(`/v2/timeseries/${user.user_id}/cholesterol/total?start_date=2026-01-01&end_date=2026-03-01`), [{ loc: ['query', 'end_date'] }]);
    const { other } = await ctx.otherTeamsUser();
    expectDetail(await ctx.team(other.apiKey).get(`/v2/timeseries/${user.user_id}/cholesterol/triglycerides?start_date=2026-11-20`), 404);
  });

  it("when another team's user is read, then 404 as for an unknown user; that team reads its own", async () => {
    const other = await ctx.otherTeam();
    const { user, results } = await completedOrder(other.apiKey);
    const day = results.results[0]!.timestamp!.slice(0, 10);
    for (const path of ['cholesterol', 'cholesterol/grouped', 'ige', 'igg/grouped']) {
      expect((await ctx.team().get(`/v2/timeseries/${user.user_id}/${path}?start_date=${day}`)).status).toBe(404);
    }
    const theirs = expectStatus<Sample[]>(await ctx.team(other.apiKey).get(`/v2/timeseries/${user.user_id}/cholesterol?start_date=${day}`), 200);
    expect(theirs.length).toBeGreaterThan(0);
  });
});
