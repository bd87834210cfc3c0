import type { components } from '../../../../generated/team/schema.js';
import { birthDateProblem } from '../../../domain/users/rules.js';
import type { ValidationErrorItem } from '../../../shared/error-shape.js';

type InsuranceAddress = components['schemas']['InsuranceAddress'];
type UserAddress = components['schemas']['UserAddress'];
type PersonDetails = components['schemas']['PersonDetails'];
type GuarantorDetails = components['schemas']['GuarantorDetails'];
type Physician = components['schemas']['Physician'];

/**
 * The people and addresses of request bodies as they are stored and answered:
 * only the keys their schema has, optional ones that were not sent left out.
 * The request schemas refuse keys they do not declare (a `422`), and the few
 * they accept without using (`signature_image` of a physician) stay out of
 * the stored record.
 */

/** Drops keys whose value is undefined, so that optional fields that were not sent stay absent. */
const present = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

/** `second_line` null or absent is an empty string; `access_notes` is accepted and ignored in requests. */
export const toInsuranceAddress = (address: InsuranceAddress): InsuranceAddress => ({
  first_line: address.first_line,
  second_line: address.second_line ?? '',
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: address.country,
});

/** The user address: `zip_code` (not `zip`) and no country. */
export const toUserAddress = (address: UserAddress): UserAddress =>
  present({
    first_line: address.first_line,
    second_line: address.second_line ?? null,
    city: address.city,
    state: address.state,
    zip_code: address.zip_code,
  });

export const toPersonDetails = (person: PersonDetails): PersonDetails => ({
  first_name: person.first_name,
  last_name: person.last_name,
  gender: person.gender,
  dob: person.dob,
  email: person.email,
  phone_number: person.phone_number,
  address: toInsuranceAddress(person.address),
});

export const toGuarantorDetails = (guarantor: GuarantorDetails): GuarantorDetails =>
  present({
    first_name: guarantor.first_name,
    last_name: guarantor.last_name,
    address: toInsuranceAddress(guarantor.address),
    phone_number: guarantor.phone_number,
    email: guarantor.email,
    household_income: guarantor.household_income,
    household_size: guarantor.household_size,
  });

export const toPhysician = (physician: Physician): Physician =>
  present({
    first_name: physician.first_name,
    last_name: physician.last_name,
    npi: physician.npi,
    email: physician.email,
    licensed_states: physician.licensed_states,
  });

/**
 * The 422 items of a date of birth at `loc` (user info, an order's patient, an insured person):
 * none when it keeps the rule of domain/users/rules.ts (`birthDateProblem`), else one saying why.
 */
export function birthDateItems(loc: (string | number)[], dob: string, now: Date): ValidationErrorItem[] {
  const problem = birthDateProblem(dob, now);
  return problem === null ? [] : [{ loc, msg: problem, type: 'value_error' }];
}
