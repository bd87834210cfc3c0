/** When an order has its collection instructions, labels and ABN (domain/lab-documents/order-document-rules.ts), and how a label writes the collection time. */
import { describe, expect, it } from 'vitest';
import { collectionTimeText, labelLines } from '../../server/domain/lab-documents/labels.js';
import { abnRefusal, collectionInstructionsRefusal, isMedicarePayor, labelsRefusal, type DocumentOrder } from '../../server/domain/lab-documents/order-document-rules.js';
import { noncoverageReason } from '../../server/domain/lab-documents/abn.js';

const ID = '5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d';
const order = (method: string, low: string, body: Partial<DocumentOrder['body']> = {}, top = 'received'): DocumentOrder => ({
  id: ID,
  method,
  status: `${top}.${method}.${low}`,
  body: { patient_details: { first_name: 'Maria' }, billing_type: 'client_bill', lab_test: { has_collection_instructions: method === 'testkit' }, ...body },
});
const unregisteredKit = (low = 'awaiting_registration', top = 'received') => order('testkit', low, { registrable: true, patient_details: null }, top);

describe('collectionInstructionsRefusal', () => {
  it('when the order is a testkit (registered or not), then it has instructions', () => {
    expect(collectionInstructionsRefusal(order('testkit', 'ordered'))).toBeNull();
    expect(collectionInstructionsRefusal(unregisteredKit())).toBeNull();
  });
  it('when a phlebotomist collects the order, or it was cancelled, then the refusal says which', () => {
    for (const method of ['walk_in_test', 'at_home_phlebotomy', 'on_site_collection']) {
      expect(collectionInstructionsRefusal(order(method, 'ordered'))).toMatch(new RegExp(`is a ${method} order; it has no collection instructions`));
    }
    expect(collectionInstructionsRefusal(order('testkit', 'cancelled', {}, 'cancelled'))).toMatch(/was cancelled/);
  });
});

describe('labelsRefusal', () => {
  it('when the team\'s side collects and the sample is still to be collected, then labels exist', () => {
    expect(labelsRefusal(order('at_home_phlebotomy', 'appointment_scheduled', {}, 'collecting_sample'))).toBeNull();
    expect(labelsRefusal(order('on_site_collection', 'ordered'))).toBeNull();
    expect(labelsRefusal(order('testkit', 'with_customer', {}, 'collecting_sample'))).toBeNull();
  });
  it('when the order is walk-in, then none: the center labels what it draws', () => {
    expect(labelsRefusal(order('walk_in_test', 'ordered'))).toMatch(/patient service center labels the samples it draws/);
  });
  it('when the sample is with the lab, completed, failed or cancelled, then none', () => {
    for (const [top, low] of [['sample_with_lab', 'partial_results'], ['completed', 'completed'], ['failed', 'sample_error'], ['cancelled', 'cancelled']] as const) {
      expect(labelsRefusal(order('at_home_phlebotomy', low, {}, top))).toMatch(/exist only while the sample is still to be collected/);
    }
  });
  it('when a kit awaits its registration, then none (a label names the patient)', () => {
    expect(labelsRefusal(unregisteredKit())).toMatch(/awaiting registration/);
    expect(labelsRefusal(unregisteredKit('with_customer', 'collecting_sample'))).toMatch(/awaiting registration/);
  });
});

describe('abnRefusal and isMedicarePayor', () => {
  const insured = (low = 'ordered', top = 'received') => order('walk_in_test', low, { billing_type: 'commercial_insurance' }, top);
  it('when the payor is federal Medicare or a state Medicare plan, then it is Medicare; Medicaid and commercial plans are not', () => {
    expect(['MEDICARE', 'MEDICARE_CA', 'MEDICARE_DC'].map(isMedicarePayor)).toEqual([true, true, true]);
    expect(['MEDICAID_CA', 'AETNA', 'MEDICARE_', 'MEDICARE_CAL', 'XMEDICARE'].map(isMedicarePayor)).toEqual([false, false, false, false, false]);
  });
  it('when the order is billed to the insurance of a Medicare patient, then it has an ABN, in any status but cancelled', () => {
    expect(abnRefusal(insured(), 'MEDICARE')).toBeNull();
    expect(abnRefusal(insured('completed', 'completed'), 'MEDICARE_NY')).toBeNull();
    expect(abnRefusal(insured('cancelled', 'cancelled'), 'MEDICARE')).toMatch(/was cancelled/);
  });
  it('when any condition fails, then the refusal names it, the billing type before the insurance', () => {
    for (const billing of ['client_bill', 'patient_bill', 'patient_bill_passthrough']) {
      expect(abnRefusal(order('walk_in_test', 'ordered', { billing_type: billing }), 'MEDICARE')).toMatch(new RegExp(`billed as ${billing};`));
    }
    expect(abnRefusal(insured(), null)).toMatch(/no primary insurance on file/);
    expect(abnRefusal(insured(), 'MEDICAID_CA')).toMatch(/primary insurance is MEDICAID_CA, not a Medicare plan/);
    expect(abnRefusal({ ...unregisteredKit(), body: { ...unregisteredKit().body, billing_type: 'commercial_insurance' } }, 'MEDICARE')).toMatch(/awaiting registration/);
  });
  it('when the order gives diagnosis codes, then the reason names them; without, it says none supports the test', () => {
    expect(noncoverageReason(['E11.9', 'I10'])).toContain('E11.9, I10');
    expect(noncoverageReason([])).toMatch(/No diagnosis code/);
  });
});

describe('collectionTimeText', () => {
  it('when the time has an offset, then the label keeps its wall-clock time and offset; Z is UTC', () => {
    expect(collectionTimeText('2026-12-01T09:30:00-08:00')).toBe('2026-12-01 09:30 UTC-08:00');
    expect(collectionTimeText('2026-12-01t09:30:59.123z')).toBe('2026-12-01 09:30 UTC');
    expect(collectionTimeText('2026-12-01 09:30:00+0530')).toBe('2026-12-01 09:30 UTC+05:30');
    expect(collectionTimeText('2026-12-01T09:30:00+02')).toBe('2026-12-01 09:30 UTC+02:00');
  });
  it('when a label is laid out, then its lines carry the patient, both ids, the time and the sample id as barcode text', () => {
    const lines = labelLines({
      order_id: ID, sample_id: 'SB0123456789', patient: { first_name: 'Maria', last_name: 'Lopez', dob: '1986-04-21', gender: 'female' },
      lab: { name: 'Labcorp' }, lab_test: { name: 'Essential' }, collection_date: '2026-12-01T09:30:00Z', count: 3, date: '2026-11-29T00:00:00.000Z',
    }).map((line) => line.text);
    expect(lines).toEqual(['Maria Lopez', 'DOB 1986-04-21  Sex female', 'Sample SB0123456789', `Order ${ID}`, 'Collected 2026-12-01 09:30 UTC', 'Labcorp  |  Essential', '*SB0123456789*']);
  });
});
