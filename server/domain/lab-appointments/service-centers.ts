/**
 * Patient service centers (walk-in draw sites) and at-home phlebotomy coverage: deterministic
 * synthetic data around real coordinates. A lab has a center at a real zip code when a hash of
 * (lab, zip code) says so, so the same zip code always gives the same centers, with the same
 * site codes, wherever the patient asks from; each center sits near its zip code's centroid, is
 * in that zip code's city, state and time zone, and has plausible hours and capabilities. Pure.
 */
import { greatCircleMiles, resolveUsZip, timeZoneAt, zipsWithin, type GridZip, type ZipGrid, type ZipPlace } from './places.js';

/** The labs with patient service centers (the API family's ClientFacingLabs), with their lab ids of the marker catalog. */
export const CENTER_LABS = [
  { slug: 'labcorp', lab_id: 1, name: 'Labcorp', prefix: 'LC', every: 16, states: null },
  { slug: 'quest', lab_id: 2, name: 'Quest Diagnostics', prefix: 'QD', every: 16, states: null },
  { slug: 'bioreference', lab_id: 3, name: 'BioReference', prefix: 'BR', every: 14, states: ['NY', 'NJ', 'CT', 'PA', 'MD', 'FL'] },
  { slug: 'sonora_quest', lab_id: 4, name: 'Sonora Quest Laboratories', prefix: 'SQ', every: 3, states: ['AZ'] },
] as const;

export type CenterLabSlug = (typeof CENTER_LABS)[number]['slug'];
type CenterLab = (typeof CENTER_LABS)[number];

/** The labs whose centers book appointments through this API (the family's AppointmentPSCLabs). */
export const PSC_APPOINTMENT_LABS: readonly CenterLabSlug[] = ['quest', 'sonora_quest'];

/** The radii a search may ask for, in miles (the family's AllowedRadius). */
export const ALLOWED_RADII = ['10', '20', '25', '50', '100'] as const;
export const DEFAULT_RADIUS = '25';

export type Capability = 'stat' | 'appointment_scheduling_via_junction' | 'appointment_scheduling_with_lab';
export type BillType = 'client_bill' | 'commercial_insurance' | 'patient_bill_passthrough' | 'patient_bill';

/** One opening period of a day, local wall time `HH:MM`. */
export interface OpeningPeriod {
  readonly start: string;
  readonly end: string;
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The opening hours of a center, in its own time zone: each weekday's periods (none when closed). */
export type OpeningHours = { readonly timezone: string } & { readonly [D in Weekday]: readonly OpeningPeriod[] };

export interface ServiceCenter {
  readonly lab: CenterLabSlug;
  readonly lab_id: number;
  readonly site_code: string;
  readonly name: string;
  readonly first_line: string;
  readonly second_line: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
  readonly phone_number: string;
  readonly fax_number: string | null;
  readonly website: string;
  readonly lat: number;
  readonly lng: number;
  readonly time_zone: string;
  readonly hours: OpeningHours;
  readonly capabilities: readonly Capability[];
  readonly supported_bill_types: readonly BillType[];
}

/** FNV-1a of a text, as an unsigned 32-bit number: the one source of every synthetic choice here. */
export function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  // A final avalanche, so that neighbouring texts (zip codes) do not give neighbouring numbers.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length] as T;

const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Washington Blvd', 'Park Ave', 'Elm St', 'Lake Rd', 'Market St', 'Broadway', 'Center St',
  'Pine St', 'Cedar Ln', 'Hillside Ave', 'Medical Center Dr', 'Professional Pkwy', 'Commerce Way', 'Lincoln Ave', 'Jefferson St', 'Highland Ave', 'River Rd'];

const labOf = (slug: string): CenterLab | undefined => CENTER_LABS.find((lab) => lab.slug === slug);

