import { spawn, type ChildProcess } from 'node:child_process';

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function printTable(title: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
}

/** Polls a URL until it answers (any HTTP status), returning the elapsed milliseconds. */
export async function waitForHttp(url: string, started: number, timeoutMs = 30_000, headers: Record<string, string> = {}): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    try {
      await fetch(url, { headers });
      return performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export const spawnQuiet = (command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
  spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
