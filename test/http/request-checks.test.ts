import { createRequire } from 'node:module';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberRequestChecks, createRequestCheckCache } from '../../server/http/request-checks.js';
import { createRouteMatchCache, rememberRouteMatches } from '../../server/http/route-matches.js';
import { CacheRegistry } from '../../server/shared/cache.js';

const require = createRequire(import.meta.url);
/** The path-to-regexp module as express-openapi-validator loads it. */
const pathToRegexpModule = require(require.resolve('path-to-regexp', { paths: [require.resolve('express-openapi-validator')] })) as {
  pathToRegexp: (path: string, options?: Record<string, unknown>) => unknown;
};

/** A real validator app on `document` (its steps through `wrap`): `routes` adds the handlers; errors answer their status and the paths of their items. */
function validatorApp(document: object, validateRequests: Parameters<typeof OpenApiValidator.middleware>[0]['validateRequests'], routes: (app: Express) => void, wrap = (steps: RequestHandler[]) => steps): Express {
  const app = express();
  app.set('query parser', 'extended');
  app.use(express.json());
  app.use(wrap(OpenApiValidator.middleware({ apiSpec: structuredClone(document) as never, validateRequests }) as RequestHandler[]));
  routes(app);
  const renderError: ErrorRequestHandler = (error: { status?: number; errors?: { path: string }[] }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ status: error.status, paths: error.errors?.map((item) => item.path) });
  };
  app.use(renderError);
  return app;
}

describe('patches/express-openapi-validator: route patterns compiled once per app', () => {
  const original = pathToRegexpModule.pathToRegexp;
  afterEach(() => {
    pathToRegexpModule.pathToRegexp = original;
  });

  it('when requests come one after the other, then the validator compiles each route pattern once (else npm ci did not apply patches/)', async () => {
    let compiled = 0;
    pathToRegexpModule.pathToRegexp = (path, options) => {
      compiled += 1;
      return original(path, options);
    };
    const document = {
      openapi: '3.1.0',
      info: { title: 'compile', version: '1' },
      paths: {
        '/compiled/{id}': { get: { operationId: 'getCompiled', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } },
        '/other': { get: { operationId: 'getOther', responses: { '200': { description: 'ok' } } } },
      },
    };
    const served = validatorApp(document, true, (app) => {
      app.get('/compiled/:id', (req, res) => res.json({ id: req.params.id }));
      app.get('/other', (_req, res) => res.json({}));
    });
    // A pattern is compiled when the route walk first reaches it: one request to each path reaches every route.
    expect((await request(served).get('/compiled/a')).body).toEqual({ id: 'a' });
    expect((await request(served).get('/other')).status).toBe(200);
    const afterFirst = compiled;
    expect(afterFirst).toBeGreaterThan(0);
    for (const id of ['b', 'c']) expect((await request(served).get(`/compiled/${id}`)).body).toEqual({ id });
    expect((await request(served).get('/other')).status).toBe(200);
    expect(compiled, 'patterns compiled after the first request to each path').toBe(afterFirst);
  });
});