/** Whether the lab has a center at this zip code (the hosting rule: every `every`-th zip code by hash, in the lab's states). */
function hostsCenter(lab: CenterLab, zip: GridZip): boolean {
  if (lab.states && !(lab.states as readonly string[]).includes(zip.state)) return false;
  return hash32(`center:${lab.slug}:${zip.zip}`) % lab.every === 0;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A center's week: weekdays from 06:30-08:00 to 15:30-17:30, some with a lunch closure; some open Saturday morning; closed Sunday. */
function openingHours(seed: number, timeZone: string): OpeningHours {
  const open = 390 + (seed % 4) * 30;
  const close = 930 + ((seed >>> 3) % 5) * 30;
  const lunch = (seed >>> 6) % 3 === 0;
  const weekday: OpeningPeriod[] = lunch ? [{ start: hhmm(open), end: '12:00' }, { start: '12:30', end: hhmm(close) }] : [{ start: hhmm(open), end: hhmm(close) }];
  const saturday: OpeningPeriod[] = (seed >>> 9) % 2 === 0 ? [{ start: '08:00', end: '12:00' }] : [];
  return { timezone: timeZone, monday: weekday, tuesday: weekday, wednesday: weekday, thursday: weekday, friday: weekday, saturday, sunday: [] };
}

function capabilitiesOf(lab: CenterLab, seed: number): Capability[] {
  const out: Capability[] = [];
  if ((seed >>> 12) % 4 === 0) out.push('stat');
  if ((PSC_APPOINTMENT_LABS as readonly string[]).includes(lab.slug)) {
    if ((seed >>> 14) % 8 !== 0) out.push('appointment_scheduling_via_junction');
  } else if ((seed >>> 14) % 3 !== 0) {
    out.push('appointment_scheduling_with_lab');
  }
  return out;
}

/** The center of a lab at a zip code (the caller checked the hosting rule). */
function centerAt(lab: CenterLab, zip: GridZip): ServiceCenter {
  const seed = hash32(`site:${lab.slug}:${zip.zip}`);
  // Within about half a mile of the zip code's centroid.
  const lat = Math.round((zip.latitude + (((seed % 1000) / 1000) - 0.5) * 0.014) * 1e6) / 1e6;
  const lng = Math.round((zip.longitude + ((((seed >>> 10) % 1000) / 1000) - 0.5) * 0.018) * 1e6) / 1e6;
  const street = pick(STREETS, seed >>> 4);
  const time_zone = timeZoneAt(lat, lng);
  const digits = String(seed % 100).padStart(2, '0');
  const areaCode = String(201 + (hash32(`area:${zip.zip.slice(0, 3)}`) % 780));
  return {
    lab: lab.slug,
    lab_id: lab.lab_id,
    site_code: `${lab.prefix}${zip.zip}`,
    name: `${lab.name} - ${zip.city} ${street}`,
    first_line: `${100 + (seed % 9800)} ${street}`,
    second_line: (seed >>> 20) % 2 === 0 ? `Suite ${100 + ((seed >>> 21) % 40) * 5}` : null,
    city: zip.city,
    state: zip.state,
    zip_code: zip.zip,
    // 555-0100 to 555-0199 are the numbers set aside for fiction.
    phone_number: `+1${areaCode}55501${digits}`,
    fax_number: (seed >>> 22) % 3 === 0 ? `+1${areaCode}55501${String((seed + 50) % 100).padStart(2, '0')}` : null,
    website: `https://locations.example.com/${lab.slug}/${zip.zip}`,
    lat,
    lng,
    time_zone,
    hours: openingHours(seed, time_zone),
    capabilities: capabilitiesOf(lab, seed),
    supported_bill_types: lab.slug === 'bioreference' ? ['client_bill', 'commercial_insurance'] : ['client_bill', 'commercial_insurance', 'patient_bill'],
  };
}

/** A center with its distance from where the search started, in whole miles (rounded). */
export interface CenterNearby {
  readonly center: ServiceCenter;
  readonly distance: number;
}

/**
 * The centers of the given labs within `miles` of a place, nearest first (ties by site code).
 * Distances are great-circle, from the place's zip code centroid to the center.
 */
export function centersNear(grid: ZipGrid, from: Pick<ZipPlace, 'lat' | 'lng'>, miles: number, labs: readonly CenterLabSlug[]): CenterNearby[] {
  const wanted = CENTER_LABS.filter((lab) => labs.includes(lab.slug));
  const found: CenterNearby[] = [];
  // Centers sit within a mile of their zip code's centroid: look a mile further, then measure each.
  for (const { zip } of zipsWithin(grid, from, miles + 1)) {
    for (const lab of wanted) {
      if (!hostsCenter(lab, zip)) continue;
      const center = centerAt(lab, zip);
      const distance = greatCircleMiles(from, center);
      if (distance <= miles) found.push({ center, distance: Math.round(distance) });
    }
  }
  return found.sort((a, b) => a.distance - b.distance || (a.center.site_code < b.center.site_code ? -1 : 1));
}

/** The center a site code names, or null (no such lab prefix, no such zip code, or no center of that lab there). */
export function centerBySiteCode(siteCode: string): ServiceCenter | null {
  const m = /^([A-Z]{2})(\d{5})$/.exec(siteCode.trim().toUpperCase());
  if (!m) return null;
  const lab = CENTER_LABS.find((l) => l.prefix === m[1]);
  if (!lab) return null;
  const place = resolveUsZip(m[2]!);
  if (!place) return null;
  const zip: GridZip = { zip: place.zip, city: place.city, state: place.state, latitude: place.lat, longitude: place.lng };
  return hostsCenter(lab, zip) ? centerAt(lab, zip) : null;
}

export { labOf as centerLab };

// --- At-home phlebotomy coverage ---------------------------------------------------------

/** The at-home providers and what each offers: slots booked at once, or requests confirmed later. */
export const PHLEBOTOMY_PROVIDERS = [
  { name: 'getlabs', service_types: ['appointment-ready'], every: 6 },
  { name: 'phlebfinders', service_types: ['appointment-request'], every: 4 },
] as const;

export type PhlebotomyProvider = (typeof PHLEBOTOMY_PROVIDERS)[number]['name'];
export type AppointmentServiceType = 'appointment-ready' | 'appointment-request';

/**
 * The at-home providers that serve a zip code. Coverage goes by sectional center (the zip
 * code's first three digits), as the providers' service areas do: a provider leaves out one
 * sectional center in `every`. The contiguous states' and Hawaii's zip codes only.
 */
export function phlebotomyProvidersAt(place: Pick<ZipPlace, 'zip' | 'state'>): Array<{ name: PhlebotomyProvider; service_types: AppointmentServiceType[] }> {
  if (['AK', 'PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW', 'AA', 'AE', 'AP'].includes(place.state)) return [];
  return PHLEBOTOMY_PROVIDERS
    .filter((provider) => hash32(`coverage:${provider.name}:${place.zip.slice(0, 3)}`) % provider.every !== 0)
    .map((provider) => ({ name: provider.name, service_types: [...provider.service_types] }));
}
