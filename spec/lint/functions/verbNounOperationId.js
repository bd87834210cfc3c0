import { createRulesetFunction } from '@stoplight/spectral-core';

/** `createInsurance`, `bulkTriggerHistoricalPull`: lowerCamelCase, an allowed verb, then a noun. */
export default createRulesetFunction(
  {
    input: { type: 'string' },
    options: {
      type: 'object',
      properties: { verbs: { type: 'array', items: { type: 'string', pattern: '^[a-z][a-zA-Z]*$' }, minItems: 1 } },
      required: ['verbs'],
      additionalProperties: false,
    },
  },
  function verbNounOperationId(operationId, { verbs }) {
    if (!/^[a-z][a-zA-Z0-9]*$/.test(operationId)) {
      return [{ message: `operationId "${operationId}" must be lowerCamelCase` }];
    }
    if (!verbs.some((verb) => operationId.startsWith(verb) && /^[A-Z]/.test(operationId.slice(verb.length)))) {
      return [{ message: `operationId "${operationId}" must be a verb (${verbs.join(', ')}) followed by a noun` }];
    }
    return [];
  },
);
