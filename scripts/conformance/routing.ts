/**
 * Checks of requests that reach no operation: an unknown path (404), another method on a
 * known path (405, with the path's methods in `Allow`), and HEAD on a GET operation (the
 * GET without its body).
 */
import { check, checkEqual, show } from './assertions.js';
import type { CheckContext } from './context.js';
import { always, operation, type OperationChecks } from './operation.js';
import { parseBody } from './http.js';
import { UNKNOWN_ID } from './values.js';
import { TEAM_API_KEY_HEADER, MANAGEMENT_KEY_HEADER } from '../../server/shared/wire.js';

async function expectDetail(t: CheckContext, url: string, init: RequestInit, status: number): Promise<Response> {
  const response = await t.fetch(url, init);
  const { body } = parseBody(await response.text());
  checkEqual({ status: response.status, body }, { status, body: { detail: status === 404 ? 'Not Found' : 'Method Not Allowed' } }, `${init.method ?? 'GET'} ${new URL(url).pathname}`);
  return response;
}

/** A 405 whose `Allow` header lists exactly `allow` (in any order: HTTP gives it none). */
async function expectMethodNotAllowed(t: CheckContext, url: string, init: RequestInit, allow: string[]) {
  const response = await expectDetail(t, url, init, 405);
  const header = response.headers.get('allow');
  check(header !== null, `${init.method} ${new URL(url).pathname}: the 405 has no Allow header`);
  const listed = header.split(',').map((method) => method.trim().toUpperCase()).filter(Boolean).sort();
  checkEqual(listed, [...allow].sort(), `the Allow header of ${init.method} ${new URL(url).pathname} (${show(header)})`);
}

export const routingChecks: OperationChecks[] = [
  operation('team', 'routing', [
    always('404 {"detail": "Not Found"} for a path no operation has', async (t) => {
      await expectDetail(t, `${t.target.teamUrl}/v2/no_such_route`, { headers: { [TEAM_API_KEY_HEADER]: t.target.apiKey } }, 404);
    }),
    always('405 {"detail": "Method Not Allowed"} for another method on an operation\'s path', async (t) => {
      await expectMethodNotAllowed(t, `${t.target.teamUrl}/v2/providers`, { method: 'PUT', headers: { [TEAM_API_KEY_HEADER]: t.target.apiKey } }, ['GET', 'HEAD']);
    }),
    always('405 for DELETE on /v2/user/{user_id}/info: the most specific path decides, not deregisterProvider with provider "info"', async (t) => {
      const url = `${t.target.teamUrl}/v2/user/${UNKNOWN_ID}/info`;
      await expectMethodNotAllowed(t, url, { method: 'DELETE', headers: { [TEAM_API_KEY_HEADER]: t.target.apiKey } }, ['PATCH']);
    }),
    always('HEAD on a GET operation (/v2/providers) answers the GET\'s 200 and content type without a body', async (t) => {
      const url = `${t.target.teamUrl}/v2/providers`;
      const headers = { [TEAM_API_KEY_HEADER]: t.target.apiKey };
      const get = await t.fetch(url, { headers });
      await get.text();
      const head = await t.fetch(url, { method: 'HEAD', headers });
      const body = await head.text();
      checkEqual({ status: head.status, body, contentType: head.headers.get('content-type') }, { status: 200, body: '', contentType: get.headers.get('content-type') }, 'HEAD /v2/providers');
    }),
  ]),
  operation(
    'management',
    'routing',
    [
      always('404 {"detail": "Not Found"} for a path no operation has', async (t) => {
        await expectDetail(t, `${t.managementUrl}/v1/no_such_route`, { headers: { [MANAGEMENT_KEY_HEADER]: t.target.management?.key ?? '' } }, 404);
      }),
      always('404 {"detail": "Not Found"} for a path outside /v1 (a team API path)', async (t) => {
        await expectDetail(t, `${t.managementUrl}/v2/no_such_route`, { headers: { [MANAGEMENT_KEY_HEADER]: t.target.management?.key ?? '' } }, 404);
      }),
      always('405 {"detail": "Method Not Allowed"} for another method on an operation\'s path', async (t) => {
        await expectMethodNotAllowed(t, `${t.managementUrl}/v1/org/${t.orgId}/team`, { method: 'DELETE', headers: { [MANAGEMENT_KEY_HEADER]: t.target.management?.key ?? '' } }, ['GET', 'HEAD', 'POST']);
      }),
    ],
    ['management', 'org-id'],
  ),
];
