import { buildCompendium, type Compendium } from '../../../domain/compendium/compendium.js';
import type { Deps } from '../context.js';

/** The compendium of the app's marker catalog: built on the first search or conversion, then kept (compendium). */
export function appCompendium(deps: Pick<Deps, 'markers' | 'caches'>): Compendium {
  return deps.caches.labViews.compendium.getOrSet(deps.markers, () => buildCompendium(deps.markers));
}
