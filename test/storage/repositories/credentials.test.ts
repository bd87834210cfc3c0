import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createManagementKey,
  createTeamApiKey,
  findActiveManagementKeyByHash,
  findActiveTeamApiKeyByHash,
  listTeamApiKeys,
  revokeTeamApiKey,
} from '../../../server/storage/repositories/credentials.js';
import { engineCases, ISO_TIMESTAMP, seedTeam, useTestDatabase } from '../helpers.js';
import { isUniqueViolation, revokeManagementKey } from '../stored-state.js';

const hash = () => `sha256:${randomUUID()}`;

describe.each(engineCases)('credentials repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('management and team keys', () => {
    const ctx = useTestDatabase(engine);

    it('when a management key is created, then its hash finds the org until it is revoked', async () => {
      const { org } = await seedTeam(ctx.db);
      const keyHash = hash();
      const key = await createManagementKey(ctx.db, { org_id: org.id, key_hash: keyHash });
      expect(key).toEqual({ id: expect.any(String), org_id: org.id, created_on: expect.stringMatching(ISO_TIMESTAMP), revoked_on: null });
      expect(await findActiveManagementKeyByHash(ctx.db, keyHash)).toEqual({ key_id: key.id, org_id: org.id });

      const revoked = await revokeManagementKey(ctx.db, { id: key.id, org_id: org.id });
      expect(revoked?.revoked_on).toMatch(ISO_TIMESTAMP);
      expect(await findActiveManagementKeyByHash(ctx.db, keyHash)).toBeNull();
      expect(await revokeManagementKey(ctx.db, { id: key.id })).toBeNull();
    });

    it('when revoking a management key through another org, then nothing happens', async () => {
      const a = await seedTeam(ctx.db);
      const b = await seedTeam(ctx.db);
      const key = await createManagementKey(ctx.db, { org_id: a.org.id, key_hash: hash() });
      expect(await revokeManagementKey(ctx.db, { id: key.id, org_id: b.org.id })).toBeNull();
      expect(await revokeManagementKey(ctx.db, { id: 'nope' })).toBeNull();
    });

    it('when a team key is created, then its hash finds team, org and region until revoked', async () => {
      const { org, team } = await seedTeam(ctx.db, { region: 'eu' });
      const keyHash = hash();
      const key = await createTeamApiKey(ctx.db, { team_id: team.id, key_hash: keyHash, label: 'backend' });
      expect(key).toEqual({
        id: expect.any(String),
        team_id: team.id,
        label: 'backend',
        created_on: expect.stringMatching(ISO_TIMESTAMP),
        revoked_on: null,
      });
      expect(await findActiveTeamApiKeyByHash(ctx.db, keyHash)).toEqual({
        key_id: key.id,
        team_id: team.id,
        org_id: org.id,
        region: 'eu',
      });
      expect(await revokeTeamApiKey(ctx.db, { id: key.id, team_id: randomUUID() })).toBeNull();
      expect((await revokeTeamApiKey(ctx.db, { id: key.id, team_id: team.id }))?.revoked_on).toMatch(ISO_TIMESTAMP);
      expect(await findActiveTeamApiKeyByHash(ctx.db, keyHash)).toBeNull();
    });

    it('when listing team keys, then all of the team are returned oldest first, labels may be null', async () => {
      const { team } = await seedTeam(ctx.db);
      const first = await createTeamApiKey(ctx.db, { team_id: team.id, key_hash: hash() });
      const second = await createTeamApiKey(ctx.db, { team_id: team.id, key_hash: hash(), label: 'second' });
      const keys = await listTeamApiKeys(ctx.db, team.id);
      expect(keys.map((k) => k.id).sort()).toEqual([first.id, second.id].sort());
      expect(keys.find((k) => k.id === first.id)?.label).toBeNull();
      expect(await listTeamApiKeys(ctx.db, 'bad')).toEqual([]);
    });

    it('when an unknown hash is presented, then null; a management hash is not a team key', async () => {
      const { org } = await seedTeam(ctx.db);
      const keyHash = hash();
      await createManagementKey(ctx.db, { org_id: org.id, key_hash: keyHash });
      expect(await findActiveTeamApiKeyByHash(ctx.db, keyHash)).toBeNull();
      expect(await findActiveManagementKeyByHash(ctx.db, hash())).toBeNull();
    });

    it('when two keys would share a hash, then the insert fails with a unique violation', async () => {
      const { team } = await seedTeam(ctx.db);
      const keyHash = hash();
      await createTeamApiKey(ctx.db, { team_id: team.id, key_hash: keyHash });
      const error = await createTeamApiKey(ctx.db, { team_id: team.id, key_hash: keyHash }).catch((e: unknown) => e);
      expect(isUniqueViolation(error, 'team_api_keys_key_hash_key')).toBe(true);
    });
  });
});
