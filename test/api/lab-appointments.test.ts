/**
 * Where and when a sample is drawn: area info, service centers, availability with signed
 * booking keys, and booking, requesting, rescheduling and cancelling appointments, with the
 * order's status and the webhooks that go with each change. The server's clock is fixed (a
 * Monday morning in San Francisco), so the slots are known.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signBookingKey, verifyBookingKey } from '../../server/domain/lab-appointments/booking-key.js';
import { LabOrderSimulator } from '../../server/jobs/lab-orders/simulator.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { listEventPayloads } from '../storage/stored-state.js';
import { orderBody } from './lab-order-fixtures.js';
import { apiEngines, expectDetail, expectStatus, expectValidation, UNKNOWN_ID, useApiApp, type ApiApp, type TeamSchemas } from './helpers.js';

type Slots = TeamSchemas['AppointmentAvailabilitySlots'];
type Appointment = TeamSchemas['ClientFacingAppointment'];
type Order = TeamSchemas['Order'];

/** Monday 2030-03-04, 09:00 in San Francisco (17:00 UTC). */
const NOW = new Date('2030-03-04T17:00:00.000Z');
const WALK_IN = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';
const AT_HOME = '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12';
const TESTKIT = '3e40bd61-6f8a-4032-ae81-6cadb05f4134';
const ADDRESS = { first_line: '2417 Mission St.', second_line: 'Apt. 3', city: 'San Francisco', state: 'CA', zip_code: '94110', access_notes: 'Side gate.' };
const HOME_REASON = '8b3f4e5d-0c6a-4d91-9e32-4f5a6b7c8d93';
const PSC_REASON = 'd08e9dac-5b1f-4ce6-8d87-9eafb0c1d2e8';

async function placeOrder(ctx: ApiApp, labTestId: string, key?: string): Promise<Order> {
  const user = await ctx.newUser({}, key);
  return expectStatus<TeamSchemas['OrderResponse']>(await ctx.team(key).post('/v3/order').send(orderBody(user.user_id, { order_set: { lab_test_ids: [labTestId] } })), 200).order;
}

const homeSlots = async (ctx: ApiApp, key?: string, query = '') => expectStatus<Slots>(await ctx.team(key).post(`/v3/order/phlebotomy/appointment/availability${query}`).send(ADDRESS), 200);
const pscSlots = async (ctx: ApiApp, query = 'lab=quest&zip_code=94110', key?: string) => expectStatus<Slots>(await ctx.team(key).post(`/v3/order/psc/appointment/availability?${query}`), 200);
const allSlots = (answer: Slots) => answer.slots.flatMap((day) => day.slots.map((slot) => ({ ...slot, day })));
/** The key of the first slot starting `hours` or more after NOW. */
const keyAfter = (answer: Slots, hours: number) => allSlots(answer).find((slot) => Date.parse(slot.start) >= NOW.getTime() + hours * 3_600_000)!.booking_key!;

const secretOf = async (ctx: ApiApp) => (await ctx.server.db.one<{ secret: string }>(`SELECT secret FROM server_secrets WHERE name = 'appointment_booking_key'`))!.secret;

