/** Fails when generated/ is not what `npm run build` would write now. */
import { staleGeneratedFiles } from './lib/freshness.js';

const stale = await staleGeneratedFiles();
if (stale.length > 0) {
  console.error(`generated/ is stale; run \`npm run build\` and commit the result. Differs: ${stale.join(', ')}`);
  process.exit(1);
}
console.log('generated/ is fresh.');
