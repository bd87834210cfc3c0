/**
 * Payor catalog: payor code -> insurance company (CompanyDetails wire shape),
 * and the rule that resolves a submitted payor code, including the MEDFED /
 * MAIDFED aliases that infer the state Medicare / Medicaid plan from the
 * insured person's address. Pure data and functions.
 *
 * Addresses are headquarters or claims addresses as best known; they are
 * informational (shown back as `company`), not used for routing.
 */

export interface PayorAddress {
  readonly first_line: string;
  /** '' when there is no second line (never null). */
  readonly second_line: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
}

/** Wire shape of CompanyDetails.yaml (plain, mutable JSON). */
export interface CompanyDetails {
  name: string;
  address: {
    first_line: string;
    second_line: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
}

export type PayorCategory = 'commercial' | 'federal' | 'state_medicaid' | 'state_medicare';

export interface Payor {
  readonly code: string;
  readonly name: string;
  readonly category: PayorCategory;
  /** Two-letter state of a state plan (state_medicaid / state_medicare), else null. */
  readonly plan_state: string | null;
  /**
   * Who runs it: the state agency of a Medicaid plan, the Medicare
   * Administrative Contractor (and jurisdiction) of a Medicare state plan.
   * Not a wire field.
   */
  readonly administrator: string | null;
  readonly address: PayorAddress;
}

export interface UsState {
  readonly code: string;
  readonly name: string;
}

/** The 50 states and the District of Columbia. */
export const US_STATES: readonly UsState[] = Object.freeze([
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'],
  ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => Object.freeze({ code: code as string, name: name as string })));

type Addr = readonly [first_line: string, second_line: string, city: string, state: string, zip: string];

function address([first_line, second_line, city, state, zip]: Addr): PayorAddress {
  return Object.freeze({ first_line, second_line, city, state, zip, country: 'US' });
}

// ---------------------------------------------------------------------------
// Commercial payors
// ---------------------------------------------------------------------------

const COMMERCIAL: ReadonlyArray<readonly [code: string, name: string, addr: Addr]> = [
  ['AETNA', 'Aetna', ['151 Farmington Avenue', '', 'Hartford', 'CT', '06156']],
  ['CIGNA', 'Cigna Healthcare', ['900 Cottage Grove Road', '', 'Bloomfield', 'CT', '06002']],
  ['UHC', 'UnitedHealthcare', ['9900 Bren Road East', '', 'Minnetonka', 'MN', '55343']],
  ['HUMANA', 'Humana', ['500 West Main Street', '', 'Louisville', 'KY', '40202']],
  ['ANTHEM', 'Anthem Blue Cross Blue Shield', ['220 Virginia Avenue', '', 'Indianapolis', 'IN', '46204']],
  ['HCSC', 'Health Care Service Corporation', ['300 East Randolph Street', '', 'Chicago', 'IL', '60601']],
  ['BCBS_IL', 'Blue Cross and Blue Shield of Illinois', ['300 East Randolph Street', '', 'Chicago', 'IL', '60601']],
  ['BCBS_TX', 'Blue Cross and Blue Shield of Texas', ['1001 East Lookout Drive', '', 'Richardson', 'TX', '75082']],
  ['BCBS_MA', 'Blue Cross Blue Shield of Massachusetts', ['101 Huntington Avenue', 'Suite 1300', 'Boston', 'MA', '02199']],
  ['BCBS_MI', 'Blue Cross Blue Shield of Michigan', ['600 East Lafayette Boulevard', '', 'Detroit', 'MI', '48226']],
  ['BCBS_NC', 'Blue Cross and Blue Shield of North Carolina', ['4615 University Drive', '', 'Durham', 'NC', '27707']],
  ['BCBS_AZ', 'Blue Cross Blue Shield of Arizona', ['2444 West Las Palmaritas Drive', '', 'Phoenix', 'AZ', '85021']],
  ['BCBS_TN', 'BlueCross BlueShield of Tennessee', ['1 Cameron Hill Circle', '', 'Chattanooga', 'TN', '37402']],
  ['BCBS_MN', 'Blue Cross and Blue Shield of Minnesota', ['3535 Blue Cross Road', '', 'Eagan', 'MN', '55122']],
  ['BCBS_AL', 'Blue Cross and Blue Shield of Alabama', ['450 Riverchase Parkway East', '', 'Birmingham', 'AL', '35244']],
  ['BCBS_SC', 'BlueCross BlueShield of South Carolina', ['2501 Faraway Drive', '', 'Columbia', 'SC', '29219']],
  ['FLORIDA_BLUE', 'Florida Blue', ['4800 Deerwood Campus Parkway', '', 'Jacksonville', 'FL', '32246']],
  ['BLUE_SHIELD_CA', 'Blue Shield of California', ['601 12th Street', '', 'Oakland', 'CA', '94607']],
  ['CAREFIRST', 'CareFirst BlueCross BlueShield', ['1501 South Clinton Street', '', 'Baltimore', 'MD', '21224']],
  ['INDEPENDENCE', 'Independence Blue Cross', ['1901 Market Street', '', 'Philadelphia', 'PA', '19103']],
  ['HIGHMARK', 'Highmark Blue Cross Blue Shield', ['120 Fifth Avenue', '', 'Pittsburgh', 'PA', '15222']],
  ['CAPITAL_BLUE', 'Capital Blue Cross', ['2500 Elmerton Avenue', '', 'Harrisburg', 'PA', '17177']],
  ['HORIZON', 'Horizon Blue Cross Blue Shield of New Jersey', ['3 Penn Plaza East', '', 'Newark', 'NJ', '07105']],
  ['EXCELLUS', 'Excellus BlueCross BlueShield', ['165 Court Street', '', 'Rochester', 'NY', '14647']],
  ['WELLMARK', 'Wellmark Blue Cross and Blue Shield', ['1331 Grand Avenue', '', 'Des Moines', 'IA', '50309']],
  ['PREMERA', 'Premera Blue Cross', ['7001 220th Street SW', '', 'Mountlake Terrace', 'WA', '98043']],
  ['REGENCE', 'Regence BlueCross BlueShield', ['100 SW Market Street', '', 'Portland', 'OR', '97201']],
  ['KAISER', 'Kaiser Permanente', ['One Kaiser Plaza', '', 'Oakland', 'CA', '94612']],
  ['CENTENE', 'Centene Corporation', ['7700 Forsyth Boulevard', '', 'St. Louis', 'MO', '63105']],
  ['WELLCARE', 'WellCare Health Plans', ['8735 Henderson Road', '', 'Tampa', 'FL', '33634']],
  ['HEALTHNET', 'Health Net', ['21281 Burbank Boulevard', '', 'Woodland Hills', 'CA', '91367']],
  ['AMERIGROUP', 'Amerigroup', ['4425 Corporation Lane', '', 'Virginia Beach', 'VA', '23462']],
  ['MOLINA', 'Molina Healthcare', ['200 Oceangate', 'Suite 100', 'Long Beach', 'CA', '90802']],
  ['CARESOURCE', 'CareSource', ['230 North Main Street', '', 'Dayton', 'OH', '45402']],
  ['OSCAR', 'Oscar Health', ['75 Varick Street', '5th Floor', 'New York', 'NY', '10013']],
  ['EMBLEM', 'EmblemHealth', ['55 Water Street', '', 'New York', 'NY', '10041']],
  ['HEALTHFIRST', 'Healthfirst', ['100 Church Street', '', 'New York', 'NY', '10007']],
  ['FIDELIS', 'Fidelis Care', ['95-25 Queens Boulevard', '', 'Rego Park', 'NY', '11374']],
  ['GEISINGER', 'Geisinger Health Plan', ['100 North Academy Avenue', '', 'Danville', 'PA', '17822']],
  ['UPMC', 'UPMC Health Plan', ['600 Grant Street', 'U.S. Steel Tower', 'Pittsburgh', 'PA', '15219']],
  ['TUFTS', 'Tufts Health Plan', ['1 Wellness Way', '', 'Canton', 'MA', '02021']],
  ['HARVARD_PILGRIM', 'Harvard Pilgrim Health Care', ['93 Worcester Street', '', 'Wellesley', 'MA', '02481']],
  ['MEDICA', 'Medica', ['401 Carlson Parkway', '', 'Minnetonka', 'MN', '55305']],
  ['HEALTHPARTNERS', 'HealthPartners', ['8170 33rd Avenue South', '', 'Bloomington', 'MN', '55425']],
  ['PRIORITY', 'Priority Health', ['1231 East Beltline Avenue NE', '', 'Grand Rapids', 'MI', '49525']],
  ['SELECTHEALTH', 'SelectHealth', ['5381 Green Street', '', 'Murray', 'UT', '84123']],
];

// ---------------------------------------------------------------------------
// Federal programs
// ---------------------------------------------------------------------------

const CMS: Addr = ['7500 Security Boulevard', '', 'Baltimore', 'MD', '21244'];

const FEDERAL: ReadonlyArray<readonly [code: string, name: string, administrator: string, addr: Addr]> = [
  ['MEDICARE', 'Medicare', 'Centers for Medicare & Medicaid Services', CMS],
  ['MEDICAID', 'Medicaid', 'Centers for Medicare & Medicaid Services', CMS],
  ['TRICARE', 'TRICARE', 'Defense Health Agency', ['7700 Arlington Boulevard', '', 'Falls Church', 'VA', '22042']],
];

// ---------------------------------------------------------------------------
// State Medicaid programs (one per state + DC)
// ---------------------------------------------------------------------------

const MEDICAID_STATE: Readonly<Record<string, readonly [program: string, agency: string, addr: Addr]>> = {
  AL: ['Alabama Medicaid', 'Alabama Medicaid Agency', ['501 Dexter Avenue', '', 'Montgomery', 'AL', '36104']],
  AK: ['Alaska Medicaid', 'Alaska Department of Health, Division of Health Care Services', ['4501 Business Park Boulevard', 'Suite 24', 'Anchorage', 'AK', '99503']],
  AZ: ['AHCCCS', 'Arizona Health Care Cost Containment System', ['801 East Jefferson Street', '', 'Phoenix', 'AZ', '85034']],
  AR: ['Arkansas Medicaid', 'Arkansas Department of Human Services', ['700 Main Street', 'Donaghey Plaza South', 'Little Rock', 'AR', '72201']],
  CA: ['Medi-Cal', 'California Department of Health Care Services', ['1501 Capitol Avenue', '', 'Sacramento', 'CA', '95814']],
  CO: ['Health First Colorado', 'Colorado Department of Health Care Policy and Financing', ['303 East 17th Avenue', '', 'Denver', 'CO', '80203']],
  CT: ['HUSKY Health', 'Connecticut Department of Social Services', ['55 Farmington Avenue', '', 'Hartford', 'CT', '06105']],
  DE: ['Delaware Medicaid (Diamond State Health Plan)', 'Delaware Division of Medicaid and Medical Assistance', ['1901 North DuPont Highway', '', 'New Castle', 'DE', '19720']],
  DC: ['DC Medicaid', 'DC Department of Health Care Finance', ['441 4th Street NW', 'Suite 900S', 'Washington', 'DC', '20001']],
  FL: ['Florida Medicaid', 'Florida Agency for Health Care Administration', ['2727 Mahan Drive', '', 'Tallahassee', 'FL', '32308']],
  GA: ['Georgia Medicaid', 'Georgia Department of Community Health', ['2 Martin Luther King Jr. Drive SE', 'East Tower', 'Atlanta', 'GA', '30334']],
  HI: ['Med-QUEST', 'Hawaii Department of Human Services, Med-QUEST Division', ['601 Kamokila Boulevard', 'Room 518', 'Kapolei', 'HI', '96707']],
  ID: ['Idaho Medicaid', 'Idaho Department of Health and Welfare', ['450 West State Street', '', 'Boise', 'ID', '83702']],
  IL: ['Illinois Medicaid (HealthChoice Illinois)', 'Illinois Department of Healthcare and Family Services', ['201 South Grand Avenue East', '', 'Springfield', 'IL', '62763']],
  IN: ['Indiana Medicaid (Healthy Indiana Plan)', 'Indiana Family and Social Services Administration', ['402 West Washington Street', '', 'Indianapolis', 'IN', '46204']],
  IA: ['Iowa Medicaid (IA Health Link)', 'Iowa Department of Health and Human Services', ['1305 East Walnut Street', '', 'Des Moines', 'IA', '50319']],
  KS: ['KanCare', 'Kansas Department of Health and Environment', ['900 SW Jackson Street', '', 'Topeka', 'KS', '66612']],
  KY: ['Kentucky Medicaid', 'Kentucky Cabinet for Health and Family Services', ['275 East Main Street', '', 'Frankfort', 'KY', '40621']],
  LA: ['Healthy Louisiana', 'Louisiana Department of Health', ['628 North 4th Street', '', 'Baton Rouge', 'LA', '70802']],
  ME: ['MaineCare', 'Maine Department of Health and Human Services', ['109 Capitol Street', '', 'Augusta', 'ME', '04333']],
  MD: ['Maryland Medicaid (HealthChoice)', 'Maryland Department of Health', ['201 West Preston Street', '', 'Baltimore', 'MD', '21201']],
  MA: ['MassHealth', 'Massachusetts Executive Office of Health and Human Services', ['One Ashburton Place', '', 'Boston', 'MA', '02108']],
  MI: ['Michigan Medicaid (Healthy Michigan Plan)', 'Michigan Department of Health and Human Services', ['333 South Grand Avenue', '', 'Lansing', 'MI', '48933']],
  MN: ['Medical Assistance (Minnesota Health Care Programs)', 'Minnesota Department of Human Services', ['540 Cedar Street', '', 'St. Paul', 'MN', '55155']],
  MS: ['Mississippi Medicaid', 'Mississippi Division of Medicaid', ['550 High Street', 'Suite 1000', 'Jackson', 'MS', '39201']],
  MO: ['MO HealthNet', 'Missouri Department of Social Services, MO HealthNet Division', ['615 Howerton Court', '', 'Jefferson City', 'MO', '65109']],
  MT: ['Montana Medicaid', 'Montana Department of Public Health and Human Services', ['111 North Sanders Street', '', 'Helena', 'MT', '59601']],
  NE: ['Heritage Health', 'Nebraska Department of Health and Human Services', ['301 Centennial Mall South', '', 'Lincoln', 'NE', '68508']],
  NV: ['Nevada Medicaid', 'Nevada Division of Health Care Financing and Policy', ['1100 East William Street', 'Suite 101', 'Carson City', 'NV', '89701']],
  NH: ['New Hampshire Medicaid', 'New Hampshire Department of Health and Human Services', ['129 Pleasant Street', '', 'Concord', 'NH', '03301']],
  NJ: ['NJ FamilyCare', 'New Jersey Division of Medical Assistance and Health Services', ['7 Quakerbridge Plaza', '', 'Mercerville', 'NJ', '08619']],
  NM: ['Turquoise Care', 'New Mexico Health Care Authority', ['1474 Rodeo Road', '', 'Santa Fe', 'NM', '87505']],
  NY: ['New York State Medicaid', 'New York State Department of Health', ['Corning Tower', 'Empire State Plaza', 'Albany', 'NY', '12237']],
  NC: ['NC Medicaid', 'North Carolina Department of Health and Human Services', ['1985 Umstead Drive', '', 'Raleigh', 'NC', '27603']],
  ND: ['North Dakota Medicaid', 'North Dakota Health and Human Services', ['600 East Boulevard Avenue', 'Department 325', 'Bismarck', 'ND', '58505']],
  OH: ['Ohio Medicaid', 'Ohio Department of Medicaid', ['50 West Town Street', 'Suite 400', 'Columbus', 'OH', '43215']],
  OK: ['SoonerCare', 'Oklahoma Health Care Authority', ['4345 North Lincoln Boulevard', '', 'Oklahoma City', 'OK', '73105']],
  OR: ['Oregon Health Plan', 'Oregon Health Authority', ['500 Summer Street NE', '', 'Salem', 'OR', '97301']],
  PA: ['Pennsylvania Medical Assistance (HealthChoices)', 'Pennsylvania Department of Human Services', ['625 Forster Street', 'Health and Welfare Building', 'Harrisburg', 'PA', '17120']],
  RI: ['Rhode Island Medicaid (RIte Care)', 'Rhode Island Executive Office of Health and Human Services', ['3 West Road', '', 'Cranston', 'RI', '02920']],
  SC: ['Healthy Connections', 'South Carolina Department of Health and Human Services', ['1801 Main Street', '', 'Columbia', 'SC', '29201']],
  SD: ['South Dakota Medicaid', 'South Dakota Department of Social Services', ['700 Governors Drive', '', 'Pierre', 'SD', '57501']],
  TN: ['TennCare', 'Division of TennCare', ['310 Great Circle Road', '', 'Nashville', 'TN', '37243']],
  TX: ['Texas Medicaid', 'Texas Health and Human Services Commission', ['4900 North Lamar Boulevard', '', 'Austin', 'TX', '78751']],
  UT: ['Utah Medicaid', 'Utah Department of Health and Human Services', ['288 North 1460 West', '', 'Salt Lake City', 'UT', '84116']],
  VT: ['Green Mountain Care', 'Department of Vermont Health Access', ['280 State Drive', '', 'Waterbury', 'VT', '05671']],
  VA: ['Cover Virginia', 'Virginia Department of Medical Assistance Services', ['600 East Broad Street', '', 'Richmond', 'VA', '23219']],
  WA: ['Apple Health', 'Washington State Health Care Authority', ['626 8th Avenue SE', '', 'Olympia', 'WA', '98501']],
  WV: ['West Virginia Medicaid', 'West Virginia Bureau for Medical Services', ['350 Capitol Street', 'Room 251', 'Charleston', 'WV', '25301']],
  WI: ['BadgerCare Plus', 'Wisconsin Department of Health Services', ['1 West Wilson Street', '', 'Madison', 'WI', '53703']],
  WY: ['Wyoming Medicaid (EqualityCare)', 'Wyoming Department of Health', ['122 West 25th Street', '4th Floor West', 'Cheyenne', 'WY', '82002']],
};

// ---------------------------------------------------------------------------
// Medicare state plans: Part B Medicare Administrative Contractor by state
// ---------------------------------------------------------------------------

interface Mac {
  readonly jurisdiction: string;
  readonly contractor: string;
  readonly addr: Addr;
  readonly states: readonly string[];
}

const NORIDIAN: Addr = ['900 42nd Street South', '', 'Fargo', 'ND', '58103'];
const WPS: Addr = ['1717 West Broadway', '', 'Madison', 'WI', '53713'];
const NGS: Addr = ['8115 Knue Road', '', 'Indianapolis', 'IN', '46250'];
const NOVITAS: Addr = ['2020 Technology Parkway', 'Suite 100', 'Mechanicsburg', 'PA', '17050'];
const CGS: Addr = ['26 Century Boulevard', '', 'Nashville', 'TN', '37214'];
const PALMETTO: Addr = ['17 Technology Circle', '', 'Columbia', 'SC', '29203'];
const FIRST_COAST: Addr = ['532 Riverside Avenue', '', 'Jacksonville', 'FL', '32202'];

const MACS: readonly Mac[] = [
  { jurisdiction: 'JE', contractor: 'Noridian Healthcare Solutions', addr: NORIDIAN, states: ['CA', 'HI', 'NV'] },
  { jurisdiction: 'JF', contractor: 'Noridian Healthcare Solutions', addr: NORIDIAN,
    states: ['AK', 'AZ', 'ID', 'MT', 'ND', 'OR', 'SD', 'UT', 'WA', 'WY'] },
  { jurisdiction: 'J5', contractor: 'Wisconsin Physicians Service', addr: WPS, states: ['IA', 'KS', 'MO', 'NE'] },
  { jurisdiction: 'J8', contractor: 'Wisconsin Physicians Service', addr: WPS, states: ['IN', 'MI'] },
  { jurisdiction: 'J6', contractor: 'National Government Services', addr: NGS, states: ['IL', 'MN', 'WI'] },
  { jurisdiction: 'JK', contractor: 'National Government Services', addr: NGS,
    states: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NY'] },
  { jurisdiction: 'JH', contractor: 'Novitas Solutions', addr: NOVITAS, states: ['AR', 'CO', 'LA', 'MS', 'NM', 'OK', 'TX'] },
  { jurisdiction: 'JL', contractor: 'Novitas Solutions', addr: NOVITAS, states: ['DE', 'DC', 'MD', 'NJ', 'PA'] },
  { jurisdiction: 'J15', contractor: 'CGS Administrators', addr: CGS, states: ['KY', 'OH'] },
  { jurisdiction: 'JJ', contractor: 'Palmetto GBA', addr: PALMETTO, states: ['AL', 'GA', 'TN'] },
  { jurisdiction: 'JM', contractor: 'Palmetto GBA', addr: PALMETTO, states: ['NC', 'SC', 'VA', 'WV'] },
  { jurisdiction: 'JN', contractor: 'First Coast Service Options', addr: FIRST_COAST, states: ['FL'] },
];

// ---------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------

function buildPayors(): Map<string, Payor> {
  const map = new Map<string, Payor>();
  const add = (p: Payor): void => {
    if (map.has(p.code)) throw new Error(`duplicate payor code ${p.code}`);
    map.set(p.code, Object.freeze(p));
  };
  for (const [code, name, addr] of COMMERCIAL) {
    add({ code, name, category: 'commercial', plan_state: null, administrator: null, address: address(addr) });
  }
  for (const [code, name, administrator, addr] of FEDERAL) {
    add({ code, name, category: 'federal', plan_state: null, administrator, address: address(addr) });
  }
  const macByState = new Map<string, Mac>();
  for (const mac of MACS) {
    for (const s of mac.states) {
      if (macByState.has(s)) throw new Error(`state ${s} in two MAC jurisdictions`);
      macByState.set(s, mac);
    }
  }
  for (const { code: st, name: stateName } of US_STATES) {
    const medicaid = MEDICAID_STATE[st];
    if (!medicaid) throw new Error(`no Medicaid program for ${st}`);
    const [program, agency, addr] = medicaid;
    add({ code: `MEDICAID_${st}`, name: program, category: 'state_medicaid', plan_state: st,
      administrator: agency, address: address(addr) });
    const mac = macByState.get(st);
    if (!mac) throw new Error(`no Medicare Administrative Contractor for ${st}`);
    add({ code: `MEDICARE_${st}`, name: `Medicare (${stateName})`, category: 'state_medicare', plan_state: st,
      administrator: `${mac.contractor} (Jurisdiction ${mac.jurisdiction} Part B)`, address: address(mac.addr) });
  }
  return map;
}

/** Payor code (upper case) -> payor. */
export const PAYORS: ReadonlyMap<string, Payor> = buildPayors();

/** Alias for federal Medicare: resolves to MEDICARE_<insured state>. */
export const MEDFED = 'MEDFED';
/** Alias for federal Medicaid: resolves to MEDICAID_<insured state>. */
export const MAIDFED = 'MAIDFED';

const STATE_BY_KEY: ReadonlyMap<string, UsState> = (() => {
  const m = new Map<string, UsState>();
  for (const s of US_STATES) {
    m.set(s.code, s);
    m.set(normalizeStateName(s.name), s);
  }
  // Common spellings of the District.
  const dc = m.get('DC');
  if (dc) {
    m.set('WASHINGTON DC', dc);
    m.set('WASHINGTON D C', dc);
    m.set('D C', dc);
  }
  return m;
})();

function normalizeStateName(s: string): string {
  return s.toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A US state (or DC) from a two-letter code or full name, case-insensitive
 * and trimmed ("CA", "ca", "California", " new  york "). Undefined otherwise.
 */
export function findUsState(input: string | null | undefined): UsState | undefined {
  if (typeof input !== 'string') return undefined;
  const key = normalizeStateName(input);
  if (key === '') return undefined;
  return STATE_BY_KEY.get(key);
}

export type PayorResolution =
  | { ok: true; payor_code: string; company: CompanyDetails }
  | { ok: false; field: 'payor_code' | 'insured_state'; message: string };

/** The CompanyDetails wire shape of a payor, as a fresh plain JSON object. */
export function toCompanyDetails(p: Payor): CompanyDetails {
  const a = p.address;
  return {
    name: p.name,
    address: {
      first_line: a.first_line,
      second_line: a.second_line,
      city: a.city,
      state: a.state,
      zip: a.zip,
      country: a.country,
    },
  };
}

/**
 * Resolves the payor code of an insurance record to the code to store and
 * the company to return.
 *
 * - Codes are trimmed and matched case-insensitively; the stored code is upper case.
 * - MEDFED -> MEDICARE_<state> and MAIDFED -> MEDICAID_<state>, the state
 *   being the insured person's address state (two-letter code or full name).
 *   A missing or unknown state fails on `insured_state`.
 * - Any other code must be in PAYORS; otherwise it fails on `payor_code`.
 *   The insured state is not looked at for those codes.
 */
export function resolvePayor(payorCode: string, insuredState: string): PayorResolution {
  const code = (typeof payorCode === 'string' ? payorCode : '').trim().toUpperCase();

  if (code === MEDFED || code === MAIDFED) {
    const state = findUsState(insuredState);
    const program = code === MEDFED ? 'Medicare' : 'Medicaid';
    if (!state) {
      const shown = typeof insuredState === 'string' ? insuredState.trim() : '';
      return {
        ok: false,
        field: 'insured_state',
        message:
          `payor_code ${code} infers the state ${program} plan from the insured person's address, but ` +
          (shown === '' ? 'the address state is empty' : `"${shown}" is not a US state`) +
          '. Use a two-letter state code such as "CA" or a full state name such as "California" ' +
          '(50 states and DC are supported).',
      };
    }
    const resolved = `${code === MEDFED ? 'MEDICARE' : 'MEDICAID'}_${state.code}`;
    const payor = PAYORS.get(resolved);
    if (!payor) {
      // Unreachable with a complete catalog; kept as a guard.
      return { ok: false, field: 'insured_state', message: `No state ${program} plan is known for ${state.name}.` };
    }
    return { ok: true, payor_code: resolved, company: toCompanyDetails(payor) };
  }

  const payor = code === '' ? undefined : PAYORS.get(code);
  if (!payor) {
    const shown = typeof payorCode === 'string' ? payorCode.trim() : '';
    return {
      ok: false,
      field: 'payor_code',
      message:
        (shown === '' ? 'payor_code is empty.' : `Unknown payor_code "${shown}".`) +
        ' Use a code from the payor code list of the API reference or GET /v3/insurance/search/payor (for example AETNA, UHC, ' +
        'MEDICARE_CA or MEDICAID_NY), or MEDFED / MAIDFED to let the service infer the state ' +
        "Medicare / Medicaid plan from the insured person's address.",
    };
  }
  return { ok: true, payor_code: payor.code, company: toCompanyDetails(payor) };
}
