/** GET /v3/order/{order_id}/requisition/pdf/signed: Download a requisition form through its signed URL. */
import { newOrder, placeOrder } from '../../lab-results.js';
import { always, must, notOnMock, type OperationDefinition } from '../../operation.js';
import { expectPdf } from '../../pdf.js';
import { errorChecks } from '../../shared-checks.js';
import { NOT_A_UUID } from '../../values.js';
import type { TeamClient } from '../../../../server/client/index.js';

const { pathNotAUuid } = errorChecks('team');

/** The path parameter and query of an order's requisition_form_url (its host is the target's own). */
function signedParts(url: string | null | undefined): { order_id: string; expires: number; signature: string } {
  if (!url) throw new Error(`The order has no requisition_form_url (${String(url)})`);
  const parsed = new URL(url);
  const match = /\/v3\/order\/([^/]+)\/requisition\/pdf\/signed$/.exec(parsed.pathname);
  if (!match) throw new Error(`requisition_form_url ${url} is not a signed requisition URL`);
  return { order_id: decodeURIComponent(match[1]!), expires: Number(parsed.searchParams.get('expires')), signature: parsed.searchParams.get('signature') ?? '' };
}

const getSigned = (client: TeamClient, parts: { order_id: string; expires: number; signature: string }) =>
  client.GET('/v3/order/{order_id}/requisition/pdf/signed', {
    params: { path: { order_id: parts.order_id }, query: { expires: parts.expires, signature: parts.signature } },
    parseAs: 'arrayBuffer',
  });

export const definition: OperationDefinition = {
  api: 'team',
  operationId: 'getSignedOrderRequisitionPdf',
  auth: { scope: 'public' },
  validRequest: async ({ a }) => {
    const parts = signedParts((await placeOrder(a.team, a.users[0]!.user_id)).requisition_form_url);
    return { method: 'GET', path: `/v3/order/${parts.order_id}/requisition/pdf/signed`, query: { expires: String(parts.expires), signature: parts.signature } };
  },
  checks: [
    always("answers the requisition form through a new order's requisition_form_url, without an API key: on a server a PDF document", async (t) => {
      expectPdf(t, await getSigned(t.teamWithoutKey, signedParts((await newOrder(t)).requisition_form_url)));
    }),
    notOnMock('credentials', '403 when the signature, the expiry or the order id was changed', async (t) => {
      const parts = signedParts((await newOrder(t)).requisition_form_url);
      const other = signedParts((await newOrder(t)).requisition_form_url);
      const flipped = `${parts.signature.slice(0, -1)}${parts.signature.endsWith('A') ? 'B' : 'A'}`;
      for (const tampered of [{ ...parts, signature: flipped }, { ...parts, expires: parts.expires + 86_400 }, { ...other, signature: parts.signature }]) {
        t.expect.error('team', 'getSignedOrderRequisitionPdf', await getSigned(t.teamWithoutKey, tampered), 403);
      }
    }),
    notOnMock('state', '400 for a cancelled order', async (t) => {
      const order = await newOrder(t);
      const parts = signedParts(order.requisition_form_url);
      must('cancelOrder', await t.team.POST('/v3/order/{order_id}/cancel', { params: { path: { order_id: order.id } } }));
      t.expect.error('team', 'getSignedOrderRequisitionPdf', await getSigned(t.teamWithoutKey, parts), 400);
    }),
    pathNotAUuid('getSignedOrderRequisitionPdf', 'order_id', (t) => getSigned(t.teamWithoutKey, { order_id: NOT_A_UUID, expires: 1, signature: 'x' })),
    always('422 naming ["query", "signature"] when the signature is missing', async (t) => {
      const outcome = await t.teamWithoutKey.GET('/v3/order/{order_id}/requisition/pdf/signed', {
        params: { path: { order_id: '5c8e2b7a-9f14-4d36-8a0b-1e2f3a4b5c6d' }, query: { expires: 1 } as never },
        parseAs: 'arrayBuffer',
      });
      t.expect.validation('team', 'getSignedOrderRequisitionPdf', outcome, [{ loc: ['query', 'signature'], type: 'missing' }]);
    }),
  ],
};
