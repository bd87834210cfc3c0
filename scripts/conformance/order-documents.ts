/**
 * Orders of the kinds the order documents need (getOrderAbnPdf, getOrderCollectionInstructionPdf,
 * getOrderLabelsPdf): a testkit order, an at-home phlebotomy order, and an order the lab bills
 * to the Medicare plan of its user.
 */
import type { TeamClient, TeamSchemas } from '../../server/client/index.js';
import { orderRequestBody } from './lab-results.js';
import { must } from './operation.js';
import { insuranceBody, STANDARD_TESTKIT_LAB_TEST, STANDARD_WALK_IN_LAB_TEST } from './values.js';

type Order = TeamSchemas['Order'];

/** The standard at-home phlebotomy lab test of every team. */
export const STANDARD_AT_HOME_LAB_TEST = '1c2e9b4f-4d68-4e10-8c6f-4a8b9e3d2f12';

/** A new order of `userId` on a lab test, with more of the body (`billing_type`...). */
export async function placeOrderOn(client: TeamClient, userId: string, labTestId: string, more: Partial<TeamSchemas['CreateOrderRequest']> = {}): Promise<Order> {
  const answer = must('createOrder', await client.POST('/v3/order', { body: { ...orderRequestBody(userId, labTestId), ...more } }));
  return answer.order as Order;
}

export const placeTestkitOrder = (client: TeamClient, userId: string) => placeOrderOn(client, userId, STANDARD_TESTKIT_LAB_TEST);
export const placeAtHomeOrder = (client: TeamClient, userId: string) => placeOrderOn(client, userId, STANDARD_AT_HOME_LAB_TEST);

/** Stores a primary insurance of `payorCode` for the user (MEDICARE makes them a Medicare patient). */
export async function storePrimaryInsurance(client: TeamClient, userId: string, payorCode: string): Promise<void> {
  must('createInsurance', await client.POST('/v2/user/{user_id}/insurance', { params: { path: { user_id: userId } }, body: { ...insuranceBody(), payor_code: payorCode, is_primary: true } }));
}

/** A walk-in order billed to the user's insurance, the user's primary insurance being Medicare: an order with an ABN. */
export async function placeMedicareOrder(client: TeamClient, userId: string): Promise<Order> {
  await storePrimaryInsurance(client, userId, 'MEDICARE');
  return placeOrderOn(client, userId, STANDARD_WALK_IN_LAB_TEST, { billing_type: 'commercial_insurance', icd_codes: ['E11.9'] });
}
