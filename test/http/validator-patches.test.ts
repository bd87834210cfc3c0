import { createRequire } from 'node:module';
import express, { type ErrorRequestHandler, type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  memoiseValidatorParameterShapes,
  memoiseValidatorRequestChecks,
  memoiseValidatorRouteLookup,
  memoiseValidatorRouteMatching,
  validatorPatchCounters,
} from '../../server/http/validator-patches.js';

const require = createRequire(import.meta.url);
/** A module as express-openapi-validator loads it. */
const fromValidator = <T>(specifier: string) => require(require.resolve(specifier, { paths: [require.resolve('express-openapi-validator')] })) as T;
const pathToRegexpOfValidator = () =>
  fromValidator<{ pathToRegexp: (path: string, options?: Record<string, unknown>) => { regexp: RegExp; keys: { name: string }[] } }>('path-to-regexp').pathToRegexp;

/** A real validator app on `document`: `routes` adds the handlers; errors answer their status and the paths of their items. */
function validatorApp(document: object, validateRequests: Parameters<typeof OpenApiValidator.middleware>[0]['validateRequests'], routes: (app: Express) => void): Express {
  const app = express();
  app.set('query parser', 'extended');
  app.use(express.json());
  app.use(OpenApiValidator.middleware({ apiSpec: structuredClone(document) as never, validateRequests }));
  routes(app);
  const renderError: ErrorRequestHandler = (error: { status?: number; errors?: { path: string }[] }, _req, res, _next) => {
    res.status(error.status ?? 500).json({ status: error.status, paths: error.errors?.map((item) => item.path) });
  };
  app.use(renderError);
  return app;
}

describe('memoiseValidatorRouteMatching', () => {
  it('when a route is compiled again with the same flags, then the first compilation is returned, and it matches as before', () => {
    memoiseValidatorRouteMatching();
    memoiseValidatorRouteMatching();
    const compile = pathToRegexpOfValidator();
    const route = '/v2/user/:user_id/insurance';
    const first = compile(route, { sensitive: false, strict: false });
    expect(compile(route, { sensitive: false, strict: false })).toBe(first);
    expect(first.regexp.exec('/v2/user/abc/insurance')?.[1]).toBe('abc');
    expect(first.keys.map((key) => key.name)).toEqual(['user_id']);
  });

  it('when the validator compiles its routes for request after request, then each pattern is compiled once', async () => {
    memoiseValidatorRouteMatching();
    const document = {
      openapi: '3.1.0',
      info: { title: 'compile', version: '1' },
      paths: { '/compiled/{id}': { get: { operationId: 'getCompiled', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } } },
    };
    const served = validatorApp(document, true, (app) => app.get('/compiled/:id', (_req, res) => res.json({})));
    expect((await request(served).get('/compiled/a')).status).toBe(200);
    const compiled = validatorPatchCounters.patternCompilations;
    for (const id of ['b', 'c', 'd']) expect((await request(served).get(`/compiled/${id}`)).status).toBe(200);
    expect(validatorPatchCounters.patternCompilations).toBe(compiled);
  });

  it('when the flags or options differ, then each combination is compiled on its own', () => {
    const compile = pathToRegexpOfValidator();
    const route = '/v2/Providers';
    const insensitive = compile(route, { sensitive: false, strict: false });
    const sensitive = compile(route, { sensitive: true, strict: false });
    expect(sensitive).not.toBe(insensitive);
    expect(insensitive.regexp.test('/v2/providers')).toBe(true);
    expect(sensitive.regexp.test('/v2/providers')).toBe(false);
    const other = compile(route, { sensitive: true, strict: false, end: false });
    expect(other).not.toBe(sensitive);
    expect(compile(route, { sensitive: true, strict: false, end: false })).toBe(other);
    expect(other.regexp.test('/v2/Providers/extra')).toBe(true);
    expect(compile(route)).toBe(compile(route));
  });
});

