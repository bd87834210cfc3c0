import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { HTTP_METHODS } from '../../server/shared/wire.js';

const require = createRequire(import.meta.url);

/** Path of Redoc's standalone browser bundle, shipped by the `redoc` npm package. */
export const REDOC_SCRIPT = require.resolve('redoc/bundles/redoc.standalone.js');
export const REDOC_SCRIPT_NAME = 'redoc.standalone.js';
/** The landing page next to the Redoc pages: generated/docs/index.html, served at /docs/. */
export const LANDING_PAGE_NAME = 'index.html';

/**
 * Redoc 2.5 always renders Redocly's logo from its CDN in the side menu footer
 * (no option turns it off). The copy we ship points it at an empty data: URL
 * instead: the image fails to decode, Redoc's onError hides it, and the page
 * makes no request to the network.
 */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = 'data:,';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** JSON that is safe inside a <script> element. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The pages' Content-Security-Policy: nothing outside the page's own origin (or
 * folder, opened from disk) may be fetched, so the docs stay offline even when
 * a description links an external image. Inline scripts run only when listed
 * by hash; inline styles are allowed because Redoc (styled-components) injects them.
 */
function contentSecurityPolicy(inlineScripts: readonly string[]): string {
  const scripts = inlineScripts.map(sha256Source).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self'${scripts ? ` ${scripts}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONOSPACE_FONTS = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * Renders the Redoc page of one API. The page loads Redoc from a file next to it
 * (no CDN, no web fonts), and embeds the bundled document, so it works offline,
 * opened from disk or served by the reference server at /docs/<api>.html.
 */
export function renderDocsPage(bundleJson: string, title: string): string {
  const document = JSON.parse(bundleJson) as { info?: { title?: string } };
  const pageTitle = `${document.info?.title ?? title}: reference`;
  const options = {
    expandResponses: '200,202',
    jsonSampleExpandLevel: 3,
    hideDownloadButton: false,
    pathInMiddlePanel: true,
    theme: {
      typography: {
        fontFamily: SYSTEM_FONTS,
        headings: { fontFamily: SYSTEM_FONTS },
        code: { fontFamily: MONOSPACE_FONTS },
      },
    },
  };
  const init = `\nRedoc.init(${scriptSafeJson(document)}, ${scriptSafeJson(options)}, document.getElementById('redoc'));\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy([init]))}">
<title>${escapeHtml(pageTitle)}</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<div id="redoc"></div>
<script src="./${REDOC_SCRIPT_NAME}"></script>
<script>${init}</script>
</body>
</html>
`;
}

/** Redoc's browser bundle, with its one network request (the CDN logo) removed. */
export async function readRedocScript(): Promise<string> {
  const script = await readFile(REDOC_SCRIPT, 'utf8');
  if (!script.includes(REDOC_CDN_LOGO)) {
    throw new Error(`${REDOC_SCRIPT} no longer contains ${REDOC_CDN_LOGO}: check what the new Redoc version loads from the network and update scripts/docs/render.ts.`);
  }
  return script.replaceAll(REDOC_CDN_LOGO, EMPTY_IMAGE);
}

// ---------------------------------------------------------------------------
// Landing page

interface Operation {
  summary?: string;
  operationId?: string;
  deprecated?: boolean;
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
}

interface BundledDocument {
  info?: { title?: string; version?: string; summary?: string };
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, { type?: string; in?: string; name?: string }> };
}

const operationsOf = (item: Record<string, unknown> | undefined) =>
  HTTP_METHODS.flatMap((method) => (item?.[method] ? [{ method, operation: item[method] as Operation }] : []));

/** One webhook event as the landing page lists it. */
export interface WebhookEvent {
  eventType: string;
  method: string;
  summary: string;
  deprecated: boolean;
  /** Name of the payload schema (the `$ref` of its JSON body), when it has one. */
  payload: string | undefined;
  /** Id of the event's section in the Redoc page (`team.html#<anchor>`). */
  anchor: string;
}

/** Redoc's section id of a tag: its name with whitespace turned into dashes. */
const tagSlug = (tag: string) => tag.trim().replace(/\s+/g, '-');

