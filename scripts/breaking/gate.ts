import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APIS, ROOT, type ApiDocument } from '../lib/apis.js';
import { bundleDocument } from '../lib/bundle.js';
import { run } from '../lib/run.js';
import { compareDocuments } from './compare.js';
import { ACCEPTED_BREAKS, type AcceptedBreak } from './accepted.js';
import type { Finding } from './rules.js';
import type { JsonObject } from './schema.js';

/** The branch whose merge base is the default base. */
export const MAIN_BRANCH = 'main';

export interface Base {
  /** What was asked or chosen, e.g. `HEAD~1`. */
  ref: string;
  commit: string;
  /** Why this base (printed in the report). */
  reason: string;
}

export interface ApiComparison {
  api: ApiDocument['name'];
  title: string;
  /** `new`: the API does not exist at the base, so nothing can break. */
  status: 'compared' | 'new';
  findings: Finding[];
}

export interface GateResult {
  base: Base;
  apis: ApiComparison[];
}

/** A base that cannot be chosen or read (exit code 2, not a breaking change). */
export class BaseError extends Error {}

async function git(root: string, args: string[]): Promise<string | undefined> {
  const result = await run('git', ['-C', root, ...args]);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

const commitOf = (root: string, ref: string) => git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);

/**
 * The commit to compare the working tree with:
 * - `--base <ref>` when given;
 * - on a branch off main: the merge base with main (what the branch changed, committed or not);
 * - on main itself (HEAD is main's tip), or with no main branch: the previous
 *   commit HEAD~1 (the last commit and any uncommitted change).
 */
export async function resolveBase(root: string, explicit?: string): Promise<Base> {
  if (explicit) {
    const commit = await commitOf(root, explicit);
    if (!commit) throw new BaseError(`--base ${explicit} is not a commit of this repository`);
    return { ref: explicit, commit, reason: `--base ${explicit}` };
  }
  const head = await commitOf(root, 'HEAD');
  if (!head) throw new BaseError(`${root} is not a git repository with commits: pass --base <ref>`);
  const main = (await commitOf(root, MAIN_BRANCH)) ?? (await commitOf(root, `origin/${MAIN_BRANCH}`));
  if (main && main !== head) {
    const mergeBase = await git(root, ['merge-base', 'HEAD', main]);
    if (mergeBase) return { ref: mergeBase.slice(0, 12), commit: mergeBase, reason: `the merge base of HEAD and ${MAIN_BRANCH}` };
  }
  const previous = await commitOf(root, 'HEAD~1');
  if (!previous) throw new BaseError('HEAD has no parent commit (a first commit, or a shallow clone: fetch more history), so there is no default base: pass --base <ref>');
  return { ref: 'HEAD~1', commit: previous, reason: main ? `HEAD is ${MAIN_BRANCH}: the previous commit` : `no ${MAIN_BRANCH} branch: the previous commit` };
}

/** Bundles each API's document as it is at a commit (undefined when it does not exist there). */
async function bundlesAt(root: string, commit: string): Promise<Map<ApiDocument['name'], string | undefined>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'breaking-base-'));
  try {
    const archive = path.join(dir, 'spec.tar');
    const archived = await run('git', ['-C', root, 'archive', '--format=tar', '-o', archive, commit, 'spec']);
    const bundles = new Map<ApiDocument['name'], string | undefined>();
    if (archived.code !== 0) {
      // No spec/ at that commit: every API is new.
      for (const api of APIS) bundles.set(api.name, undefined);
      return bundles;
    }
    const extracted = await run('tar', ['-xf', archive, '-C', dir]);
    if (extracted.code !== 0) throw new BaseError(`Could not extract spec/ at ${commit}: ${extracted.stderr}`);
    await Promise.all(
      APIS.map(async (api) => {
        const source = path.join(dir, path.relative(ROOT, api.source));
        bundles.set(api.name, existsSync(source) ? await bundleDocument(source) : undefined);
      }),
    );
    return bundles;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Bundles the spec at the base and in the working tree, and compares each API. */
export async function runGate(options: { root?: string; base?: string } = {}): Promise<GateResult> {
  const root = options.root ?? ROOT;
  const base = await resolveBase(root, options.base);
  const [baseBundles, headBundles] = await Promise.all([
    bundlesAt(root, base.commit),
    Promise.all(APIS.map(async (api) => [api.name, await bundleDocument(path.join(root, path.relative(ROOT, api.source)))] as const)),
  ]);
  const apis = headBundles.map(([name, headBundle]): ApiComparison => {
    const api = APIS.find((a) => a.name === name)!;
    const baseBundle = baseBundles.get(name);
    if (baseBundle === undefined) return { api: name, title: api.title, status: 'new', findings: [] };
    const findings = acceptFindings(compareDocuments(JSON.parse(baseBundle) as JsonObject, JSON.parse(headBundle) as JsonObject));
    return { api: name, title: api.title, status: 'compared', findings };
  });
  return { base, apis };
}

export const breakingFindings = (result: GateResult) => result.apis.flatMap((api) => api.findings.filter((f) => f.severity === 'breaking'));

/** The values a finding's message quotes (`enum lost "vital"`, `enum gained "a", "b"`). */
const quotedValues = (message: string) => [...message.matchAll(/"([^"]*)"/g)].map((match) => match[1]!);

/** Whether an accepted break covers a finding: same rule and node, and every value it quotes accepted. */
export const covers = (accepted: AcceptedBreak, f: Finding) =>
  accepted.rule === f.rule && accepted.at === `${f.document}#${f.pointer}` && quotedValues(f.message).every((value) => accepted.values?.includes(value) ?? false);

/** Breaking findings a recorded decision accepted become warnings that name the decision. */
export const acceptFindings = (findings: readonly Finding[], accepted: readonly AcceptedBreak[] = ACCEPTED_BREAKS): Finding[] =>
  findings.map((f) => {
    if (f.severity !== 'breaking') return f;
    const entry = accepted.find((a) => covers(a, f));
    return entry ? { ...f, severity: 'warning', accepted: entry.decision } : f;
  });
