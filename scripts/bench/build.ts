/**
 * Build and mock start-up figures (`npm run bench:build`):
 * - the full build (lint, bundle, types, docs), as `npm run build` runs it; target <= 15 s;
 * - the Prism mocks, from process start to the first answer of each API; target <= 10 s.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bin, ROOT } from '../lib/apis.js';
import { median, printTable, spawnQuiet, stop, waitForHttp } from './lib.js';
import { isMainModule } from '../lib/main-module.js';
import { MANAGEMENT_KEY_HEADER, TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function timeBuild(): Promise<number> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  try {
    const started = performance.now();
    const child = spawnQuiet(bin('tsx'), [path.join(ROOT, 'scripts/build.ts'), '--out', out], { REDOCLY_TELEMETRY: 'off' });
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
    if (code !== 0) throw new Error('build failed');
    return performance.now() - started;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

async function timeMocks(): Promise<[number, number]> {
  const teamPort = 24010;
  const managementPort = 24011;
  const started = performance.now();
  const child = spawnQuiet(bin('tsx'), [path.join(ROOT, 'mocks/start.ts')], { MOCK_PORT: String(teamPort), MOCK_MANAGEMENT_PORT: String(managementPort) });
  try {
    const team = await waitForHttp(`http://127.0.0.1:${teamPort}/v2/providers`, started, 30_000, { [TEAM_API_KEY_HEADER]: 'bench' });
    const management = await waitForHttp(`http://127.0.0.1:${managementPort}/v1/org/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/team`, started, 30_000, { [MANAGEMENT_KEY_HEADER]: 'bench' });
    return [team, management];
  } finally {
    await stop(child);
  }
}

export async function benchBuild(): Promise<void> {
  const builds: number[] = [];
  const teamMock: number[] = [];
  const managementMock: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    builds.push(await timeBuild());
    const [team, management] = await timeMocks();
    teamMock.push(team);
    managementMock.push(management);
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  printTable(`Build and mock start-up (${RUNS} runs, ${os.cpus().length} cores)`, ['measure', 'median', 'min', 'max', 'target', 'ok'], [
    ['full build (lint, bundle, types, docs)', s(median(builds)), s(Math.min(...builds)), s(Math.max(...builds)), '<= 15 s', median(builds) <= 15_000 ? 'yes' : 'NO'],
    ['team mock: start to first answer', s(median(teamMock)), s(Math.min(...teamMock)), s(Math.max(...teamMock)), '<= 10 s', median(teamMock) <= 10_000 ? 'yes' : 'NO'],
    ['management mock: start to first answer', s(median(managementMock)), s(Math.min(...managementMock)), s(Math.max(...managementMock)), '<= 10 s', median(managementMock) <= 10_000 ? 'yes' : 'NO'],
  ]);
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchBuild();
