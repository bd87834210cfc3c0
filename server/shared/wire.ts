/**
 * Names of the wire protocol that the server, the typed client, the scripts, the
 * mocks and the tests share: one definition each. No imports, so the client
 * (and anything else) can take it without pulling in the server.
 */

/** The HTTP methods an OpenAPI 3.1 path item may hold, in the specification's order. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const isHttpMethod = (value: string): value is HttpMethod => (HTTP_METHODS as readonly string[]).includes(value);

/** The team API key (security scheme `ApiKeyAuth`). */
export const TEAM_API_KEY_HEADER = 'x-vital-api-key';
/** The management key (security scheme `ManagementKeyAuth`), written as the management document writes it. */
export const MANAGEMENT_KEY_HEADER = 'X-Management-Key';
/** The link token of the end user's link flow (`getOAuthProvider`). */
export const LINK_TOKEN_HEADER = 'x-vital-link-token';

/** The headers of a webhook delivery (Standard Webhooks): the message id, the attempt's time, the signature. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
/** The same three values under the names the Svix libraries read. */
export const SVIX_HEADERS = { id: 'svix-id', timestamp: 'svix-timestamp', signature: 'svix-signature' } as const;
