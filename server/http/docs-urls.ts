/**
 * The docs landing page names the local URLs of both APIs and both mocks. The
 * build writes it with `npm start`'s defaults (so it reads right opened from
 * disk), each URL in a `<span data-local-url="<name>">` (scripts/docs/render.ts);
 * the server fills in the URLs it and the mocks were actually started on.
 */
export type LocalUrlName = 'team' | 'management' | 'team-mock' | 'management-mock';

/** A URL, or null for a mock that is not running alongside this server. */
export type LocalUrls = Record<LocalUrlName, string | null>;

const MARKER = /<span data-local-url="(team|management|team-mock|management-mock)">[^<]*<\/span>/g;
const NOT_RUNNING = 'not started (npm run mock)';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export function localizeLandingPage(html: string, urls: LocalUrls): string {
  return html.replace(MARKER, (_match, name: LocalUrlName) => `<span data-local-url="${name}">${escapeHtml(urls[name] ?? NOT_RUNNING)}</span>`);
}
