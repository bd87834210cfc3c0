/**
 * The server's log lines on stdout are written in batches (server/logger.ts): none may be
 * lost or cut, whether the process goes quiet, exits, or writes to stdout itself.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOGGER = path.resolve(import.meta.dirname, '../../server/logger.ts');

/** Runs `body` in a fresh Node process (tsx) with `logger` and `flushLogs` in scope; returns its stdout lines. */
function run(body: string): string[] {
  const script = `import { batchedStdout, createLogger, flushLogs } from ${JSON.stringify(LOGGER)};
const logger = createLogger({ level: 'info', destination: batchedStdout() });
${body}`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\n').filter(Boolean);
}

const requests = (lines: string[]) => lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; n: number });

describe('batched log lines on stdout', () => {
  it('when the process exits right after logging (process.exit), then every line held is written, whole and in order', () => {
    const lines = run(`for (let n = 0; n < 500; n++) logger.info({ n }, 'request');
process.exit(0);`);
    const logged = requests(lines);
    expect(logged.map((line) => line.n)).toEqual(Array.from({ length: 500 }, (_, n) => n));
  });

  it('when the process goes quiet after a line, then the line is written without waiting for more', () => {
    const lines = run(`logger.info({ n: 1 }, 'request');
setTimeout(() => process.stdout.write('MARK\\n'), 500);`);
    // The line came out before the marker written half a second later (not at exit).
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'request', n: 1 });
    expect(lines[1]).toBe('MARK');
  });

  it('when stdout is written directly after flushLogs (the banner), then the log lines come before it', () => {
    const lines = run(`logger.info({ n: 1 }, 'server listening');
flushLogs(logger);
process.stdout.write('BANNER\\n');`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('BANNER');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'server listening', n: 1 });
  });
});
