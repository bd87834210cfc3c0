/**
 * Producing a lab order's results when its simulation reaches `partial_results` or
 * `completed`: generate them (domain/lab-results) before the status change is written, so
 * that the order's `interpretation` and `has_missing_results` are written with it from what
 * they read; then store them and emit `labtest.result.critical` when they hold a critical
 * value, and the `daily.data.<cholesterol|ige|igg>.created` events of the samples final
 * results bring to the lab timeseries, all in the caller's transaction (the one that stores
 * the status change), so results and their events exist exactly when the transition does.
 * Each (order, status) produces results and their events once: a repeated call (a resumed
 * simulation) writes nothing.
 */
import type { Lab, LabMarker } from '../../domain/lab-markers/catalog.js';
import { generateLabResults, type LabResults, type ResultsStatus, type SimulationOptions } from '../../domain/lab-results/generate.js';
import { labTimeseriesEvents } from '../../domain/lab-results/timeseries.js';
import type { Queryable } from '../../storage/database.js';
import { emitEvent } from '../../storage/repositories/events.js';
import type { LabOrderRecord } from '../../storage/repositories/lab-orders.js';
import { findLabResults, storeLabResults, type LabResultsRecord } from '../../storage/repositories/lab-results.js';

/** The parts of a stored order's body results are made from: the lab test as ordered (its lab and markers), the patient, the physician. */
interface OrderBodyForResults {
  patient_details: { first_name: string; last_name: string; dob: string; gender: string };
  physician?: { first_name?: string | null; last_name?: string | null } | null;
  lab_test: { lab: Lab; markers: LabMarker[] };
  lab_account_id?: string | null;
}

/** When the sample was collected and received: the first event of the sample at the lab (or on its way there). */
export function sampleDates(events: readonly { status: string; created_at: string }[], at: string): { collected_at: string; received_at: string } {
  const atLab = events.find((event) => event.status.startsWith('sample_with_lab.') || event.status.startsWith('completed.'));
  const onItsWay = events.find((event) => /\.(transit_lab|draw_completed)$/.test(event.status));
  const received = atLab?.created_at ?? at;
  return { collected_at: onItsWay?.created_at ?? received, received_at: received };
}

/** The results of a stored order: from the lab test it was ordered with (markers as they were then), the patient and the simulation. */
export function resultsOf(order: LabOrderRecord, simulation: SimulationOptions, status: ResultsStatus, at: string): LabResults {
  const body = order.body as unknown as OrderBodyForResults;
  return generateLabResults({
    order_id: order.id,
    sample_id: order.sample_id,
    patient: body.patient_details,
    physician: body.physician ?? null,
    lab: body.lab_test.lab,
    markers: body.lab_test.markers,
    simulation,
    ...sampleDates(order.events, at),
    reported_at: at,
    status,
    lab_account_id: body.lab_account_id ?? null,
  });
}

export const criticalDedupKey = (orderId: string, status: ResultsStatus) => `labtest.result.critical:${orderId}:${status}`;
/** An order's final results are stored once, so each of its lab timeseries events exists once. */
export const labTimeseriesDedupKey = (orderId: string, eventType: string) => `${eventType}:${orderId}`;

/** Results made for a status change, before the change is written: of which status, and what they read. */
export interface PlannedResults {
  status: ResultsStatus;
  results: LabResults;
}

/** The results a change to the full status `to` may produce: final on `completed` and `corrected`, partial on `partial_results` (for teams that receive them), none otherwise. */
export function resultsOfStatus(to: string): ResultsStatus | null {
  const low = to.slice(to.lastIndexOf('.') + 1);
  return low === 'completed' || low === 'corrected' ? 'final' : low === 'partial_results' ? 'partial' : null;
}

/**
 * The results a change of the order to `to` at `at` produces: final results on `completed`
 * (or `corrected`, when the order has none), partial results on `partial_results` for a team
 * that receives partial results; null for any other status, or when the order already has
 * them. Made before the change is written, so that the order's row (its `interpretation`
 * and `has_missing_results`) and its `labtest.order.updated` event say what they read.
 * Final results keep the report time of the results already reported as partial.
 */
