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
import { readdirSync, statSync, watch } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startMocks, type RunningMocks } from '../mocks/index.js';
import { APIS, artifactPaths, bin, GENERATED_DIR, ROOT } from './lib/apis.js';
import { bundleDocument } from './lib/bundle.js';
import { LANDING_PAGE_NAME, renderDocsPage, renderLandingPage } from './docs/render.js';
import { build } from './build.js';
import { BUILD_INPUTS_FILE, buildInputsHash, isGeneratedFresh } from './lib/input-hash.js';
import { lintDocuments } from './lib/lint.js';
import { onParentGone } from './lib/parent-watch.js';
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
/**
 * Calls `changed` with each file under `dir` that `accepts` takes, when it is saved, created or
 * deleted. Node's recursive watcher answers at once but, on Linux, follows files by inode: once
 * a file was replaced by another (an editor saving through a temporary file, `sed -i`, `git
 * checkout`), later saves to it went unseen. So the tree is also scanned every 500 ms, and a
 * file whose modification time or size differs from what was last seen counts as changed; a
 * change either way is reported once.
 */
function watchTree(dir: string, accepts: (file: string) => boolean, changed: (file: string) => void): void {
  const stampOf = (file: string) => {
    try {
      const stat = statSync(file);
      return `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return 'gone';
    }
  };
  const files = () => (readdirSync(dir, { recursive: true }) as string[]).map((name) => path.join(dir, name)).filter(accepts);
  const seen = new Map(files().map((file) => [file, stampOf(file)]));
  const look = (file: string) => {
    const stamp = stampOf(file);
    if (seen.get(file) === stamp) return;
    seen.set(file, stamp);
    changed(file);
  };
  watch(dir, { recursive: true }, (_event, name) => {
    if (name && accepts(path.join(dir, name))) look(path.join(dir, name));
  });
  setInterval(() => {
    const now = new Set(files());
    for (const file of now) look(file);
    for (const file of seen.keys()) if (!now.has(file)) look(file);
  }, 500).unref();
}
watchTree(path.join(ROOT, 'spec'), (file) => /\.(ya?ml|js)$/.test(file), specChanged);
watchTree(path.join(ROOT, 'server'), (file) => file.endsWith('.ts'), serverChanged);
log('watching spec/ and server/ (Ctrl-C to stop)');

const stop = async () => {
  // Whatever keeps the mocks from closing (a client's open connection), the loop ends within 5 s.
  setTimeout(() => process.exit(0), 5_000).unref();
  server?.kill('SIGTERM');
  await mocks?.close();
  process.exit(0);
};
// `on`: Ctrl-C reaches this process twice (from the terminal and forwarded by npm).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
onParentGone(() => void stop());
