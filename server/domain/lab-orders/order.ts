/**
 * Lab orders as values: the stored body of a new order, what each status step adds to
 * it, and the Order wire shape (spec/team/components/schemas/Order.yaml). Pure: ids,
 * instants and URLs are handed in.
 */
import type { components } from '../../../generated/team/schema.js';
import type { CollectionMethod, LabTestView } from '../lab-tests/catalog.js';
import { turnaroundDays } from '../lab-tests/catalog.js';
import { parseStatus } from './lifecycle.js';
import { isOrderStatusDetail } from './status-detail.js';
import { orderTransactionView, type TransactionMember } from './transaction.js';

type Nullable<T> = T | null;

export interface PatientDetailsInput {
  first_name: string;
  last_name: string;
  dob: string;
  gender: string;
  phone_number: string;
  email: string;
  /** The guarantor as the request gave it (the handler keeps the keys the spec declares). */
  medical_proxy?: Nullable<components['schemas']['GuarantorDetails']> | undefined;
  race?: Nullable<string> | undefined;
  ethnicity?: Nullable<string> | undefined;
  sexual_orientation?: Nullable<string> | undefined;
  gender_identity?: Nullable<string> | undefined;
  household_income?: Nullable<number> | undefined;
  household_size?: Nullable<number> | undefined;
}

export interface PatientAddressInput {
  receiver_name?: Nullable<string> | undefined;
  first_line: string;
  second_line?: Nullable<string> | undefined;
  city: string;
  state: string;
  zip: string;
  country: string;
  access_notes?: Nullable<string> | undefined;
  phone_number?: Nullable<string> | undefined;
}

export interface PhysicianInput {
  first_name: string;
  last_name: string;
  npi: string;
  email?: Nullable<string> | undefined;
  licensed_states?: Nullable<string[]> | undefined;
}

export interface NewOrderInput {
  order_id: string;
  /** Id of the method's own record (details.data.id) and, for testkits, of the shipment. */
  details_id: string;
  shipment_id: string;
  /** ISO instant of creation. */
  at: string;
  /** The signed URL of the order's requisition form (lab-documents/signed-url.ts). */
  requisition_form_url: string;
  lab_test: LabTestView;
  method: CollectionMethod;
  patient_details: PatientDetailsInput;
  patient_address: PatientAddressInput;
  physician?: Nullable<PhysicianInput> | undefined;
  /** Set when the deprecated health_insurance was given. */
  health_insurance_id: string | null;
  priority?: boolean | undefined;
  billing_type?: string | undefined;
  icd_codes?: Nullable<string[]> | undefined;
  consents?: Nullable<unknown[]> | undefined;
  activate_by?: Nullable<string> | undefined;
  passthrough?: Nullable<string> | undefined;
  clinical_notes?: Nullable<string> | undefined;
  /** The lab account the order goes through (the request's, either place), lowercased; not in the Order's view. */
  lab_account_id?: Nullable<string> | undefined;
}

/** What an order stores besides its status columns (see LabOrderRecord.body). */
export type StoredPatientDetails = Required<{ [K in keyof PatientDetailsInput]: Exclude<PatientDetailsInput[K], undefined> }>;
export type StoredPatientAddress = Required<{ [K in keyof PatientAddressInput]: Exclude<PatientAddressInput[K], undefined> }>;

export interface OrderBody {
  /** Null while an unregistered testkit awaits its patient (testkit.ts). */
  patient_details: StoredPatientDetails | null;
  patient_address: StoredPatientAddress | null;
  lab_test: LabTestView;
  details: { type: CollectionMethod; data: { id: string; created_at: string; appointment_id: string | null; shipment: Shipment | null } };
  notes: string;
  clinical_notes: string | null;
  physician: PhysicianInput | null;
  health_insurance_id: string | null;
  requisition_form_url: string;
  priority: boolean;
  shipping_details: ShippingDetails | null;
  activate_by: string | null;
  passthrough: string | null;
  billing_type: string;
  icd_codes: string[];
  consents: unknown[];
  has_abn: boolean;
  has_missing_results: boolean | null;
  expected_result_by_date: string;
  worst_case_result_by_date: string;
  /**
   * The lab account the order was placed through: its results' `metadata.account_id`. Kept in the
   * body (toOrderView leaves it out: the Order has no such field); absent from orders stored before.
   */
  lab_account_id?: string | null;
  /** A testkit ordered unregistered (POST /v3/order/testkit): its patient registers it by sample id. Not in the view. */
  registrable?: boolean;
}

export interface Shipment {
  id: string;
  outbound_tracking_number: string | null;
  outbound_tracking_url: string | null;
  inbound_tracking_number: string | null;
  inbound_tracking_url: string | null;
  outbound_courier: string | null;
  inbound_courier: string | null;
  notes: string | null;
}

