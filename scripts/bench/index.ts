/** `npm run bench`: every benchmark, figures printed as tables. */
import { benchBuild } from './build.js';

await benchBuild();
