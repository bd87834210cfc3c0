/** Ported from test/contract/suite.ts (the unknown path, on the management API): a path outside its /v1 prefix. */
import { checkEqual } from '../../../../scripts/lib/conformance/assertions.js';
import { always, type CheckDefinition } from '../../../../scripts/lib/conformance/definitions.js';
import { MANAGEMENT_KEY_HEADER } from '../../../../scripts/lib/conformance/context.js';
import { parseBody } from '../../../../scripts/lib/conformance/http.js';

export const portedChecks: CheckDefinition[] = [
  always('404 {"detail": "Not Found"} for a path outside /v1 (a team API path)', async (t) => {
    const response = await t.fetch(`${t.managementUrl}/v2/no_such_route`, { headers: { [MANAGEMENT_KEY_HEADER]: t.target.management?.key ?? '' } });
    const { body } = parseBody(await response.text());
    checkEqual({ status: response.status, body }, { status: 404, body: { detail: 'Not Found' } }, 'GET /v2/no_such_route');
  }),
];
