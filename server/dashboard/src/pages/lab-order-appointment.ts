/**
 * The appointment of an at-home or walk-in order: the current one (its time in the place's time
 * zone, the provider, the center or the address), free slots to book or move it to, and
 * cancelling it for a reason. Calls only the public API.
 */
import type { Apis, TeamSchemas } from '../api.js';
import { confirmButton, okAs } from '../interactions.js';
import { appointmentKindOf, formatLocalSpan } from '../lib/appointment-format.js';
import { humanize } from '../lib/order-timeline.js';
import { actionButton, details, field, h, replace, toast, withStates } from '../ui.js';

type Order = TeamSchemas['Order'];
type Appointment = TeamSchemas['ClientFacingAppointment'];
type Slots = TeamSchemas['AppointmentAvailabilitySlots'];
type Reason = TeamSchemas['AppointmentCancellationReason'];

const ACTIVE = new Set(['pending', 'reserved', 'confirmed', 'in_progress']);

async function currentAppointment(apis: Apis, kind: 'phlebotomy' | 'psc', order: Order): Promise<Appointment | null> {
  // An order names its appointment once one is booked or requested: no id, nothing to ask for (a 404 the browser would log).
  if (!order.details.data.appointment_id) return null;
  const path = { order_id: order.id };
  const answer = kind === 'phlebotomy'
    ? await apis.team.GET('/v3/order/{order_id}/phlebotomy/appointment', { params: { path } })
    : await apis.team.GET('/v3/order/{order_id}/psc/appointment', { params: { path } });
  if (answer.response.status === 404) return null;
  return okAs<Appointment>(Promise.resolve(answer));
}

function slotsOf(apis: Apis, kind: 'phlebotomy' | 'psc', order: Order): Promise<Slots> {
  const a = order.patient_address;
  // Only an unregistered testkit's order has no address yet, and it books no appointment.
  if (!a) return Promise.reject(new Error('The order has no patient address yet.'));
  return kind === 'phlebotomy'
    ? okAs<Slots>(apis.team.POST('/v3/order/phlebotomy/appointment/availability', { body: { first_line: a.first_line, second_line: a.second_line ?? null, city: a.city, state: a.state, zip_code: a.zip } }))
    : okAs<Slots>(apis.team.POST('/v3/order/psc/appointment/availability', { params: { query: { lab: 'quest', zip_code: a.zip.slice(0, 5), radius: '50' } } }));
}

function appointmentView(appointment: Appointment): HTMLElement {
  const where = appointment.type === 'patient_service_center' ? `${appointment.provider_id} · ${appointment.address.first_line}, ${appointment.address.city}, ${appointment.address.state} ${appointment.address.zip_code}` : `${appointment.address.first_line}, ${appointment.address.city}`;
  return details([
    ['Status', h('span', { class: 'badge', 'data-testid': 'appointment-status', 'data-status': appointment.status }, humanize(appointment.status))],
    ['When', appointment.start_at ? h('span', { 'data-testid': 'appointment-time' }, formatLocalSpan(appointment.start_at, appointment.end_at ?? null, appointment.iana_timezone ?? null)) : 'Not confirmed yet'],
    ['Provider', appointment.provider],
    [appointment.type === 'patient_service_center' ? 'Service center' : 'Address', h('span', { 'data-testid': 'appointment-place' }, where)],
    ['Can reschedule', appointment.can_reschedule ? 'Yes' : 'No (within 24 hours, or not confirmed)'],
  ]);
}

