import { describe, expect, it } from 'vitest';
import { cleanDocument, createInsurance, INSURANCE_PATH, listMarkers, MARKERS_PATH } from './fixture.js';
import { lintWith } from './lint.js';

const RULE = 'hd-operation-must-declare-security';
const lint = lintWith(RULE);

describe(RULE, () => {
  it('when the operations inherit the root security, then nothing is reported', async () => {
    expect(await lint(cleanDocument())).toEqual([]);
  });

  it('when there is no root security and an operation declares none, then that operation is reported', async () => {
    const document = cleanDocument();
    delete document.security;
    createInsurance(document).security = [{ ApiKey: [] }];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', MARKERS_PATH, 'get'] }]);
  });

  it('when an operation overrides security with [], then its security is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).security = [];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'security'] }]);
  });

  it('when an operation makes authentication optional with {}, then its security is reported', async () => {
    const document = cleanDocument();
    createInsurance(document).security = [{ ApiKey: [] }, {}];
    expect(await lint(document)).toMatchObject([{ code: RULE, path: ['paths', INSURANCE_PATH, 'post', 'security'] }]);
  });

  it('when an operation without security is marked x-public: true, then nothing is reported', async () => {
    const document = cleanDocument();
    listMarkers(document).security = [];
    listMarkers(document)['x-public'] = true;
    expect(await lint(document)).toEqual([]);
  });
});
