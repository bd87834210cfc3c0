import { describe, expect, it } from 'vitest';
import { cleanDocument, listMarkers, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-header-names-must-be-kebab-case';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when the API key header is x-vital-api-key, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when a header is capitalised like X-Management-Key, then nothing is reported', async () => {
    const document = cleanDocument();
    document.components.securitySchemes.ApiKey.name = 'X-Management-Key';
    expect(await lint(document)).toEqual([]);
  });

  it('when the API key header has underscores, then the security scheme name is reported', async () => {
    const document = cleanDocument();
    document.components.securitySchemes.ApiKey.name = 'x_vital_api_key';
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['components', 'securitySchemes', 'ApiKey', 'name'] }]);
  });

  it('when a header parameter has underscores, then its name is reported', async () => {
    const document = cleanDocument();
    listMarkers(document).parameters.push({ name: 'x_vital_link_token', in: 'header', description: 'Link token.', schema: { type: 'string' } });
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get', 'parameters', '1', 'name'] }]);
  });
});
