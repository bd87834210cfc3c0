/**
 * The patient of a new order, prefilled from the user's info record when there is one
 * (GET /v2/user/{user_id}/info/latest), otherwise sandbox placeholders the lab rules
 * accept. Pure.
 */

export interface UserInfoLike {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  gender: string;
  dob: string;
  address: { first_line: string; second_line?: string | null; city: string; state: string; zip_code?: string };
}

export interface PatientForm {
  first_name: string;
  last_name: string;
  dob: string;
  gender: string;
  phone_number: string;
  email: string;
  first_line: string;
  second_line: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export const PLACEHOLDER_PATIENT: Readonly<PatientForm> = {
  first_name: 'Sandbox',
  last_name: 'Patient',
  dob: '1990-01-01',
  gender: 'unknown',
  phone_number: '+14155550100',
  email: 'patient@example.com',
  first_line: '1 Test Street',
  second_line: '',
  city: 'San Francisco',
  state: 'CA',
  zip: '94110',
  country: 'US',
};

export function patientFromInfo(info: UserInfoLike | null): PatientForm {
  if (!info) return { ...PLACEHOLDER_PATIENT };
  return {
    first_name: info.first_name,
    last_name: info.last_name,
    dob: info.dob,
    gender: info.gender,
    phone_number: info.phone_number,
    email: info.email,
    first_line: info.address.first_line,
    second_line: info.address.second_line ?? '',
    city: info.address.city,
    state: info.address.state,
    // The user info address has no country key and names the code zip_code.
    zip: info.address.zip_code || PLACEHOLDER_PATIENT.zip,
    country: 'US',
  };
}

/** The order body's patient_details and patient_address from the form (blank optional fields become null). */
export function orderPatient(form: PatientForm) {
  const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as unknown as PatientForm;
  return {
    patient_details: {
      first_name: trimmed.first_name,
      last_name: trimmed.last_name,
      dob: trimmed.dob,
      gender: trimmed.gender,
      phone_number: trimmed.phone_number,
      email: trimmed.email,
    },
    patient_address: {
      receiver_name: `${trimmed.first_name} ${trimmed.last_name}`.trim() || null,
      first_line: trimmed.first_line,
      second_line: trimmed.second_line === '' ? null : trimmed.second_line,
      city: trimmed.city,
      state: trimmed.state,
      zip: trimmed.zip,
      country: trimmed.country,
      phone_number: trimmed.phone_number === '' ? null : trimmed.phone_number,
    },
  };
}
