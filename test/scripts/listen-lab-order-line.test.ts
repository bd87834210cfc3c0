import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatEventLine } from '../../scripts/listen/index.js';
import { parseEvent, WebhookDeduplicator, type WebhookEvent } from '../../server/client/webhooks.js';

const bundle = JSON.parse(readFileSync(new URL('../../generated/team/openapi.json', import.meta.url), 'utf8')) as {
  webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } } } }>;
};
const example = (eventType: string) => Object.values(bundle.webhooks[eventType]!.post.requestBody.content['application/json'].examples)[0]!.value as WebhookEvent;

describe('lab order events in the consumer module and npm run listen', () => {
  it('when the documented labtest.order.updated example is printed, then the line names the order, its newest status with its event id, and the lab test', () => {
    const event = parseEvent(JSON.stringify(example('labtest.order.updated')));
    expect(formatEventLine(event, new Date(2026, 10, 22, 9, 15, 2))).toBe(
      '09:15:02 labtest.order.updated user=6b1c… order=5c8e… received.walk_in_test.requisition_created (#2) Vitamin D',
    );
  });

  it('when an older order event arrives after a newer one, then the store keeps the newer', () => {
    const created = example('labtest.order.created');
    const updated = example('labtest.order.updated');
    const store = new WebhookDeduplicator();
    expect(store.receive('msg_2', updated)).toEqual({ outcome: 'stored', kind: 'lab_order', replaced: 0 });
    expect(store.receive('msg_1', created)).toEqual({ outcome: 'stale', kind: 'lab_order' });
    expect(store.labOrders()).toEqual([updated]);
  });
});
