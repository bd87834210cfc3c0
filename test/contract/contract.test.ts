/**
 * The contract suite: every check of every operation definition
 * (scripts/conformance/operations/) and the routing checks, each its own test, against
 * the Prism mock and against the in-process reference server on each available storage
 * engine. A check runs through the conformance runner's own per-check function, so every
 * response it gets is also checked against the spec (documented status, JSON, body valid
 * against the schema). On the mock, exactly the checks with a `mockSkip` are skipped,
 * with the reason in the test's name; nothing is skipped on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks } from '../../mocks/index.js';
import { MOCK_SKIP_REASONS } from '../../scripts/conformance/operation.js';
import { ALL_CHECKS, type ConformanceSession, openConformanceSession } from '../../scripts/conformance/runner.js';
import type { TargetOptions } from '../../scripts/conformance/target.js';
import { startTestServer } from '../helpers/test-server.js';
import { engines, SETUP_TIMEOUT_MS } from '../storage/helpers.js';

const CHECK_TIMEOUT_MS = 60_000;

interface ContractTarget {
  name: string;
  kind: 'mock' | 'server';
  /** Starts the target: the options the session resolves it with, and how to stop it. */
  start(): Promise<{ options: TargetOptions; close(): Promise<void> }>;
}

const targets: ContractTarget[] = [
  {
    name: 'the Prism mock',
    kind: 'mock',
    async start() {
      const mocks = await startMocks({ teamPort: 0, managementPort: 0 });
      // The mock accepts any key value (these have the documented prefixes), and the runner takes the documents' example org id.
      return {
        options: { baseUrl: mocks.urls.team, apiKey: 'sk_us_contract_mock', managementUrl: mocks.urls.management, managementKey: 'mg_contract_mock', target: 'mock' },
        close: () => mocks.close(),
      };
    },
  },
  ...engines
    .filter((engine) => engine.available)
    .map(
      (engine): ContractTarget => ({
        name: `the reference server on ${engine.label}`,
        kind: 'server',
        async start() {
          const server = await startTestServer(engine, {}, { labSimulator: true });
          return {
            options: { baseUrl: server.teamUrl, apiKey: server.apiKey, managementUrl: server.managementUrl, managementKey: server.managementKey, orgId: server.orgId, target: 'server' },
            close: () => server.close(),
          };
        },
      }),
    ),
];

for (const target of targets) {
  describe(`contract: ${target.name}`, () => {
    let session: ConformanceSession;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const started = await target.start();
      close = started.close;
      session = await openConformanceSession({ ...started.options, checkTimeoutMs: CHECK_TIMEOUT_MS });
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await close?.();
    });

    for (const group of ALL_CHECKS) {
      describe(`${group.api} ${group.operationId}`, () => {
        for (const check of group.checks) {
          if (target.kind === 'mock' && check.mockSkip) {
            it.skip(`${check.name} (server only: ${check.mockSkip}: ${MOCK_SKIP_REASONS[check.mockSkip]})`, () => undefined);
            continue;
          }
          it(
            check.name,
            async () => {
              const result = await session.run(group, check);
              expect(result.outcome, result.reason).toBe('pass');
            },
            CHECK_TIMEOUT_MS + 5_000,
          );
        }
      });
    }

    it('when every check has run, then the users and webhook endpoints they made are deleted and their keys revoked', async () => {
      const cleanup = await session.cleanup();
      expect(cleanup.checks.map((check) => check.reason ?? check.outcome)).toEqual(['pass']);
    }, SETUP_TIMEOUT_MS);
  });
}
