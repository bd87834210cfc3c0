import path from 'node:path';

/**
 * Why each skipped test was skipped, read from vitest's JSON report.
 *
 * One mechanism: the reason is written in the name of the skipped test or of one
 * of its describe blocks, as a parenthesised note in one of two forms:
 *
 *   `(skipped: <reason>)`           in a name only given when skipping, e.g.
 *                                   describe.skipIf(!url)(`on PostgreSQL${url ? '' : ' (skipped: DATABASE_URL is unset)'}`, ...)
 *   `(<where> only: <reason>)`      in a name that runs in one place and is skipped in another, e.g.
 *                                   it.skipIf(isMock)('when ..., then 404 (server only: the mock keeps no state)', ...)
 *
 * The outermost note wins (a describe block skipped for a missing database explains
 * every test in it, whatever notes they carry themselves). A skipped test with no
 * note anywhere in its name is unexplained: `npm test` counts it as a failure.
 * `ctx.skip()`, `it.skip` and `it.todo` without such a note are unexplained too.
 */

/** The parts of vitest's JSON report (`--reporter=json`) this reads. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string }[];
  }[];
}

export interface SkipGroup {
  /** `DATABASE_URL is unset`, `server only: the mock keeps no state`, ... */
  reason: string;
  tests: number;
  /** Test file (relative to the root) -> skipped tests in it. */
  files: Map<string, number>;
}

export interface SkipExplanation {
  groups: SkipGroup[];
  /** Full names (file > describe > test) of skipped tests that give no reason. */
  unexplained: string[];
}

const SKIPPED = new Set(['skipped', 'pending', 'todo']);

/** Notes `(skipped: reason)` and `(<where> only: reason)`; a reason may hold one level of parentheses. */
const NOTE = /\((skipped|[^():]+ only): ((?:[^()]|\([^()]*\))+)\)/;

/** The reason a name gives, or undefined. */
export function reasonIn(name: string): string | undefined {
  const match = NOTE.exec(name);
  if (!match) return undefined;
  const [, qualifier, reason] = match as unknown as [string, string, string];
  return qualifier === 'skipped' ? reason.trim() : `${qualifier.trim()}: ${reason.trim()}`;
}

/** Groups the skipped tests of a report by their reason, largest group first. */
export function explainSkips(report: VitestJsonReport, root: string): SkipExplanation {
  const groups = new Map<string, SkipGroup>();
  const unexplained: string[] = [];
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name) || file.name;
    for (const test of file.assertionResults) {
      if (!SKIPPED.has(test.status)) continue;
      // ancestorTitles may start with the file's own name, which carries no note.
      const names = [...test.ancestorTitles, test.title];
      const reason = names.map(reasonIn).find((found) => found !== undefined);
      if (reason === undefined) {
        unexplained.push([relative, ...names.filter((name) => name && name !== relative)].join(' > '));
        continue;
      }
      const group = groups.get(reason) ?? { reason, tests: 0, files: new Map<string, number>() };
      group.tests++;
      group.files.set(relative, (group.files.get(relative) ?? 0) + 1);
      groups.set(reason, group);
    }
  }
  return { groups: [...groups.values()].sort((a, b) => b.tests - a.tests || a.reason.localeCompare(b.reason)), unexplained };
}

const tests = (n: number) => `${n} test${n === 1 ? '' : 's'}`;

/** The lines `npm test` prints before its summary: each reason with its count and files, then what has none. */
export function formatSkips({ groups, unexplained }: SkipExplanation): string[] {
  const lines: string[] = [];
  if (groups.length > 0) {
    lines.push('Skipped, by reason:');
    for (const group of groups) {
      lines.push(`  ${group.reason} (${tests(group.tests)})`);
      const files = [...group.files].sort(([a], [b]) => a.localeCompare(b));
      lines.push(`    ${files.map(([file, n]) => `${file} (${n})`).join(', ')}`);
    }
  }
  if (unexplained.length > 0) {
    lines.push(
      `FAILED: ${tests(unexplained.length)} skipped without a reason. Put it in the name of the test or of its describe block:`,
      '  `(skipped: <reason>)` or `(<where> only: <reason>)` (see scripts/test/README.md)',
      ...unexplained.map((name) => `  - ${name}`),
    );
  }
  return lines;
}
