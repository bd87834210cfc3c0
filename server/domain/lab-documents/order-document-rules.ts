/**
 * When an order has each of its documents beyond the requisition and the results: the
 * collection instructions (`GET /v3/order/{order_id}/collection_instruction_pdf`), the
 * specimen labels (`GET /v3/order/{order_id}/labels/pdf`) and the Advance Beneficiary Notice
 * (`GET /v3/order/{order_id}/abn_pdf`). Each rule answers null when the order has the
 * document, else the `detail` of the 400 saying why not. Pure.
 */
import { parseStatus } from '../lab-orders/lifecycle.js';
import { awaitsRegistration, type KitOrder } from '../lab-orders/testkit.js';

/** What the rules read of a stored order. */
export interface DocumentOrder extends KitOrder {
  id: string;
  method: string;
  body: KitOrder['body'] & { billing_type?: string | null; lab_test?: { has_collection_instructions?: boolean } };
}

const isCancelled = (order: DocumentOrder) => parseStatus(order.status)?.top === 'cancelled';

/**
 * Collection instructions: an order whose lab test has them (the testkits: the patient
 * collects alone), not cancelled. An unregistered kit has them: they travel with the kit.
 */
export function collectionInstructionsRefusal(order: DocumentOrder): string | null {
  if (isCancelled(order)) return `Order ${order.id} was cancelled; it has no collection instructions.`;
  if (order.body.lab_test?.has_collection_instructions !== true) {
    return `Order ${order.id} is a ${order.method} order; it has no collection instructions (only testkit orders, whose patient collects the sample alone, have them).`;
  }
  return null;
}

/** The methods whose samples the team's side (its phlebotomist, its site, the patient with a kit) labels. */
export const LABELLED_METHODS: readonly string[] = ['at_home_phlebotomy', 'on_site_collection', 'testkit'];
/** The top-level statuses in which the sample is still to be collected. */
export const LABEL_STATUSES: readonly string[] = ['received', 'collecting_sample'];

/**
 * Specimen labels: an order of a labelled method with its patient (a label names them), while
 * its sample is still to be collected. A walk-in center labels what it draws itself.
 */
export function labelsRefusal(order: DocumentOrder): string | null {
  if (!LABELLED_METHODS.includes(order.method)) {
    return `Order ${order.id} is a ${order.method} order; the patient service center labels the samples it draws, so it has no specimen labels.`;
  }
  const top = parseStatus(order.status)?.top ?? '';
  if (!LABEL_STATUSES.includes(top)) {
    return `Order ${order.id} is ${order.status}; specimen labels exist only while the sample is still to be collected (received or collecting_sample).`;
  }
  if (awaitsRegistration(order)) {
    return `Order ${order.id} is a testkit awaiting registration; its specimen labels exist once its patient registered it.`;
  }
  return null;
}

/** The billing type under which the lab bills the patient's insurance (Medicare among them). */
export const INSURANCE_BILLING = 'commercial_insurance';

/** Whether a stored payor code is a Medicare plan: federal `MEDICARE` or a state plan `MEDICARE_<state>` (what `MEDFED` resolves to). */
export const isMedicarePayor = (payorCode: string): boolean => /^MEDICARE(_[A-Z]{2})?$/.test(payorCode);

/**
 * The Advance Beneficiary Notice: only for a Medicare patient whose tests the lab bills to
 * their insurance. `primaryPayorCode` is the payor of the user's primary insurance on file,
 * null when there is none.
 */
export function abnRefusal(order: DocumentOrder, primaryPayorCode: string | null): string | null {
  if (isCancelled(order)) return `Order ${order.id} was cancelled; it has no Advance Beneficiary Notice.`;
  if (awaitsRegistration(order)) {
    return `Order ${order.id} is a testkit awaiting registration; its Advance Beneficiary Notice exists once its patient registered it.`;
  }
  const billing = order.body.billing_type ?? 'client_bill';
  if (billing !== INSURANCE_BILLING) {
    return `Order ${order.id} is billed as ${billing}; an Advance Beneficiary Notice applies only to an order billed to the patient's insurance (billing_type ${INSURANCE_BILLING}).`;
  }
  if (primaryPayorCode === null) {
    return `Order ${order.id} has no Advance Beneficiary Notice; its user has no primary insurance on file (POST /v2/user/{user_id}/insurance), and an ABN applies only to a Medicare patient.`;
  }
  if (!isMedicarePayor(primaryPayorCode)) {
    return `Order ${order.id} has no Advance Beneficiary Notice; its user's primary insurance is ${primaryPayorCode}, not a Medicare plan (MEDICARE or MEDICARE_<state>).`;
  }
  return null;
}
