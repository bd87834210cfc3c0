/** Order request bodies the lab order tests share. */
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { standardLabTests } from '../../server/domain/lab-tests/catalog.js';

/** The standard lab tests of every team, by collection method. */
export const STANDARD = Object.fromEntries(standardLabTests(MARKER_CATALOG).map((t) => [t.method, t]));
export const WALK_IN = STANDARD.walk_in_test!.id;
export const TESTKIT = STANDARD.testkit!.id;

export const patientDetails = { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female', phone_number: '+14155550123', email: 'maria.lopez@example.com' };
/** patientDetails as an order answers it: the date of birth a date-time at midnight UTC. */
export const answeredPatientDetails = { ...patientDetails, dob: `${patientDetails.dob}T00:00:00+00:00` };
export const patientAddress = { first_line: '123 Main St.', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' };

export const orderBody = (userId: string, overrides: Record<string, unknown> = {}) => ({
  user_id: userId,
  patient_details: patientDetails,
  patient_address: patientAddress,
  order_set: { lab_test_ids: [WALK_IN] },
  ...overrides,
});

