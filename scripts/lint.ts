/**
 * `npm run lint:spec`: Spectral with spectral:oas and our ruleset (spec/lint/) on the
 * hand-written documents (problems point at the file an author edits) and on
 * their bundles in generated/ (what clients and tools consume). Any error or
 * warning fails.
 */
import path from 'node:path';
import { APIS, artifactPaths, GENERATED_DIR, ROOT } from './lib/apis.js';
import { lintDocuments } from './lib/lint.js';

const files = [...APIS.map((api) => api.source), ...APIS.map((api) => artifactPaths(GENERATED_DIR, api.name).bundle)];
const outcome = await lintDocuments(files);
if (outcome.output) console.log(outcome.output);
console.log(outcome.ok ? `lint: 0 errors, 0 warnings in ${files.map((f) => path.relative(ROOT, f)).join(', ')}` : 'lint: failed');
process.exit(outcome.ok ? 0 : 1);
