import { describe, expect, it } from 'vitest';
import { staleGeneratedFiles } from '../../scripts/lib/freshness.js';

describe('generated/', () => {
  it('when the build is run again, then it writes exactly the committed files (bundles, types, docs)', async () => {
    expect(await staleGeneratedFiles()).toEqual([]);
  });
});