export async function planResults(
  tx: Queryable,
  change: { order: LabOrderRecord; to: string; at: string; flags: SimulationOptions | null; partialResultsEnabled: () => Promise<boolean> },
): Promise<PlannedResults | null> {
  const kind = resultsOfStatus(change.to);
  const status: ResultsStatus | null = kind === 'final' || (kind === 'partial' && (await change.partialResultsEnabled())) ? kind : null;
  if (status === null) return null;
  const existing = await findLabResults<LabResults>(tx, { team_id: change.order.team_id, order_id: change.order.id });
  if (existing && (existing.status === 'final' || status === 'partial')) return null;
  const results = resultsOf(change.order, change.flags ?? {}, status, change.at);
  if (existing?.status === 'partial') {
    // A result already reported with the partial results keeps the time it was reported at.
    const reportedAt = new Map(existing.results.results.map((r) => [r.loinc, r.timestamp]));
    results.results = results.results.map((r) => ({ ...r, timestamp: reportedAt.get(r.loinc) ?? r.timestamp }));
  }
  return { status, results };
}

/** What the order's row says of its results: set with the status change that produces them. */
export function orderFieldsOf(planned: PlannedResults): { interpretation: string; has_missing_results: boolean } {
  return { interpretation: planned.results.metadata.interpretation, has_missing_results: planned.results.missing_results.length > 0 };
}

/**
 * Stores planned results of the order at `at` and emits `labtest.result.critical` when they
 * are critical and, for final results, one `daily.data.<resource>.created` per lab timeseries
 * they bring samples to (partial results are not in the timeseries reads, so they announce
 * none), in the caller's transaction (the one that stores the status change). Null
 * when the order already had results of that status (or final ones): nothing is written then.
 */
export async function storeResults(
  tx: Queryable,
  input: { order: LabOrderRecord; planned: PlannedResults; at: string },
): Promise<LabResultsRecord<LabResults> | null> {
  const { results, status } = input.planned;
  const stored = await storeLabResults(tx, {
    order_id: input.order.id,
    team_id: input.order.team_id,
    status,
    interpretation: results.metadata.interpretation,
    results,
    at: input.at,
  });
  if (stored && results.metadata.interpretation === 'critical') {
    await emitEvent(tx, {
      event_type: 'labtest.result.critical',
      data: {
        order_id: input.order.id,
        sample_id: input.order.sample_id,
        status,
        interpretation: 'critical',
        team_id: input.order.team_id,
        user_id: input.order.user_id,
        created_at: stored.created_at,
        updated_at: stored.updated_at,
      },
      team_id: input.order.team_id,
      user_id: input.order.user_id,
      client_user_id: input.order.client_user_id,
    }, { dedupKey: criticalDedupKey(input.order.id, status) });
  }
  if (stored && status === 'final') {
    for (const event of labTimeseriesEvents(input.order.user_id, results)) {
      await emitEvent(tx, {
        ...event,
        team_id: input.order.team_id,
        user_id: input.order.user_id,
        client_user_id: input.order.client_user_id,
      }, { dedupKey: labTimeseriesDedupKey(input.order.id, event.event_type) });
    }
  }
  return stored;
}

/**
 * The results of a status change the order has made (`change.order` is the order after it):
 * planned and stored in one go. Null when it produces none, or they exist already.
 */
export async function recordResultsOnStatusChange(
  tx: Queryable,
  change: { order: LabOrderRecord; to: string; flags: SimulationOptions | null; partialResultsEnabled: () => Promise<boolean> },
): Promise<LabResultsRecord<LabResults> | null> {
  const at = change.order.events[change.order.events.length - 1]?.created_at ?? change.order.updated_at;
  const planned = await planResults(tx, { ...change, at });
  return planned ? storeResults(tx, { order: change.order, planned, at }) : null;
}
