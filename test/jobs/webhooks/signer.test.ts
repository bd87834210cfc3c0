import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookSigner } from '../../../server/jobs/webhooks/sender.js';

describe('WebhookSigner', () => {
  it('when a body is signed, then the signature is the one the standardwebhooks package computes and verifies, for any secret, id, time and body', () => {
    const signer = new WebhookSigner();
    const secret = fc.uint8Array({ minLength: 1, maxLength: 64 }).chain((key) => fc.constantFrom(`whsec_${Buffer.from(key).toString('base64')}`, Buffer.from(key).toString('base64')));
    const at = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(secret, fc.string({ minLength: 1, maxLength: 40 }), at, fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.json({ maxDepth: 2 })), (key, id, when, body) => {
        const headers = signer.headers({ secret: key, messageId: id, body }, when);
        const webhook = new Webhook(key);
        expect(headers['webhook-signature']).toBe(webhook.sign(id, when, body));
        expect(headers['svix-signature']).toBe(headers['webhook-signature']);
        expect(headers['webhook-timestamp']).toBe(String(Math.floor(when.getTime() / 1000)));
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('when a body holds a lone surrogate, then it is signed as its UTF-8 bytes with U+FFFD, as the package does', () => {
    const key = `whsec_${Buffer.from('0123456789abcdef').toString('base64')}`;
    const when = new Date('2026-11-23T12:00:00Z');
    const body = '{"a":"\ud800"}';
    expect(new WebhookSigner().headers({ secret: key, messageId: 'msg_1', body }, when)['webhook-signature']).toBe(new Webhook(key).sign('msg_1', when, body));
  });

  it('when the secret is not base64, then signing throws as the package does', () => {
    expect(() => new WebhookSigner().headers({ secret: 'whsec_not base64!', messageId: 'msg_1', body: '{}' }, new Date())).toThrow();
  });
});
