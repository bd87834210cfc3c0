/**
 * The one build: lint the hand-written documents, bundle each API with Redocly,
 * generate its types with openapi-typescript and its offline Redoc page, render
 * the docs landing page (docs/index.html) from both bundles, bundle the
 * dashboard (server/dashboard/ -> dashboard/, scripts/lib/dashboard.ts), and write
 * everything to generated/ (or to --out <dir>, used by the freshness check),
 * with generated/.inputs.sha256, the hash of its inputs (scripts/lib/input-hash.ts).
 *
 *   npm run build                 lint + bundle + types + docs into generated/
 *   npm run build -- --no-lint    skip the lint step
 *   npm run build -- --out DIR    write into DIR instead of generated/
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APIS, artifactPaths, GENERATED_DIR, type ApiDocument } from './lib/apis.js';
import { bundleDocument } from './lib/bundle.js';
import { buildDashboard, formatKiB } from './lib/dashboard.js';
import { BUILD_INPUTS_FILE, buildInputsHash } from './lib/input-hash.js';
import { LANDING_PAGE_NAME, readRedocScript, REDOC_SCRIPT_NAME, renderDocsPage, renderLandingPage } from './docs/render.js';
import { lintDocuments } from './lib/lint.js';
import { timed } from './lib/run.js';
import { generateTypes } from './lib/types.js';
import { isMainModule } from './lib/main-module.js';

export interface BuildOptions {
  outDir: string;
  lint: boolean;
  log?: (line: string) => void;
}

async function writeText(file: string, text: string | Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

export async function build({ outDir, lint, log = () => {} }: BuildOptions): Promise<void> {
  const started = performance.now();
  // Hashed before reading anything, so an edit made during the build leaves the output stale.
  const inputsHash = buildInputsHash();
  const lintRun = lint ? timed(() => lintDocuments(APIS.map((api) => api.source))) : undefined;

  const dashboardRun = timed(() => buildDashboard());
  const bundles = await Promise.all(
    APIS.map(async (api) => {
      const out = artifactPaths(outDir, api.name);
      const [bundle, bundleMs] = await timed(() => bundleDocument(api.source));
      await writeText(out.bundle, bundle);
      const [[types, typesMs], [, docsMs]] = await Promise.all([
        timed(() => generateTypes(bundle)),
        timed(() => writeText(out.docs, renderDocsPage(bundle, api.title))),
      ]);
      await writeText(out.types, types);
      log(`  ${api.name.padEnd(10)} bundle ${bundleMs.toFixed(0)} ms, types ${typesMs.toFixed(0)} ms, docs ${docsMs.toFixed(0)} ms`);
      return [api.name, bundle] as const;
    }),
  );
  await mkdir(path.join(outDir, 'docs'), { recursive: true });
  await writeText(path.join(outDir, 'docs', REDOC_SCRIPT_NAME), await readRedocScript());
  await writeText(path.join(outDir, 'docs', LANDING_PAGE_NAME), renderLandingPage(Object.fromEntries(bundles) as Record<ApiDocument['name'], string>));

  const [dashboard, dashboardMs] = await dashboardRun;
  for (const file of dashboard.files) await writeText(path.join(outDir, 'dashboard', file.name), file.contents);
  log(`  dashboard  ${dashboardMs.toFixed(0)} ms, ${dashboard.size.raw} bytes (${formatKiB(dashboard.size.raw)}), gzip ${dashboard.size.gzip} bytes (${formatKiB(dashboard.size.gzip)})`);

  if (lintRun) {
    const [outcome, lintMs] = await lintRun;
    log(`  lint       ${lintMs.toFixed(0)} ms`);
    if (!outcome.ok) throw new Error(`Spectral found problems:\n${outcome.output}`);
  }
  // Last: the hash marks a complete build (npm start compares it, never file times).
  await writeText(path.join(outDir, BUILD_INPUTS_FILE), `${inputsHash}\n`);
  log(`build done in ${(performance.now() - started).toFixed(0)} ms -> ${path.relative(process.cwd(), outDir) || '.'}`);
}

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'no-lint': { type: 'boolean' } } });
  build({ outDir: path.resolve(values.out ?? GENERATED_DIR), lint: !values['no-lint'], log: console.log }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
