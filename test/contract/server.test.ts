/** The contract suite against the reference server, on each available storage engine. */
import { engines } from '../storage/helpers.js';
import { startTestServer } from '../helpers/test-server.js';
import { defineContractSuite } from './suite.js';

for (const engine of engines.filter((e) => e.available)) {
  defineContractSuite({
    name: `reference server on ${engine.label}`,
    kind: 'server',
    async setup() {
      const server = await startTestServer(engine);
      return {
        teamBaseUrl: server.teamUrl,
        managementBaseUrl: server.managementUrl,
        apiKey: server.apiKey,
        managementKey: server.managementKey,
        orgId: server.orgId,
        close: () => server.close(),
      };
    },
  });
}
