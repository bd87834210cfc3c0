/**
 * The device a provider reports for a user: one per (user, provider), derived from them as the
 * synthetic data is (server/domain/synthetic): the manufacturer and a model of the provider's
 * line-up, a serial number, and a firmware version that moves on every 28 days (from a phase of
 * its own), as the provider's updates would. So the same user and provider always report the same
 * device, and a sync that passes a firmware release reports it updated.
 */
import { findProvider } from '../providers/catalog.js';
import { providerTraits } from '../synthetic/person.js';
import { hashSeed, seededRandom, stableUuid } from '../synthetic/random.js';

/** The device source types of the API family (ClientFacingDevice.source_type). */
export const DEVICE_SOURCE_TYPES = [
  'unknown', 'phone', 'watch', 'app', 'multiple_sources', 'fingerprick', 'cuff', 'manual_scan', 'automatic',
  'insulin_pump', 'scale', 'chest_strap', 'ring', 'lab', 'exercise_machine', 'earphone',
] as const;
export type DeviceSourceType = (typeof DEVICE_SOURCE_TYPES)[number];

/** A provider's line-up: its manufacturer, models, the firmware's major.minor, and the device's kind. */
interface LineUp {
  manufacturer: string;
  models: readonly string[];
  firmware: string;
  source_type?: DeviceSourceType;
}

const LINE_UPS: Readonly<Record<string, LineUp>> = {
  oura: { manufacturer: 'Oura', models: ['Oura Ring Gen3 Heritage', 'Oura Ring Gen3 Horizon', 'Oura Ring 4'], firmware: '2.9' },
  ultrahuman: { manufacturer: 'Ultrahuman', models: ['Ultrahuman Ring AIR'], firmware: '1.4' },
  fitbit: { manufacturer: 'Fitbit', models: ['Charge 6', 'Sense 2', 'Versa 4', 'Inspire 3'], firmware: '60.20001' },
  garmin: { manufacturer: 'Garmin', models: ['Forerunner 265', 'fenix 7', 'Venu 3', 'vivoactive 5'], firmware: '19.2' },
  polar: { manufacturer: 'Polar', models: ['Vantage V3', 'Pacer Pro', 'Ignite 3'], firmware: '5.1' },
  whoop: { manufacturer: 'WHOOP', models: ['WHOOP 4.0'], firmware: '41.16' },
  whoop_v2: { manufacturer: 'WHOOP', models: ['WHOOP 4.0', 'WHOOP MG'], firmware: '50.2' },
  wahoo: { manufacturer: 'Wahoo Fitness', models: ['ELEMNT BOLT', 'ELEMNT ROAM'], firmware: '30.4' },
  hammerhead: { manufacturer: 'Hammerhead', models: ['Karoo 2', 'Karoo 3'], firmware: '1.52' },
  apple_health_kit: { manufacturer: 'Apple Inc.', models: ['Watch7,3', 'Watch7,5', 'Watch6,18'], firmware: '11.1' },
  samsung_health: { manufacturer: 'Samsung', models: ['SM-R950', 'SM-R960'], firmware: '6.0' },
  health_connect: { manufacturer: 'Google', models: ['Pixel 8', 'Pixel 9'], firmware: '15.0' },
  google_fit: { manufacturer: 'Google', models: ['Pixel 7', 'Pixel 8'], firmware: '14.0' },
  renpho: { manufacturer: 'Renpho', models: ['ES-CS20M', 'ES-26M'], firmware: '3.2' },
  withings: { manufacturer: 'Withings', models: ['Body+', 'Body Smart', 'ScanWatch 2'], firmware: '4.1' },
  omron: { manufacturer: 'Omron', models: ['HEM-7361T', 'HEM-7600T'], firmware: '2.0' },
  omron_ble: { manufacturer: 'Omron', models: ['HEM-7142T2'], firmware: '1.3' },
  beurer_api: { manufacturer: 'Beurer', models: ['BM 54', 'BC 54'], firmware: '1.1' },
  beurer_ble: { manufacturer: 'Beurer', models: ['BM 81'], firmware: '1.0' },
  ihealth: { manufacturer: 'iHealth', models: ['Track KN-550BT', 'Nexus HS2S'], firmware: '2.4' },
  dexcom: { manufacturer: 'Dexcom', models: ['G6'], firmware: '1.6' },
  dexcom_v3: { manufacturer: 'Dexcom', models: ['G7'], firmware: '2.1' },
  freestyle_libre: { manufacturer: 'Abbott', models: ['FreeStyle Libre 3'], firmware: '3.5' },
  abbott_libreview: { manufacturer: 'Abbott', models: ['FreeStyle Libre 2', 'FreeStyle Libre 3'], firmware: '2.10' },
  freestyle_libre_ble: { manufacturer: 'Abbott', models: ['FreeStyle Libre 2 Plus'], firmware: '2.8' },
  tandem_source: { manufacturer: 'Tandem Diabetes Care', models: ['t:slim X2'], firmware: '7.7', source_type: 'insulin_pump' },
  onetouch_ble: { manufacturer: 'LifeScan', models: ['OneTouch Verio Reflect'], firmware: '1.2' },
  accuchek_ble: { manufacturer: 'Roche', models: ['Accu-Chek Guide'], firmware: '1.5' },
  contour_ble: { manufacturer: 'Ascensia', models: ['Contour Next One'], firmware: '1.9' },
  eight_sleep: { manufacturer: 'Eight Sleep', models: ['Pod 4', 'Pod 5'], firmware: '4.3' },
  kardia: { manufacturer: 'AliveCor', models: ['KardiaMobile 6L', 'KardiaMobile Card'], firmware: '1.0' },
  peloton: { manufacturer: 'Peloton', models: ['Bike+', 'Tread'], firmware: '2.44', source_type: 'exercise_machine' },
};

