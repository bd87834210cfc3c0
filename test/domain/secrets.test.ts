import { describe, expect, it } from 'vitest';
import { hashSecret, newManagementKey, newTeamApiKey } from '../../server/domain/credentials/secrets.js';

describe('secrets', () => {
  it('when a key is hashed, then the same key always gives the same SHA-256 hash and any other key another one', () => {
    const key = newTeamApiKey('us');
    const hash = hashSecret(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key);
    expect(hashSecret(key)).toBe(hash);
    expect(hashSecret(`${key}x`)).not.toBe(hash);
  });
  it('when keys are made, then they carry their kind and region prefix and are unique', () => {
    expect(newTeamApiKey('eu')).toMatch(/^sk_eu_[A-Za-z0-9_-]{32}$/);
    expect(newManagementKey()).toMatch(/^mg_[A-Za-z0-9_-]{40}$/);
    expect(newTeamApiKey('us')).not.toBe(newTeamApiKey('us'));
  });
});
