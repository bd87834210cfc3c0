/** Checks of requests that reach no operation: an unknown path (404) and another method on a known path (405). */
import { checkEqual } from './assertions.js';
import type { CheckContext } from './context.js';
import { always, operation, type OperationChecks } from './operation.js';
import { parseBody } from './http.js';

async function expectDetail(t: CheckContext, url: string, init: RequestInit, status: number) {
  const response = await t.fetch(url, init);
  const { body } = parseBody(await response.text());
  checkEqual({ status: response.status, body }, { status, body: { detail: status === 404 ? 'Not Found' : 'Method Not Allowed' } }, `${init.method ?? 'GET'} ${new URL(url).pathname}`);
}

export const routingChecks: OperationChecks[] = [
  operation('team', 'routing', [
    always('404 {"detail": "Not Found"} for a path no operation has', async (t) => {
      await expectDetail(t, `${t.target.teamUrl}/v2/no_such_route`, { headers: { 'x-vital-api-key': t.target.apiKey } }, 404);
    }),
    always('405 {"detail": "Method Not Allowed"} for another method on an operation\'s path', async (t) => {
      await expectDetail(t, `${t.target.teamUrl}/v2/providers`, { method: 'PUT', headers: { 'x-vital-api-key': t.target.apiKey } }, 405);
    }),
  ]),
  operation(
    'management',
    'routing',
    [
      always('404 {"detail": "Not Found"} for a path no operation has', async (t) => {
        await expectDetail(t, `${t.managementUrl}/v1/no_such_route`, { headers: { 'X-Management-Key': t.target.management?.key ?? '' } }, 404);
      }),
      always('404 {"detail": "Not Found"} for a path outside /v1 (a team API path)', async (t) => {
        await expectDetail(t, `${t.managementUrl}/v2/no_such_route`, { headers: { 'X-Management-Key': t.target.management?.key ?? '' } }, 404);
      }),
      always('405 {"detail": "Method Not Allowed"} for another method on an operation\'s path', async (t) => {
        await expectDetail(t, `${t.managementUrl}/v1/org/${t.orgId}/team`, { method: 'DELETE', headers: { 'X-Management-Key': t.target.management?.key ?? '' } }, 405);
      }),
    ],
    ['management', 'org-id'],
  ),
];