describe('rememberRequestChecks', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'checks', version: '1' },
    components: { parameters: { Size: { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } } } },
    paths: {
      '/labs/{lab_id}/markers': {
        get: {
          operationId: 'listLabMarkers',
          parameters: [
            { name: 'lab_id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'codes', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object', properties: { name: { type: 'string' } } } },
            { $ref: '#/components/parameters/Size' },
          ],
          responses: { '200': { description: 'ok' } },
        },
        post: {
          operationId: 'addLabMarker',
          parameters: [{ name: 'lab_id', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/traced': {
        get: {
          operationId: 'getTraced',
          parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string', maxLength: 4 } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };

  let cache = createRequestCheckCache(new CacheRegistry(), 'test');

  function app() {
    cache = createRequestCheckCache(new CacheRegistry(), 'test');
    return validatorApp(
      document,
      { allErrors: true },
      (served) => {
        const echo: express.RequestHandler = (req, res) => {
          const seen = { query: structuredClone(req.query), params: { ...req.params } };
          // A handler that changes what it was given must not change what the next request gets.
          (req.query as { codes?: string[] }).codes?.push('changed');
          const filter = (req.query as { filter?: { name?: string } }).filter;
          if (filter) filter.name = 'changed';
          (req.query as Record<string, unknown>).size = 'changed';
          req.params.lab_id = 'changed';
          res.json(seen);
        };
        served.get('/labs/:lab_id/markers', echo);
        served.post('/labs/:lab_id/markers', echo);
        served.get('/traced', (_req, res) => res.json({}));
      },
      (steps) => rememberRequestChecks(steps, cache, document.components.parameters),
    );
  }
  const checks = () => cache.stats().misses;
  const hits = () => cache.stats().hits;

  it('when the validator has no step named requestMiddleware, then the app is not built and the message names this module', () => {
    const unnamed: RequestHandler = (_req, _res, next) => next();
    expect(() => rememberRequestChecks([unnamed], cache, {})).toThrow(/requestMiddleware.*server\/http\/request-checks\.ts/);
  });

  it('when the same URL comes again, then the memo answers and the request gets its own copy of the typed query and path params', async () => {
    const served = app();
        for (let i = 0; i < 3; i++) {
      const response = await request(served).get('/labs/7/markers?codes=a&codes=b');
      expect(response.status).toBe(200);
      // (the validator gives a deepObject parameter that was not sent an empty object)
      expect(response.body).toEqual({ query: { codes: ['a', 'b'], filter: {}, size: 50 }, params: { lab_id: 7 } });
    }
    expect([checks(), hits()]).toEqual([1, 2]);
    const other = await request(served).get('/labs/8/markers?size=3');
    expect(other.body).toEqual({ query: { filter: {}, size: 3 }, params: { lab_id: 8 } });
    expect(checks()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const nested = await request(served).get('/labs/9/markers?filter[name]=glucose');
      expect(nested.body).toEqual({ query: { filter: { name: 'glucose' }, size: 50 }, params: { lab_id: 9 } });
    }
    expect([checks(), hits()]).toEqual([3, 3]);
  });

  it('when a URL fails its check, then it is checked and refused every time', async () => {
    const served = app();
    for (let i = 0; i < 3; i++) {
      for (const url of ['/labs/x/markers', '/labs/7/markers?size=0', '/labs/7/markers?unknown=1']) {
        const response = await request(served).get(url);
        expect(response.status, url).toBe(400);
      }
    }
    const before = hits();
    await request(served).get('/labs/7/markers?size=0');
    expect(hits()).toBe(before);
  });

  it('when a request has a body, or its operation has a header parameter, then it is checked every time', async () => {
    const served = app();
    const before = hits();
    for (let i = 0; i < 2; i++) {
      expect((await request(served).post('/labs/7/markers').send({ code: 'a' })).status).toBe(200);
      expect((await request(served).post('/labs/7/markers').send({ code: 1 })).status).toBe(400);
      expect((await request(served).get('/traced').set('X-Trace', 'ab')).status).toBe(200);
      expect((await request(served).get('/traced').set('X-Trace', 'abcdef')).status).toBe(400);
    }
    expect(hits()).toBe(before);
  });
});

describe('rememberRouteMatches', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'routes', version: '1' },
    paths: {
      '/users/{user_id}': {
        get: { operationId: 'getUser', parameters: [{ name: 'user_id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
      },
      '/users/{user_id}/orders/{order_id}': {
        get: {
          operationId: 'getOrder',
          parameters: [
            { name: 'user_id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'order_id', in: 'path', required: true, schema: { type: 'integer' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
  let cache = createRouteMatchCache(new CacheRegistry(), 'test');
  function app() {
    cache = createRouteMatchCache(new CacheRegistry(), 'test');
    return validatorApp(
      document,
      true,
      (served) => {
        const echo: RequestHandler = (req, res) => {
          const seen = { operation: (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId, params: { ...req.params } };
          // A handler that changes its path params must not change the next request's.
          req.params.user_id = 'changed';
          res.json(seen);
        };
        served.get('/users/:user_id', echo);
        served.get('/users/:user_id/orders/:order_id', echo);
      },
      (steps) => rememberRouteMatches(steps, cache),
    );
  }

  it('when the same path comes again, then the route is remembered and each request gets its own operation and typed path params', async () => {
    const served = app();
    for (let i = 0; i < 3; i++) {
      expect((await request(served).get('/users/u1/orders/7')).body).toEqual({ operation: 'getOrder', params: { user_id: 'u1', order_id: 7 } });
      expect((await request(served).get('/users/u%20two')).body).toEqual({ operation: 'getUser', params: { user_id: 'u two' } });
    }
    expect(cache.stats()).toMatchObject({ size: 2, hits: 4, misses: 2 });
  });

  it('when a path reaches no operation, or another method of one, then it is never remembered and keeps its 404 or 405', async () => {
    const served = app();
    for (let i = 0; i < 2; i++) {
      expect((await request(served).get('/nothing/here')).status).toBe(404);
      expect((await request(served).post('/users/u1')).status).toBe(405);
    }
    expect(cache.stats().size).toBe(0);
  });

  it('when the validator has no step named metadataMiddleware, then the app is not built and the message names this module', () => {
    const unnamed: RequestHandler = (_req, _res, next) => next();
    expect(() => rememberRouteMatches([unnamed], cache)).toThrow(/metadataMiddleware.*route-matches\.ts/);
  });
});
