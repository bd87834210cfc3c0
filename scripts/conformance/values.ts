/** Request values the checks share. */
import type { TeamSchemas } from '../../server/client/index.js';

/** A well-formed id no deployment has (and a mock accepts). */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const NOT_A_UUID = 'not-a-uuid';

/** Deliberately invalid input, typed as what the client expects so that it can be sent. */
export const invalid = (value: unknown): never => value as never;

/** The documented body limits (PayloadTooLarge): 1 MiB, 8 MiB for the bulk pull. */
export const MiB = 1024 * 1024;

let oversized: string | undefined;
/**
 * A JSON body just over 8 MiB, the largest documented limit, so that every operation
 * with a body (and every mock, which accepts up to 8 MiB) must answer 413.
 */
export function oversizedBody(): string {
  oversized ??= JSON.stringify({ padding: 'x'.repeat(8 * MiB + 1024) });
  return oversized;
}

/** A JSON body over 1 MiB and under 8 MiB: a 413 everywhere but on the bulk pull. */
export function overOneMiBBody(): string {
  return JSON.stringify({ padding: 'x'.repeat(MiB + 1024) });
}

export const MALFORMED_JSON = '{"truncated": ';

export const insuranceBody = (): TeamSchemas['CreateInsuranceRequest'] => ({
  payor_code: 'AETNA',
  member_id: 'W123456789',
  relationship: 'Self',
  group_id: 'GRP-0042',
  is_primary: true,
  insured: {
    first_name: 'Maria',
    last_name: 'Lopez',
    gender: 'female',
    dob: '1986-04-21',
    email: 'maria.lopez@example.com',
    phone_number: '+14155550123',
    address: { first_line: '123 Main St.', second_line: null, city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
  },
});

export const userInfoBody = (): TeamSchemas['UserInfoCreateRequest'] => ({
  first_name: 'Anne-Marie',
  last_name: "O'Connor",
  email: 'anne.oconnor@example.com',
  phone_number: '+14155550123',
  gender: 'female',
  dob: '1986-04-21',
  address: { first_line: '123 Main St.', second_line: 'Apt. 4B', city: 'San Francisco', state: 'CA', zip_code: '94110' },
  race: 'white_caucasian',
  ethnicity: 'non_hispanic',
  sexual_orientation: 'heterosexual_or_straight',
  gender_identity: 'female',
});

/** The standard lab tests every team has (server/domain/lab-tests/catalog.ts): walk-in and testkit. */
export const STANDARD_WALK_IN_LAB_TEST = '0b1f8a3e-3c57-4d0f-9b5e-3f7a8d2c1e01';
export const STANDARD_TESTKIT_LAB_TEST = '3e40bd61-6f8a-4032-ae81-6cadb05f4134';

/** An order set of the team's standard walk-in lab test (Labcorp) and a Labcorp add-on (Estradiol). */
export const ORDER_SET: TeamSchemas['ListOrderSetMarkersRequest'] = { lab_test_ids: [STANDARD_WALK_IN_LAB_TEST], add_on: { provider_ids: ['004515'] } };

/** A valid order of the standard walk-in lab test for the user. */
export const orderBody = (userId: string): TeamSchemas['CreateOrderRequest'] => ({
  user_id: userId,
  patient_details: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' },
  patient_address: { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
  order_set: { lab_test_ids: [STANDARD_WALK_IN_LAB_TEST] },
});
