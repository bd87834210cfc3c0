/**
 * Where every cache of an app is made (docs/architecture.md, "Caches"): one registry per app,
 * one group per area. An area's caches reach their users through `Deps.caches` (handlers) or
 * the options of the job or storage function that uses them; none is a module-level variable.
 */
import type { Config } from './config.js';
import type { AppCaches } from './http/handlers/context.js';
import { createDataReadCaches } from './jobs/data-reads/caches.js';
import { CacheRegistry } from './shared/cache.js';
import { createHttpCaches } from './http/http-caches.js';
import { createLabViewCaches } from './http/handlers/team/lab-view-caches.js';
import { createLabOrderCaches } from './storage/repositories/lab-order-caches.js';
import { createLabAppointmentCaches } from './jobs/lab-appointments/caches.js';

export function createAppCaches(config: Pick<Config, 'cachesOff' | 'freezeCachedValues'>): AppCaches {
  const registry = new CacheRegistry({ off: config.cachesOff, freeze: config.freezeCachedValues });
  const caches: AppCaches = {
    registry,
    http: createHttpCaches(registry),
    labOrders: createLabOrderCaches(registry),
    labViews: createLabViewCaches(registry),
    dataReads: createDataReadCaches(registry),
    labAppointments: createLabAppointmentCaches(registry),
  };
  const unknown = registry.unknownOff();
  if (unknown.length > 0) throw new Error(`CACHES_OFF names no cache: ${unknown.join(', ')} (caches: ${registry.list().map((cache) => cache.definition.name).join(', ') || 'none'})`);
  return caches;
}