describe('memoiseValidatorRouteLookup', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'memo', version: '1' },
    paths: {
      '/items/{item_id}': {
        get: {
          operationId: 'getItem',
          parameters: [
            { name: 'item_id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'x', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };

  function app() {
    memoiseValidatorRouteLookup();
    memoiseValidatorRouteLookup();
    return validatorApp(document, true, (served) =>
      served.get('/items/:item_id', (req, res) => {
        const seen = { params: { ...req.params }, route: (req as { openapi?: { openApiRoute: string } }).openapi?.openApiRoute };
        // A handler that changes what it was given must not change what the next request gets.
        req.params.item_id = 'changed';
        res.json(seen);
      }),
    );
  }

  it('when the same method and path come again, then they get the same match with their own copy of the path params', async () => {
    const served = app();
    for (const id of ['a%20b', 'a%20b', 'c', 'a%20b']) {
      const response = await request(served).get(`/items/${id}?x=1`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ params: { item_id: decodeURIComponent(id) }, route: '/items/{item_id}' });
    }
  });

  it('when the same method and path come a second time, then the route memo answers and the validator does not walk its routes', async () => {
    const served = app();
    const walks = validatorPatchCounters.routeWalks;
    const hits = validatorPatchCounters.routeMemoHits;
    expect((await request(served).get('/items/memo?x=1')).status).toBe(200);
    expect([validatorPatchCounters.routeWalks - walks, validatorPatchCounters.routeMemoHits - hits]).toEqual([1, 0]);
    expect((await request(served).get('/items/memo?x=2')).status).toBe(200);
    expect([validatorPatchCounters.routeWalks - walks, validatorPatchCounters.routeMemoHits - hits]).toEqual([1, 1]);
    expect((await request(served).get('/items/other')).status).toBe(200);
    expect([validatorPatchCounters.routeWalks - walks, validatorPatchCounters.routeMemoHits - hits]).toEqual([2, 1]);
  });

  it('when a path has no route or the method is not allowed, then the validator answers as without the memo, every time', async () => {
    const served = app();
    await request(served).get('/items/a');
    for (let i = 0; i < 2; i++) {
      expect((await request(served).post('/items/a')).status).toBe(405);
      expect((await request(served).get('/nothing/here')).status).toBe(404);
    }
  });
});

describe('memoiseValidatorParameterShapes', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'parameters', version: '1' },
    components: { schemas: { Filter: { type: 'object', properties: { name: { type: 'string' } } } } },
    paths: {
      '/markers': {
        get: {
          operationId: 'listMarkers',
          parameters: [
            { name: 'lab_id', in: 'query', schema: { type: 'array', items: { type: 'integer' } } },
            { name: 'codes', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string' } } },
            { name: 'filter', in: 'query', style: 'deepObject', schema: { $ref: '#/components/schemas/Filter' } },
            { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, default: 50 } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string', maxLength: 4 } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };

  function app() {
    memoiseValidatorParameterShapes();
    memoiseValidatorParameterShapes();
    return validatorApp(document, { allErrors: true }, (served) => served.get('/markers', (req, res) => res.json(req.query)));
  }

  it('when the same parameters come again and again, then each parameter object is normalised and shape-checked once', async () => {
    const served = app();
    expect((await request(served).get('/markers?lab_id=7').set('X-Trace', 'ab')).status).toBe(200);
    const normalised = validatorPatchCounters.parameterNormalisations;
    const checked = validatorPatchCounters.objectShapeChecks;
    expect(normalised).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect((await request(served).get('/markers?lab_id=8&codes=a&filter[name]=x').set('X-Trace', 'cd')).status).toBe(200);
    expect(validatorPatchCounters.parameterNormalisations).toBe(normalised);
    expect(validatorPatchCounters.objectShapeChecks).toBe(checked);
  });

  it('when the same parameters come again and again, then every request is read and checked as the first', async () => {
    const served = app();
    expect(fromValidator<{ normalizeParameter: { memoised?: true } }>('express-openapi-validator/dist/middlewares/parsers/util.js').normalizeParameter.memoised).toBe(true);
    for (let i = 0; i < 3; i++) {
      const ok = await request(served).get('/markers?lab_id=7&codes=a,b&filter[name]=glucose').set('X-Trace', 'ab');
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ lab_id: [7], codes: ['a', 'b'], filter: { name: 'glucose' }, size: 50 });
      const bad = await request(served).get('/markers?lab_id=x&size=0').set('X-Trace', 'abcdef');
      expect(bad.status).toBe(400);
      expect(bad.body.paths).toEqual(expect.arrayContaining(['/query/lab_id/0', '/query/size', '/headers/x-trace']));
    }
  });
});

describe('memoiseValidatorRequestChecks', () => {
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

  function app() {
    memoiseValidatorRequestChecks();
    memoiseValidatorRequestChecks();
    return validatorApp(document, { allErrors: true }, (served) => {
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
    });
  }

  it('when the same URL comes again, then the memo answers and the request gets its own copy of the typed query and path params', async () => {
    const served = app();
    const checks = validatorPatchCounters.requestChecks;
    const hits = validatorPatchCounters.requestCheckMemoHits;
    for (let i = 0; i < 3; i++) {
      const response = await request(served).get('/labs/7/markers?codes=a&codes=b');
      expect(response.status).toBe(200);
      // (the validator gives a deepObject parameter that was not sent an empty object)
      expect(response.body).toEqual({ query: { codes: ['a', 'b'], filter: {}, size: 50 }, params: { lab_id: 7 } });
    }
    expect([validatorPatchCounters.requestChecks - checks, validatorPatchCounters.requestCheckMemoHits - hits]).toEqual([1, 2]);
    const other = await request(served).get('/labs/8/markers?size=3');
    expect(other.body).toEqual({ query: { filter: {}, size: 3 }, params: { lab_id: 8 } });
    expect(validatorPatchCounters.requestChecks - checks).toBe(2);
    for (let i = 0; i < 2; i++) {
      const nested = await request(served).get('/labs/9/markers?filter[name]=glucose');
      expect(nested.body).toEqual({ query: { filter: { name: 'glucose' }, size: 50 }, params: { lab_id: 9 } });
    }
    expect([validatorPatchCounters.requestChecks - checks, validatorPatchCounters.requestCheckMemoHits - hits]).toEqual([3, 3]);
  });

  it('when a URL fails its check, then it is checked and refused every time', async () => {
    const served = app();
    for (let i = 0; i < 3; i++) {
      for (const url of ['/labs/x/markers', '/labs/7/markers?size=0', '/labs/7/markers?unknown=1']) {
        const response = await request(served).get(url);
        expect(response.status, url).toBe(400);
      }
    }
    const hits = validatorPatchCounters.requestCheckMemoHits;
    await request(served).get('/labs/7/markers?size=0');
    expect(validatorPatchCounters.requestCheckMemoHits).toBe(hits);
  });

  it('when a request has a body, or its operation has a header parameter, then it is checked every time', async () => {
    const served = app();
    const hits = validatorPatchCounters.requestCheckMemoHits;
    for (let i = 0; i < 2; i++) {
      expect((await request(served).post('/labs/7/markers').send({ code: 'a' })).status).toBe(200);
      expect((await request(served).post('/labs/7/markers').send({ code: 1 })).status).toBe(400);
      expect((await request(served).get('/traced').set('X-Trace', 'ab')).status).toBe(200);
      expect((await request(served).get('/traced').set('X-Trace', 'abcdef')).status).toBe(400);
    }
    expect(validatorPatchCounters.requestCheckMemoHits).toBe(hits);
  });
});
