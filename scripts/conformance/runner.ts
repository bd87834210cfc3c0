/**
 * Runs the conformance checks against a target and reports one result per
 * operation. Every response a check gets is also checked against the contract
 * (documented status, application/json, body valid against the schema), whether
 * or not the check looks at it. An operation of the documents without checks fails.
 */
import { randomBytes } from 'node:crypto';
import { CheckFailure } from './assertions.js';
import { CheckContext, type Target } from './context.js';
import { MOCK_SKIP_REASONS, type CheckDefinition, type MockSkip, type OperationChecks, type Requirement } from './operation.js';
import type { Exchange } from './http.js';
import { OPERATIONS } from './operations/index.js';
import { routingChecks } from './routing.js';
import { type ApiName, SpecIndex } from './spec.js';
import { resolveTarget, type TargetOptions } from './target.js';

export type Outcome = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  outcome: Outcome;
  /** Why it failed or was skipped. */
  reason?: string;
  /** The mock-skip category, when skipped on a mock. */
  mockSkip?: MockSkip;
  ms: number;
}

export interface OperationResult {
  api: ApiName | 'run';
  operationId: string;
  outcome: Outcome;
  checks: CheckResult[];
}

export interface ConformanceReport {
  target: Target;
  runId: string;
  operations: OperationResult[];
  passed: number;
  failed: number;
  skipped: number;
  ms: number;
}

export interface ConformanceOptions extends TargetOptions {
  /** Only these operations (operationIds, or `api operationId`). */
  only?: readonly string[];
  /** Where report lines go (default: nothing; the CLI prints them). */
  write?: (line: string) => void;
  /** Also print each passed check. */
  verbose?: boolean;
  /** Longest a check may take (default 60 s). */
  checkTimeoutMs?: number;
  /** These checks instead of ALL_CHECKS (an operation of the documents they leave out fails as without checks). */
  checks?: readonly OperationChecks[];
}

/** Every check of the suite: each operation definition's, then routing's, in the order they run (flows build on earlier fixtures). */
export const ALL_CHECKS: readonly OperationChecks[] = [...OPERATIONS, ...routingChecks];

const REQUIREMENT_REASONS: Record<Requirement, (target: Target) => string | null> = {
  management: (target) => (target.management ? null : 'no management API given (--management-url and --management-key)'),
  'org-id': (target) => (target.orgId ? null : `the organization id is unknown: ${target.orgIdSource}; pass --org-id`),
};

/** A run id: 8 letters (digits mapped to letters, so that it fits any client_user_id rule). */
const newRunId = () => randomBytes(4).toString('hex').replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!);

/**
 * A resolved target and the context its checks share, for a harness that runs checks
 * one at a time (test/contract): `run` runs one check exactly as `runConformance` does
 * (skips, time limit, every exchange checked against the contract), `cleanup` removes
 * what the checks made.
 */
export interface ConformanceSession {
  target: Target;
  context: CheckContext;
  run(group: OperationChecks, check: CheckDefinition): Promise<CheckResult>;
  /** Why the check is skipped on this target (null: it runs). */
  skipOf(group: OperationChecks, check: CheckDefinition): { reason: string; mockSkip?: MockSkip } | null;
  cleanup(): Promise<OperationResult>;
}

export async function openConformanceSession(options: TargetOptions & { checkTimeoutMs?: number }): Promise<ConformanceSession> {
  const target = await resolveTarget(options);
  const context = new CheckContext(target, new SpecIndex(), newRunId());
  return {
    target,
    context,
    run: (group, check) => runCheck(context, group, check, options.checkTimeoutMs ?? 60_000),
    skipOf: (group, check) => skipReason(context, group, check),
    cleanup: () => runCleanup(context),
  };
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const write = options.write ?? (() => undefined);
  const spec = new SpecIndex();
  const target = await resolveTarget(options);
  const runId = newRunId();
  const context = new CheckContext(target, spec, runId);

  write(`Target: ${target.kind} (${target.kindReason})`);
  write(`Team API: ${target.teamUrl}`);
  write(`Management API: ${target.management ? `${target.management.url}, org ${target.orgId ?? 'unknown'} (${target.orgIdSource})` : 'not given: its operations are skipped'}`);
  write(`Run id: ${runId} (users conformance-${runId}-<n>${target.management ? `, team "Conformance ${runId}"` : ''})`);
  write('');

  const checks = options.checks ?? ALL_CHECKS;
  const selected = checks.filter((group) => !options.only?.length || options.only.some((name) => name === group.operationId || name === `${group.api} ${group.operationId}`));
  const results: OperationResult[] = [];

  const documented = spec.operations.map(({ api, operationId }) => `${api} ${operationId}`);
  const defined = new Set(checks.map(({ api, operationId }) => `${api} ${operationId}`));
  for (const missing of documented.filter((name) => !defined.has(name))) {
    const [api, operationId] = missing.split(' ') as [ApiName, string];
    if (options.only?.length && !options.only.includes(operationId) && !options.only.includes(missing)) continue;
    const result: OperationResult = { api, operationId, outcome: 'fail', checks: [{ name: 'has conformance checks', outcome: 'fail', reason: 'the operation is in the documents but has no conformance checks', ms: 0 }] };
    results.push(result);
    printOperation(result, write, options.verbose);
  }

  for (const group of selected) {
    const result = await runOperation(context, group, options.checkTimeoutMs ?? 60_000);
    results.push(result);
    printOperation(result, write, options.verbose);
  }

  const cleanup = await runCleanup(context);
  results.push(cleanup);
  printOperation(cleanup, write, options.verbose);

  const all = results.flatMap((result) => result.checks);
  const report: ConformanceReport = {
    target,
    runId,
    operations: results,
    passed: all.filter((check) => check.outcome === 'pass').length,
    failed: all.filter((check) => check.outcome === 'fail').length,
    skipped: all.filter((check) => check.outcome === 'skip').length,
    ms: Math.round(performance.now() - started),
  };
  printMockSkipLegend(results, write);
  write('');
  write(`${results.filter((result) => result.api !== 'run').length} operations and groups, ${all.length} checks, ${(report.ms / 1000).toFixed(1)} s`);
  write(summaryLine(report));
  return report;
}