export interface ShippingDetails {
  receiver_name: string;
  first_line: string;
  second_line: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone_number: string;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

/** The lowercased full name the list filters and sorts by. */
export function patientName(p: { first_name: string; last_name: string }): string {
  return `${p.first_name} ${p.last_name}`.toLowerCase();
}

/**
 * The lowercased name of the shipping recipient the list filters by: the address's
 * `receiver_name`, or the patient's full name when it gives none (whom a testkit is then
 * shipped to: newOrderBody's `shipping_details`).
 */
export function recipientName(p: { first_name: string; last_name: string }, a: { receiver_name?: Nullable<string> | undefined }): string {
  return (a.receiver_name ?? `${p.first_name} ${p.last_name}`).toLowerCase();
}

/** A patient as an order stores it: every key the Order declares, null when not given. */
export function storedPatientDetails(p: PatientDetailsInput): StoredPatientDetails {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    dob: p.dob,
    gender: p.gender,
    phone_number: p.phone_number,
    email: p.email,
    medical_proxy: p.medical_proxy ?? null,
    race: p.race ?? null,
    ethnicity: p.ethnicity ?? null,
    sexual_orientation: p.sexual_orientation ?? null,
    gender_identity: p.gender_identity ?? null,
    household_income: p.household_income ?? null,
    household_size: p.household_size ?? null,
  };
}

/** A patient address as an order stores it. */
export function storedPatientAddress(a: PatientAddressInput): StoredPatientAddress {
  return {
    receiver_name: a.receiver_name ?? null,
    first_line: a.first_line,
    second_line: a.second_line ?? null,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    access_notes: a.access_notes ?? null,
    phone_number: a.phone_number ?? null,
  };
}

export function newOrderBody(input: NewOrderInput): OrderBody & { patient_details: StoredPatientDetails; patient_address: StoredPatientAddress } {
  const p = input.patient_details;
  const a = input.patient_address;
  const tat = turnaroundDays(input.method);
  const day0 = input.at.slice(0, 10) + 'T00:00:00.000Z';
  const receiver = a.receiver_name ?? `${p.first_name} ${p.last_name}`;
  return {
    patient_details: storedPatientDetails(p),
    patient_address: storedPatientAddress(a),
    lab_test: input.lab_test,
    details: {
      type: input.method,
      data: {
        id: input.details_id,
        created_at: input.at,
        appointment_id: null,
        shipment: input.method === 'testkit'
          ? { id: input.shipment_id, outbound_tracking_number: null, outbound_tracking_url: null, inbound_tracking_number: null, inbound_tracking_url: null, outbound_courier: null, inbound_courier: null, notes: null }
          : null,
      },
    },
    notes: '',
    clinical_notes: input.clinical_notes ?? null,
    physician: input.physician ?? null,
    health_insurance_id: input.health_insurance_id,
    requisition_form_url: input.requisition_form_url,
    priority: input.priority ?? false,
    shipping_details: input.method === 'testkit'
      ? { receiver_name: receiver, first_line: a.first_line, second_line: a.second_line ?? null, city: a.city, state: a.state, zip: a.zip, country: a.country, phone_number: a.phone_number ?? p.phone_number }
      : null,
    activate_by: input.activate_by ?? null,
    passthrough: input.passthrough ?? null,
    billing_type: input.billing_type ?? 'client_bill',
    icd_codes: input.icd_codes ?? [],
    consents: input.consents ?? [],
    has_abn: false,
    has_missing_results: null,
    expected_result_by_date: addDays(day0, tat.common),
    worst_case_result_by_date: addDays(day0, tat.worst),
    lab_account_id: input.lab_account_id?.toLowerCase() ?? null,
  };
}

/** Deterministic digits from an id (tracking numbers of the simulated shipment). */
function digitsOf(id: string, salt: string, length: number): string {
  let h = 2166136261;
  let out = '';
  const text = `${salt}:${id}`;
  for (let round = 0; out.length < length; round++) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    h = Math.imul(h ^ round, 16777619) >>> 0;
    out += String(h % 1_000_000_000).padStart(9, '0');
  }
  return out.slice(0, length);
}

