/**
 * The lab-sourced timeseries (`cholesterol`, `ige`, `igg`): filled from the user's lab
 * results, one sample per numeric result of the analytes below, equal to it (its value, unit
 * and report time). Their source is the lab: provider the lab's slug, type `lab`. Results
 * reported as a bound (`<5`) or a comment carry no number and make no sample.
 *
 * Wire shape: spec/team/components/schemas/ClientFacingPointSample.yaml (`type` names the
 * cholesterol fraction, `total` for the immunoglobulins).
 */
import { LABS, type Lab } from '../lab-markers/catalog.js';
import type { LabResults } from './generate.js';

export const LAB_TIMESERIES_RESOURCES = ['cholesterol', 'ige', 'igg'] as const;
export type LabTimeseriesResource = (typeof LAB_TIMESERIES_RESOURCES)[number];

export const isLabTimeseriesResource = (name: string): name is LabTimeseriesResource =>
  (LAB_TIMESERIES_RESOURCES as readonly string[]).includes(name);

/** LOINC code -> the sample's `type`, per resource. LDL: calculated or direct, whichever the order had. */
const ANALYTES: Readonly<Record<LabTimeseriesResource, Readonly<Record<string, string>>>> = {
  cholesterol: { '2093-3': 'total', '13457-7': 'ldl', '18262-6': 'ldl', '2085-9': 'hdl', '2571-8': 'triglycerides' },
  ige: { '19113-0': 'total' },
  igg: { '2465-3': 'total' },
};

/** The units of the lab timeseries (the catalog's units of their analytes). */
export const LAB_TIMESERIES_UNITS: Readonly<Record<LabTimeseriesResource, string>> = { cholesterol: 'mg/dL', ige: 'IU/mL', igg: 'mg/dL' };

export interface LabSample {
  timestamp: string;
  value: number;
  unit: string;
  timezone_offset: number;
  type: string;
}

export interface LabSampleGroup {
  /** The lab's slug. */
  provider: string;
  source: { provider: string; type: 'lab'; app_id: null; device_id: null; sport: null; workout_id: null; name: string; slug: string; logo: string };
  data: LabSample[];
}

/** A lab's slug from its name in a report's metadata (the catalog's labs). */
export type LabSlugOf = (laboratory: string) => { slug: string; name: string } | null;

/** The catalog's lab that a report names in `metadata.laboratory`: the reads and the events find it the same way. */
export const labOfReport = (laboratory: string): Lab | null => LABS.find((lab) => lab.name === laboratory) ?? null;

/**
 * The samples of `resource` from the user's reports whose results were reported within
 * [startMs, endMs], grouped by lab, each group oldest first; `type` filters one fraction
 * (`ldl`...). Samples carry the report's own time (UTC, offset 0).
 */
export function labTimeseries(
  resource: LabTimeseriesResource,
  reports: readonly LabResults[],
  range: { startMs: number; endMs: number },
  labOf: LabSlugOf,
  type?: string,
): LabSampleGroup[] {
  const analytes = ANALYTES[resource];
  const groups = new Map<string, LabSampleGroup>();
  for (const report of reports) {
    const lab = labOf(report.metadata.laboratory);
    if (!lab) continue;
    for (const result of report.results) {
      const kind = analytes[result.loinc];
      if (kind === undefined || result.type !== 'numeric' || (type !== undefined && kind !== type)) continue;
      const t = Date.parse(result.timestamp);
      if (!(t >= range.startMs && t <= range.endMs)) continue;
      let group = groups.get(lab.slug);
      if (!group) {
        group = {
          provider: lab.slug,
          source: { provider: lab.slug, type: 'lab', app_id: null, device_id: null, sport: null, workout_id: null, name: lab.name, slug: lab.slug, logo: '' },
          data: [],
        };
        groups.set(lab.slug, group);
      }
      group.data.push({ timestamp: result.timestamp, value: result.value, unit: result.unit ?? LAB_TIMESERIES_UNITS[resource], timezone_offset: 0, type: kind });
    }
  }
  const out = [...groups.values()].sort((a, b) => (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0));
  for (const group of out) group.data.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return out;
}

/** The event type of the samples an order's final results bring to a lab timeseries. */
export type LabTimeseriesEventType = `daily.data.${LabTimeseriesResource}.created`;

/** A `daily.data.<cholesterol|ige|igg>.created` event's type and `data` (the envelope of the other timeseries events). */
export interface LabTimeseriesEvent {
  event_type: LabTimeseriesEventType;
  data: { user_id: string; source_id: number; source: LabSampleGroup['source']; data: LabSample[] };
}

const ALL_TIME = { startMs: -Infinity, endMs: Infinity } as const;

/**
 * The events that announce the samples one order's final results bring, one per resource
 * that has any: its samples are exactly those the timeseries reads return for these results
 * (labTimeseries over all time), `source` the read's group source, `source_id` the lab's id
 * in the labs catalog (`GET /v3/lab_tests/labs`; a lab is no provider of the provider catalog).
 * A report comes from one lab, so each resource is one group; its few samples never reach the
 * 1,000 samples an event may carry.
 */
export function labTimeseriesEvents(userId: string, results: LabResults): LabTimeseriesEvent[] {
  const lab = labOfReport(results.metadata.laboratory);
  if (!lab) return [];
  const events: LabTimeseriesEvent[] = [];
  for (const resource of LAB_TIMESERIES_RESOURCES) {
    for (const group of labTimeseries(resource, [results], ALL_TIME, labOfReport)) {
      events.push({ event_type: `daily.data.${resource}.created`, data: { user_id: userId, source_id: lab.id, source: group.source, data: group.data } });
    }
  }
  return events;
}
