/**
 * Where a sample can be drawn: US zip codes resolved to a place (city, state, coordinates and
 * IANA time zone) through the `zipcodes` data package and `@photostructure/tz-lookup`, great-circle
 * distances, and a grid of every US zip code by coordinates so that "the zip codes within
 * `radius` miles" is a scan of a few cells rather than of all of them. Pure: the grid is built
 * from the packages' static data and kept by the caller (the app's `zip-code-grid` cache).
 *
 * The data package is loaded on the first zip code looked up, not with the server: its 5 MB
 * object literal of every zip code keeps about 9 MB of heap, and parsing it grew the server's
 * resident memory by about 20 MB, in every server, whether it books appointments or not. Node's
 * module cache holds it from then on.
 */
import { createRequire } from 'node:module';
import tzlookup from '@photostructure/tz-lookup';
import type zipcodesModule from 'zipcodes';

const load = createRequire(import.meta.url);
const zipcodes = (): typeof zipcodesModule => load('zipcodes') as typeof zipcodesModule;

export interface ZipPlace {
  /** Five digits. */
  readonly zip: string;
  readonly city: string;
  /** Two-letter state (or territory) code. */
  readonly state: string;
  readonly lat: number;
  readonly lng: number;
  readonly time_zone: string;
}

/** `12345` or `12345-6789`: the five-digit part a place is found by. */
const ZIP = /^(\d{5})(?:-\d{4})?$/;

/** The five digits of a zip code (a ZIP+4 keeps its first part), or null when it is none. */
export function fiveDigitZip(zip: string): string | null {
  return ZIP.exec(zip.trim())?.[1] ?? null;
}

/** The IANA time zone at a coordinate. */
export const timeZoneAt = (lat: number, lng: number): string => tzlookup(lat, lng);

/**
 * The place of a US zip code (five digits or ZIP+4), or null when the data package does not
 * know it as a US zip code (a made-up code, or another country's postal code).
 */
export function resolveUsZip(zip: string): ZipPlace | null {
  const five = fiveDigitZip(zip);
  if (!five) return null;
  const found = zipcodes().lookup(five);
  if (!found || found.country !== 'US') return null;
  return { zip: five, city: found.city, state: found.state, lat: found.latitude, lng: found.longitude, time_zone: timeZoneAt(found.latitude, found.longitude) };
}

const EARTH_RADIUS_MILES = 3958.7613;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance between two coordinates, in miles. */
export function greatCircleMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A US zip code's centroid, as the grid holds it (the data package's own record, read only). */
export interface GridZip {
  readonly zip: string;
  readonly city: string;
  readonly state: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** Every US zip code of the data package in one-degree cells of latitude and longitude. */
export interface ZipGrid {
  readonly cells: ReadonlyMap<string, readonly GridZip[]>;
  readonly size: number;
}

const cellKey = (latCell: number, lngCell: number) => `${latCell}:${lngCell}`;

/** Builds the grid from the data package (tens of milliseconds: made once per app and kept). */
export function buildZipGrid(): ZipGrid {
  const cells = new Map<string, GridZip[]>();
  let size = 0;
  // The package's records are used as they are (not copied): tens of thousands of them.
  const codes = zipcodes().codes;
  for (const zip in codes) {
    const code = codes[zip]!;
    if (code.country !== 'US' || code.zip.length !== 5) continue;
    const key = cellKey(Math.floor(code.latitude), Math.floor(code.longitude));
    const cell = cells.get(key);
    if (cell) cell.push(code);
    else cells.set(key, [code]);
    size += 1;
  }
  return { cells, size };
}

/** The grid's zip codes whose centroid lies within `miles` of a coordinate, with their distance, nearest first (ties by zip). */
export function zipsWithin(grid: ZipGrid, from: { lat: number; lng: number }, miles: number): Array<{ zip: GridZip; miles: number }> {
  const latSpan = miles / 69 + 1;
  const lngSpan = miles / (69 * Math.max(0.05, Math.cos(rad(Math.min(89, Math.abs(from.lat) + latSpan))))) + 1;
  const found: Array<{ zip: GridZip; miles: number }> = [];
  for (let latCell = Math.floor(from.lat - latSpan); latCell <= Math.floor(from.lat + latSpan); latCell++) {
    for (let lngCell = Math.floor(from.lng - lngSpan); lngCell <= Math.floor(from.lng + lngSpan); lngCell++) {
      for (const zip of grid.cells.get(cellKey(latCell, lngCell)) ?? []) {
        const distance = greatCircleMiles(from, { lat: zip.latitude, lng: zip.longitude });
        if (distance <= miles) found.push({ zip, miles: distance });
      }
    }
  }
  return found.sort((a, b) => a.miles - b.miles || (a.zip.zip < b.zip.zip ? -1 : 1));
}
