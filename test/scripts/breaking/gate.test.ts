import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/apis.js';
import { BaseError, runGate } from '../../../scripts/breaking/gate.js';
import { formatReport } from '../../../scripts/breaking/report.js';

/**
 * The gate end to end on a scratch repository: the base is read from git,
 * bundled with Redocly and compared with the working tree.
 */

const TIMEOUT_MS = 60_000;

const teamRoot = (thingFile: string) => `openapi: 3.1.0
info: { title: Scratch team API, version: 1.0.0 }
paths:
  /v1/things/{thing_id}:
    get:
      operationId: getThing
      summary: Get a thing
      parameters:
        - { name: thing_id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The thing
          content:
            application/json:
              schema: { $ref: '../shared/${thingFile}' }
`;

const thing = (properties: string[]) => `type: object
required: [id]
properties:
${properties.map((name) => `  ${name}: { type: string }`).join('\n')}
`;

const managementRoot = `openapi: 3.1.0
info: { title: Scratch management API, version: 1.0.0 }
paths: {}
`;

describe('check:breaking on a scratch git repository', () => {
  let repo: string;
  const git = (...args: string[]) => {
    const result = spawnSync('git', ['-C', repo, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  };
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
    await writeFile(path.join(repo, file), text);
  };
  let first: string;

  beforeAll(async () => {
    repo = await mkdtemp(path.join(os.tmpdir(), 'breaking-gate-'));
    git('init', '-q', '-b', 'main');
    await write('spec/team/openapi.yaml', teamRoot('Thing.yaml'));
    await write('spec/shared/Thing.yaml', thing(['id', 'name', 'color']));
    git('add', '-A');
    git('commit', '-q', '-m', 'first: the team API only');
    first = git('rev-parse', 'HEAD');
  });
  afterAll(async () => {
    if (repo) await rm(repo, { recursive: true, force: true });
  });

  it('when HEAD is the first commit and no base is given, then there is no default base', async () => {
    await expect(runGate({ root: repo })).rejects.toThrow(BaseError);
    await expect(runGate({ root: repo })).rejects.toThrow(/no parent commit/);
  });

  it(
    'when the last commit on main removed a response field, then the base is HEAD~1 and the removal breaks',
    async () => {
      await write('spec/shared/Thing.yaml', thing(['id', 'name']));
      await write('spec/management/openapi.yaml', managementRoot);
      git('add', '-A');
      git('commit', '-q', '-m', 'second: drop color, add the management API');

      const result = await runGate({ root: repo });
      expect(result.base).toEqual({ ref: 'HEAD~1', commit: first, reason: 'HEAD is main: the previous commit' });
      const team = result.apis.find((api) => api.api === 'team')!;
      expect(team.findings.map((f) => [f.rule, f.severity, f.document, f.pointer])).toEqual([
        ['response-field-removed', 'breaking', 'base', '/components/schemas/Thing/properties/color'],
      ]);
      expect(result.apis.find((api) => api.api === 'management')?.status).toBe('new');
      const report = formatReport(result);
      expect(report).toContain('BREAKING response-field-removed  base#/components/schemas/Thing/properties/color');
      expect(report).toMatch(/Summary: 1 breaking \(team: 1 breaking; management: new\)\. FAILED/);
    },
    TIMEOUT_MS,
  );

  it(
    'when a branch off main changes the working tree, then the base is the merge base with main and uncommitted changes count',
    async () => {
      git('checkout', '-q', '-b', 'feature');
      await write('spec/shared/Thing.yaml', thing(['id', 'name', 'size']));
      git('commit', '-q', '-am', 'feature: add size');
      await write('spec/shared/Thing.yaml', thing(['id', 'size']));

      const result = await runGate({ root: repo });
      expect(result.base.commit).toBe(git('rev-parse', 'main'));
      expect(result.base.reason).toBe('the merge base of HEAD and main');
      expect(result.apis.flatMap((api) => api.findings.map((f) => f.pointer))).toEqual(['/components/schemas/Thing/properties/name']);
    },
    TIMEOUT_MS,
  );

  it(
    'when --base names a commit, then the working tree is compared with it',
    async () => {
      const result = await runGate({ root: repo, base: first });
      expect(result.base).toMatchObject({ ref: first, commit: first });
      expect(result.apis.flatMap((api) => api.findings.map((f) => f.pointer))).toEqual([
        '/components/schemas/Thing/properties/name',
        '/components/schemas/Thing/properties/color',
      ]);
    },
    TIMEOUT_MS,
  );

  it('when --base is not a commit, then the command exits with 2 and says why', () => {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/breaking/cli.ts'), '--base', 'no-such-ref'], { cwd: ROOT, encoding: 'utf8' });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('--base no-such-ref is not a commit of this repository');
  });
});
