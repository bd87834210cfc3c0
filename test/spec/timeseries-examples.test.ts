/**
 * The timeseries reads document one example per resource, named after it, in both operations
 * (the mock answers the example a path value names, so `GET .../blood_pressure/grouped` gets
 * `blood_pressure`). Each has the shape the reference server gives that resource: its unit,
 * interval samples (`start`, `end`) where the server's are, `systolic`/`diastolic` for blood
 * pressure, a text `value` with `tags` for notes; and the grouped example holds the same
 * samples as the plain one.
 */
import { describe, expect, it } from 'vitest';
import { ContractDocuments, readBundle } from '../../scripts/conformance/openapi.js';
import { isIntervalResource, TIMESERIES_KINDS, TIMESERIES_UNITS as SYNTHETIC_UNITS, type TimeseriesResource } from '../../server/domain/synthetic/resources.js';
import { LAB_TIMESERIES_UNITS } from '../../server/domain/lab-results/timeseries.js';

/** Every resource's unit: the generated ones, then the lab-sourced ones (point samples read from lab results). */
const TIMESERIES_UNITS = { ...SYNTHETIC_UNITS, ...LAB_TIMESERIES_UNITS } as Record<TimeseriesResource, string>;

type Sample = Record<string, unknown>;
interface Grouped {
  groups: Record<string, { source: { provider: string }; data: Sample[] }[]>;
  next_cursor: string | null;
}

const documents = new ContractDocuments();
const resources = ((readBundle('team').components as { schemas: Record<string, { enum: string[] }> }).schemas.TimeseriesResource!.enum) as TimeseriesResource[];
const examplesOf = (operationId: string) => documents.response('team', operationId, 200).examples;
const plain = new Map(examplesOf('getTimeseries').map((example) => [example.name, example.value as Sample[]]));
const grouped = new Map(examplesOf('getTimeseriesGrouped').map((example) => [example.name, example.value as Grouped]));

/** What a sample of the resource looks like on the server, as far as an example can show it. */
function shapeProblems(resource: TimeseriesResource, sample: Sample): string[] {
  const problems: string[] = [];
  const kind = TIMESERIES_KINDS[resource] ?? 'point';
  if (sample.unit !== TIMESERIES_UNITS[resource]) problems.push(`unit ${String(sample.unit)}, the server's is ${TIMESERIES_UNITS[resource]}`);
  if ((resource in SYNTHETIC_UNITS && isIntervalResource(resource)) !== ('start' in sample && 'end' in sample)) problems.push(`start/end ${'start' in sample ? 'present' : 'absent'} on a ${kind} sample`);
  if ('start' in sample && sample.timestamp !== sample.start) problems.push('timestamp is not start');
  if (kind === 'blood_pressure' && (typeof sample.systolic !== 'number' || typeof sample.diastolic !== 'number' || 'value' in sample)) problems.push('not systolic/diastolic');
  if (kind === 'note' && (typeof sample.value !== 'string' || !Array.isArray(sample.tags))) problems.push('not a text value with tags');
  if (kind !== 'blood_pressure' && kind !== 'note' && typeof sample.value !== 'number') problems.push('value is not a number');
  return problems;
}

describe('timeseries examples', () => {
  it('when the resource list is read, then it is the one the server generates', () => {
    expect(resources).toEqual(Object.keys(TIMESERIES_UNITS));
  });

  it('when the examples of both reads are listed, then heart rate comes first (the mock\'s default) and no_data is there', () => {
    expect(examplesOf('getTimeseries')[0]!.name).toBe('heartrate');
    expect(examplesOf('getTimeseriesGrouped')[0]!.name).toBe('heartrate');
    expect(plain.get('no_data')).toEqual([]);
    expect(grouped.get('no_data')).toEqual({ groups: {}, next_cursor: null, next: null });
  });

  it.each(resources)('when the examples named %s are read, then both reads have one, with the same samples in the server\'s shape', (resource) => {
    const samples = plain.get(resource);
    const page = grouped.get(resource);
    expect(samples, `getTimeseries has no example named ${resource}`).toBeDefined();
    expect(page, `getTimeseriesGrouped has no example named ${resource}`).toBeDefined();
    expect(samples!.length).toBeGreaterThan(0);
    expect(samples!.flatMap((sample) => shapeProblems(resource, sample))).toEqual([]);
    const groups = Object.entries(page!.groups);
    expect(groups.every(([provider, sources]) => sources.every((source) => source.source.provider === provider))).toBe(true);
    expect(groups.flatMap(([, sources]) => sources.flatMap((source) => source.data))).toEqual(samples);
    expect(page!.next_cursor).toBeNull();
  });
});
