/**
 * onParentGone (scripts/lib/parent-watch.ts), which npm start, npm run mock and npm run dev use
 * to stop when npm is gone: a real grandchild whose parent is killed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../../scripts/lib/parent-watch.ts', import.meta.url));

/** Whether the process runs: not gone, and not ended and waiting to be reaped (a zombie, where PID 1 does not reap). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('onParentGone', () => {
  it('when the parent process is killed, then the child calls stop and ends; while the parent lives, it goes on', async () => {
    const script = `import { onParentGone } from ${JSON.stringify(MODULE)}; onParentGone(() => process.exit(0)); setInterval(() => {}, 1000);`;
    // A shell as the parent (as npm is), which prints the child's pid and waits for it.
    const shell = spawn('sh', ['-c', `${JSON.stringify(process.execPath)} --import tsx --input-type=module -e '${script}' & echo $!; wait`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = Number(await new Promise<string>((resolve) => shell.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))));
    expect(pid).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(alive(pid), 'alive while its parent lives').toBe(true);
    shell.kill('SIGKILL');
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(pid), 'ended after its parent was killed').toBe(false);
  }, 30_000);
});
