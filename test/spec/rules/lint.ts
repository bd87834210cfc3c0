import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, Spectral, type Ruleset } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import { onTestFinished } from 'vitest';
import type { OpenApiDocument } from './fixture.js';

export const RULESET = fileURLToPath(new URL('../../../spec/lint/ruleset.yaml', import.meta.url));

// Any source works: it only lets Spectral trace `$ref`s and place results the way the CLI does.
const FIXTURE_SOURCE = '/fixture/openapi.json';

export interface Finding {
  code: string;
  path: string[];
  message: string;
  source?: string;
}

interface Loaded {
  ruleset: Ruleset;
  /** The rules the ruleset itself enables (ours, and the recommended built-ins). */
  enabledByDefault: Set<string>;
}

let loading: Promise<Loaded> | undefined;

/** The ruleset as the CLI loads it (YAML, `extends`, functions bundled from functionsDir). */
export function loadRuleset(): Promise<Loaded> {
  loading ??= bundleAndLoadRuleset(RULESET, { fs, fetch }).then((ruleset) => ({
    ruleset,
    enabledByDefault: new Set(Object.values(ruleset.rules).filter((rule) => rule.enabled).map((rule) => rule.name)),
  }));
  return loading;
}

/**
 * A linter that runs only `ruleId` (every other rule, built-in or ours, is
 * disabled), or, without `ruleId`, the whole ruleset as the CLI runs it.
 * It lints a document object, or a YAML file on disk with its `$ref`ed files.
 */
export function lintWith(ruleId?: string) {
  return async (target: OpenApiDocument | { file: string }): Promise<Finding[]> => {
    const { ruleset: loaded, enabledByDefault } = await loadRuleset();
    if (ruleId !== undefined && !(ruleId in loaded.rules)) throw new Error(`No rule ${ruleId} in ${RULESET}`);
    for (const [name, rule] of Object.entries(loaded.rules)) {
      rule.enabled = ruleId === undefined ? enabledByDefault.has(name) : name === ruleId;
    }
    const spectral = new Spectral();
    spectral.setRuleset(loaded);
    const document =
      'file' in target && typeof target.file === 'string'
        ? new Document(fs.readFileSync(target.file, 'utf8'), Parsers.Yaml, target.file)
        : new Document(JSON.stringify(target), Parsers.Json, FIXTURE_SOURCE);
    const results = await spectral.run(document);
    return results.map((result) => ({
      code: String(result.code),
      path: result.path.map(String),
      message: result.message,
      ...(result.source === undefined ? {} : { source: result.source }),
    }));
  };
}

/**
 * Writes `files` (relative name -> document, as JSON, which is YAML too) into a
 * temporary folder removed when the test ends; returns the folder.
 */
export function writeFiles(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hd-rules-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(content, null, 2));
  }
  return dir;
}
