import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrg } from '../../../server/storage/repositories/orgs.js';
import {
  createTeam,
  findTeam,
  findTeamInOrg,
  listTeams,
  setLinkMigrationEnabled,
  type ListTeamsInput,
  type TeamRecord,
} from '../../../server/storage/repositories/teams.js';
import type { Region } from '../../../server/shared/values.js';
import type { Database } from '../../../server/storage/database.js';
import { engineCases, ISO_TIMESTAMP, SETUP_TIMEOUT_MS, useTestDatabase } from '../helpers.js';

async function listAll(db: Database, input: Omit<ListTeamsInput, 'after'>): Promise<{ teams: TeamRecord[]; pages: number }> {
  const teams: TeamRecord[] = [];
  let pages = 0;
  let after: ListTeamsInput['after'] = null;
  do {
    const page = await listTeams(db, { ...input, after });
    pages += 1;
    teams.push(...page.teams);
    after = page.next;
    expect(page.has_more).toBe(page.next !== null);
  } while (after);
  return { teams, pages };
}

describe.each(engineCases)('teams repository on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('teams', () => {
    const ctx = useTestDatabase(engine);

    it('when a team is created, then it is found by id and within its org only', async () => {
      const org = await createOrg(ctx.db, { name: 'o' });
      const other = await createOrg(ctx.db, { name: 'other' });
      const team = await createTeam(ctx.db, { org_id: org.id, name: 'Cardiology', region: 'eu' });
      expect(team).toEqual({
        id: expect.any(String),
        org_id: org.id,
        name: 'Cardiology',
        region: 'eu',
        created_on: expect.stringMatching(ISO_TIMESTAMP),
        link_migration_enabled: false,
      });
      expect(await findTeam(ctx.db, team.id)).toEqual(team);
      expect(await findTeamInOrg(ctx.db, { org_id: org.id, team_id: team.id })).toEqual(team);
      expect(await findTeamInOrg(ctx.db, { org_id: other.id, team_id: team.id })).toBeNull();
      expect(await findTeamInOrg(ctx.db, { org_id: org.id, team_id: 'x' })).toBeNull();
      expect(await findTeam(ctx.db, randomUUID())).toBeNull();
    });

    it('when the region is not us or eu, then the insert is rejected', async () => {
      const org = await createOrg(ctx.db, { name: 'o' });
      await expect(createTeam(ctx.db, { org_id: org.id, name: 't', region: 'apac' as Region })).rejects.toMatchObject({
        code: '23514',
      });
    });

    it('when link migration is switched on and off, then the team reflects it', async () => {
      const org = await createOrg(ctx.db, { name: 'o' });
      const team = await createTeam(ctx.db, { org_id: org.id, name: 't', region: 'us' });
      expect((await setLinkMigrationEnabled(ctx.db, { team_id: team.id, enabled: true }))?.link_migration_enabled).toBe(true);
      expect((await findTeam(ctx.db, team.id))?.link_migration_enabled).toBe(true);
      expect((await setLinkMigrationEnabled(ctx.db, { team_id: team.id, enabled: false }))?.link_migration_enabled).toBe(false);
      expect(await setLinkMigrationEnabled(ctx.db, { team_id: randomUUID(), enabled: true })).toBeNull();
    });

    it(
      'when an org has more teams than a page, then pages of 50 oldest first cover each team once',
      async () => {
        const org = await createOrg(ctx.db, { name: 'big' });
        const base = Date.parse('2026-01-01T00:00:00.000Z');
        const created: TeamRecord[] = [];
        for (let i = 0; i < 120; i += 1) {
          // Pairs share a created_on: the id breaks the tie.
          const created_on = new Date(base + Math.floor(i / 2) * 1000).toISOString();
          created.push(await createTeam(ctx.db, { org_id: org.id, name: `Team ${i}`, region: i % 3 === 0 ? 'eu' : 'us', created_on }));
        }
        await createTeam(ctx.db, { org_id: (await createOrg(ctx.db, { name: 'noise' })).id, name: 'Team 0', region: 'us' });

        const first = await listTeams(ctx.db, { org_id: org.id });
        expect(first.teams).toHaveLength(50);
        expect(first.has_more).toBe(true);
        expect(first.next).toEqual({ created_on: first.teams[49]!.created_on, id: first.teams[49]!.id });

        const { teams, pages } = await listAll(ctx.db, { org_id: org.id });
        expect(pages).toBe(3);
        const expected = [...created].sort((a, b) => a.created_on.localeCompare(b.created_on) || a.id.localeCompare(b.id));
        expect(teams.map((t) => t.id)).toEqual(expected.map((t) => t.id));

        const eu = await listAll(ctx.db, { org_id: org.id, regions: ['eu'] });
        expect(eu.teams).toHaveLength(40);
        expect(eu.teams.every((t) => t.region === 'eu')).toBe(true);
        expect((await listAll(ctx.db, { org_id: org.id, regions: ['us', 'eu'] })).teams).toHaveLength(120);
        expect((await listAll(ctx.db, { org_id: org.id, regions: [] })).teams).toHaveLength(120);

        const small = await listTeams(ctx.db, { org_id: org.id, limit: 120 });
        expect(small.has_more).toBe(false);
        expect(small.next).toBeNull();
      },
      SETUP_TIMEOUT_MS,
    );

    it('when teams are inserted between pages, then the next page neither repeats nor skips a team', async () => {
      const org = await createOrg(ctx.db, { name: 'paging' });
      const before: TeamRecord[] = [];
      for (let i = 0; i < 6; i += 1) {
        before.push(await createTeam(ctx.db, { org_id: org.id, name: `Before ${i}`, region: 'us', created_on: `2026-01-0${i + 1}T00:00:00.000Z` }));
      }
      const page1 = await listTeams(ctx.db, { org_id: org.id, limit: 3 });
      // New teams: one now (after everything), one back-dated before the cursor.
      const late = await createTeam(ctx.db, { org_id: org.id, name: 'Late', region: 'us' });
      await createTeam(ctx.db, { org_id: org.id, name: 'Backdated', region: 'us', created_on: '2025-12-31T00:00:00.000Z' });
      const page2 = await listTeams(ctx.db, { org_id: org.id, limit: 3, after: page1.next });
      const page3 = await listTeams(ctx.db, { org_id: org.id, limit: 3, after: page2.next });
      const seen = [...page1.teams, ...page2.teams, ...page3.teams].map((t) => t.name);
      expect(seen).toEqual([...before.map((t) => t.name), late.name]);
      expect(page3.has_more).toBe(false);
    });

    it('when searching, then the match is a case-insensitive substring, accents and wildcards included', async () => {
      const org = await createOrg(ctx.db, { name: 'search' });
      for (const name of ['Équipe Cardiologie', 'Research & Development', 'Team_1 (EU)', 'Team 100%', "O'Brien's team"]) {
        await createTeam(ctx.db, { org_id: org.id, name, region: 'eu' });
      }
      const names = async (search: string) => (await listAll(ctx.db, { org_id: org.id, search })).teams.map((t) => t.name).sort();
      expect(await names('équipe')).toEqual(['Équipe Cardiologie']);
      expect(await names('CARDIO')).toEqual(['Équipe Cardiologie']);
      expect(await names('team_')).toEqual(['Team_1 (EU)']);
      expect(await names('%')).toEqual(['Team 100%']);
      expect(await names("o'brien")).toEqual(["O'Brien's team"]);
      expect(await names('& dev')).toEqual(['Research & Development']);
      expect(await names('nothing like it')).toEqual([]);
      expect(await names('')).toHaveLength(5);
      expect((await listTeams(ctx.db, { org_id: org.id, search: 'team', regions: ['us'] })).teams).toEqual([]);
    });

    it('when the org id or cursor id is malformed, then the page is empty', async () => {
      expect(await listTeams(ctx.db, { org_id: 'nope' })).toEqual({ teams: [], has_more: false, next: null });
      const org = await createOrg(ctx.db, { name: 'o' });
      expect((await listTeams(ctx.db, { org_id: org.id, after: { created_on: '2026-01-01T00:00:00.000Z', id: 'x' } })).teams).toEqual([]);
    });
  });
});
