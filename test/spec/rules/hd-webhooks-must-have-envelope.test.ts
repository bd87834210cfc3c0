import { describe, expect, it } from 'vitest';
import { cleanDocument, schemaNamed, WEBHOOK } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-webhooks-must-have-envelope';
const lint = lintWith(RULE);
const EVENT = ['components', 'schemas', 'ProviderConnectionCreatedEvent'];

describe(RULE, () => {
  it('when the webhook body requires the whole envelope, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when the payload does not require team_id, then the payload schema is reported', async () => {
    const document = cleanDocument();
    schemaNamed(document, 'ProviderConnectionCreatedEvent').required = ['event_type', 'data', 'user_id', 'client_user_id'];
    const findings = await lint(document);
    expect(findings).toMatchObject([{ code: RULE, path: EVENT }]);
    expect(findings[0]?.message).toMatch(/missing: team_id$/);
  });

  it('when the envelope is required through allOf, then nothing is reported', async () => {
    const document = cleanDocument();
    const event = schemaNamed(document, 'ProviderConnectionCreatedEvent');
    document.components.schemas.WebhookEnvelope = { ...event };
    document.components.schemas.ProviderConnectionCreatedEvent = {
      description: 'A new connection.',
      allOf: [{ $ref: '#/components/schemas/WebhookEnvelope' }, { type: 'object', properties: { data: { type: 'object' } } }],
    };
    expect(await lint(document)).toEqual([]);
  });

  it('when one oneOf branch of an event family lacks the envelope, then the payload schema is reported', async () => {
    const document = cleanDocument();
    const event = schemaNamed(document, 'ProviderConnectionCreatedEvent');
    document.components.schemas.ProviderConnectionCreatedEvent = {
      description: 'Connection events.',
      oneOf: [event, { ...event, required: ['event_type', 'data'] }],
    };
    const findings = await lint(document);
    expect(findings).toMatchObject([{ code: RULE, path: EVENT }]);
    expect(findings[0]?.message).toMatch(/missing: team_id, user_id, client_user_id$/);
  });

  it('when a webhook is not a post, then the webhook is reported', async () => {
    const document = cleanDocument();
    const webhook = document.webhooks[WEBHOOK];
    webhook.put = webhook.post;
    delete webhook.post;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['webhooks', WEBHOOK] }]);
  });

  it('when the webhook post has no JSON body, then the post is reported', async () => {
    const document = cleanDocument();
    delete document.webhooks[WEBHOOK].post.requestBody;
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['webhooks', WEBHOOK, 'post'] }]);
  });
});