/** The webhooks of a bundled document, in document order. */
export function webhookEvents(document: BundledDocument): WebhookEvent[] {
  return Object.entries(document.webhooks ?? {}).flatMap(([eventType, item]) =>
    operationsOf(item).map(({ method, operation }) => {
      const ref = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      const tag = operation.tags?.[0];
      return {
        eventType,
        method,
        summary: operation.summary ?? '',
        deprecated: operation.deprecated === true,
        payload: ref?.split('/').pop(),
        anchor: tag ? `tag/${tagSlug(tag)}/paths/${eventType}/${method}` : `paths/${eventType}/${method}`,
      };
    }),
  );
}

/** Path of the operation with this operationId, for the quick start's curl example. */
function pathOf(document: BundledDocument, operationId: string): string {
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    if (operationsOf(item).some(({ operation }) => operation.operationId === operationId)) return route;
  }
  throw new Error(`The landing page's curl example uses ${operationId}, which the team API no longer has: pick another operation in scripts/docs/render.ts.`);
}

function apiKeyHeader(document: BundledDocument, scheme: string): string {
  const name = document.components?.securitySchemes?.[scheme]?.name;
  if (!name) throw new Error(`The landing page names the ${scheme} header, which the document no longer declares: update scripts/docs/render.ts.`);
  return name;
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

export interface LandingPageInput {
  team: string;
  management: string;
}

/**
 * Where the page says the servers and mocks are. The build writes the page with
 * `npm start`'s defaults; the server serves it with the URLs it and the mocks
 * were actually started on: each URL is in a `<span data-local-url="<name>">`,
 * which server/http/docs-urls.ts fills in.
 */
export interface LocalUrls {
  team: string;
  management: string;
  'team-mock': string;
  'management-mock': string;
}

export const DEFAULT_LOCAL_URLS: LocalUrls = {
  team: 'http://127.0.0.1:8000',
  management: 'http://127.0.0.1:8001',
  'team-mock': 'http://127.0.0.1:4010',
  'management-mock': 'http://127.0.0.1:4011',
};

/** The marker server/http/docs-urls.ts replaces: keep both in step. */
const localUrl = (urls: LocalUrls, name: keyof LocalUrls) => `<span data-local-url="${name}">${escapeHtml(urls[name])}</span>`;

/**
 * Renders generated/docs/index.html: links to both Redoc pages, the quick start
 * and the team API's webhook events, read from the bundles. Static HTML with
 * inline CSS and no script, so it needs nothing from the network.
 */
export function renderLandingPage(bundles: LandingPageInput, urls: LocalUrls = DEFAULT_LOCAL_URLS): string {
  const team = JSON.parse(bundles.team) as BundledDocument;
  const management = JSON.parse(bundles.management) as BundledDocument;
  const teamHeader = apiKeyHeader(team, 'ApiKeyAuth');
  const managementHeader = apiKeyHeader(management, 'ManagementKeyAuth');
  const curlPath = pathOf(team, 'listProviders');
  const events = webhookEvents(team);
  const apiCard = (href: string, doc: BundledDocument, fallback: string, server: keyof LocalUrls, mock: keyof LocalUrls, header: string) => `
<li class="card">
  <h3><a href="./${href}">${escapeHtml(doc.info?.title ?? fallback)}</a> <span class="muted">v${escapeHtml(doc.info?.version ?? '')}</span></h3>
  <p>${escapeHtml(doc.info?.summary ?? '')}</p>
  <p class="muted">Reference server at <code>${localUrl(urls, server)}</code>, mock at <code>${localUrl(urls, mock)}</code>, key in the ${code(header)} header.</p>
</li>`;
  const eventRows = events
    .map(
      (event) => `
<tr${event.deprecated ? ' class="deprecated"' : ''}>
  <td><a href="./team.html#${escapeHtml(event.anchor)}">${code(event.eventType)}</a></td>
  <td>${escapeHtml(event.summary)}${event.deprecated ? ' <span class="badge">deprecated</span>' : ''}</td>
  <td>${event.payload ? code(event.payload) : ''}</td>
</tr>`,
    )
    .join('');
  const deprecatedCount = events.filter((event) => event.deprecated).length;
  const body = `
<header>
  <h1>Health data API documentation</h1>
  <p>Reference documentation of the two APIs of the service, generated from the OpenAPI documents in ${code('spec/')}. Everything on these pages is served locally; nothing is loaded from the internet.</p>
</header>
<main>
<section>
  <h2>Reference</h2>
  <ul class="cards">${apiCard('team.html', team, 'Team API', 'team', 'team-mock', teamHeader)}${apiCard('management.html', management, 'Management API', 'management', 'management-mock', managementHeader)}
  </ul>
</section>
<section id="quick-start">
  <h2>Quick start</h2>
  <ol>
    <li>
      <p>Install and start the reference server (team API at <code>${localUrl(urls, 'team')}</code>, management API at <code>${localUrl(urls, 'management')}</code>, docs at ${code('/docs/')} on each) and the mocks (<code>${localUrl(urls, 'team-mock')}</code>, <code>${localUrl(urls, 'management-mock')}</code>):</p>
      <pre><code>npm ci &amp;&amp; npm start</code></pre>
    </li>
    <li>
      <p>The first start creates a sandbox organization and team and prints their keys once: a team API key (${code('sk_us_…')}, header ${code(teamHeader)}) and a management key (${code('mg_…')}, header ${code(managementHeader)}). They are also saved in ${code('data/bootstrap.json')}. To choose the keys yourself, start with ${code('TEAM_API_KEY=… MANAGEMENT_KEY=… npm start')}. The mocks accept any key value.</p>
    </li>
    <li>
      <p>Call the team API with the key:</p>
      <pre><code>KEY=$(node -p "require('./data/bootstrap.json').team_api_key")
curl -s ${localUrl(urls, 'team')}${escapeHtml(curlPath)} -H "${escapeHtml(teamHeader)}: $KEY"</code></pre>
    </li>
  </ol>
</section>
<section id="webhooks">
  <h2>Webhook events of the team API</h2>
  <p>${events.length} event types${deprecatedCount ? `, ${deprecatedCount} of them deprecated` : ''}. Each is sent as a signed ${code('POST')} to the team's webhook endpoints; the event type links to its payload in the reference.</p>
  <table>
    <thead><tr><th>Event type</th><th>Summary</th><th>Payload</th></tr></thead>
    <tbody>${eventRows}
    </tbody>
  </table>
</section>
</main>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy([]))}">
<title>Health data API documentation</title>
<style>
  body { margin: 0; font-family: ${SYSTEM_FONTS}; color: #1f2933; background: #fafbfc; line-height: 1.5; }
  header, main { max-width: 60rem; margin: 0 auto; padding: 0 1.5rem; }
  header { padding-top: 2rem; }
  h1 { margin-bottom: 0.25rem; }
  h2 { margin-top: 2.5rem; border-bottom: 1px solid #d9e2ec; padding-bottom: 0.25rem; }
  a { color: #1d5fbf; }
  code, pre { font-family: ${MONOSPACE_FONTS}; font-size: 0.9em; }
  pre { background: #1f2933; color: #f5f7fa; padding: 0.75rem 1rem; border-radius: 6px; overflow-x: auto; }
  .cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
  .card { background: #fff; border: 1px solid #d9e2ec; border-radius: 8px; padding: 0 1rem; }
  .muted { color: #616e7c; font-size: 0.9em; font-weight: normal; }
  table { border-collapse: collapse; width: 100%; background: #fff; margin-bottom: 3rem; }
  th, td { text-align: left; padding: 0.35rem 0.6rem; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
  tr.deprecated td { color: #7b8794; }
  tr.deprecated code { text-decoration: line-through; }
  .badge { display: inline-block; font-size: 0.75em; padding: 0 0.4em; border-radius: 4px; background: #fde8e8; color: #9b1c1c; }
</style>
</head>
<body>${body}
</body>
</html>
`;
}
