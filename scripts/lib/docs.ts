import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Path of Redoc's standalone browser bundle, shipped by the `redoc` npm package. */
export const REDOC_SCRIPT = require.resolve('redoc/bundles/redoc.standalone.js');
export const REDOC_SCRIPT_NAME = 'redoc.standalone.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** JSON that is safe inside a <script> element. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * Renders the Redoc page of one API. The page loads Redoc from a file next to it
 * (no CDN, no web fonts), and embeds the bundled document, so it works offline,
 * opened from disk or served by the reference server at /docs.
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
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      },
    },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pageTitle)}</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<div id="redoc"></div>
<script src="./${REDOC_SCRIPT_NAME}"></script>
<script>
Redoc.init(${scriptSafeJson(document)}, ${scriptSafeJson(options)}, document.getElementById('redoc'));
</script>
</body>
</html>
`;
}

export const readRedocScript = () => readFile(REDOC_SCRIPT);
