import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../../scripts/lib/free-ports.js';

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

const RANGE = '/proc/sys/net/ipv4/ip_local_port_range';

describe('freePorts', () => {
  it('when several ports are asked for at once, then they are distinct and each can be listened on at the same time', async () => {
    for (let round = 0; round < 20; round++) {
      const ports = await freePorts(4);
      expect(ports).toHaveLength(4);
      expect(new Set(ports).size).toBe(4);
      const servers = await Promise.all(ports.map(listen));
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it.skipIf(!existsSync(RANGE))(`when ports are asked for on Linux, then none is in the kernel's ephemeral range, which outgoing connections take theirs from (Linux only: the range is read from ${RANGE})`, async () => {
    const [low, high] = readFileSync(RANGE, 'utf8').trim().split(/\s+/).map(Number) as [number, number];
    const ports = await freePorts(4);
    for (const port of ports) expect(port < low || port > high, `${port} in ${low}-${high}`).toBe(true);
  });
});
