/**
 * `npm run dev`: the edit loop of an API designer or backend developer.
 *
 * Watches spec/ and server/. Saving a spec file re-bundles the documents,
 * restarts the mocks (in this process) on the new bundles, regenerates types
 * and docs, re-lints, and restarts the reference server; the time from the save
 * to the mock serving the change is printed. Saving a server file restarts the
 * server. The server runs from source with tsx on DEV_DATA_DIR (./data/dev).
 *
 *   npm run dev
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch, statSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startMocks, type RunningMocks } from '../mocks/index.js';
import { APIS, artifactPaths, bin, GENERATED_DIR, ROOT } from './lib/apis.js';
import { bundleDocument } from './lib/bundle.js';
import { LANDING_PAGE_NAME, renderDocsPage, renderLandingPage } from './docs/render.js';
import { build } from './build.js';
import { BUILD_INPUTS_FILE, buildInputsHash, isGeneratedFresh } from './lib/input-hash.js';
import { lintDocuments } from './lib/lint.js';
import { generateTypes } from './lib/types.js';

const log = (line: string) => console.log(`[dev ${new Date().toISOString().slice(11, 23)}] ${line}`);
const teamPort = Number(process.env.MOCK_PORT ?? 4010);
const managementPort = Number(process.env.MOCK_MANAGEMENT_PORT ?? 4011);

let mocks: RunningMocks | undefined;
let server: ChildProcess | undefined;

function startServer(): void {
  server = spawn(bin('tsx'), [path.join(ROOT, 'server/main.ts')], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DEV_DATA_DIR ?? path.join(ROOT, 'data/dev') },
  });
}

async function restartServer(reason: string): Promise<void> {
  log(`${reason}: restarting the server`);
  const old = server;
  if (old && old.exitCode === null) {
    await new Promise<void>((resolve) => {
      old.once('exit', () => resolve());
      old.kill('SIGTERM');
    });
  }
  startServer();
}

async function restartMocks(): Promise<void> {
  await mocks?.close();
  mocks = await startMocks({ teamPort, managementPort });
}

/** Re-bundles every document, restarts the mocks, then writes types and docs and lints. */
async function onSpecChange(savedAt: number, file: string): Promise<void> {
  try {
    const inputsHash = buildInputsHash();
    const bundles = await Promise.all(APIS.map(async (api) => ({ api, bundle: await bundleDocument(api.source) })));
    await Promise.all(bundles.map(({ api, bundle }) => writeFile(artifactPaths(GENERATED_DIR, api.name).bundle, bundle)));
    await restartMocks();
    log(`${path.relative(ROOT, file)} saved -> mock serving the change in ${Math.round(Date.now() - savedAt)} ms`);
    await Promise.all(
      bundles.map(async ({ api, bundle }) => {
        const out = artifactPaths(GENERATED_DIR, api.name);
        await mkdir(path.dirname(out.docs), { recursive: true });
        await Promise.all([writeFile(out.types, await generateTypes(bundle)), writeFile(out.docs, renderDocsPage(bundle, api.title))]);
      }),
    );
    const bundleOf = (name: string) => bundles.find(({ api }) => api.name === name)?.bundle ?? '{}';
    const landing = renderLandingPage({ team: bundleOf('team'), management: bundleOf('management') });
    await writeFile(path.join(GENERATED_DIR, 'docs', LANDING_PAGE_NAME), landing);
    // generated/ is what a build of these inputs writes: record it, so npm start does not build again.
    await writeFile(path.join(GENERATED_DIR, BUILD_INPUTS_FILE), `${inputsHash}\n`);
    const lint = await lintDocuments(APIS.map((api) => api.source));
    log(lint.ok ? 'lint: 0 errors, 0 warnings' : `lint found problems:\n${lint.output}`);
    await restartServer('spec changed');
  } catch (error) {
    log(`the spec does not build: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Runs `task` for the latest change only: changes during a run queue one more run. */
function serialised(task: (savedAt: number, file: string) => Promise<void>) {
  let running = false;
  let queued: [number, string] | undefined;
  let timer: NodeJS.Timeout | undefined;
  const runQueued = async () => {
    if (running || !queued) return;
    const [savedAt, file] = queued;
    queued = undefined;
    running = true;
    await task(savedAt, file);
    running = false;
    void runQueued();
  };
  return (file: string) => {
    let savedAt = Date.now();
    try {
      savedAt = Math.min(savedAt, statSync(file).mtimeMs);
    } catch {
      // deleted: use now
    }
    queued = [queued ? Math.min(queued[0], savedAt) : savedAt, file];
    clearTimeout(timer);
    timer = setTimeout(() => void runQueued(), 50);
  };
}

const specChanged = serialised(onSpecChange);
const serverChanged = serialised(async (_savedAt, file) => restartServer(`${path.relative(ROOT, file)} changed`));

if (!isGeneratedFresh(GENERATED_DIR)) {
  log('spec/ or the build changed since the last build: building generated/');
  await build({ outDir: GENERATED_DIR, lint: false });
}
await restartMocks();
log(`mocks on http://127.0.0.1:${teamPort} and http://127.0.0.1:${managementPort}`);
startServer();
watch(path.join(ROOT, 'spec'), { recursive: true }, (_event, name) => {
  if (name && /\.(ya?ml|js)$/.test(name)) specChanged(path.join(ROOT, 'spec', name));
});
watch(path.join(ROOT, 'server'), { recursive: true }, (_event, name) => {
  if (name && name.endsWith('.ts')) serverChanged(path.join(ROOT, 'server', name));
});
log('watching spec/ and server/ (Ctrl-C to stop)');

const stop = async () => {
  server?.kill('SIGTERM');
  await mocks?.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
