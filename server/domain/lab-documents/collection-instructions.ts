/**
 * The collection instructions of a lab test (`GET /v3/lab_test/{lab_test_id}/collection_instruction_pdf`)
 * and of an order (`GET /v3/order/{order_id}/collection_instruction_pdf`: the same, headed with the
 * order's patient, order id and sample id): what the patient does before and during the
 * collection, for the lab test's collection method, sample type and fasting, and the tests it
 * collects for. Pure: PDF bytes from the model.
 */
import { PAGE, stringsOf, Writer, type UnicodeFonts } from './layout.js';

export interface CollectionInstructionsModel {
  lab_test_id: string;
  lab_test_name: string;
  method: 'testkit' | 'walk_in_test' | 'at_home_phlebotomy' | 'on_site_collection';
  sample_type: string;
  fasting: boolean;
  lab_name: string;
  markers: readonly { name: string; provider_id: string }[];
  /** The lab test's last change (ISO instant): the document's date, so the same lab test gives the same bytes. */
  date: string;
  /** The order the instructions are for; absent for a lab test's own. */
  order?: {
    order_id: string;
    sample_id: string;
    /** Null while an unregistered testkit awaits its patient. */
    patient: { name: string; dob: string } | null;
  };
}

const METHOD_TITLES: Readonly<Record<CollectionInstructionsModel['method'], string>> = {
  testkit: 'At-home test kit',
  walk_in_test: 'Walk-in test at a patient service center',
  at_home_phlebotomy: 'At-home phlebotomy',
  on_site_collection: 'On-site collection',
};

/** The steps of each collection method, in order. */
const METHOD_STEPS: Readonly<Record<CollectionInstructionsModel['method'], readonly string[]>> = {
  testkit: [
    'Open the kit and check it holds the collection card, two lancets, gauze, a bandage and the return envelope.',
    'Write your full name, date of birth and the collection date and time on the collection card.',
    'Wash your hands in warm water for at least 30 seconds, then dry them: warm hands bleed more easily.',
    'Clean the side of a fingertip of your non-dominant hand with the alcohol pad and let it air dry.',
    'Press the lancet firmly against the side of the fingertip until it clicks. Wipe away the first drop of blood.',
    'Let large drops fall onto the card, filling each circle completely from one side. Do not touch the card with your finger.',
    'Let the card dry flat for at least 30 minutes, away from direct sunlight, before closing it.',
    'Seal the card in the specimen bag and the return envelope, and send it the same day. Do not send it on a Friday or before a holiday.',
  ],
  walk_in_test: [
    'Find a patient service center of the lab and book a visit, or walk in during its opening hours.',
    'Bring a photo ID and the requisition form of your order (printed or on your phone).',
    'At the center, give your name and date of birth; the phlebotomist collects the samples and labels them with your sample ID.',
    'Drink water before the visit unless told otherwise: being well hydrated makes the blood draw easier.',
  ],
  at_home_phlebotomy: [
    'Book an appointment for the phlebotomist to visit you at the address of your order.',
    'Have a photo ID ready, and a table and chair in a well-lit place.',
    'The phlebotomist brings the requisition and every collection tube, collects the samples and takes them to the lab.',
    'Drink water before the appointment unless told otherwise.',
  ],
  on_site_collection: [
    'Go to the collection site at the time you were given, with a photo ID.',
    'The staff on site collect the samples, label them with your sample ID and send them to the lab.',
    'Drink water before the collection unless told otherwise.',
  ],
};

const FASTING = 'Fast for 8 to 12 hours before the collection: water only, no food, no drinks other than water, no chewing gum. Take your usual medicines unless your physician told you otherwise.';
const NO_FASTING = 'No fasting is needed for these tests: eat and drink as usual.';
const URINE = 'Urine sample: collect a midstream sample of the first urine of the morning in the sterile cup, and close it tightly.';

/** What an unregistered kit's instructions ask first: the sample must be tied to its patient before it is collected. */
const registerFirst = (sampleId: string): string =>
  `Register this kit before you collect the sample: give its sample ID ${sampleId} and your details where your test was ordered. A sample from a kit that is not registered cannot be processed.`;

/** The instructions as PDF bytes (pdf-lib, US Letter; see layout.ts for the fonts). */
export async function renderCollectionInstructionsPdf(model: CollectionInstructionsModel, fonts: UnicodeFonts): Promise<Uint8Array> {
  const steps = METHOD_STEPS[model.method];
  const order = model.order;
  const unregistered = order && order.patient === null ? registerFirst(order.sample_id) : null;
  const writer = await Writer.create(
    {
      title: `Collection instructions: ${model.lab_test_name}`,
      subject: order ? `How to collect the samples of order ${order.order_id}` : `How to collect the samples of lab test ${model.lab_test_id}`,
      date: model.date,
    },
    order ? `Collection instructions  |  order ${order.order_id}  |  sample ${order.sample_id}` : `Collection instructions  |  lab test ${model.lab_test_id}`,
    [...stringsOf(model), ...steps, FASTING, NO_FASTING, URINE, ...(unregistered ? [unregistered] : [])],
    fonts,
  );
  writer.title('Collection Instructions');
  if (order) {
    writer.fields([
      ['Patient', order.patient ? order.patient.name : 'Not registered yet'],
      ...(order.patient ? [['Date of birth', order.patient.dob] as const] : []),
      ['Order ID', order.order_id],
      ['Sample ID', order.sample_id],
    ]);
    if (unregistered) writer.paragraph(unregistered, 9);
    writer.space(6);
  }
  writer.fields([
    ['Lab test', model.lab_test_name],
    ['Laboratory', model.lab_name],
    ['Collection method', METHOD_TITLES[model.method]],
    ['Sample type', model.sample_type.replace(/_/g, ' ')],
    ['Fasting', model.fasting ? 'Required (8 to 12 hours)' : 'Not required'],
  ]);
  writer.heading('Before the collection');
  writer.paragraph(model.fasting ? FASTING : NO_FASTING, 9);
  if (model.sample_type === 'urine') writer.paragraph(URINE, 9);
  writer.heading('Steps');
  const width = PAGE.width - 2 * PAGE.margin;
  writer.table(
    [{ title: 'Step', width: 40 }, { title: 'What to do', width: width - 40 }],
    steps.map((step, i) => ({ cells: [String(i + 1), step] })),
  );
  writer.heading(`Tests collected for (${model.markers.length})`);
  writer.table(
    [{ title: 'Test', width: width - 120 }, { title: 'Lab test code', width: 120 }],
    model.markers.map((marker) => ({ cells: [marker.name, marker.provider_id] })),
  );
  writer.space(10);
  writer.paragraph('Questions about your collection: contact the team that ordered your test. In an emergency, call your local emergency number.');
  return writer.bytes();
}
