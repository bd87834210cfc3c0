import { createRulesetFunction } from '@stoplight/spectral-core';
import { isObject } from '../lib/openapi.js';

const ENVELOPE = ['event_type', 'data', 'team_id', 'user_id', 'client_user_id'];

/** Given a webhook (path item): a `post` with a JSON body whose schema requires the event envelope. */
export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  function webhookEnvelope(webhook, _options, context) {
    if (!isObject(webhook.post)) {
      return [{ message: 'Webhook must be a `post`' }];
    }
    const schema = webhook.post.requestBody?.content?.['application/json']?.schema;
    if (!isObject(schema)) {
      return [{ message: 'Webhook `post` must have an `application/json` request body with a schema', path: [...context.path, 'post'] }];
    }
    const missing = missingEnvelopeFields(schema, []);
    if (missing.length === 0) return [];
    return [
      {
        message: `Webhook payload must require the envelope fields ${ENVELOPE.join(', ')}; missing: ${missing.join(', ')}`,
        path: [...context.path, 'post', 'requestBody', 'content', 'application/json', 'schema'],
      },
    ];
  },
);

/** Envelope fields not required by the schema (its `allOf` parts count; every `oneOf`/`anyOf` branch must require them). */
function missingEnvelopeFields(schema, inherited) {
  const required = [...inherited, ...requiredFields(schema)];
  const branches = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(branches) && branches.length > 0) {
    return [...new Set(branches.flatMap((branch) => (isObject(branch) ? missingEnvelopeFields(branch, required) : ENVELOPE)))];
  }
  return ENVELOPE.filter((field) => !required.includes(field));
}

function requiredFields(schema) {
  const own = Array.isArray(schema.required) ? schema.required : [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf.filter(isObject).flatMap(requiredFields) : [];
  return [...own, ...parts];
}
