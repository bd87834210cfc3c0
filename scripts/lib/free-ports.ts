import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * `count` distinct TCP ports that were free a moment ago on 127.0.0.1, for a server started
 * afterwards (often a child process, seconds later).
 *
 * They are taken below the kernel's ephemeral range (`ip_local_port_range`, 32768 to 60999 on
 * Linux), where the kernel never hands a port out by itself. A port of that range, free when
 * chosen, can be taken before the server binds it by anything on the machine that connects out
 * (each outgoing connection takes one as its local port) or listens on port 0: a suite whose
 * tests open many connections at once made an `npm start` fail with "Port ... is already in
 * use" that way. Each port is held by a listener until all are chosen: ports checked one after
 * the other, each released at once, could be the same port twice.
 *
 * Where the range cannot be read (not Linux), or no port below it is free after some tries,
 * the kernel chooses (port 0), as before.
 */
export async function freePorts<N extends number>(count: N): Promise<Ports<N>> {
  const servers: Server[] = [];
  const below = ephemeralRangeStart();
  try {
    for (let i = 0; i < count; i++) servers.push(await listenBelow(below));
    return servers.map((server) => (server.address() as { port: number }).port) as Ports<N>;
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))));
  }
}

/** One such port (freePorts(1)). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

/** The lowest port the kernel may choose by itself on Linux, or null where that is not known. */
function ephemeralRangeStart(): number | null {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + 1_000 ? low : null;
  } catch {
    return null;
  }
}

/** The ports chosen here start above the well-known and most registered services' ports. */
const LOWEST = 10_000;
const TRIES = 50;

async function listenBelow(below: number | null): Promise<Server> {
  if (below !== null) {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
      const server = await listen(port).catch(() => null);
      if (server) return server;
    }
  }
  return listen(0);
}

function listen(port: number): Promise<Server> {
  const server = createServer();
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** `N` numbers (a tuple, so that `const [a, b] = await freePorts(2)` are numbers). */
type Ports<N extends number, Found extends number[] = []> = Found['length'] extends N ? Found : Ports<N, [...Found, number]>;
