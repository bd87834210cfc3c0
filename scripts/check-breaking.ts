/**
 * `npm run check:breaking`: bundles the spec at a base commit and in the working
 * tree, and fails when a change breaks clients of the base (rules in
 * scripts/lib/breaking/rules.ts).
 *
 *   npm run check:breaking                  base: the merge base with main; on main, HEAD~1
 *   npm run check:breaking -- --base REF    base: any commit, branch or tag
 *
 * Exit code: 0 compatible (warnings allowed), 1 breaking changes, 2 no usable base or a bundling error.
 */
import { parseArgs } from 'node:util';
import { BaseError, breakingFindings, runGate } from './lib/breaking/gate.js';
import { formatReport } from './lib/breaking/report.js';
import { isMainModule } from './lib/main-module.js';

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({ options: { base: { type: 'string' } } });
  runGate({ base: values.base }).then(
    (result) => {
      console.log(formatReport(result));
      process.exit(breakingFindings(result).length > 0 ? 1 : 0);
    },
    (error: unknown) => {
      console.error(`check:breaking: ${error instanceof Error ? error.message : String(error)}`);
      if (!(error instanceof BaseError) && error instanceof Error && error.stack) console.error(error.stack);
      process.exit(2);
    },
  );
}
