/** What the checks of the testkit operations share: a kit ordered unregistered, and its registration's body. */
import type { TeamClient, TeamSchemas } from '../../server/client/index.js';
import { must } from './operation.js';
import { STANDARD_TESTKIT_LAB_TEST } from './values.js';

export const KIT_SHIPPING: TeamSchemas['TestkitShippingAddressInput'] = {
  receiver_name: 'Jordan Kim',
  first_line: '88 Harbor Way',
  second_line: 'Suite 300',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  country: 'US',
  phone_number: '+15105550188',
};

export const kitOrderBody = (userId: string): TeamSchemas['CreateTestkitOrderRequest'] => ({ user_id: userId, lab_test_id: STANDARD_TESTKIT_LAB_TEST, shipping_details: KIT_SHIPPING });

export const kitRegistrationBody = (sampleId: string): TeamSchemas['RegisterTestkitRequest'] => ({
  sample_id: sampleId,
  patient_details: { first_name: 'Jordan', last_name: 'Kim', dob: '1991-09-03', gender: 'male', phone_number: '+15105550188', email: 'jordan.kim@example.com' },
  patient_address: { first_line: '88 Harbor Way', city: 'Oakland', state: 'CA', zip: '94607', country: 'US' },
});

/** A new unregistered kit of the user, through createTestkitOrder. */
export async function orderKit(client: TeamClient, userId: string): Promise<{ id: string; sample_id: string }> {
  return must('createTestkitOrder', await client.POST('/v3/order/testkit', { body: kitOrderBody(userId) })).order;
}
