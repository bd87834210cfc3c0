import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanDocument } from './fixture.js';
import { lintWith, loadRuleset } from './lint.js';

describe('spec/lint/ruleset.yaml', () => {
  it('when the clean fixture is linted with every rule (ours and the built-in ones), then nothing is reported', async () => {
    expect(await lintWith()(cleanDocument())).toEqual([]);
  });

  it('when a custom rule exists, then it has a test file of its own', async () => {
    const { ruleset } = await loadRuleset();
    const custom = Object.keys(ruleset.rules).filter((name) => name.startsWith('hd-'));
    expect(custom.length).toBeGreaterThan(0);
    const untested = custom.filter((name) => !fs.existsSync(new URL(`./${name}.test.ts`, import.meta.url)));
    expect(untested).toEqual([]);
  });
});
