/**
 * Dev loop round trip (`npm run bench:dev`): starts `npm run dev` on spare ports,
 * changes an example in a spec file, and measures the time from the save to the
 * mock serving the changed example; target <= 3 s. The file is restored after.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bin, ROOT } from '../lib/apis.js';
import { median, printTable, spawnQuiet, stop, waitForHttp } from './lib.js';
import { isMainModule } from '../lib/main-module.js';
import { TEAM_API_KEY_HEADER } from '../../server/shared/wire.js';

const FILE = path.join(ROOT, 'spec/team/paths/v2_providers.yaml');
const ORIGINAL = 'Wrist-worn trackers and smartwatches';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export async function benchDevLoop(): Promise<void> {
  const teamPort = 24110;
  const original = await readFile(FILE, 'utf8');
  if (!original.includes(ORIGINAL)) throw new Error(`${FILE} no longer holds the example this benchmark edits`);
  const child = spawnQuiet(bin('tsx'), [path.join(ROOT, 'scripts/dev.ts')], {
    MOCK_PORT: String(teamPort),
    MOCK_MANAGEMENT_PORT: '24111',
    PORT: '24100',
    MANAGEMENT_PORT: '24101',
    DEV_DATA_DIR: path.join(ROOT, 'tmp/bench-dev-data'),
    LOG_LEVEL: 'silent',
  });
  const roundTrips: number[] = [];
  try {
    await waitForHttp(`http://127.0.0.1:${teamPort}/v2/providers`, performance.now(), 60_000, { [TEAM_API_KEY_HEADER]: 'bench' });
    for (let run = 0; run < RUNS; run++) {
      const marker = `Bench edit ${run} ${Date.now()}`;
      const saved = performance.now();
      await writeFile(FILE, original.replace(ORIGINAL, marker));
      for (;;) {
        const body = await fetch(`http://127.0.0.1:${teamPort}/v2/providers`, { headers: { [TEAM_API_KEY_HEADER]: 'bench' } })
          .then((r) => r.text())
          .catch(() => '');
        if (body.includes(marker)) break;
        if (performance.now() - saved > 30_000) throw new Error('the mock never served the change');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      roundTrips.push(performance.now() - saved);
      await writeFile(FILE, original);
      await new Promise((resolve) => setTimeout(resolve, 4000));
    }
  } finally {
    await writeFile(FILE, original);
    await stop(child);
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  printTable(`Dev loop: spec file saved -> mock serving the change (${RUNS} runs)`, ['median', 'min', 'max', 'target', 'ok'], [
    [s(median(roundTrips)), s(Math.min(...roundTrips)), s(Math.max(...roundTrips)), '<= 3 s', median(roundTrips) <= 3000 ? 'yes' : 'NO'],
  ]);
}

const isMain = isMainModule(import.meta.filename);
if (isMain) await benchDevLoop();
