/**
 * Requests Node's HTTP parser refuses before any app sees them get the API's error shape
 * (server/shared/client-errors.ts): sent as raw bytes over a socket to real listening servers,
 * both APIs of the server as server/main.ts starts it, the servers the tests start, and both mocks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import { loadConfig } from '../../server/config.js';
import { startServer, type RunningServer } from '../../server/main.js';
import { clientErrorAnswer } from '../../server/shared/client-errors.js';
import { silentLogger } from '../helpers/silent-logger.js';
import { SETUP_TIMEOUT_MS } from '../storage/helpers.js';

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function sendRaw(url: string, bytes: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const CASES: [string, string | Buffer, number][] = [
  ['a control character in a header value', 'GET /v2/providers HTTP/1.1\r\nHost: x\r\nX-Note: a\u0001b\r\n\r\n', 400],
  ['a line feed alone inside a header value', Buffer.from('GET /v2/providers HTTP/1.1\r\nHost: x\r\nX-Note: a\rb\r\n\r\n', 'latin1'), 400],
  ['a malformed request line', 'this is not http\r\n\r\n', 400],
  ['an unknown HTTP version', 'GET /v2/providers HTTP/7.1\r\nHost: x\r\n\r\n', 400],
  ['headers over 16 KiB', `GET /v2/providers HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`, 431],
  ['a Content-Length that is not a number', 'POST /v2/user HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n', 400],
];

describe('parser-level errors in the API error shape, on real listening servers', () => {
  let server: RunningServer;
  let mocks: RunningMocks;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'client-errors-'));
    const config = { ...loadConfig({ PORT: '0', MANAGEMENT_PORT: '0' }), dataDir, databaseUrl: undefined, teamApiKey: 'sk_us_client_errors_test_0123456789' };
    const write = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write;
    try {
      [server, mocks] = await Promise.all([startServer(config, silentLogger()), startMocks({ teamPort: 0, managementPort: 0 })]);
    } finally {
      process.stdout.write = write;
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([server?.close(), mocks?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  const targets = () => ({
    'team API (server)': server.teamUrl,
    'management API (server)': server.managementUrl,
    'team API (mock)': mocks.urls.team,
    'management API (mock)': mocks.urls.management,
  });

  for (const [name, bytes, status] of CASES) {
    it(`when a request has ${name}, then every server answers ${status} with {"detail": "..."} as JSON and closes`, async () => {
      for (const [target, url] of Object.entries(targets())) {
        const answer = await sendRaw(url, bytes);
        expect(answer.status, target).toBe(status);
        expect(answer.headers['content-type'], target).toBe('application/json');
        expect(answer.headers.connection, target).toBe('close');
        expect(JSON.parse(answer.body), target).toEqual({ detail: expect.any(String) });
        expect(Buffer.byteLength(answer.body), target).toBe(Number(answer.headers['content-length']));
      }
    }, 60_000);
  }

  it('when the request is well-formed, then the servers still answer it', async () => {
    for (const [target, url] of Object.entries(targets())) {
      const answer = await sendRaw(url, 'GET /no-such-path HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(answer.status, target).toBe(404);
    }
  }, 60_000);

  it('when the parser names the error, then the detail says what kind it is and never echoes the request', () => {
    const error = (code: string) => Object.assign(new Error('Parse Error: secret-value'), { code });
    expect(clientErrorAnswer(error('HPE_HEADER_OVERFLOW')).status).toBe(431);
    expect(clientErrorAnswer(error('HPE_INVALID_HEADER_TOKEN')).detail).toMatch(/header/);
    expect(clientErrorAnswer(error('HPE_INVALID_METHOD')).detail).toMatch(/request line/);
    expect(clientErrorAnswer(error('HPE_SOMETHING_NEW'))).toEqual({ status: 400, detail: 'Bad request: the request is not valid HTTP.' });
    for (const code of ['HPE_HEADER_OVERFLOW', 'HPE_INVALID_HEADER_TOKEN', 'HPE_SOMETHING_NEW']) expect(clientErrorAnswer(error(code)).detail).not.toContain('secret');
  });
});