/** Days between two firmware releases of a device. */
export const FIRMWARE_RELEASE_DAYS = 28;

const DAY_MS = 86_400_000;

/** What a provider reports of the device (the stored and wire fields, but user, provider and times). */
export interface DeviceReport {
  id: string;
  provider: string;
  source_type: DeviceSourceType;
  app_id: string | null;
  device_manufacturer: string | null;
  device_model: string | null;
  device_version: string | null;
  device_id: string | null;
}

export const asDeviceSourceType = (type: string): DeviceSourceType =>
  (DEVICE_SOURCE_TYPES as readonly string[]).includes(type) ? (type as DeviceSourceType) : type === 'manual' ? 'app' : 'unknown';

/**
 * The device `provider` reports for `userId` at `at`. A provider without hardware (a workout or
 * food app, manual entry) reports the app itself: its name as manufacturer, no model, serial or
 * firmware.
 */
export function deviceOf(userId: string, provider: string, at: Date): DeviceReport {
  const id = stableUuid(userId.toLowerCase(), provider, 'device');
  const traits = providerTraits(provider);
  const lineUp = LINE_UPS[provider];
  if (!lineUp) {
    return {
      id, provider, source_type: 'app', app_id: traits.appId,
      device_manufacturer: findProvider(provider)?.name ?? provider, device_model: null, device_version: null, device_id: null,
    };
  }
  const random = seededRandom(`${userId.toLowerCase()}:${provider}:device`);
  const model = lineUp.models[Math.floor(random.next() * lineUp.models.length)]!;
  const serial = (hashSeed(`${userId.toLowerCase()}:${provider}:serial`) >>> 0).toString(16).toUpperCase().padStart(8, '0');
  const phaseDays = Math.floor(random.next() * FIRMWARE_RELEASE_DAYS);
  const release = Math.floor((Math.floor(at.getTime() / DAY_MS) + phaseDays) / FIRMWARE_RELEASE_DAYS) % 1000;
  return {
    id, provider,
    source_type: lineUp.source_type ?? asDeviceSourceType(traits.sourceType),
    app_id: traits.appId,
    device_manufacturer: lineUp.manufacturer,
    device_model: model,
    device_version: `${lineUp.firmware}.${release}`,
    device_id: `${provider.slice(0, 3).toUpperCase()}-${serial}`,
  };
}

/**
 * The provider's own record of the device (the `data` of a raw device): the provider's field
 * names for what it reports, as stored at `updated_at`.
 */
export function rawDeviceData(device: DeviceReport & { updated_at: string }): Record<string, unknown> {
  return {
    id: device.device_id,
    manufacturer: device.device_manufacturer,
    model: device.device_model,
    firmware_version: device.device_version,
    type: device.source_type,
    app_id: device.app_id,
    last_sync_time: device.updated_at,
  };
}
