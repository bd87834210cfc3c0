/**
 * Starts the mocks of both APIs from the bundled documents in generated/:
 *
 *   const mocks = await startMocks({ teamPort: 0, managementPort: 0 });
 *   mocks.urls.team        // http://127.0.0.1:53117
 *   await mocks.close();
 *
 * Port 0 picks a free port; `urls` reports the real one.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { APIS, artifactPaths, GENERATED_DIR } from '../scripts/lib/apis.js';
import { createMockServer, type MockServer } from './mock-server.js';

export type ApiName = (typeof APIS)[number]['name'];

export interface StartMocksOptions {
  /** Port of the team API mock (default 4010; 0 for any free port). */
  teamPort?: number;
  /** Port of the management API mock (default 4011; 0 for any free port). */
  managementPort?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Print Prism's logs and one line per request. */
  log?: boolean;
  /** Where logs go; defaults to stdout. */
  write?: (line: string) => void;
  /** Folder holding `<api>/openapi.json` (default generated/). */
  generatedDir?: string;
}

export interface RunningMocks {
  urls: Record<ApiName, string>;
  close(): Promise<void>;
}

export const DEFAULT_PORTS: Readonly<Record<ApiName, number>> = { team: 4010, management: 4011 };

export async function loadBundle(api: ApiName, generatedDir = GENERATED_DIR): Promise<object> {
  const file = artifactPaths(generatedDir, api).bundle;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as object;
  } catch (error) {
    throw new Error(`Cannot read the ${api} bundle at ${file}; run \`npm run build\` first. (${error instanceof Error ? error.message : String(error)})`);
  }
}

export async function startMocks(options: StartMocksOptions = {}): Promise<RunningMocks> {
  const host = options.host ?? '127.0.0.1';
  const ports: Record<ApiName, number> = {
    team: options.teamPort ?? DEFAULT_PORTS.team,
    management: options.managementPort ?? DEFAULT_PORTS.management,
  };
  const mocks = await Promise.all(
    APIS.map(async ({ name }) => {
      const document = await loadBundle(name, options.generatedDir);
      const mock = await createMockServer(document, { name, ...(options.log !== undefined && { log: options.log }), ...(options.write && { write: options.write }) });
      return { name, mock };
    }),
  );

  const listening: MockServer[] = [];
  const urls = {} as Record<ApiName, string>;
  try {
    for (const { name, mock } of mocks) {
      urls[name] = await listen(mock, ports[name], host);
      listening.push(mock);
    }
  } catch (error) {
    await Promise.all(listening.map(closeServer));
    throw error;
  }
  return { urls, close: () => Promise.all(listening.map(closeServer)).then(() => undefined) };
}

function listen({ server }: MockServer, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = server.address() as AddressInfo;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${actual}`);
    });
  });
}

function closeServer({ server }: MockServer): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
