/**
 * The statements booking and rescheduling take a slot with: one read of what the slot depends
 * on (the key's earlier use, the slot's appointments), and the appointment written with its
 * key's use in one statement, which writes nothing when the key was used already (by another
 * booking between the read and the write).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/storage/database.js';
import { insertAppointment, insertBookedAppointments, lockAppointmentPlaces, lockAppointmentSlot, slotBookingState, updateAppointment } from '../../../server/storage/repositories/lab-appointments.js';
import { insertOrders, type NewLabOrder } from '../../../server/storage/repositories/lab-orders.js';
import { holdingLocks, untilBlockedBy } from '../../helpers/locks.js';
import { engineCases, seedTeam, useTestDatabase } from '../helpers.js';

const START = Date.UTC(2040, 0, 2, 15, 0, 0) / 1000;
const AT = '2040-01-01T00:00:00.000Z';

describe.each(engineCases)('lab appointment slots and keys on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('storage', () => {
    const ctx = useTestDatabase(engine);

    async function seed() {
      const { team } = await seedTeam(ctx.db);
      const user = (await ctx.db.one<{ id: string }>(`INSERT INTO users (team_id, client_user_id) VALUES ($1, $2) RETURNING id`, [team.id, `patient-${randomUUID()}`]))!;
      const orders: NewLabOrder[] = [1, 2, 3].map((n) => ({
        id: randomUUID(), team_id: team.id, user_id: user.id, lab_test_id: randomUUID(), method: 'at_home_phlebotomy', status: 'received.at_home_phlebotomy.ordered',
        low_status: 'ordered', patient_name: 'maria lopez', sample_id: `SB${randomUUID().slice(0, 8)}${n}`, activate_by: null, receiver_name: 'maria lopez', body: { notes: '' }, at: AT,
      }));
      await insertOrders(ctx.db, orders);
      // A place of its own: the tests share the database.
      return { teamId: team.id, userId: user.id, orderIds: orders.map((o) => o.id), place: `P${randomUUID().slice(0, 8)}` };
    }

    const appointment = (s: Awaited<ReturnType<typeof seed>>, orderIndex: number, start = START) => ({
      id: randomUUID(), team_id: s.teamId, order_id: s.orderIds[orderIndex]!, user_id: s.userId, type: 'phlebotomy', status: 'confirmed', location_code: s.place,
      start_at: new Date(start * 1000).toISOString(), body: { start: start }, events: [{ status: 'scheduled' }], at: AT,
    });
    const key = () => ({ digest: randomUUID(), expires_at: '2040-01-01T00:15:00.000Z' });
    const rows = async (id: string) => ctx.db.query<{ id: string; start_at: string }>(`SELECT id, start_at::text FROM lab_appointments WHERE id = $1`, [id]);
    const booked = (tx: Queryable, ...inputs: (ReturnType<typeof appointment> & { key: ReturnType<typeof key> })[]) => insertBookedAppointments(tx, inputs);
    const keyRow = async (digest: string) => ctx.db.one<{ appointment_id: string }>(`SELECT appointment_id FROM lab_appointment_booking_keys WHERE key_digest = $1`, [digest]);

    it('when an appointment is booked with a new key, then both are written; with a key used already (before, or earlier in the batch), then neither', async () => {
      const s = await seed();
      const used = key();
      const first = appointment(s, 0);
      expect(await ctx.db.transaction((tx) => booked(tx, { ...first, key: used }))).toEqual(new Set([first.id]));
      expect(await rows(first.id)).toMatchObject([{ id: first.id }]);
      expect(await keyRow(used.digest)).toEqual({ appointment_id: first.id });
      const second = appointment(s, 1);
      expect(await ctx.db.transaction((tx) => booked(tx, { ...second, key: used }))).toEqual(new Set());
      expect(await rows(second.id)).toEqual([]);
      expect(await keyRow(used.digest)).toEqual({ appointment_id: first.id });
      // Two bookings of one new key in one batch: the first only.
      const twice = key();
      const [third, fourth] = [appointment(s, 2), appointment(s, 1)];
      expect(await ctx.db.transaction((tx) => booked(tx, { ...third, key: twice }, { ...fourth, key: twice }))).toEqual(new Set([third.id]));
      expect(await rows(fourth.id)).toEqual([]);
      expect(await keyRow(twice.digest)).toEqual({ appointment_id: third.id });
      // Without a key (a simulated booking, a request), the appointment alone.
      expect(await ctx.db.transaction((tx) => insertAppointment(tx, second))).toMatchObject({ id: second.id });
      expect(await rows(second.id)).toHaveLength(1);
    });

    it('when an appointment is moved with a key used already, then it stays where it was; with a new key, then it moves and the key is stored', async () => {
      const s = await seed();
      const used = key();
      const first = appointment(s, 0);
      await ctx.db.transaction((tx) => booked(tx, { ...first, key: used }));
      const record = { ...first, body: first.body, events: first.events };
      const later = { status: 'confirmed', location_code: s.place, start_at: new Date((START + 3600) * 1000).toISOString(), body: { start: START + 3600 }, events: [], at: AT };
      expect(await ctx.db.transaction((tx) => updateAppointment(tx, record, later, used))).toBeNull();
      expect(Date.parse((await rows(first.id))[0]!.start_at)).toBe(START * 1000);
      const fresh = key();
      expect(await ctx.db.transaction((tx) => updateAppointment(tx, record, later, fresh))).toMatchObject({ id: first.id, body: { start: START + 3600 } });
      expect(Date.parse((await rows(first.id))[0]!.start_at)).toBe((START + 3600) * 1000);
      expect(await keyRow(fresh.digest)).toEqual({ appointment_id: first.id });
    });

    it("when a slot's state is read, then it names the key's use and counts the slot's appointments still to happen, but for the one left out", async () => {
      const s = await seed();
      const used = key();
      const a = appointment(s, 0);
      const b = appointment(s, 1);
      await ctx.db.transaction(async (tx) => {
        await booked(tx, { ...a, key: used });
        await insertAppointment(tx, b);
        // Another slot (an hour later), and a cancelled appointment in this one: neither counts.
        await insertAppointment(tx, appointment(s, 2, START + 3600));
      });
      await ctx.db.query(`UPDATE lab_appointments SET status = 'cancelled' WHERE id = $1`, [b.id]);
      const state = (digest: string, except: string | null) => slotBookingState(ctx.db, { digest, location_code: s.place, start: START, except });
      expect(await state(used.digest, null)).toEqual({ used_by: a.id, booked: 1 });
      expect(await state(randomUUID(), a.id)).toEqual({ used_by: null, booked: 0 });
      expect(await slotBookingState(ctx.db, { digest: randomUUID(), location_code: `${s.place}-other`, start: START, except: null })).toEqual({ used_by: null, booked: 0 });
    });

    it.skipIf(engine.kind !== 'postgres')("when a booking holds its slot's lock, then a second booking of the slot waits and counts the first one's appointment; one of another slot does not wait (PostgreSQL only: PGlite runs one transaction at a time)", async () => {
      const s = await seed();
      const first = appointment(s, 0);
      const { held, release, done } = holdingLocks(ctx.db, (tx) => lockAppointmentSlot(tx, { location_code: s.place, start: START }), (tx) => insertAppointment(tx, first));
      const pid = await held;
      await ctx.db.transaction((tx) => lockAppointmentSlot(tx, { location_code: s.place, start: START + 1800 }));
      let counted: { used_by: string | null; booked: number } | null = null;
      const second = ctx.db.transaction(async (tx) => {
        await lockAppointmentSlot(tx, { location_code: s.place, start: START });
        counted = await slotBookingState(tx, { digest: randomUUID(), location_code: s.place, start: START, except: null });
      });
      await untilBlockedBy(ctx.db, pid);
      expect(counted).toBeNull();
      release();
      await done;
      await second;
      expect(counted).toEqual({ used_by: null, booked: 1 });
    });

    it.skipIf(engine.kind !== 'postgres')("when the simulation holds a place's lock, then a booking there waits for it, and the simulation waits for a booking there; other places do not wait (PostgreSQL only: PGlite runs one transaction at a time)", async () => {
      const s = await seed();
      const place = holdingLocks(ctx.db, (tx) => lockAppointmentPlaces(tx, [`${s.place}-b`, s.place, `${s.place}-b`]), async () => 'simulated');
      const placePid = await place.held;
      await ctx.db.transaction((tx) => lockAppointmentPlaces(tx, [`${s.place}-a`, `${s.place}-c`]));
      await ctx.db.transaction((tx) => lockAppointmentSlot(tx, { location_code: `${s.place}-a`, start: START }));
      const order: string[] = [];
      const booking = ctx.db.transaction((tx) => lockAppointmentSlot(tx, { location_code: s.place, start: START })).then(() => order.push('booking'));
      await untilBlockedBy(ctx.db, placePid);
      order.push('released');
      place.release();
      expect(await place.done).toBe('simulated');
      await booking;
      expect(order).toEqual(['released', 'booking']);

      const slot = holdingLocks(ctx.db, (tx) => lockAppointmentSlot(tx, { location_code: s.place, start: START }), async () => 'booked');
      const slotPid = await slot.held;
      const simulation = ctx.db.transaction((tx) => lockAppointmentPlaces(tx, [s.place])).then(() => order.push('simulation'));
      await untilBlockedBy(ctx.db, slotPid);
      order.push('released again');
      slot.release();
      await slot.done;
      await simulation;
      expect(order).toEqual(['released', 'booking', 'released again', 'simulation']);
    });
  });
});
