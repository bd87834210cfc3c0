import { createServer, type Server } from 'node:net';

/**
 * `count` distinct TCP ports that were free a moment ago on 127.0.0.1. Each is held by a
 * listener until all are chosen: ports asked for one after the other, each released at once,
 * can be the same port twice (the kernel may hand a just-released port out again), and a
 * server then fails to start because another of its ports took it.
 */
export async function freePorts<N extends number>(count: N): Promise<Ports<N>> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
    }
    return servers.map((server) => (server.address() as { port: number }).port) as Ports<N>;
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))));
  }
}

/** `N` numbers (a tuple, so that `const [a, b] = await freePorts(2)` are numbers). */
type Ports<N extends number, Found extends number[] = []> = Found['length'] extends N ? Found : Ports<N, [...Found, number]>;
