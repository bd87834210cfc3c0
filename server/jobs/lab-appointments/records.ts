/** The storage of appointments (storage/repositories/lab-appointments.ts) with the domain's types of its JSON. */
import type { AppointmentBody, AppointmentEvent } from '../../domain/lab-appointments/appointments.js';
import type { Queryable } from '../../storage/database.js';
import { findLatestAppointment, lockActiveAppointment, type LabAppointmentRecord } from '../../storage/repositories/lab-appointments.js';

export type AppointmentRecord = LabAppointmentRecord<AppointmentBody, AppointmentEvent>;

export const latestAppointment = (db: Queryable, teamId: string, orderId: string, type: string): Promise<AppointmentRecord | null> =>
  findLatestAppointment<AppointmentBody, AppointmentEvent>(db, teamId, orderId, type);

export const lockActive = (tx: Queryable, teamId: string, orderId: string): Promise<AppointmentRecord | null> =>
  lockActiveAppointment<AppointmentBody, AppointmentEvent>(tx, teamId, orderId);
