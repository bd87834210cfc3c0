import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/apis.js';
import { breakingFindings, runGate } from '../../scripts/breaking/gate.js';
import { formatReport } from '../../scripts/breaking/report.js';

/**
 * `npm test` runs the breaking-change gate against the previous commit, so a
 * commit (or an uncommitted change) that breaks clients fails the suite, in CI
 * too (a full clone of main). Without a previous commit there is nothing to compare.
 */
const previous = spawnSync('git', ['-C', ROOT, 'rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}'], { encoding: 'utf8' });
const hasPrevious = previous.status === 0;
const because = hasPrevious ? '' : ' (skipped: HEAD~1 does not exist: not a git checkout, a first commit or a shallow clone)';

describe('breaking-change gate against the previous commit', () => {
  it.skipIf(!hasPrevious)(
    `when the working tree's spec is compared with HEAD~1, then no change breaks clients${because}`,
    async () => {
      const result = await runGate({ base: 'HEAD~1' });
      expect(breakingFindings(result), formatReport(result)).toEqual([]);
    },
    120_000,
  );
});
