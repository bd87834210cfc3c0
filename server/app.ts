import { readFileSync } from 'node:fs';
import type { Express, RequestHandler, Router } from 'express';
import type { Config } from './config.js';
import { generatedPath, loadDocument } from './shared/documents.js';
import {
  authenticateManagement,
  authenticateTeam,
  authenticateTeamOrLinkToken,
  MANAGEMENT_INVALID_KEY,
  MANAGEMENT_MISSING_KEY,
  rejectTeamKeyOnManagementApi,
  TEAM_INVALID_KEY,
  TEAM_MISSING_KEY,
  TEAM_MISSING_KEY_OR_LINK_TOKEN,
  type CredentialLookup,
} from './http/authenticate.js';
import { createApiApp } from './http/create-api-app.js';
import { localizeLandingPage, type LocalUrls } from './http/docs-urls.js';
import { localBaseUrl } from './shared/local-url.js';
import type { Deps } from './http/handlers/context.js';
import { createManagementHandlers } from './http/handlers/management/index.js';
import { createTeamHandlers, teamMissingParent } from './http/handlers/team/index.js';
import { mountLinkPages } from './http/link-pages.js';
import { metaPolicyOf, setPagePolicy } from './http/page-headers.js';
import { managementCors, mountDashboard } from './http/dashboard.js';
import { mountSignedPages } from './http/user-pages.js';
import { parseMultipartBodies } from './http/multipart.js';
import { MAX_REPORT_BYTES } from './domain/lab-reports/parsing-job.js';

/**
 * Serves the docs at /docs/ (the landing page), /docs/team.html and
 * /docs/management.html (the Redoc pages of both APIs, on both servers) with
 * the Redoc script they load, and the server's own bundled document at /openapi.json.
 */
function mountDocs(app: Router, api: 'team' | 'management', config: Config) {
  // The landing page with the URLs this server and the mocks run on (read once; the build writes npm start's defaults).
  let template: string | undefined;
  const landingPage: RequestHandler = (req, res) => {
    template ??= readFileSync(generatedPath('docs/index.html'), 'utf8');
    // This API's own port is the one the request came in on (exact also when PORT=0).
    const own = localBaseUrl(config.host, req.socket.localPort ?? 0);
    const urls: LocalUrls = {
      team: api === 'team' ? own : localBaseUrl(config.host, config.teamPort),
      management: api === 'management' ? own : localBaseUrl(config.host, config.managementPort),
      'team-mock': config.mockUrls?.team ?? null,
      'management-mock': config.mockUrls?.management ?? null,
    };
    // The page's own policy (its meta tag), as a header with the fixed directives: a meta policy cannot forbid framing.
    setPagePolicy(res, policyOf(template));
    res.type('html').send(localizeLandingPage(template, urls));
  };
  // The pages link to each other and load Redoc relative to themselves, so the landing page is served at /docs/ (with the slash).
  app.get('/docs', (req, res, next) => (req.originalUrl.split('?')[0]!.endsWith('/') ? landingPage(req, res, next) : res.redirect(301, '/docs/')));
  app.get('/docs/index.html', landingPage);
  const redocPolicies = new Map<string, readonly string[]>();
  for (const file of ['team.html', 'management.html']) {
    app.get(`/docs/${file}`, (_req, res) => {
      let policy = redocPolicies.get(file);
      if (!policy) {
        policy = policyOf(readFileSync(generatedPath(`docs/${file}`), 'utf8'));
        redocPolicies.set(file, policy);
      }
      setPagePolicy(res, policy);
      res.sendFile(generatedPath(`docs/${file}`));
    });
  }
  app.get('/docs/redoc.standalone.js', (_req, res) => res.sendFile(generatedPath('docs/redoc.standalone.js')));
  app.get('/openapi.json', (_req, res) => res.sendFile(generatedPath(`${api}/openapi.json`)));
}

/** The directives of a built page's meta policy (the docs pages state theirs); a page without one is a build that is not done. */
function policyOf(html: string): readonly string[] {
  const policy = metaPolicyOf(html);
  if (policy === undefined) throw new Error('A docs page without its Content-Security-Policy meta tag: run npm run build');
  return policy.split(';').map((directive) => directive.trim()).filter(Boolean);
}

/** Whether the request's operation accepts a link token as its credential. */
const acceptsLinkToken = (req: object) =>
  ((req as { openapi?: { schema?: { security?: Record<string, unknown>[] } } }).openapi?.schema?.security ?? []).some((requirement) => 'LinkToken' in requirement);

/** Where both apps find callers: the database, through the app's credential caches. */
const credentialsOf = (deps: Deps): CredentialLookup => ({ db: deps.db, caches: deps.caches.http });

/** The team API app, built from its dependencies without listening. */
export function createTeamApp(deps: Deps): Express {
  return createApiApp({
    name: 'team API',
    document: loadDocument('team'),
    handlers: createTeamHandlers(deps),
    authenticators: { ApiKeyAuth: authenticateTeam(credentialsOf(deps)), 'ApiKeyAuth | LinkToken': authenticateTeamOrLinkToken(credentialsOf(deps), deps.now) },
    validatorCaches: { routeMatches: deps.caches.http.teamRouteMatches, requestChecks: deps.caches.http.teamRequestChecks },
    validateResponses: deps.config.validateResponses,
    logger: deps.logger,
    errors: {
      missingCredentialDetail: (req) => (acceptsLinkToken(req) ? TEAM_MISSING_KEY_OR_LINK_TOKEN : TEAM_MISSING_KEY),
      invalidCredentialDetail: TEAM_INVALID_KEY,
      missingParent: teamMissingParent,
    },
    bodyLimits: { '/v2/link/bulk_trigger_historical_pull': '8mb' },
    multipartBodies: { '/lab_report/v1/parser/job': parseMultipartBodies({ maxFileBytes: MAX_REPORT_BYTES, tooLarge: 'The file is larger than the 10 MiB a lab report may have.' }) },
    extraRoutes: (app) => {
      mountDocs(app, 'team', deps.config);
      mountLinkPages(app, deps);
      mountDashboard(app, deps);
      mountSignedPages(app, deps);
    },
  });
}

/** The management API app, built from its dependencies without listening. */
export function createManagementApp(deps: Deps): Express {
  return createApiApp({
    name: 'management API',
    document: loadDocument('management'),
    handlers: createManagementHandlers(deps),
    authenticators: { ManagementKeyAuth: authenticateManagement(credentialsOf(deps)) },
    validatorCaches: { routeMatches: deps.caches.http.managementRouteMatches, requestChecks: deps.caches.http.managementRequestChecks },
    validateResponses: deps.config.validateResponses,
    logger: deps.logger,
    errors: { missingCredentialDetail: MANAGEMENT_MISSING_KEY, invalidCredentialDetail: MANAGEMENT_INVALID_KEY },
    beforeValidation: [rejectTeamKeyOnManagementApi(credentialsOf(deps))],
    // The dashboard (served by the team server, another origin) calls the management API from the browser.
    cors: managementCors(deps.config),
    extraRoutes: (app) => mountDocs(app, 'management', deps.config),
  });
}
