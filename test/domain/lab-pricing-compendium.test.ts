/**
 * The pricing and the compendium of the marker catalog (domain/lab-markers/pricing.ts,
 * domain/compendium/compendium.ts), with properties checked by fast-check over the whole catalog:
 * prices add up, and a conversion never maps a marker to one reporting another LOINC code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCompendium, convertCompendium, convertMarker, loincCodesOf, loincSetHash, resolveSourceCodes, searchCompendium } from '../../server/domain/compendium/compendium.js';
import { renderCollectionInstructionsPdf } from '../../server/domain/lab-documents/collection-instructions.js';
import { MARKER_CATALOG } from '../../server/domain/lab-markers/catalog.js';
import { labTestMarkersWithReflexes, labTestPricing, markerPricing, priceMinor, REFLEXES } from '../../server/domain/lab-markers/pricing.js';
import { standardLabTests, toLabTestView } from '../../server/domain/lab-tests/catalog.js';
import { planLabTestChange } from '../../server/domain/lab-tests/update.js';
import { loadDocumentFonts } from '../../server/http/handlers/team/document-fonts.js';
import { pdfText } from '../helpers/pdf-text.js';

const MARKERS = MARKER_CATALOG.markers;
const COMPENDIUM = buildCompendium(MARKER_CATALOG);
const LAB_IDS = MARKER_CATALOG.labs.map((l) => l.id);
/** A set of markers of one lab, as a lab test holds them. */
const oneLabMarkers = fc.constantFrom(...LAB_IDS).chain((labId) => {
  const atLab = MARKERS.filter((m) => m.lab_id === labId);
  return fc.uniqueArray(fc.constantFrom(...atLab), { minLength: 1, maxLength: 20, selector: (m) => m.id });
});

describe('pricing', () => {
  it('for any markers of one lab, the lab test\'s base is the sum of its breakdown and of its markers\' list prices, and every reflex modifier is a reflex of one of them it does not hold', () => {
    fc.assert(fc.property(oneLabMarkers, (markers) => {
      const ids = markers.map((m) => m.id);
      const { pricing, marker_breakdown } = labTestPricing(MARKER_CATALOG, ids);
      const breakdown = Object.values(marker_breakdown);
      expect(Object.keys(marker_breakdown).sort()).toEqual(ids.map(String).sort());
      expect(pricing.base_amount_minor).toBe(breakdown.reduce((sum, p) => sum + p.base_amount_minor, 0));
      expect(pricing.base_amount_minor).toBe(markers.reduce((sum, m) => sum + Math.round(Number(m.price) * 100), 0));
      const reflexes = labTestMarkersWithReflexes(MARKER_CATALOG, ids).slice(ids.length);
      expect((pricing.modifiers ?? []).map((m) => m.delta_amount_minor)).toEqual(reflexes.map(priceMinor));
      for (const reflex of reflexes) expect(ids).not.toContain(reflex.id);
    }), { numRuns: 300 });
  });

  it('for any lab test made of markers, its price in cents is its pricing\'s base', () => {
    fc.assert(fc.property(oneLabMarkers, (markers) => {
      const view = toLabTestView(MARKER_CATALOG, { id: '00000000-0000-4000-8000-000000000001', slug: 'x', name: 'x', description: '', method: 'walk_in_test', lab_id: markers[0]!.lab_id, marker_ids: markers.map((m) => m.id), fasting: false, status: 'active', auto_generated: false });
      expect(Math.round(view.price * 100)).toBe(labTestPricing(MARKER_CATALOG, view.markers.map((m) => m.id)).pricing.base_amount_minor);
    }), { numRuns: 200 });
  });

  it('every reflex is offered at the lab of its marker or not at all, and a marker\'s pricing names it', () => {
    for (const marker of MARKERS.filter((m) => REFLEXES.has(m.slug))) {
      const reflex = MARKERS.find((m) => m.lab_id === marker.lab_id && m.slug === REFLEXES.get(marker.slug));
      expect(markerPricing(MARKER_CATALOG, marker)).toEqual({ base_amount_minor: priceMinor(marker), modifiers: reflex ? [{ delta_amount_minor: priceMinor(reflex), conditions: { reflex: {} } }] : null });
    }
  });
});