/** The last line: `N passed, N failed` and `, N skipped` when some were (counts of checks). */
export function summaryLine(report: Pick<ConformanceReport, 'passed' | 'failed' | 'skipped'>): string {
  return `${report.passed} passed, ${report.failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''}`;
}

async function runOperation(context: CheckContext, group: OperationChecks, timeoutMs: number): Promise<OperationResult> {
  const checks: CheckResult[] = [];
  for (const definition of group.checks) checks.push(await runCheck(context, group, definition, timeoutMs));
  const outcome: Outcome = checks.some((check) => check.outcome === 'fail') ? 'fail' : checks.every((check) => check.outcome === 'skip') ? 'skip' : 'pass';
  return { api: group.api, operationId: group.operationId, outcome, checks };
}

function skipReason(context: CheckContext, group: OperationChecks, definition: CheckDefinition): { reason: string; mockSkip?: MockSkip } | null {
  for (const requirement of [...(group.needs ?? []), ...(definition.needs ?? [])]) {
    const reason = REQUIREMENT_REASONS[requirement](context.target);
    if (reason) return { reason };
  }
  if (context.isMock && definition.mockSkip) return { reason: MOCK_SKIP_REASONS[definition.mockSkip], mockSkip: definition.mockSkip };
  return null;
}

async function runCheck(context: CheckContext, group: OperationChecks, definition: CheckDefinition, timeoutMs: number): Promise<CheckResult> {
  const skip = skipReason(context, group, definition);
  if (skip) return { name: definition.name, outcome: 'skip', ...skip, ms: 0 };
  const started = performance.now();
  context.takeExchanges();
  let failure: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      definition.run(context),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new CheckFailure(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    failure = describeError(error);
  } finally {
    clearTimeout(timer);
  }
  const problems = contractProblems(context, context.takeExchanges());
  if (problems.length > 0) failure = [failure, ...problems].filter(Boolean).join('; ');
  const ms = Math.round(performance.now() - started);
  return failure ? { name: definition.name, outcome: 'fail', reason: failure, ms } : { name: definition.name, outcome: 'pass', ms };
}

/** Every recorded response against the contract. */
function contractProblems(context: CheckContext, exchanges: Exchange[]): string[] {
  return exchanges.flatMap((exchange) =>
    context.spec.checkResponse({
      api: exchange.api,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
      contentType: exchange.contentType,
      body: exchange.body,
      json: exchange.json,
    }),
  );
}

async function runCleanup(context: CheckContext): Promise<OperationResult> {
  const started = performance.now();
  context.takeExchanges();
  const problems = await context.fixtures.cleanup();
  problems.push(...contractProblems(context, context.takeExchanges()));
  const check: CheckResult = {
    name: 'delete the users and webhook endpoints the run made, revoke its keys',
    outcome: problems.length ? 'fail' : 'pass',
    ...(problems.length && { reason: problems.join('; ') }),
    ms: Math.round(performance.now() - started),
  };
  return { api: 'run', operationId: 'cleanup', outcome: check.outcome, checks: [check] };
}

function describeError(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`;
  return String(error);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * `PASS team createUser (6 checks)`, `PASS team getUser (4 checks, 3 skipped)` followed by
 * an indented line per skipped check, `FAIL team getUser: <check>: <reason>` (and a line
 * per further failed check), `SKIP management listTeams: <reason>`.
 */
export function printOperation(result: OperationResult, write: (line: string) => void, verbose = false): void {
  const name = `${result.api} ${result.operationId}`;
  const passed = result.checks.filter((check) => check.outcome === 'pass');
  const failed = result.checks.filter((check) => check.outcome === 'fail');
  const skipped = result.checks.filter((check) => check.outcome === 'skip');
  if (result.outcome === 'skip') {
    const reasons = [...new Set(skipped.map((check) => check.reason))];
    write(`SKIP ${name}: ${reasons.join('; ')}`);
    return;
  }
  if (result.outcome === 'fail') {
    const [first, ...others] = failed;
    write(`FAIL ${name}: ${first!.name}: ${first!.reason}`);
    for (const check of others) write(`     also failed: ${check.name}: ${check.reason}`);
  } else {
    write(`PASS ${name} (${plural(passed.length, 'check')}${skipped.length ? `, ${skipped.length} skipped` : ''})`);
  }
  if (verbose) for (const check of passed) write(`     passed: ${check.name} (${check.ms} ms)`);
  for (const check of skipped) write(check.mockSkip ? `     skipped on the mock (${check.mockSkip}): ${check.name}` : `     skipped: ${check.name}: ${check.reason}`);
}

/** What each mock-skip category printed above means. */
function printMockSkipLegend(results: OperationResult[], write: (line: string) => void): void {
  const used = new Set(results.flatMap((result) => result.checks.flatMap((check) => (check.mockSkip ? [check.mockSkip] : []))));
  if (used.size === 0) return;
  write('');
  write('Skipped on the mock, because:');
  for (const category of Object.keys(MOCK_SKIP_REASONS) as MockSkip[]) if (used.has(category)) write(`  ${category}: ${MOCK_SKIP_REASONS[category]}`);
}
