/**
 * The Advance Beneficiary Notice of Noncoverage of an order (`GET /v3/order/{order_id}/abn_pdf`):
 * the notice a laboratory gives a Medicare patient before collecting tests Medicare may not pay
 * for, with the tests, their estimated cost, the patient's choices and the signature lines.
 * Our own wording of what such a notice says. Pure: PDF bytes from the model.
 */
import type { DocumentAddress, DocumentPatient } from './render.js';
import { PAGE, stringsOf, Writer, type UnicodeFonts } from './layout.js';

export interface AbnModel {
  readonly order_id: string;
  readonly sample_id: string;
  /** ISO instant the order was created: the notice's date. */
  readonly created_at: string;
  readonly patient: DocumentPatient;
  readonly address: DocumentAddress;
  /** The laboratory that bills (the notifier). */
  readonly lab: { readonly name: string; readonly first_line_address?: string | null; readonly city?: string | null; readonly zipcode?: string | null };
  readonly lab_test: { readonly name: string };
  /** The tests ordered, with the lab's code and list price in dollars (`"30.00"`), when known. */
  readonly markers: readonly { readonly name: string; readonly provider_id: string; readonly price?: string | null }[];
  readonly insurance: { readonly payor_code: string; readonly payor_name: string; readonly member_id: string };
  readonly icd_codes: readonly string[];
}

const WHY = 'Medicare pays for a laboratory test only when it is medically necessary for your condition, and only as often as its rules allow. The laboratory expects that Medicare may not pay for the tests below. If Medicare does not pay, you may have to pay for them yourself.';
const READ = 'Read this notice so that you can decide whether you want the tests. Ask us any question you have, then choose one option below and sign. Keep a copy.';
const OPTIONS: readonly string[] = [
  '[  ] OPTION 1. I want the tests listed above. Bill Medicare for them and send me its decision. If Medicare does not pay, I am responsible for paying, and I can appeal its decision.',
  '[  ] OPTION 2. I want the tests listed above, but do not bill Medicare. I pay for them myself; as no claim is sent, there is no decision I can appeal.',
  '[  ] OPTION 3. I do not want the tests listed above. I am not responsible for paying for them, and there is no decision I can appeal.',
];
const OPINION = 'This notice gives the laboratory\'s opinion, not Medicare\'s decision. If Medicare does pay, any amount you paid beyond your usual share is refunded to you.';

/** Dollars of a list price (`"30.00"`), or null when there is none. */
const cents = (price: string | null | undefined): number | null => {
  const value = Number(price);
  return price === null || price === undefined || price === '' || !Number.isFinite(value) ? null : Math.round(value * 100);
};
const dollars = (amount: number): string => `$${(amount / 100).toFixed(2)}`;

/** Why Medicare may not pay, from the diagnosis codes the order gives. */
export function noncoverageReason(icdCodes: readonly string[]): string {
  return icdCodes.length === 0
    ? 'No diagnosis code on the order shows that the test is medically necessary.'
    : `Medicare may not find the test medically necessary for ${icdCodes.join(', ')}, or may cover it less often.`;
}

/** The notice as PDF bytes (pdf-lib, US Letter; see layout.ts for the fonts). */
export async function renderAbnPdf(model: AbnModel, fonts: UnicodeFonts): Promise<Uint8Array> {
  const reason = noncoverageReason(model.icd_codes);
  const writer = await Writer.create(
    { title: `Advance Beneficiary Notice ${model.order_id}`, subject: `Advance Beneficiary Notice of Noncoverage for order ${model.order_id}`, date: model.created_at },
    `Advance Beneficiary Notice  |  order ${model.order_id}  |  sample ${model.sample_id}`,
    [...stringsOf(model), reason, WHY, READ, ...OPTIONS, OPINION],
    fonts,
  );
  const p = model.patient;
  const a = model.address;
  const labAddress = [model.lab.first_line_address, [model.lab.city, model.lab.zipcode].filter(Boolean).join(' ')].filter((part) => !!part).join(', ');
  writer.title('Advance Beneficiary Notice of Noncoverage (ABN)');
  writer.fields([
    ['Notifier (laboratory)', labAddress === '' ? model.lab.name : `${model.lab.name}, ${labAddress}`],
    ['Patient', `${p.first_name} ${p.last_name}`.trim()],
    ['Date of birth', p.dob],
    ['Address', [a.first_line, a.second_line, `${a.city}, ${a.state} ${a.zip}`].filter((part) => !!part).join(', ')],
    ['Identification number', `Sample ${model.sample_id}`],
    ['Order ID', model.order_id],
    ['Date', model.created_at.slice(0, 10)],
    ['Medicare plan', `${model.insurance.payor_name} (${model.insurance.payor_code}), member ${model.insurance.member_id}`],
    ['Diagnosis codes (ICD-10)', model.icd_codes.length > 0 ? model.icd_codes.join(', ') : 'none given'],
  ]);
  writer.heading('Why you are receiving this notice');
  writer.paragraph(WHY, 9);
  writer.heading(`Tests Medicare may not pay for: ${model.lab_test.name}`);
  const width = PAGE.width - 2 * PAGE.margin;
  const prices = model.markers.map((m) => cents(m.price));
  const known = prices.filter((c): c is number => c !== null);
  writer.table(
    [{ title: 'Test', width: 170 }, { title: 'Lab test code', width: 70 }, { title: 'Reason Medicare may not pay', width: width - 320 }, { title: 'Estimated cost', width: 80 }],
    [
      ...model.markers.map((m, i) => ({ cells: [m.name, m.provider_id, reason, prices[i] === null ? 'not known' : dollars(prices[i]!)] })),
      { cells: ['Total', '', '', dollars(known.reduce((sum, c) => sum + c, 0))], emphasis: false },
    ],
  );
  writer.heading('What you need to do now');
  writer.paragraph(READ, 9);
  writer.heading('Options: check one box');
  for (const option of OPTIONS) {
    writer.paragraph(option, 9);
    writer.space(3);
  }
  writer.heading('Signature');
  writer.fields([
    ['Signature', '_______________________________________'],
    ['Date', '____________________'],
  ]);
  writer.space(10);
  writer.paragraph(OPINION);
  return writer.bytes();
}
