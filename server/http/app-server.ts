import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Express } from 'express';
import { answerClientErrors } from '../shared/client-errors.js';
import { holdIdleConnections } from '../shared/keep-alive.js';
import { RequestRounds } from './fair-dispatch.js';

/**
 * The HTTP server of an Express app whose requests and responses are made with the app's own
 * prototypes (`app.request` and `app.response`), where `app.listen` makes them with Node's.
 *
 * Why: Express gives every request and response the app's prototypes with
 * `Object.setPrototypeOf`. Changing a live object's prototype gives it a new hidden class in V8,
 * and under load it kept every request's objects alive through the young generation's
 * collections: they were copied, then promoted, so each collection paused the event loop for
 * longer and the old generation filled with dead requests (scripts/bench/RESULTS.md, "Requests
 * made with the app's prototypes"). Made with those prototypes already, the call finds the
 * prototype it is asked to set and changes nothing (SetPrototypeOf returns early on the same
 * value), so every request keeps the hidden class it was made with.
 *
 * The constructors are plain functions that call Node's: a class cannot take an existing object
 * (`app.request`) as its prototype, and `Reflect.construct` with a new target was itself slow and
 * kept objects alive the same way. Node's `IncomingMessage` and `ServerResponse` are plain
 * functions too; should a Node version make them classes, which cannot be called, the server is
 * made as `app.listen` makes it.
 *
 * The requests read in one poll go to the app the longest-waiting connection first, by `rounds`
 * (fair-dispatch.ts; the process's one, which the handlers have too), not in the order Linux
 * reported their sockets.
 */
export function createAppServer(app: Express, rounds: RequestRounds = new RequestRounds()): Server {
  const messages = appMessageConstructors(app);
  const listener = rounds.listener<IncomingMessage, ServerResponse>(app);
  return messages ? http.createServer(messages, listener) : http.createServer(listener);
}

/**
 * The server an API app listens on (server/main.ts, and the test server alike): createAppServer's
 * with the process's request rounds (those its handlers' group commits end their turn with),
 * answering what Node's parser refuses in the API's error shape (client-errors.ts) and holding
 * idle keep-alive connections as long as keep-alive.ts says.
 */
export const createApiServer = (app: Express, rounds: RequestRounds): Server => holdIdleConnections(answerClientErrors(createAppServer(app, rounds)));

interface MessageConstructors {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/** Constructors of `node`'s request and response (Node's own) with the app's prototypes; null when those cannot be called as functions. */
export function appMessageConstructors(app: Express, node: MessageConstructors = { IncomingMessage: http.IncomingMessage, ServerResponse: http.ServerResponse }): MessageConstructors | null {
  const request = callable(node.IncomingMessage);
  const response = callable(node.ServerResponse);
  if (!request || !response) return null;
  const AppRequest = function (this: IncomingMessage, socket: unknown) {
    request.call(this, socket);
  };
  AppRequest.prototype = app.request;
  const AppResponse = function (this: ServerResponse, req: unknown, options: unknown) {
    response.call(this, req, options);
  };
  AppResponse.prototype = app.response;
  return { IncomingMessage: AppRequest as unknown as typeof IncomingMessage, ServerResponse: AppResponse as unknown as typeof ServerResponse };
}

/** `constructor` as a function that initialises `this`, or null for a class (which throws when called). */
function callable(constructor: unknown): ((this: unknown, ...args: unknown[]) => void) | null {
  if (typeof constructor !== 'function' || /^class\b/.test(Function.prototype.toString.call(constructor))) return null;
  return constructor as (this: unknown, ...args: unknown[]) => void;
}
