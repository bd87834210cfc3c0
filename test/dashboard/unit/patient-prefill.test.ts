import { describe, expect, it } from 'vitest';
import { orderPatient, patientFromInfo, PLACEHOLDER_PATIENT } from '../../../server/dashboard/src/lib/patient-prefill.js';

const info = {
  first_name: 'Maria',
  last_name: 'Lopez',
  email: 'maria.lopez@example.com',
  phone_number: '+14155550123',
  gender: 'female',
  dob: '1986-04-21',
  address: { first_line: '123 Main St.', second_line: 'Apt. 4B', city: 'San Francisco', state: 'CA', zip_code: '94110' },
};

describe('patientFromInfo', () => {
  it('when the user has an info record, then the form takes its details and address (zip_code becomes zip)', () => {
    expect(patientFromInfo(info)).toEqual({
      first_name: 'Maria',
      last_name: 'Lopez',
      dob: '1986-04-21',
      gender: 'female',
      phone_number: '+14155550123',
      email: 'maria.lopez@example.com',
      first_line: '123 Main St.',
      second_line: 'Apt. 4B',
      city: 'San Francisco',
      state: 'CA',
      zip: '94110',
      country: 'US',
    });
  });

  it('when there is no info record, then the sandbox placeholders, as a copy', () => {
    const form = patientFromInfo(null);
    expect(form).toEqual(PLACEHOLDER_PATIENT);
    form.first_name = 'Changed';
    expect(PLACEHOLDER_PATIENT.first_name).toBe('Sandbox');
  });
});

describe('orderPatient', () => {
  it('when the form is sent, then fields are trimmed and blank optional ones become null', () => {
    const body = orderPatient({ ...patientFromInfo(info), first_name: ' Maria ', second_line: '  ' });
    expect(body.patient_details.first_name).toBe('Maria');
    expect(body.patient_address).toEqual({
      receiver_name: 'Maria Lopez',
      first_line: '123 Main St.',
      second_line: null,
      city: 'San Francisco',
      state: 'CA',
      zip: '94110',
      country: 'US',
      phone_number: '+14155550123',
    });
  });
});
