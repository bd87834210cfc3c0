import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appMessageConstructors, createAppServer } from '../../server/http/app-server.js';

/**
 * The server of an Express app makes its requests and responses with the app's prototypes
 * (server/http/app-server.ts), so the prototype Express sets on each of them is the one it has:
 * no object changes its prototype. Measured against the server `app.listen` makes, where both do.
 */

function testApp(): Express {
  const app = express();
  app.get('/things/:id', (req, res) => {
    res.setHeader('X-Seen-App', String(req.app === app));
    res.status(201).json({ id: req.params.id, query: req.query, host: req.hostname });
  });
  return app;
}

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Each Object.setPrototypeOf call on a request or response: whether it changed the object's prototype. */
function watchPrototypeChanges(): boolean[] {
  const changes: boolean[] = [];
  const setPrototypeOf = Object.setPrototypeOf;
  vi.spyOn(Object, 'setPrototypeOf').mockImplementation((target: object, proto: object | null) => {
    if (target instanceof http.IncomingMessage || target instanceof http.ServerResponse) changes.push(Object.getPrototypeOf(target) !== proto);
    return setPrototypeOf(target, proto);
  });
  return changes;
}

/** Three requests on one keep-alive connection (fetch reuses it), their answers. */
async function threeRequests(url: string) {
  const answers = [];
  for (const id of ['a', 'b', 'c']) {
    const response = await fetch(`${url}/things/${id}?n=1&n=2`);
    answers.push({ status: response.status, app: response.headers.get('x-seen-app'), type: response.headers.get('content-type'), body: await response.json() });
  }
  return answers;
}

describe('createAppServer', () => {
  it("makes each request and response with the app's prototypes: Express changes no prototype, and answers as usual", async () => {
    const app = testApp();
    const url = await listening(createAppServer(app));
    const changes = watchPrototypeChanges();
    const answers = await threeRequests(url);
    expect(answers).toEqual(['a', 'b', 'c'].map((id) => ({ status: 201, app: 'true', type: 'application/json; charset=utf-8', body: { id, query: { n: ['1', '2'] }, host: '127.0.0.1' } })));
    // Express set the request's and the response's prototype once per request, each already in place.
    expect(changes).toEqual([false, false, false, false, false, false]);
  });

  it('where the server app.listen makes changes both prototypes on every request', async () => {
    const app = testApp();
    const url = await listening(http.createServer(app));
    const changes = watchPrototypeChanges();
    const answers = await threeRequests(url);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(changes).toEqual([true, true, true, true, true, true]);
  });

  it("makes objects that are Node's requests and responses, with the app's prototypes", () => {
    const app = testApp();
    const made = appMessageConstructors(app)!;
    const request = new made.IncomingMessage(null as never);
    const response = new made.ServerResponse(request);
    expect(Object.getPrototypeOf(request)).toBe(app.request);
    expect(Object.getPrototypeOf(response)).toBe(app.response);
    expect(request).toBeInstanceOf(http.IncomingMessage);
    expect(response).toBeInstanceOf(http.ServerResponse);
    expect(response.statusCode).toBe(200);
    expect(request.readable).toBe(true);
  });

  it('makes none when Node\'s constructors are classes, which cannot be called as functions (createAppServer then makes the server as app.listen does)', () => {
    class Request extends http.IncomingMessage {}
    class Response extends http.ServerResponse {}
    expect(appMessageConstructors(testApp(), { IncomingMessage: Request, ServerResponse: Response as typeof http.ServerResponse })).toBeNull();
    expect(appMessageConstructors(testApp(), { IncomingMessage: http.IncomingMessage, ServerResponse: Response as typeof http.ServerResponse })).toBeNull();
  });
});
