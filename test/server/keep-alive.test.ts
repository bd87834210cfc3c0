import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startMocks } from '../../mocks/index.js';
import { holdIdleConnections, KEEP_ALIVE_TIMEOUT_MS } from '../../server/shared/keep-alive.js';

/**
 * Idle keep-alive connections outlive Node's default 5 s (server/shared/keep-alive.ts), so a client
 * reusing one a little later is answered instead of reset. Two requests on one raw socket, 7.5 s
 * apart (past the default and the second Node may add to it), on a server with and without the setting.
 */
const PAUSE_PAST_NODE_DEFAULT_MS = 7_500;

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** Sends one GET per delay on the same connection, each after its delay; the answers' status lines (or 'closed'). */
async function getAfterPauses(port: number, pauses: number[]): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closed = false;
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  const answers: string[] = [];
  for (const pause of pauses) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    if (closed) {
      answers.push('closed');
      continue;
    }
    received = '';
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (closed || received.includes('\r\n\r\nok')) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    answers.push(received.includes('\r\n\r\nok') ? received.split('\r\n')[0]! : 'closed');
  }
  socket.destroy();
  return answers;
}

describe('idle keep-alive connections', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  const okServer = () => {
    const server = createServer((_req, res) => res.end('ok'));
    servers.push(server);
    return server;
  };

  it('when a connection sits idle past Node\'s default 5 s, then our servers still answer on it, where a default server has closed it', async () => {
    const ours = await listening(holdIdleConnections(okServer()));
    const nodeDefault = await listening(okServer());
    const pauses = [0, PAUSE_PAST_NODE_DEFAULT_MS];
    const [held, dropped] = await Promise.all([getAfterPauses(ours, pauses), getAfterPauses(nodeDefault, pauses)]);
    expect(held).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(dropped).toEqual(['HTTP/1.1 200 OK', 'closed']);
  }, 30_000);

  it('when the mock answers, then its Keep-Alive header announces the same timeout', async () => {
    const mocks = await startMocks({ teamPort: 0, managementPort: 0 });
    try {
      const response = await fetch(`${mocks.urls.team}/v2/providers`, { headers: { 'x-vital-api-key': 'sk_us_keep_alive_check' } });
      await response.arrayBuffer();
      expect(response.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    } finally {
      await mocks.close();
    }
  }, 60_000);
});
