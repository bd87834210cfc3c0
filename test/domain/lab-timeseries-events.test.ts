/**
 * The lab timeseries events of one order's results (server/domain/lab-results/timeseries.ts,
 * labTimeseriesEvents): one `daily.data.<resource>.created` per resource with samples, whose
 * samples are exactly the timeseries read's for those results, shaped as the spec's event data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABS, MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { generateLabResults, INTERPRETATIONS, RESULT_TYPES, type SimulationOptions } from '../../server/domain/lab-results/generate.js';
import { LAB_TIMESERIES_RESOURCES, labOfReport, labTimeseries, labTimeseriesEvents } from '../../server/domain/lab-results/timeseries.js';
import { schemaValidator } from './spec-schemas.js';

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const ANNOUNCED = new Set(['2093-3', '13457-7', '18262-6', '2085-9', '2571-8', '19113-0', '2465-3']);

const simulationArb: fc.Arbitrary<SimulationOptions> = fc.record({
  interpretation: fc.constantFrom(...INTERPRETATIONS),
  result_types: fc.option(fc.subarray([...RESULT_TYPES]), { nil: undefined }),
  has_missing_results: fc.boolean(),
}, { requiredKeys: [] });
/** One to four markers of a single lab, the lipid and immunoglobulin markers often among them. */
const markersArb = fc.constantFrom(1, 2, 3, 4).chain((labId) => {
  const ofLab = MARKER_CATALOG.markers.filter((m) => m.lab_id === labId);
  const lab = ofLab.filter((m) => m.expected_results.some((r) => ANNOUNCED.has(r.loinc.code)));
  return fc.uniqueArray(fc.oneof(fc.constantFrom(...ofLab), fc.constantFrom(...(lab.length > 0 ? lab : ofLab))), { minLength: 1, maxLength: 4, selector: (m) => m.id });
});

const resultsOf = (markers: Parameters<typeof generateLabResults>[0]['markers'], simulation: SimulationOptions, orderId: string) =>
  generateLabResults({
    order_id: orderId,
    sample_id: 'SMP-7FQ2KD',
    patient: { first_name: 'Ana', last_name: 'Silva', dob: '1990-06-15', gender: 'female' },
    physician: null,
    lab: LABS.find((l) => l.id === markers[0]!.lab_id)!,
    markers,
    simulation,
    collected_at: '2026-03-02T09:30:00Z',
    received_at: '2026-03-03T08:00:00Z',
    reported_at: '2026-03-04T16:45:00Z',
    status: 'final',
    lab_account_id: null,
  });

describe('labTimeseriesEvents', () => {
  const validate = schemaValidator('LabTimeseriesEventData.yaml');

  it('when any order of any lab is reported, then each resource with samples has one .created event: the read of those results, its lab as source and source_id, valid data', () => {
    fc.assert(fc.property(markersArb, simulationArb, fc.uuid(), (markers, simulation, orderId) => {
      const results = resultsOf(markers, simulation, orderId);
      const events = labTimeseriesEvents(USER, results);
      const lab = labOfReport(results.metadata.laboratory)!;
      const expected = LAB_TIMESERIES_RESOURCES.flatMap((resource) =>
        labTimeseries(resource, [results], { startMs: Date.parse('2000-01-01'), endMs: Date.parse('2100-01-01') }, labOfReport)
          .map((group) => ({ event_type: `daily.data.${resource}.created`, data: { user_id: USER, source_id: lab.id, source: group.source, data: group.data } })));
      expect(events).toEqual(expected);
      for (const event of events) {
        expect(validate(event.data), JSON.stringify(validate.errors)).toBe(true);
        expect(event.data.source).toMatchObject({ provider: lab.slug, type: 'lab', name: lab.name });
      }
      // Every numeric result of an announced analyte is announced, and nothing else.
      const numeric = results.results.filter((r) => r.type === 'numeric' && ANNOUNCED.has(r.loinc));
      expect(events.flatMap((e) => e.data.data).length).toBe(numeric.length);
    }), { numRuns: 150 });
  });

  it('when the results hold none of the analytes, then no event', () => {
    const tsh = MARKER_CATALOG.markers.filter((m) => m.lab_id === 1 && m.slug === 'tsh');
    expect(labTimeseriesEvents(USER, resultsOf(tsh, {}, '0b6c4a0e-6d1f-4a4e-9f59-3c7f1a9d2b11'))).toEqual([]);
  });

  it('when a lipid panel is reported, then its cholesterol event holds every fraction at the report time', () => {
    const panel = MARKER_CATALOG.markers.filter((m) => m.lab_id === 1 && m.slug === 'lipid-panel');
    const [event, ...rest] = labTimeseriesEvents(USER, resultsOf(panel, { interpretation: 'normal' }, '0b6c4a0e-6d1f-4a4e-9f59-3c7f1a9d2b11'));
    expect(rest).toEqual([]);
    expect(event!.event_type).toBe('daily.data.cholesterol.created');
    expect(event!.data.data.map((s) => s.type).sort()).toEqual(['hdl', 'ldl', 'total', 'triglycerides']);
    expect(new Set(event!.data.data.map((s) => s.timestamp))).toEqual(new Set(['2026-03-04T16:45:00Z']));
  });
});
