/**
 * The caches of the team API's lab handlers (docs/architecture.md, "Caches"): made once per app
 * by server/caches.ts, reached as `deps.caches.labViews`. Each is named for CACHES_OFF and says
 * what makes an entry stale.
 */
import type { components } from '../../../../generated/team/schema.js';
import type { UnicodeFonts } from '../../../domain/lab-documents/layout.js';
import type { Compendium } from '../../../domain/compendium/compendium.js';
import type { MarkerCatalog, toClientFacingMarkerPage } from '../../../domain/lab-markers/catalog.js';
import type { LabTestView } from '../../../domain/lab-tests/catalog.js';
import type { BoundedCache, CacheRegistry } from '../../../shared/cache.js';
import type { LabOrderRecord } from '../../../storage/repositories/lab-orders.js';

type Order = components['schemas']['Order'];
type OrderPage = { orders: Order[]; total: number; page: number; size: number };
type MarkerPage = ReturnType<typeof toClientFacingMarkerPage>;

export interface LabViewCaches {
  /** `lab-order-pages`: the last page body of each (team, query), with the records it was built from. */
  readonly orderPages: BoundedCache<string, { readonly parts: readonly unknown[]; readonly body: Readonly<OrderPage> }>;
  /** `lab-order-views`: the wire Order of each record the storage keeps. */
  readonly orderViews: BoundedCache<LabOrderRecord, Readonly<Order>>;
  /** `lab-test-views`: the LabTest view of a stored or standard lab test, by id, status and name. */
  readonly labTestViews: BoundedCache<string, Readonly<LabTestView>>;
  /** `marker-pages`: GET /v3/lab_tests/markers pages, by query. */
  readonly markerPages: BoundedCache<string, Readonly<MarkerPage>>;
  /** `document-fonts`: the fonts of the lab PDFs, read from their package and parsed once each. */
  readonly documentFonts: BoundedCache<string, UnicodeFonts>;
  /** `compendium`: the compendium (markers grouped by LOINC set) of the app's marker catalog. */
  readonly compendium: BoundedCache<MarkerCatalog, Compendium>;
  /** `requisition-url-key`: the key that signs requisition form URLs. */
  readonly requisitionUrlKey: BoundedCache<string, string>;
}

export function createLabViewCaches(registry: CacheRegistry): LabViewCaches {
  return {
    orderPages: registry.create({
      name: 'lab-order-pages',
      key: 'team and query of GET /v3/orders',
      maxEntries: 128,
      invalidatedBy: 'a page is answered only when the storage lists the very same records (lab-order-records: each kept under its row version and the team\'s order generation), the total, page and size',
    }),
    orderViews: registry.create({
      name: 'lab-order-views',
      key: 'an order record the storage keeps (the object)',
      maxEntries: 2_000,
      invalidatedBy: 'nothing: a kept record is frozen, and a changed order is a new record (lab-order-records)',
    }),
    labTestViews: registry.create({
      name: 'lab-test-views',
      key: 'lab test id, status and name',
      maxEntries: 1_000,
      invalidatedBy: 'nothing: PATCH /v3/lab_tests/{lab_test_id} changes only the name and status, which are in the key, and the standard ones come from the static catalog',
    }),
    markerPages: registry.create({
      name: 'marker-pages',
      key: 'the query of GET /v3/lab_tests/markers',
      maxEntries: 1_000,
      invalidatedBy: "nothing: the app's marker catalog is static data",
    }),
    documentFonts: registry.create({
      name: 'document-fonts',
      key: 'the font family of the lab PDFs',
      maxEntries: 1,
      invalidatedBy: 'nothing: the fonts are files of an installed package',
    }),
    compendium: registry.create({
      name: 'compendium',
      key: "the app's marker catalog (the object)",
      maxEntries: 1,
      invalidatedBy: "nothing: the app's marker catalog is static data",
    }),
    requisitionUrlKey: registry.create({
      name: 'requisition-url-key',
      key: 'the server secret\'s name',
      maxEntries: 1,
      invalidatedBy: 'nothing: the secret is made once per database (ensureServerSecret inserts it if absent) and never changed or deleted',
    }),
  };
}
