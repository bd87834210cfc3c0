/**
 * A fetch that records every exchange, so that every response the suite gets (from
 * the typed clients or from raw requests) is checked against the contract, not only
 * the ones a check looks at.
 */
import type { ApiName } from './spec.js';

export interface Exchange {
  api: ApiName;
  method: string;
  /** Percent-encoded path, without the query. */
  path: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The request body as text (cut after 2 KiB; large bodies are summarized). */
  requestBody: string | undefined;
  status: number;
  contentType: string | null;
  bodyText: string;
  body: unknown;
  json: boolean;
}

export type ExchangeSink = (exchange: Exchange) => void;

const REQUEST_BODY_RECORD_LIMIT = 2048;

/** Which API a URL is on, from the base URLs (the longest matching prefix wins). */
export function apiOfUrl(url: string, bases: Partial<Record<ApiName, string>>): ApiName | null {
  let found: { api: ApiName; length: number } | null = null;
  for (const [api, base] of Object.entries(bases) as [ApiName, string | undefined][]) {
    if (base && url.startsWith(base) && (!found || base.length > found.length)) found = { api, length: base.length };
  }
  return found?.api ?? null;
}

/** Parses a response text as JSON when it is JSON. */
export function parseBody(text: string): { body: unknown; json: boolean } {
  if (text === '') return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text) as unknown, json: true };
  } catch {
    return { body: text, json: false };
  }
}

/**
 * Wraps `fetch`: each response is read once, recorded (with its API, method, path and
 * body), and handed back as a fresh Response so that callers can still read it.
 */
export function recordingFetch(bases: Partial<Record<ApiName, string>>, sink: ExchangeSink, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const requestBody = await summarizeBody(request);
    const response = await inner(request);
    const text = await response.text();
    const url = new URL(request.url);
    const api = apiOfUrl(request.url, bases);
    if (api) {
      sink({
        api,
        method: request.method,
        path: url.pathname,
        url: request.url,
        requestHeaders: Object.fromEntries(request.headers.entries()),
        requestBody,
        status: response.status,
        contentType: response.headers.get('content-type'),
        bodyText: text,
        ...parseBody(text),
      });
    }
    const nullBody = [101, 204, 205, 304].includes(response.status);
    return new Response(nullBody ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

async function summarizeBody(request: Request): Promise<string | undefined> {
  if (request.body === null) return undefined;
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(length) && length > REQUEST_BODY_RECORD_LIMIT) return `<${length} bytes>`;
  const text = await request.clone().text();
  return text.length > REQUEST_BODY_RECORD_LIMIT ? `${text.slice(0, REQUEST_BODY_RECORD_LIMIT)}... <${text.length} characters>` : text;
}
