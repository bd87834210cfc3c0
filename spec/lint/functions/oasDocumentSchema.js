// Spectral's own structural check (the `oas3-schema` rule), re-exported so the
// ruleset can run it on the resolved document; see README.md, "Built-in rules".
export { default } from '@stoplight/spectral-rulesets/dist/oas/functions/oasDocumentSchema.js';
