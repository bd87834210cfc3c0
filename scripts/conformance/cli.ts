/**
 * `npm run conformance`: runs the conformance suite (scripts/conformance/) against any
 * deployment of the APIs, over HTTP only.
 *
 *   npm run conformance -- --base-url http://127.0.0.1:8000 --api-key sk_us_dev \
 *     --management-url http://127.0.0.1:8001 --management-key mg_dev [--org-id <uuid>]
 *   npm run conformance -- --base-url http://127.0.0.1:4010 --api-key sk_us_x \
 *     --management-url http://127.0.0.1:4011 --management-key mg_x          (the mock, auto-detected)
 *
 * Options:
 *   --base-url URL          team API (required)
 *   --api-key KEY           a team API key (required)
 *   --management-url URL    management API; without it, its operations are skipped
 *   --management-key KEY    a management key of the API key's organization
 *   --org-id UUID           that organization; by default the mock's example org id, or
 *                           the org_id of the server's bootstrap.json ($DATA_DIR or ./data,
 *                           or --bootstrap FILE) when the management key owns it
 *   --target auto|mock|server
 *                           auto (default): an unknown API key accepted means a stateless mock
 *   --only OPERATION        only this operation (repeatable; `createUser` or `team createUser`)
 *   --verbose               also list each passed check
 *
 * Prints one line per operation and ends with `N passed, N failed[, N skipped]` (counts of
 * checks). Exit code: 0 when nothing failed, 1 when a check failed, 2 on a usage error or
 * an unreachable target.
 */
import { parseArgs } from 'node:util';
import { runConformance } from './runner.js';
import { TargetError, type TargetKind } from './target.js';
import { isMainModule } from '../lib/main-module.js';

const USAGE =
  'usage: npm run conformance -- --base-url URL --api-key KEY [--management-url URL --management-key KEY] [--org-id UUID] [--target auto|mock|server] [--bootstrap FILE] [--only OPERATION]... [--verbose]';

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'management-url': { type: 'string' },
        'management-key': { type: 'string' },
        'org-id': { type: 'string' },
        target: { type: 'string', default: 'auto' },
        bootstrap: { type: 'string' },
        only: { type: 'string', multiple: true },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    console.error(`conformance: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'];
  const apiKey = values['api-key'];
  const target = values.target as TargetKind;
  if (!baseUrl || !apiKey || !['auto', 'mock', 'server'].includes(target)) {
    console.error(USAGE);
    return 2;
  }
  try {
    const report = await runConformance({
      baseUrl,
      apiKey,
      managementUrl: values['management-url'],
      managementKey: values['management-key'],
      orgId: values['org-id'],
      target,
      bootstrapFile: values.bootstrap,
      only: values.only ?? [],
      verbose: values.verbose,
      write: (line) => console.log(line),
    });
    return report.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof TargetError) {
      console.error(`conformance: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

const isMain = isMainModule(import.meta.filename);
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(2);
    },
  );
}
