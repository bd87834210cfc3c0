import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrg, findOrg } from '../../../server/storage/repositories/orgs.js';
import { engineCases, ISO_TIMESTAMP, useTestDatabase } from '../helpers.js';

describe.each(engineCases)('orgs repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('orgs', () => {
    const ctx = useTestDatabase(engine);

    it('when an org is created, then it is found by id as a plain record', async () => {
      const org = await createOrg(ctx.db, { name: 'Acme Health' });
      expect(org).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Acme Health', created_on: expect.stringMatching(ISO_TIMESTAMP) });
      expect(await findOrg(ctx.db, org.id)).toEqual(org);
    });

    it('when created with a given id, then that id is used', async () => {
      const id = randomUUID();
      expect((await createOrg(ctx.db, { id, name: 'Given' })).id).toBe(id);
    });

    it('when the id is unknown or malformed, then null', async () => {
      expect(await findOrg(ctx.db, randomUUID())).toBeNull();
      expect(await findOrg(ctx.db, 'not-a-uuid')).toBeNull();
    });
  });
});
