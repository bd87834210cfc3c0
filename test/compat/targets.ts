/**
 * The deployments the compatibility suite runs the SDK against: the in-process reference
 * server on each engine this machine has, and the Prism mock of the bundled documents.
 */
import { afterAll, beforeAll } from 'vitest';
import { startMocks, type RunningMocks } from '../../mocks/index.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS, type Engine } from '../storage/helpers.js';

export interface Deployment {
  teamUrl: string;
  apiKey: string;
  /** The reference server, for what only it can show (stored state); null on the mock. */
  server: TestServer | null;
}

export interface Target {
  label: string;
  /** False on the mock: it stores nothing, accepts every well-formed id and answers static examples. */
  stateful: boolean;
  start(): Promise<Deployment & { close(): Promise<void> }>;
}

const serverTarget = (engine: Engine): Target => ({
  label: `the reference server on ${engine.label}`,
  stateful: true,
  async start() {
    // The simulator walks orders to their results, as `npm start` runs it.
    const server = await startTestServer(engine, {}, { labSimulator: true });
    return { teamUrl: server.teamUrl, apiKey: server.apiKey, server, close: () => server.close() };
  },
});

const mockTarget: Target = {
  label: 'the Prism mock',
  stateful: false,
  async start() {
    const mocks: RunningMocks = await startMocks({ teamPort: 0, managementPort: 0 });
    // The mock accepts any key value; this one has the shape of a sandbox key.
    return { teamUrl: mocks.urls.team, apiKey: 'sk_us_mock_compat_0123456789abcdef', server: null, close: () => mocks.close() };
  },
};

export const targets: [string, Target][] = [...engines.filter((engine) => engine.available).map(serverTarget), mockTarget].map((target) => [target.label, target]);

/** Starts the target for the enclosing describe block and stops it after. */
export function useTarget(target: Target): { readonly deployment: Deployment } {
  let running: (Deployment & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    running = await target.start();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await running?.close();
  }, SETUP_TIMEOUT_MS);
  return {
    get deployment() {
      if (!running) throw new Error(`${target.label} is not started yet`);
      return running;
    },
  };
}
