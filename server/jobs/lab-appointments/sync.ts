/**
 * An order's appointment follows the order: when the order is cancelled, or the simulation
 * cancels its appointment, the appointment still to happen is cancelled; when the sample is
 * drawn (or results come, or the sample fails), it is completed. Called by every status change
 * (jobs/lab-orders/transition.ts), in its transaction, with its webhook event.
 */
import { appointmentEffectOf, cancelledAppointment, completedAppointment, toAppointmentView, type StoredAppointment } from '../../domain/lab-appointments/appointments.js';
import { parseStatus } from '../../domain/lab-orders/lifecycle.js';
import type { Queryable } from '../../storage/database.js';
import { emitEvent, type BatchEvent } from '../../storage/repositories/events.js';
import { updateAppointment } from '../../storage/repositories/lab-appointments.js';
import { lockActive } from './records.js';
import type { LabOrderRecord } from '../../storage/repositories/lab-orders.js';

/** The webhook event of an appointment change, in the caller's transaction. */
export async function emitAppointmentEvent(tx: Queryable, input: AppointmentChange): Promise<void> {
  const { event, ...options } = appointmentEvent(input);
  await emitEvent(tx, event, options);
}

type AppointmentChange = { type: 'created' | 'updated'; appointment: StoredAppointment; order: Pick<LabOrderRecord, 'team_id' | 'user_id' | 'client_user_id'>; now: Date };

/** The webhook event of an appointment change (`labtest.appointment.<type>`), deduplicated by the appointment's id and its number of events. */
export function appointmentEvent(input: AppointmentChange): BatchEvent {
  return {
    event: {
      event_type: `labtest.appointment.${input.type}`,
      data: toAppointmentView(input.appointment, input.now),
      team_id: input.order.team_id,
      user_id: input.order.user_id,
      client_user_id: input.order.client_user_id,
    },
    dedupKey: `labtest.appointment.${input.type}:${input.appointment.body.id}:${input.appointment.events.length}`,
  };
}

/** Settles the order's appointment still to happen after the order moved to its current status. */
export async function settleAppointmentWithOrder(tx: Queryable, order: LabOrderRecord, at: string): Promise<void> {
  const effect = appointmentEffectOf(order.status);
  if (!effect) return;
  const active = await lockActive(tx, order.team_id, order.id);
  if (!active) return;
  const cause = parseStatus(order.status)?.low === 'cancelled' ? 'The order was cancelled' : 'Cancelled by the order simulation';
  const next = effect === 'cancel' ? cancelledAppointment(active, { reason: null, notes: null, at, cause }) : completedAppointment(active, at);
  await updateAppointment(tx, active, { status: next.body.status, location_code: active.location_code, start_at: next.body.start_at, body: next.body, events: next.events, at });
  await emitAppointmentEvent(tx, { type: 'updated', appointment: next, order, now: new Date(at) });
}