describe.each(apiEngines)('lab appointments on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  beforeEach(() => ctx.server.setNow(NOW));
  afterEach(() => ctx.server.setNow(null));

  describe('getAreaInfo, getPscInfo, getOrderPscInfo', () => {
    it('when a zip code is asked about, then it has at-home coverage and each lab its centers within the radius, the same every time', async () => {
      const info = expectStatus<TeamSchemas['AreaInfo']>(await ctx.team().get('/v3/order/area/info?zip_code=94110'), 200);
      expect(info.zip_code).toBe('94110');
      expect(info.phlebotomy.is_served).toBe(true);
      expect(info.phlebotomy.providers.map((p) => p.name)).toContain('getlabs');
      expect(Object.keys(info.central_labs).sort()).toEqual(['bioreference', 'labcorp', 'quest', 'sonora_quest']);
      expect(info.central_labs.quest!.patient_service_centers.within_radius).toBeGreaterThan(0);
      expect(info.central_labs.sonora_quest!.patient_service_centers.within_radius).toBe(0);
      expect(expectStatus(await ctx.team().get('/v3/order/area/info?zip_code=94110'), 200)).toEqual(info);
      const wider = expectStatus<TeamSchemas['AreaInfo']>(await ctx.team().get('/v3/order/area/info?zip_code=94110&radius=100&labs=quest'), 200);
      expect(Object.keys(wider.central_labs)).toEqual(['quest']);
      expect(wider.central_labs.quest!.patient_service_centers.within_radius).toBeGreaterThan(info.central_labs.quest!.patient_service_centers.within_radius);
    });

    it('when the zip code is unknown or not a US one, or the lab account unknown, then 422 naming it', async () => {
      expectValidation(await ctx.team().get('/v3/order/area/info?zip_code=00000'), [{ loc: ['query', 'zip_code'], msg: /00000/ }]);
      expectValidation(await ctx.team().get('/v3/order/area/info?zip_code=K1A0B'), [{ loc: ['query', 'zip_code'] }]);
      expectValidation(await ctx.team().get(`/v3/order/area/info?zip_code=94110&lab_account_id=${UNKNOWN_ID}`), [{ loc: ['query', 'lab_account_id'] }]);
      const accounts = expectStatus<{ data: { id: string; lab: string }[] }>(await ctx.team().get('/v3/lab_test/lab_account'), 200).data;
      const bioreference = accounts.find((a) => a.lab === 'bioreference')!.id;
      const account = expectStatus<TeamSchemas['AreaInfo']>(await ctx.team().get(`/v3/order/area/info?zip_code=94110&lab_account_id=${bioreference}`), 200);
      expect(Object.keys(account.central_labs)).toEqual(['bioreference']);
    });

    it('when the centers of a lab are listed, then they are within the radius by great-circle distance, nearest first, with hours in their time zone and stable site codes', async () => {
      const near = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=2&radius=10'), 200);
      const far = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=2&radius=50'), 200);
      expect(near.slug).toBe('quest');
      expect(near.patient_service_centers.length).toBeGreaterThan(0);
      expect(far.patient_service_centers.length).toBeGreaterThan(near.patient_service_centers.length);
      const distances = far.patient_service_centers.map((c) => c.distance);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...near.patient_service_centers.map((c) => c.distance))).toBeLessThanOrEqual(10);
      expect(far.patient_service_centers.slice(0, near.patient_service_centers.length).map((c) => c.site_code)).toEqual(near.patient_service_centers.map((c) => c.site_code));
      const first = near.patient_service_centers[0]!;
      expect(first.site_code).toMatch(/^QD\d{5}$/);
      expect(first.metadata.hours).toMatchObject({ timezone: 'America/Los_Angeles', sunday: [] });
      const filtered = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=2&radius=50&capabilities=stat'), 200);
      expect(filtered.patient_service_centers.every((c) => c.capabilities.includes('stat'))).toBe(true);
      expect(filtered.patient_service_centers.length).toBeLessThan(far.patient_service_centers.length);
      expectValidation(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=9'), [{ loc: ['query', 'lab_id'] }]);
      const accounts = expectStatus<{ data: { id: string; lab: string }[] }>(await ctx.team().get('/v3/lab_test/lab_account'), 200).data;
      expectValidation(await ctx.team().get(`/v3/order/psc/info?zip_code=94110&lab_id=3&lab_account_id=${accounts.find((a) => a.lab === 'labcorp')!.id}`), [{ loc: ['query', 'lab_account_id'] }]);
      expectValidation(await ctx.team().get('/v3/order/psc/info?zip_code=99999&lab_id=2'), [{ loc: ['query', 'zip_code'], msg: /99999/ }]);
    });

    it("when an order's centers are asked for, then they are its lab's around its patient; another team's order is a 404", async () => {
      const order = await placeOrder(ctx, WALK_IN);
      const info = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get(`/v3/order/${order.id}/psc/info`), 200);
      expect(info.slug).toBe('labcorp');
      const direct = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=1'), 200);
      expect(info).toEqual(direct);
      const other = await ctx.otherTeam();
      expectDetail(await ctx.team(other.apiKey).get(`/v3/order/${order.id}/psc/info`), 404);
    });
  });

  describe('availability', () => {
    it('when at-home slots are asked for, then they are one-hour windows in the patient\'s time zone, none in the past or outside 06:00-12:00, none on Sunday, each with a key', async () => {
      const answer = await homeSlots(ctx);
      expect(answer.timezone).toBe('America/Los_Angeles');
      const slots = allSlots(answer);
      expect(slots.length).toBeGreaterThan(40);
      for (const slot of slots) {
        expect(slot.start).toMatch(/-0[78]:00$/);
        const hour = Number(slot.start.slice(11, 13));
        expect(hour).toBeGreaterThanOrEqual(6);
        expect(hour).toBeLessThan(12);
        expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(NOW.getTime() + 2 * 3_600_000);
        expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(3_600_000);
        expect(slot.is_priority).toBe(hour < 8);
        expect(slot.booking_key).toEqual(expect.any(String));
        expect(slot.expires_at).toBe('2030-03-04T17:15:00.000Z');
        expect(new Date(`${slot.day.date}T12:00:00Z`).getUTCDay()).not.toBe(0);
      }
      const dates = answer.slots.map((day) => day.date);
      // At 09:00 only today's 11:00 window is 2 hours ahead.
      expect(answer.slots[0]).toMatchObject({ date: '2030-03-04', slots: [{ start: '2030-03-04T11:00:00-08:00' }] });
      expect(dates.at(-1)! <= '2030-03-17').toBe(true);
      expect((await homeSlots(ctx)).slots.map((day) => day.slots.map((s) => s.start))).toEqual(answer.slots.map((day) => day.slots.map((s) => s.start)));
    });

    it('when a start date is given, then the days start there; a past one counts as today, one more than 90 days ahead is a 422', async () => {
      const later = await homeSlots(ctx, undefined, '?start_date=2030-03-11');
      expect(later.slots[0]!.date).toBe('2030-03-11');
      expect((await homeSlots(ctx, undefined, '?start_date=2020-01-01')).slots[0]!.date).toBe('2030-03-04');
      expectValidation(await ctx.team().post('/v3/order/phlebotomy/appointment/availability?start_date=2030-07-01').send(ADDRESS), [{ loc: ['query', 'start_date'], msg: /90 days/ }]);
    });

    it('when the address zip code is unknown, then 422 naming it; a zip code without a provider has no slots', async () => {
      expectValidation(await ctx.team().post('/v3/order/phlebotomy/appointment/availability').send({ ...ADDRESS, zip_code: '00000' }), [{ loc: ['body', 'zip_code'], msg: /00000/ }]);
      const alaska = expectStatus<Slots>(await ctx.team().post('/v3/order/phlebotomy/appointment/availability').send({ ...ADDRESS, zip_code: '99501', city: 'Anchorage', state: 'AK' }), 200);
      expect(alaska).toEqual({ slots: [], timezone: 'America/Anchorage' });
    });

    it("when walk-in slots are asked for around a zip code, then they are the nearest Quest centers' that book through the API, inside their hours", async () => {
      const answer = await pscSlots(ctx);
      const codes = [...new Set(answer.slots.map((day) => day.location!.code))];
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.length).toBeLessThanOrEqual(3);
      const info = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=2&capabilities=appointment_scheduling_via_junction'), 200);
      expect(codes).toEqual(info.patient_service_centers.slice(0, codes.length).map((c) => c.site_code));
      for (const day of answer.slots) {
        const center = info.patient_service_centers.find((c) => c.site_code === day.location!.code)!;
        const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][new Date(`${day.date}T12:00:00Z`).getUTCDay()]!;
        const periods = (center.metadata.hours as Record<string, { start: string; end: string }[]>)[weekday]!;
        for (const slot of day.slots) {
          const start = slot.start.slice(11, 16);
          const end = slot.end.slice(11, 16);
          expect(periods.some((p) => p.start <= start && end <= p.end), `${day.date} ${start}-${end} in ${JSON.stringify(periods)}`).toBe(true);
        }
      }
      const one = await pscSlots(ctx, `lab=quest&site_codes=${codes[0]}`);
      expect(new Set(one.slots.map((day) => day.location!.code))).toEqual(new Set([codes[0]]));
    });

    it('when walk-in slots name an unknown site code, or neither a site code nor a zip code, then 404 or 422', async () => {
      expectDetail(await ctx.team().post('/v3/order/psc/appointment/availability?lab=quest&site_codes=QD00000'), 404, /QD00000/);
      expectValidation(await ctx.team().post('/v3/order/psc/appointment/availability?lab=quest'), [{ loc: ['query', 'zip_code'] }]);
      expectValidation(await ctx.team().post('/v3/order/psc/appointment/availability?lab=quest&zip_code=00000'), [{ loc: ['query', 'zip_code'] }]);
      const labcorp = expectStatus<TeamSchemas['PscInfo']>(await ctx.team().get('/v3/order/psc/info?zip_code=94110&lab_id=1'), 200);
      expectDetail(await ctx.team().post(`/v3/order/psc/appointment/availability?lab=quest&site_codes=${labcorp.patient_service_centers[0]!.site_code}`), 404);
    });

    it('when the cancellation reasons are listed, then each kind has its own fixed list', async () => {
      const home = expectStatus<TeamSchemas['AppointmentCancellationReasonList']>(await ctx.team().get('/v3/order/phlebotomy/appointment/cancellation-reasons'), 200);
      const psc = expectStatus<TeamSchemas['AppointmentCancellationReasonList']>(await ctx.team().get('/v3/order/psc/appointment/cancellation-reasons'), 200);
      expect(home.map((r) => r.id)).toContain(HOME_REASON);
      expect(psc.map((r) => r.id)).toContain(PSC_REASON);
      expect(home.map((r) => r.id)).not.toContain(PSC_REASON);
    });
  });

  describe('booking', () => {
    it('when an at-home slot is booked, then the appointment is confirmed at it, the order appointment_scheduled, and both webhooks are written', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      const slot = allSlots(await homeSlots(ctx))[3]!;
      const booked = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/book`).send({ booking_key: slot.booking_key, appointment_notes: 'Left arm.' }), 200);
      expect(booked).toMatchObject({
        order_id: order.id, user_id: order.user_id, type: 'phlebotomy', provider: 'getlabs', status: 'confirmed', event_status: 'scheduled', provider_id: '94110',
        iana_timezone: 'America/Los_Angeles', appointment_notes: 'Left arm.', address: { first_line: '2417 Mission St.', zip_code: '94110', access_notes: 'Side gate.' },
        start_at: new Date(slot.start).toISOString(), end_at: new Date(slot.end).toISOString(),
      });
      expect(booked.events.map((e) => e.status)).toEqual(['scheduled']);
      const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
      expect(read.last_event.status).toBe('collecting_sample.at_home_phlebotomy.appointment_scheduled');
      expect(read.details.data.appointment_id).toBe(booked.id);
      expect(expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/phlebotomy/appointment`), 200)).toEqual(booked);
      const created = await listEventPayloads<{ data: Appointment }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.appointment.created' });
      expect(created.map((e) => e.data.id)).toContain(booked.id);
      const updated = await listEventPayloads<{ data: Order }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.order.updated' });
      expect(updated.filter((e) => e.data.id === order.id).map((e) => e.data.last_event.status)).toEqual(['collecting_sample.at_home_phlebotomy.appointment_scheduled']);
    });

    it('when a key is altered, made up, expired, of another team, of the other kind, or used, then 422 naming booking_key, and nothing changes', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      const book = (booking_key: string, key?: string, id = order.id) => ctx.team(key).post(`/v3/order/${id}/phlebotomy/appointment/book`).send({ booking_key });
      const good = keyAfter(await homeSlots(ctx), 48);
      // The fields of a key: v3, place, nonce, start, end, capacity, price in cents, priority, signature.
      const fields = good.split('.');
      const tampered = [...fields.slice(0, 5), '99', ...fields.slice(6)].join('.');
      expectValidation(await book(tampered), [{ loc: ['body', 'booking_key'], msg: /not a key this server gave/ }]);
      expectValidation(await book('made-up'), [{ loc: ['body', 'booking_key'], msg: /not a key this server gave/ }]);
      const secret = await secretOf(ctx);
      const payload = verifyBookingKey(good, { secret, team_id: ctx.server.teamId, kind: 'at_home_phlebotomy', now: NOW });
      if (!payload.ok) throw new Error(payload.msg);
      const expired = signBookingKey({ ...payload.payload, expires: Math.floor(NOW.getTime() / 1000) - 1 }, { secret, team_id: ctx.server.teamId });
      expectValidation(await book(expired), [{ loc: ['body', 'booking_key'], msg: /expired at 2030-03-04T16:59:59.000Z/ }]);
      const psc = keyAfter(await pscSlots(ctx), 48);
      expectValidation(await book(psc), [{ loc: ['body', 'booking_key'], msg: /walk-in/ }]);
      const other = await ctx.otherTeam();
      const theirOrder = await placeOrder(ctx, AT_HOME, other.apiKey);
      expectValidation(await book(good, other.apiKey, theirOrder.id), [{ loc: ['body', 'booking_key'] }]);
      expect((await ctx.server.db.query(`SELECT id FROM lab_appointments WHERE order_id = $1`, [order.id])).length).toBe(0);
      expectStatus(await book(good), 200);
      const second = await placeOrder(ctx, AT_HOME);
      expectValidation(await book(good, undefined, second.id), [{ loc: ['body', 'booking_key'], msg: /used already/ }]);
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${second.id}`), 200).events).toHaveLength(1);
    });

    it('when the address is as long as the request allows, in characters JSON escapes, then its key is still one booking takes', async () => {
      // Each field at its maxLength (USAddress) in U+0001, six characters once in JSON: the longest place a key carries.
      const longest = { first_line: '\u0001'.repeat(200), second_line: '\u0001'.repeat(200), city: '\u0001'.repeat(100), state: '\u0001'.repeat(50), zip_code: '94110', access_notes: '\u0001'.repeat(1000) };
      const answer = expectStatus<Slots>(await ctx.team().post('/v3/order/phlebotomy/appointment/availability').send(longest), 200);
      const key = keyAfter(answer, 48);
      expect(key.length).toBeGreaterThan(12_000);
      const order = await placeOrder(ctx, AT_HOME);
      const booked = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/book`).send({ booking_key: key }), 200);
      expect(booked.address.access_notes).toBe(longest.access_notes);
    });

    it('when the order has an appointment already, is of another method, or is past its appointment, then 409 or 400 with the reason', async () => {
      const slots = await homeSlots(ctx);
      const order = await placeOrder(ctx, AT_HOME);
      const book = (id: string, key: string) => ctx.team().post(`/v3/order/${id}/phlebotomy/appointment/book`).send({ booking_key: key });
      expectStatus(await book(order.id, allSlots(slots)[0]!.booking_key!), 200);
      expectDetail(await book(order.id, allSlots(slots)[1]!.booking_key!), 409, /already has a confirmed appointment/);
      const testkit = await placeOrder(ctx, TESTKIT);
      expectDetail(await book(testkit.id, allSlots(slots)[2]!.booking_key!), 400, /testkit order; at-home phlebotomy appointments are for at_home_phlebotomy orders only/);
      const walkIn = await placeOrder(ctx, WALK_IN);
      expectDetail(await book(walkIn.id, allSlots(slots)[2]!.booking_key!), 400);
      const cancelled = await placeOrder(ctx, AT_HOME);
      expectStatus(await ctx.team().post(`/v3/order/${cancelled.id}/cancel`), 200);
      expectDetail(await book(cancelled.id, allSlots(slots)[3]!.booking_key!), 409, /this one is cancelled.at_home_phlebotomy.cancelled/);
      expectDetail(await book(UNKNOWN_ID, allSlots(slots)[3]!.booking_key!), 404);
    });

    it('when a slot is full, then it is no longer offered and a key of it is a 409', async () => {
      const answer = await pscSlots(ctx);
      const slot = allSlots(answer)[0]!;
      const keys = [slot.booking_key!];
      for (let i = 1; i < slot.num_appointments_available; i++) keys.push(allSlots(await pscSlots(ctx)).find((s) => s.start === slot.start && s.day.location!.code === slot.day.location!.code)!.booking_key!);
      const spare = allSlots(await pscSlots(ctx)).find((s) => s.start === slot.start && s.day.location!.code === slot.day.location!.code)!.booking_key!;
      for (const key of keys) expectStatus(await ctx.team().post(`/v3/order/${(await placeOrder(ctx, WALK_IN)).id}/psc/appointment/book`).send({ booking_key: key }), 200);
      expect(allSlots(await pscSlots(ctx)).some((s) => s.start === slot.start && s.day.location!.code === slot.day.location!.code)).toBe(false);
      expectDetail(await ctx.team().post(`/v3/order/${(await placeOrder(ctx, WALK_IN)).id}/psc/appointment/book`).send({ booking_key: spare }), 409, /fully booked/);
    });

    it('when more orders than a slot holds book it at once, then the slot takes its capacity and the rest are a 409', async () => {
      const slot = allSlots(await pscSlots(ctx))[0]!;
      const sameSlot = (s: (typeof slot)) => s.start === slot.start && s.day.location!.code === slot.day.location!.code;
      const keys = [slot.booking_key!];
      for (let i = 0; i <= slot.num_appointments_available; i++) keys.push(allSlots(await pscSlots(ctx)).find(sameSlot)!.booking_key!);
      const orders = await Promise.all(keys.map(() => placeOrder(ctx, WALK_IN)));
      const answers = await Promise.all(keys.map((key, i) => ctx.team().post(`/v3/order/${orders[i]!.id}/psc/appointment/book`).send({ booking_key: key })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(slot.num_appointments_available);
      for (const refused of answers.filter((a) => a.status !== 200)) expectDetail(refused, 409, /fully booked/);
      expect(allSlots(await pscSlots(ctx)).some(sameSlot)).toBe(false);
    });

    it('when a walk-in slot is booked, then the appointment is at the center, with its address and time zone', async () => {
      const order = await placeOrder(ctx, WALK_IN);
      const slot = allSlots(await pscSlots(ctx))[0]!;
      const booked = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/psc/appointment/book`).send({ booking_key: slot.booking_key }), 200);
      expect(booked).toMatchObject({ type: 'patient_service_center', provider: 'quest', provider_id: slot.day.location!.code, address: slot.day.location!.address, location: slot.day.location!.location });
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).last_event.status).toBe('collecting_sample.walk_in_test.appointment_scheduled');
      expectDetail(await ctx.team().get(`/v3/order/${order.id}/phlebotomy/appointment`), 400);
      const other = await ctx.otherTeam();
      expectDetail(await ctx.team(other.apiKey).get(`/v3/order/${order.id}/psc/appointment`), 404);
      expectDetail(await ctx.team(other.apiKey).patch(`/v3/order/${order.id}/psc/appointment/cancel`).send({ cancellationReasonId: PSC_REASON }), 404);
    });
  });

  describe('requesting', () => {
    it('when a visit is requested from a provider that takes requests, then it is pending without a time and the order appointment_pending; the simulation confirms it', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      const firstSlot = allSlots(await homeSlots(ctx))[0]!;
      const pending = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/request`).send({ address: ADDRESS, provider: 'phlebfinders' }), 200);
      expect(pending).toMatchObject({ status: 'pending', event_status: 'pending', start_at: null, end_at: null, provider: 'phlebfinders', can_reschedule: false });
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).last_event.status).toBe('collecting_sample.at_home_phlebotomy.appointment_pending');
      expectDetail(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/reschedule`).send({ booking_key: keyAfter(await homeSlots(ctx), 48) }), 409, /not confirmed yet/);
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=collecting_sample.at_home_phlebotomy.appointment_scheduled`), 200);
      await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger(), now: () => NOW }).runDue();
      const confirmed = expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/phlebotomy/appointment`), 200);
      expect(confirmed).toMatchObject({ id: pending.id, status: 'confirmed', provider: 'getlabs' });
      expect(confirmed.start_at).toBe(new Date(firstSlot.start).toISOString());
      expect(confirmed.events.map((e) => e.status)).toEqual(['pending', 'scheduled']);
    });

    it('when the provider takes no requests at the zip code, or the zip code is unknown, then 422 naming it', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      expectValidation(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/request`).send({ address: ADDRESS, provider: 'getlabs' }), [{ loc: ['body', 'provider'], msg: /phlebfinders/ }]);
      expectValidation(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/request`).send({ address: { ...ADDRESS, zip_code: '00000' }, provider: 'phlebfinders' }), [{ loc: ['body', 'address', 'zip_code'] }]);
    });
  });

  describe('rescheduling and cancelling', () => {
    it('when a confirmed appointment is rescheduled, then it moves with one more event, the order stays appointment_scheduled with a new event, and updated webhooks are written', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      const slots = await homeSlots(ctx);
      const booked = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/book`).send({ booking_key: keyAfter(slots, 48) }), 200);
      expect(booked.can_reschedule).toBe(true);
      const next = allSlots(slots).find((s) => Date.parse(s.start) >= NOW.getTime() + 96 * 3_600_000)!;
      const moved = expectStatus<Appointment>(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/reschedule`).send({ booking_key: next.booking_key }), 200);
      expect(moved).toMatchObject({ id: booked.id, status: 'confirmed', start_at: new Date(next.start).toISOString() });
      expect(moved.events.map((e) => e.status)).toEqual(['scheduled', 'scheduled']);
      expect(moved.events[1]!.data).toMatchObject({ previous_start_at: booked.start_at });
      const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
      expect(read.events.map((e) => e.status).slice(-2)).toEqual(['collecting_sample.at_home_phlebotomy.appointment_scheduled', 'collecting_sample.at_home_phlebotomy.appointment_scheduled']);
      const updated = await listEventPayloads<{ data: Appointment }>(ctx.server.db, { team_id: ctx.server.teamId, event_type: 'labtest.appointment.updated' });
      expect(updated.filter((e) => e.data.id === booked.id).map((e) => e.data.start_at)).toEqual([moved.start_at]);
      expectValidation(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/reschedule`).send({ booking_key: next.booking_key }), [{ loc: ['body', 'booking_key'], msg: /used already/ }]);
    });

    it('when the appointment starts within 24 hours, then can_reschedule is false and rescheduling is a 409; cancelling is still allowed', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      const slots = await homeSlots(ctx);
      const soon = allSlots(slots).find((s) => Date.parse(s.start) < NOW.getTime() + 24 * 3_600_000)!;
      const booked = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/book`).send({ booking_key: soon.booking_key }), 200);
      expect(booked.can_reschedule).toBe(false);
      expectDetail(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/reschedule`).send({ booking_key: keyAfter(slots, 72) }), 409, /within 24 hours/);
      expectStatus(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/cancel`).send({ cancellation_reason_id: HOME_REASON }), 200);
    });

    it('when an appointment is cancelled, then it keeps the reason, the order is appointment_cancelled, and a new one can be booked', async () => {
      const order = await placeOrder(ctx, WALK_IN);
      const slots = await pscSlots(ctx);
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/psc/appointment/book`).send({ booking_key: keyAfter(slots, 30) }), 200);
      expectValidation(await ctx.team().patch(`/v3/order/${order.id}/psc/appointment/cancel`).send({ cancellationReasonId: HOME_REASON }), [{ loc: ['body', 'cancellationReasonId'] }]);
      const cancelled = expectStatus<Appointment>(await ctx.team().patch(`/v3/order/${order.id}/psc/appointment/cancel`).send({ cancellationReasonId: PSC_REASON, note: 'Wrong center.' }), 200);
      expect(cancelled).toMatchObject({ status: 'cancelled', event_status: 'cancelled', can_reschedule: false, event_data: { cancellation_reason_id: PSC_REASON, notes: 'Wrong center.' } });
      expect(expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200).last_event.status).toBe('collecting_sample.walk_in_test.appointment_cancelled');
      expectDetail(await ctx.team().patch(`/v3/order/${order.id}/psc/appointment/cancel`).send({ cancellationReasonId: PSC_REASON }), 409, /already cancelled/);
      expectDetail(await ctx.team().patch(`/v3/order/${order.id}/psc/appointment/reschedule`).send({ booking_key: keyAfter(slots, 50) }), 409, /is cancelled/);
      const again = expectStatus<Appointment>(await ctx.team().post(`/v3/order/${order.id}/psc/appointment/book`).send({ booking_key: keyAfter(slots, 50) }), 200);
      expect(again.id).not.toBe(cancelled.id);
      expect(expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/psc/appointment`), 200).id).toBe(again.id);
    });

    it('when an order without an appointment is rescheduled, cancelled or read, then 404', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      expectDetail(await ctx.team().get(`/v3/order/${order.id}/phlebotomy/appointment`), 404, /no phlebotomy appointment/);
      expectDetail(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/cancel`).send({ cancellation_reason_id: HOME_REASON }), 404);
      expectDetail(await ctx.team().patch(`/v3/order/${order.id}/phlebotomy/appointment/reschedule`).send({ booking_key: keyAfter(await homeSlots(ctx), 48) }), 404);
    });

    it('when the order is cancelled, then its appointment is cancelled with it', async () => {
      const order = await placeOrder(ctx, AT_HOME);
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/phlebotomy/appointment/book`).send({ booking_key: keyAfter(await homeSlots(ctx), 48) }), 200);
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/cancel`), 200);
      const read = expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/phlebotomy/appointment`), 200);
      expect(read).toMatchObject({ status: 'cancelled', event_data: { cancellation_reason: 'The order was cancelled' } });
    });
  });

  describe('the simulation', () => {
    it.each([['at_home_phlebotomy', AT_HOME, 'phlebotomy'], ['walk_in_test', WALK_IN, 'psc']])(
      'when a %s order is simulated to completion, then it books the first free slot, and the draw completes the appointment',
      async (method, labTestId, path) => {
        const order = await placeOrder(ctx, labTestId);
        expectStatus(await ctx.team().post(`/v3/order/${order.id}/test`), 200);
        await new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger(), now: () => NOW }).runDue();
        const read = expectStatus<Order>(await ctx.team().get(`/v3/order/${order.id}`), 200);
        expect(read.last_event.status).toBe(`completed.${method}.completed`);
        const appointment = expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/${path}/appointment`), 200);
        expect(appointment.status).toBe('completed');
        expect(appointment.events.map((e) => e.status)).toEqual(['scheduled', 'completed']);
        expect(read.details.data.appointment_id).toBe(appointment.id);
        const slots = path === 'psc' ? await pscSlots(ctx) : await homeSlots(ctx);
        expect(Date.parse(appointment.start_at!)).toBeLessThanOrEqual(Date.parse(allSlots(slots)[0]!.start));
      },
    );

    it('when a simulation reaches appointment_cancelled, then the appointment is cancelled; a second walk books again', async () => {
      const order = await placeOrder(ctx, WALK_IN);
      const simulator = new LabOrderSimulator({ db: ctx.server.db, logger: silentLogger(), now: () => NOW });
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=collecting_sample.walk_in_test.appointment_cancelled`), 200);
      await simulator.runDue();
      const cancelled = expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/psc/appointment`), 200);
      expect(cancelled.status).toBe('cancelled');
      expectStatus(await ctx.team().post(`/v3/order/${order.id}/test?final_status=collecting_sample.walk_in_test.appointment_scheduled`), 200);
      await simulator.runDue();
      const again = expectStatus<Appointment>(await ctx.team().get(`/v3/order/${order.id}/psc/appointment`), 200);
      expect(again.id).not.toBe(cancelled.id);
      expect(again.status).toBe('confirmed');
    });
  });
});
