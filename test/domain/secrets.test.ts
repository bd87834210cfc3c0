import { describe, expect, it } from 'vitest';
import { hashSecret, newManagementKey, newTeamApiKey, secretMatches } from '../../server/domain/credentials/secrets.js';

describe('secrets', () => {
  it('when a key is hashed, then only its hash matches it', () => {
    const key = newTeamApiKey('us');
    const hash = hashSecret(key);
    expect(hash).not.toContain(key);
    expect(secretMatches(key, hash)).toBe(true);
    expect(secretMatches(`${key}x`, hash)).toBe(false);
    expect(secretMatches(key, 'abcd')).toBe(false);
  });
  it('when keys are made, then they carry their kind and region prefix and are unique', () => {
    expect(newTeamApiKey('eu')).toMatch(/^sk_eu_[A-Za-z0-9_-]{32}$/);
    expect(newManagementKey()).toMatch(/^mg_[A-Za-z0-9_-]{40}$/);
    expect(newTeamApiKey('us')).not.toBe(newTeamApiKey('us'));
  });
});
