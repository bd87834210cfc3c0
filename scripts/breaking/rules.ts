/**
 * The rules of the breaking-change gate. Requests are judged from the client's
 * side (everything a client could send before must still be accepted);
 * responses from the client's side too (everything a client could receive must
 * still be something it was promised); webhook payloads from the receiver's
 * side, like responses. Anything not listed here (new operations, new optional
 * fields, wider request bounds, new response fields, ...) is compatible.
 */
export type Severity = 'breaking' | 'warning';

export const RULES = {
  'operation-removed': { severity: 'breaking', summary: 'an operation (path and method) no longer exists' },
  'webhook-removed': { severity: 'breaking', summary: 'a webhook event is no longer documented' },

  'request-parameter-added-required': { severity: 'breaking', summary: 'a new required parameter, or an optional one became required' },
  'request-parameter-removed': { severity: 'breaking', summary: 'a query parameter is gone: the server rejects unknown query parameters' },
  'request-body-became-required': { severity: 'breaking', summary: 'the request body is now required' },
  'request-field-added-required': { severity: 'breaking', summary: 'a new required request body field, or an optional one became required' },
  'request-field-removed': { severity: 'warning', summary: 'a request body field is gone: what clients still send is ignored (a warning), or rejected when the object is closed (additionalProperties: false; breaking)' },
  'request-enum-value-removed': { severity: 'breaking', summary: 'a request enum lost a value, or a free value became an enum' },
  'request-bounds-narrowed': { severity: 'breaking', summary: 'a request bound got stricter: minimum up, maximum down, minLength/minItems up, maxLength/maxItems down, pattern changed, uniqueItems or additionalProperties: false added' },
  'request-type-changed': { severity: 'breaking', summary: 'a request value no longer accepts a type (or null), a format or a media type it accepted' },

  'response-success-removed': { severity: 'breaking', summary: 'a 2xx response (status or media type) is gone' },
  'response-field-removed': { severity: 'breaking', summary: 'a response field is gone' },
  'response-type-changed': { severity: 'breaking', summary: 'a response value can now have another type or format' },
  'response-field-became-nullable': { severity: 'breaking', summary: 'a response value can now be null' },
  'response-field-became-optional': { severity: 'breaking', summary: 'a required response field became optional' },
  'response-enum-value-added': { severity: 'breaking', summary: 'a closed response enum gained a value' },
  'response-enum-value-added-non-exhaustive': { severity: 'warning', summary: 'a non-exhaustive (x-non-exhaustive: true) response enum gained a value' },

  'webhook-field-removed': { severity: 'breaking', summary: 'a webhook payload field (or header) is gone' },
  'webhook-type-changed': { severity: 'breaking', summary: 'a webhook payload value can now have another type or format' },
  'webhook-field-became-nullable': { severity: 'breaking', summary: 'a webhook payload value can now be null' },
  'webhook-field-became-optional': { severity: 'breaking', summary: 'a required webhook payload field became optional' },
  'webhook-enum-value-added': { severity: 'breaking', summary: 'a closed webhook payload enum gained a value' },
  'webhook-enum-value-added-non-exhaustive': { severity: 'warning', summary: 'a non-exhaustive (x-non-exhaustive: true) webhook payload enum gained a value' },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type RuleId = keyof typeof RULES;

export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** The document the pointer points into: `base` for what is gone, `head` otherwise. */
  document: 'base' | 'head';
  /** JSON pointer (RFC 6901) of the changed node, where it is defined ($refs resolved). */
  pointer: string;
  /** Where the API exposes it, e.g. `GET /v2/user/{user_id} 200 application/json`. */
  where: string;
  /** One line: what changed and why it breaks. */
  message: string;
  /** A breaking change made on purpose (scripts/breaking/accepted.ts): the decision that accepted it; its severity is then `warning`. */
  accepted?: string;
}

export const finding = (rule: RuleId, document: Finding['document'], pointer: string, where: string, message: string, severity: Severity = RULES[rule].severity): Finding => ({
  rule,
  severity,
  document,
  pointer,
  where,
  message,
});
