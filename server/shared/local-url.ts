/**
 * How a browser on this machine reaches a server listening on `host`: every interface
 * (`0.0.0.0`, `::`) is reached at the loopback address, and an IPv6 address is written in
 * brackets (`http://[::1]:8000`, where `http://::1:8000` is no URL at all).
 */
export function localBaseUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${urlHost(reachable)}:${port}`;
}

/** The address a server listens on, as a URL names it (an IPv6 address in brackets). */
export function listeningUrl(host: string, port: number): string {
  return `http://${urlHost(host)}:${port}`;
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);