/** Draws the appointment card of `order` into `card`; `changed` is called with the order after a change. */
export function drawAppointment(card: HTMLElement, apis: Apis, order: Order, signal: AbortSignal, changed: () => void): void {
  const kind = appointmentKindOf(order.lab_test.method);
  if (!kind) {
    replace(card);
    card.hidden = true;
    return;
  }
  card.hidden = false;
  const path = { order_id: order.id };
  const box = h('div');
  replace(card, h('h2', { id: 'appointment-title' }, kind === 'phlebotomy' ? 'At-home appointment' : 'Service center appointment'), box);

  const slotPicker = (label: string, act: (key: string) => Promise<unknown>) => {
    const out = h('div', { 'data-testid': 'appointment-slots' });
    return h(
      'div',
      null,
      actionButton(label, async () => {
        await withStates(out, () => slotsOf(apis, kind, order), (slots) => {
          if (slots.slots.length === 0) return h('p', { class: 'muted' }, 'No free slots around the patient\'s address.');
          return h(
            'div',
            null,
            ...slots.slots.slice(0, 6).map((day) =>
              h(
                'div',
                { class: 'slot-day' },
                h('strong', null, `${day.date}${day.location ? ` · ${day.location.name}` : ''}`),
                h('div', { class: 'row' }, ...day.slots.slice(0, 8).map((slot) =>
                  actionButton(formatLocalSpan(slot.start, slot.end, day.location?.iana_timezone ?? slots.timezone ?? null).split(', ').slice(1).join(', '), async () => {
                    await act(slot.booking_key ?? '');
                    toast('Appointment saved');
                    changed();
                  }, { class: 'secondary', 'data-testid': 'appointment-slot' }))),
              )),
          );
        }, signal);
      }, { class: 'secondary', 'data-testid': `appointment-${label.toLowerCase().split(' ')[0]}` }),
      out,
    );
  };

  void withStates(box, async () => ({ appointment: await currentAppointment(apis, kind, order), reasons: await okAs<Reason[]>(kind === 'phlebotomy' ? apis.team.GET('/v3/order/phlebotomy/appointment/cancellation-reasons') : apis.team.GET('/v3/order/psc/appointment/cancellation-reasons')) }), ({ appointment, reasons }) => {
    const active = appointment !== null && ACTIVE.has(appointment.status);
    const book = (key: string) => kind === 'phlebotomy'
      ? okAs(apis.team.POST('/v3/order/{order_id}/phlebotomy/appointment/book', { params: { path }, body: { booking_key: key } }))
      : okAs(apis.team.POST('/v3/order/{order_id}/psc/appointment/book', { params: { path }, body: { booking_key: key } }));
    const reschedule = (key: string) => kind === 'phlebotomy'
      ? okAs(apis.team.PATCH('/v3/order/{order_id}/phlebotomy/appointment/reschedule', { params: { path }, body: { booking_key: key } }))
      : okAs(apis.team.PATCH('/v3/order/{order_id}/psc/appointment/reschedule', { params: { path }, body: { booking_key: key } }));
    const reason = h('select', { 'data-testid': 'appointment-cancel-reason' }, ...reasons.map((r) => h('option', { value: r.id }, r.name)));
    const cancel = async () => {
      if (kind === 'phlebotomy') await okAs(apis.team.PATCH('/v3/order/{order_id}/phlebotomy/appointment/cancel', { params: { path }, body: { cancellation_reason_id: reason.value } }));
      else await okAs(apis.team.PATCH('/v3/order/{order_id}/psc/appointment/cancel', { params: { path }, body: { cancellationReasonId: reason.value } }));
      toast('Appointment cancelled');
      changed();
    };
    return h(
      'div',
      { 'data-testid': 'order-appointment' },
      appointment ? appointmentView(appointment) : h('p', { class: 'muted', 'data-testid': 'appointment-none' }, 'No appointment yet.'),
      !active ? slotPicker('Book a slot', book) : null,
      active && appointment.can_reschedule ? slotPicker('Reschedule', reschedule) : null,
      active
        ? h('div', { class: 'controls' }, field('Reason', reason), confirmButton('Cancel appointment', 'Cancel this appointment?', cancel, { testid: 'appointment-cancel', confirmLabel: 'Yes, cancel it' }))
        : null,
    );
  }, signal);
}