describe('compendium', () => {
  it('every marker with LOINC codes is in exactly one canonical test, whose codes are its own', () => {
    for (const marker of MARKERS) {
      const canonical = COMPENDIUM.byMarkerId.get(marker.id)!;
      expect(canonical.codes).toEqual(loincCodesOf(marker));
      expect(canonical.hash).toBe(loincSetHash(loincCodesOf(marker)));
    }
    expect(new Set(COMPENDIUM.canonicals.map((c) => c.hash)).size).toBe(COMPENDIUM.canonicals.length);
  });

  it('for any marker and target lab, a conversion never maps it to a marker reporting a LOINC code it does not report, and a resolved one is covered in full', () => {
    fc.assert(fc.property(fc.constantFrom(...MARKERS), fc.constantFrom(...LAB_IDS), fc.integer({ min: 1, max: 25 }), (marker, target, limit) => {
      const source = new Set(loincCodesOf(marker));
      const result = convertMarker(COMPENDIUM, marker, target, limit);
      for (const candidate of result.candidates) {
        expect(candidate.lab_id).toBe(target);
        for (const code of candidate.loinc_codes) expect(source.has(code)).toBe(true);
      }
      if (result.resolved) {
        expect(new Set(result.chosen.flatMap(loincCodesOf))).toEqual(source);
      } else {
        expect(result.chosen).toEqual([]);
      }
    }), { numRuns: 500 });
  });

  it('for any markers of one lab, every source code is either converted or named unresolved, and converting to its own lab changes nothing', () => {
    fc.assert(fc.property(oneLabMarkers, fc.constantFrom(...LAB_IDS), (markers, target) => {
      const result = convertCompendium(COMPENDIUM, { lab_id: markers[0]!.lab_id, markers, lab_test_id: null }, target, 3);
      expect(Object.keys(result.by_source_provider_id).sort()).toEqual(markers.map((m) => m.provider_id).sort());
      for (const marker of markers) {
        const entry = result.by_source_provider_id[marker.provider_id]!;
        const resolved = !result.unresolved_provider_ids.includes(marker.provider_id);
        expect(resolved).toBe(entry.candidates.length > 0 && entry.candidates.every((c) => c.relation === 'exact' || c.relation === 'component'));
      }
      const same = convertCompendium(COMPENDIUM, { lab_id: markers[0]!.lab_id, markers, lab_test_id: null }, markers[0]!.lab_id, 3);
      expect(same.unresolved_provider_ids).toEqual([]);
      expect(same.converted_provider_ids.sort()).toEqual(markers.map((m) => m.provider_id).sort());
    }), { numRuns: 200 });
  });

  it('the codes of one lab resolve to that lab; codes of two labs are named', () => {
    const tsh = MARKERS.find((m) => m.lab_id === 1 && m.slug === 'tsh')!;
    const questGlucose = MARKERS.find((m) => m.lab_id === 2 && m.slug === 'glucose')!;
    expect(resolveSourceCodes(MARKER_CATALOG, [tsh.provider_id])).toMatchObject({ ok: true, lab_id: 1 });
    expect(resolveSourceCodes(MARKER_CATALOG, [tsh.provider_id, questGlucose.provider_id])).toMatchObject({ ok: false });
  });

  it('a search by any canonical test\'s hash finds exactly it; by its display name, it first', () => {
    fc.assert(fc.property(fc.constantFrom(...COMPENDIUM.canonicals), (canonical) => {
      const byHash = searchCompendium(COMPENDIUM, { mode: 'canonical', loinc_set_hash: canonical.hash });
      expect(byHash.canonical_candidates.map((c) => c.loinc_set_hash)).toEqual([canonical.hash]);
      const byName = searchCompendium(COMPENDIUM, { mode: 'canonical', query: canonical.display_name, limit: 25 });
      expect(byName.canonical_candidates.map((c) => c.loinc_set_hash)).toContain(canonical.hash);
      expect(byName.selected_canonical!.confidence).toBe(1);
    }), { numRuns: 100 });
  });
});

describe('planLabTestChange', () => {
  it('refuses the standard lab tests, trims a name, and maps active to the status', () => {
    for (const test of standardLabTests(MARKER_CATALOG)) expect(planLabTestChange(test.id.toUpperCase(), { name: 'x' })).toMatchObject({ ok: false });
    expect(planLabTestChange('00000000-0000-4000-8000-000000000001', { name: ' New ', active: false })).toEqual({ ok: true, name: 'New', status: 'inactive' });
    expect(planLabTestChange('00000000-0000-4000-8000-000000000001', {})).toEqual({ ok: true, name: undefined, status: undefined });
  });
});

describe('renderCollectionInstructionsPdf', () => {
  it.each(['testkit', 'walk_in_test', 'at_home_phlebotomy', 'on_site_collection'] as const)('renders the %s instructions, which parse back with their fasting rule and markers', async (method) => {
    const bytes = await renderCollectionInstructionsPdf({
      lab_test_id: '00000000-0000-4000-8000-000000000001', lab_test_name: 'Urine check', method, sample_type: 'urine', fasting: true, lab_name: 'Labcorp',
      markers: [{ name: 'Urinalysis, Complete', provider_id: '003038' }], date: '2026-01-02T03:04:05.000Z',
    }, loadDocumentFonts());
    const parsed = await pdfText(bytes);
    expect(parsed.text).toContain('Fast for 8 to 12 hours');
    expect(parsed.text).toContain('midstream sample');
    expect(parsed.text).toContain('003038');
  });
});
