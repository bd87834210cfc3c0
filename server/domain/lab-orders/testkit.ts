/**
 * Unregistered testkits (POST /v3/order/testkit, POST /v3/order/testkit/register): a kit
 * shipped before its patient is known, registered by the sample id printed on it. The rules
 * of registration and the way a simulation walks such a kit. Pure.
 */
import { parseStatus, type LifecycleVariant } from './lifecycle.js';
import { newOrderBody, storedPatientAddress, storedPatientDetails, type NewOrderInput, type OrderBody, type PatientAddressInput, type PatientDetailsInput, type PhysicianInput, type ShippingDetails } from './order.js';

/** What the rules read of a stored order. */
export interface KitOrder {
  status: string;
  body: { registrable?: boolean; patient_details?: unknown; details?: { data?: { shipment?: { outbound_tracking_number?: string | null } | null } } };
}

/** An unregistered kit's way: shipped to its holder, registered there, sent back. */
export const REGISTRABLE_KIT_PATH: readonly string[] = [
  'awaiting_registration', 'transit_customer', 'out_for_delivery', 'with_customer', 'registered', 'transit_lab', 'delivered_to_lab', 'completed',
];

/**
 * The rows of the testkit table an unregistered kit has instead (and a kit registered once
 * delivered, while `registered`): it ships awaiting registration, is registered where it is
 * delivered, and goes back from there. A testkit ordered with its patient never takes them.
 */
export const REGISTRABLE_KIT_LIFECYCLE: LifecycleVariant = {
  successPath: REGISTRABLE_KIT_PATH,
  next: {
    awaiting_registration: ['registered', 'transit_customer', 'cancelled'],
    with_customer: ['registered', 'transit_lab', 'do_not_process'],
    registered: ['transit_lab', 'cancelled'],
  },
};

/** The statuses a kit may reach before its patient registered it: on its way to them, or refused there. */
const BEFORE_REGISTRATION: ReadonlySet<string> = new Set([
  'transit_customer', 'out_for_delivery', 'with_customer', 'problem_in_transit_customer', 'failure_to_deliver_to_customer', 'do_not_process', 'cancelled',
]);

/** The statuses a kit can be registered in: before it ships, or once its holder has it. */
export const REGISTRABLE_STATUSES: readonly string[] = ['awaiting_registration', 'with_customer'];

export const isRegistrableKit = (order: KitOrder): boolean => order.body.registrable === true;

/** A registrable kit whose patient has not registered it yet. */
export const awaitsRegistration = (order: KitOrder): boolean => isRegistrableKit(order) && (order.body.patient_details ?? null) === null;

/**
 * The table rows and success path a simulation of the order follows, or undefined for its method's own: an
 * unregistered kit's, and a kit's registered once delivered while it is `registered` (its
 * shipment has an outbound tracking number: it is sent back, not shipped again). A kit
 * registered before it shipped follows the method's path (requisition, then shipping), and
 * so does any kit past `registered` (from there on, the paths are the same).
 */
export function kitLifecycle(order: KitOrder): LifecycleVariant | undefined {
  if (!isRegistrableKit(order)) return undefined;
  if (awaitsRegistration(order)) return REGISTRABLE_KIT_LIFECYCLE;
  const shipped = Boolean(order.body.details?.data?.shipment?.outbound_tracking_number);
  return shipped && parseStatus(order.status)?.low === 'registered' ? REGISTRABLE_KIT_LIFECYCLE : undefined;
}

/** The default final status of a simulation of an unregistered kit: delivered, waiting for its patient. */
export const UNREGISTERED_KIT_DEFAULT_TARGET = 'collecting_sample.testkit.with_customer';

/**
 * Null when a simulation may walk the order along `path` (full statuses); otherwise why not:
 * an unregistered kit goes no further than its way to the patient, as only the patient can
 * register it.
 */
export function kitSimulationRefusal(order: KitOrder, path: readonly string[]): string | null {
  if (!awaitsRegistration(order)) return null;
  const beyond = path.find((status) => !BEFORE_REGISTRATION.has(parseStatus(status)?.low ?? ''));
  return beyond === undefined
    ? null
    : `The testkit is not registered yet: a simulation takes it no further than its way to the patient (with_customer); register it (POST /v3/order/testkit/register) before ${beyond}`;
}

export type RegistrationDecision =
  | { ok: true }
  | { ok: false; kind: 'conflict' | 'refused'; detail: string };

/**
 * Whether the kit with `sampleId` can be registered: a kit that has its patient (registered
 * before, or ordered with one through POST /v3/order) is a conflict; one awaiting registration
 * can be registered before it ships or once delivered, and not while on its way, nor once
 * cancelled or failed.
 */
export function decideRegistration(order: KitOrder & { id: string }, sampleId: string): RegistrationDecision {
  if (!awaitsRegistration(order)) {
    return { ok: false, kind: 'conflict', detail: `The testkit ${sampleId} is registered already (order ${order.id}).` };
  }
  const parsed = parseStatus(order.status);
  if (!parsed || !REGISTRABLE_STATUSES.includes(parsed.low)) {
    return {
      ok: false,
      kind: 'refused',
      detail: `The testkit ${sampleId} is ${order.status}; it can be registered before it ships (awaiting_registration) or once delivered (with_customer).`,
    };
  }
  return { ok: true };
}

/** The kit's status once registered. */
export const REGISTERED_STATUS = 'received.testkit.registered';

/**
 * The stored body of an unregistered kit's order: a testkit order whose patient, address and
 * physician are null until registration, shipped to `shipping_details`.
 */
export function newKitOrderBody(input: Omit<NewOrderInput, 'patient_details' | 'patient_address' | 'method'> & { shipping_details: ShippingDetails }): OrderBody {
  const ship = input.shipping_details;
  const base = newOrderBody({
    ...input,
    method: 'testkit',
    // newOrderBody's patient is dropped below; the shipping recipient stands in for what it derives (the shipment's receiver).
    patient_details: { first_name: ship.receiver_name, last_name: '', dob: '', gender: 'unknown', phone_number: ship.phone_number, email: '' },
    patient_address: { ...ship },
  });
  return { ...base, patient_details: null, patient_address: null, shipping_details: { ...ship, second_line: ship.second_line ?? null }, registrable: true };
}

/** What registration adds to the kit's body: the patient, their address, physician, consents and insurance. */
export function registeredKitPatch(input: {
  patient_details: PatientDetailsInput;
  patient_address: PatientAddressInput;
  physician: PhysicianInput | null;
  consents: unknown[];
  health_insurance_id: string | null;
}): Pick<OrderBody, 'patient_details' | 'patient_address' | 'physician' | 'consents' | 'health_insurance_id'> {
  return {
    patient_details: storedPatientDetails(input.patient_details),
    patient_address: storedPatientAddress(input.patient_address),
    physician: input.physician,
    consents: input.consents,
    health_insurance_id: input.health_insurance_id,
  };
}
