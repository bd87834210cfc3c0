/**
 * Prices in the API family's pricing shape, computed from the catalog's per-marker list prices so
 * that they add up: a marker's price is its `base_amount_minor` (US cents), a lab test's is the sum
 * of its markers', and each marker with a reflex test (one the lab runs only when a result calls
 * for it: TSH reflexes to free T4, total PSA to free PSA, a lipid panel to direct LDL) carries the
 * reflex's price as a modifier with a `reflex` condition. Pure.
 *
 * Wire shapes: spec/team/components/schemas/MarkerPricing.yaml, LabTestPricing.yaml.
 */
import type { LabMarker, MarkerCatalog } from './catalog.js';

/** Each marker slug with a reflex test, and the reflex's slug (at the same lab). */
export const REFLEXES: ReadonlyMap<string, string> = new Map([
  ['tsh', 'free-t4'],
  ['psa-total', 'psa-free'],
  ['lipid-panel', 'ldl-direct'],
]);

export interface PricingModifier {
  delta_amount_minor: number;
  conditions: { reflex?: Record<string, never> | null; us_state?: { any_of: string[] } | null };
}

/** SpecifiedPricing of the family: a base price in minor units and what may add to it. */
export interface SpecifiedPricing {
  base_amount_minor: number;
  modifiers: PricingModifier[] | null;
}

export interface MarkerPricingResponse {
  currency: 'USD';
  /** By marker id. */
  data: Record<string, SpecifiedPricing>;
}

export interface LabTestPricing {
  pricing: SpecifiedPricing;
  /** By marker id: each marker's own pricing; their bases add up to the lab test's. */
  marker_breakdown: Record<string, SpecifiedPricing>;
}

/** A marker's list price (`'12.50'`) in cents. */
export function priceMinor(marker: Pick<LabMarker, 'price'>): number {
  return Math.round(Number(marker.price) * 100);
}

/** The reflex markers of a marker: at its lab, when the lab offers them. */
export function reflexMarkersOf(catalog: MarkerCatalog, marker: LabMarker): LabMarker[] {
  const slug = REFLEXES.get(marker.slug);
  if (!slug) return [];
  const reflex = (catalog.index.byLab.get(marker.lab_id) ?? []).find((e) => e.marker.slug === slug)?.marker;
  return reflex ? [reflex] : [];
}

const reflexModifier = (reflex: LabMarker): PricingModifier => ({ delta_amount_minor: priceMinor(reflex), conditions: { reflex: {} } });

export function markerPricing(catalog: MarkerCatalog, marker: LabMarker): SpecifiedPricing {
  const reflexes = reflexMarkersOf(catalog, marker);
  return { base_amount_minor: priceMinor(marker), modifiers: reflexes.length > 0 ? reflexes.map(reflexModifier) : null };
}

/** The pricing block of a marker page (`include_pricing=true`): every marker of the page, by id. */
export function markerPricingResponse(catalog: MarkerCatalog, markers: readonly LabMarker[]): MarkerPricingResponse {
  return { currency: 'USD', data: Object.fromEntries(markers.map((m) => [String(m.id), markerPricing(catalog, m)])) };
}

/**
 * A lab test's pricing: its base is the sum of its markers' bases (so it is the lab test's `price`
 * in cents), and its modifiers the reflexes of its markers that it does not already hold, each once.
 */
export function labTestPricing(catalog: MarkerCatalog, markerIds: readonly number[]): LabTestPricing {
  const markers = markerIds.map((id) => catalog.index.markerById.get(id)).filter((m): m is LabMarker => m !== undefined);
  const held = new Set(markers.map((m) => m.id));
  const breakdown: Record<string, SpecifiedPricing> = {};
  const reflexes = new Map<number, LabMarker>();
  for (const marker of markers) {
    breakdown[String(marker.id)] = markerPricing(catalog, marker);
    for (const reflex of reflexMarkersOf(catalog, marker)) if (!held.has(reflex.id)) reflexes.set(reflex.id, reflex);
  }
  const base = markers.reduce((sum, m) => sum + priceMinor(m), 0);
  const modifiers = [...reflexes.values()].sort((a, b) => a.id - b.id).map(reflexModifier);
  return { pricing: { base_amount_minor: base, modifiers: modifiers.length > 0 ? modifiers : null }, marker_breakdown: breakdown };
}

/**
 * The markers of a lab test as `GET /v3/lab_tests/{lab_test_id}/markers` lists them: its own, in
 * its order, then the reflex markers it does not already hold, in id order.
 */
export function labTestMarkersWithReflexes(catalog: MarkerCatalog, markerIds: readonly number[]): LabMarker[] {
  const own = markerIds.map((id) => catalog.index.markerById.get(id)).filter((m): m is LabMarker => m !== undefined);
  const held = new Set(own.map((m) => m.id));
  const reflexes = new Map<number, LabMarker>();
  for (const marker of own) for (const reflex of reflexMarkersOf(catalog, marker)) if (!held.has(reflex.id)) reflexes.set(reflex.id, reflex);
  return [...own, ...[...reflexes.values()].sort((a, b) => a.id - b.id)];
}