const USPS = (n: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;

/**
 * What reaching `status` adds to the order's body: the appointment once scheduled, the
 * testkit's tracking numbers once it ships (outbound) and is sent back (inbound).
 * Deterministic per order, so a step that is retried adds the same.
 */
export function stepPatch(orderId: string, body: Pick<OrderBody, 'details'>, status: string): Partial<OrderBody> {
  const parsed = parseStatus(status);
  if (!parsed) return {};
  const data = body.details.data;
  if (parsed.low === 'appointment_scheduled' && data.appointment_id === null) {
    const hex = digitsOf(orderId, 'appointment', 32).split('').map((d) => (Number(d) + 7).toString(16)).join('').slice(0, 32);
    const appointmentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    return { details: { ...body.details, data: { ...data, appointment_id: appointmentId } } };
  }
  if (parsed.method === 'testkit' && data.shipment) {
    if (parsed.low === 'transit_customer' && data.shipment.outbound_tracking_number === null) {
      const n = `9400${digitsOf(orderId, 'outbound', 18)}`;
      return { details: { ...body.details, data: { ...data, shipment: { ...data.shipment, outbound_tracking_number: n, outbound_tracking_url: USPS(n), outbound_courier: 'usps' } } } };
    }
    if (parsed.low === 'transit_lab' && data.shipment.inbound_tracking_number === null) {
      const n = `9400${digitsOf(orderId, 'inbound', 18)}`;
      return { details: { ...body.details, data: { ...data, shipment: { ...data.shipment, inbound_tracking_number: n, inbound_tracking_url: USPS(n), inbound_courier: 'usps' } } } };
    }
  }
  return {};
}

/** The stored order the view is made from (structurally, storage's LabOrderRecord). */
export interface StoredOrder {
  id: string;
  team_id: string;
  user_id: string;
  status: string;
  sample_id: string;
  interpretation: string | null;
  body: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  events: Array<{ id: number; created_at: string; status: string; status_detail: string | null }>;
  transaction_id: string;
  origin: string;
  /** Every order of its transaction, itself included (transaction.ts). */
  transaction_orders: readonly TransactionMember[];
}

/** The Order wire shape (the generated type: the compiler checks the view against the spec). */
export type OrderView = components['schemas']['Order'];

/**
 * A date of birth as the Order answers it: the stored date (`YYYY-MM-DD`, as the request gave it)
 * at midnight UTC, in the API family's date-time rendering (`+00:00`).
 */
export function dobDateTime(dob: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(dob) ? `${dob}T00:00:00+00:00` : dob;
}

/** The patient as the Order answers it: the stored patient with its dob a date-time. */
export function patientDetailsView(p: StoredPatientDetails | null): OrderView['patient_details'] {
  return p === null ? null : { ...p, dob: dobDateTime(p.dob) };
}

/** The address as the Order answers it: `receiver_name` a string, empty when the request named no one. */
export function patientAddressView(a: StoredPatientAddress | null): OrderView['patient_address'] {
  return a === null ? null : { ...a, receiver_name: a.receiver_name ?? '' };
}

/** The Order wire shape. */
export function toOrderView(order: StoredOrder): OrderView {
  const body = order.body as unknown as OrderBody;
  const parsed = parseStatus(order.status);
  // A code, or null: an event stored with words before the codes (migration 082 moved them to the notes) reads null.
  const events = order.events.map((e) => ({ id: e.id, created_at: e.created_at, status: e.status, status_detail: isOrderStatusDetail(e.status_detail) ? e.status_detail : null }));
  const last = events[events.length - 1] ?? { id: 0, created_at: order.created_at, status: order.status, status_detail: null };
  return {
    id: order.id,
    user_id: order.user_id,
    team_id: order.team_id,
    patient_details: patientDetailsView(body.patient_details),
    patient_address: patientAddressView(body.patient_address),
    lab_test: body.lab_test,
    details: { type: body.details.type, data: { ...body.details.data, updated_at: order.updated_at } },
    sample_id: order.sample_id,
    notes: body.notes,
    clinical_notes: body.clinical_notes,
    created_at: order.created_at,
    updated_at: order.updated_at,
    events,
    last_event: last,
    status: parsed?.top ?? null,
    physician: body.physician,
    health_insurance_id: body.health_insurance_id,
    requisition_form_url: parsed?.top === 'cancelled' ? null : body.requisition_form_url,
    priority: body.priority,
    shipping_details: body.shipping_details,
    activate_by: body.activate_by,
    passthrough: body.passthrough,
    billing_type: body.billing_type,
    icd_codes: body.icd_codes,
    has_abn: body.has_abn,
    interpretation: order.interpretation,
    has_missing_results: body.has_missing_results,
    expected_result_by_date: body.expected_result_by_date,
    worst_case_result_by_date: body.worst_case_result_by_date,
    origin: order.origin as OrderView['origin'],
    order_transaction: orderTransactionView(order.transaction_id, order.transaction_orders),
  };
}


/**
 * The body of an order that redraws `parent` (domain transaction.ts): the same patient, address,
 * lab test, collection method, physician, billing, diagnosis codes, consents and lab account, as
 * a new order at `at` (new details, shipment, dates and requisition form). Not held until a day
 * (`activate_by`): the redraw is wanted now.
 */
export function redrawOrderBody(
  parent: OrderBody & { patient_details: StoredPatientDetails; patient_address: StoredPatientAddress },
  ids: Pick<NewOrderInput, 'order_id' | 'details_id' | 'shipment_id' | 'at' | 'requisition_form_url'>,
): OrderBody {
  return newOrderBody({
    ...ids,
    lab_test: parent.lab_test,
    method: parent.details.type,
    patient_details: parent.patient_details,
    patient_address: parent.patient_address,
    physician: parent.physician,
    health_insurance_id: parent.health_insurance_id,
    priority: parent.priority,
    billing_type: parent.billing_type,
    icd_codes: parent.icd_codes,
    consents: parent.consents,
    activate_by: null,
    passthrough: parent.passthrough,
    clinical_notes: parent.clinical_notes,
    lab_account_id: parent.lab_account_id ?? null,
  });
}
