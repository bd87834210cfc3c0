/** The contract suite against the mocks of both APIs (reads the bundles in generated/; run the build first). */
import { startMocks } from '../../mocks/index.js';
import { defineContractSuite } from './suite.js';

defineContractSuite({
  name: 'Prism mock',
  kind: 'mock',
  async setup() {
    const mocks = await startMocks({ teamPort: 0, managementPort: 0 });
    return {
      teamBaseUrl: mocks.urls.team,
      managementBaseUrl: mocks.urls.management,
      // The mock accepts any key value; these only have the documented prefixes.
      apiKey: 'sk_us_contract_mock',
      managementKey: 'mg_contract_mock',
      orgId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      close: () => mocks.close(),
    };
  },
});
