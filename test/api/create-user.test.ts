import { describe, expect, it } from 'vitest';
import { findUserByClientUserId } from '../../server/storage/repositories/users.js';
import { ISO_TIMESTAMP } from '../storage/helpers.js';
import { apiEngines, expectDetail, expectOnlyViolations, expectStatus, expectValidation, uniqueName, useApiApp, type TeamSchemas } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(apiEngines)('createUser (POST /v2/user) on %s', (_label, engine) => {
  const ctx = useApiApp(engine);
  const post = (body: unknown, key?: string) => ctx.team(key).post('/v2/user').send(body as object);

  it('when only a client user id is sent, then it answers the new user of the team, stored and readable', async () => {
    const clientUserId = uniqueName('patient');
    const created = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId }), 200);
    expect(created).toEqual({
      user_id: expect.stringMatching(UUID),
      team_id: ctx.server.teamId,
      client_user_id: clientUserId,
      created_on: expect.stringMatching(ISO_TIMESTAMP),
      connected_sources: [],
      fallback_time_zone: null,
      fallback_birth_date: null,
      ingestion_start: null,
      ingestion_end: null,
    });
    expect(await ctx.readUser(created.user_id)).toEqual(created);
    const stored = await findUserByClientUserId(ctx.server.db, { team_id: ctx.server.teamId, client_user_id: clientUserId });
    expect(stored?.user_id).toBe(created.user_id);
  });

  it('when fallbacks and ingestion bounds are sent, then the fallbacks are objects with source_slug manual and everything is stored', async () => {
    const body = {
      client_user_id: uniqueName('patient'),
      fallback_time_zone: 'Europe/London',
      fallback_birth_date: '1986-04-21',
      ingestion_start: '2026-01-01',
      ingestion_end: '2026-06-30',
    };
    const created = expectStatus<TeamSchemas['ClientFacingUser']>(await post(body), 200);
    expect(created).toMatchObject({
      fallback_time_zone: { id: 'Europe/London', source_slug: 'manual', updated_at: expect.stringMatching(ISO_TIMESTAMP) },
      fallback_birth_date: { value: '1986-04-21', source_slug: 'manual', updated_at: expect.stringMatching(ISO_TIMESTAMP) },
      ingestion_start: '2026-01-01',
      ingestion_end: '2026-06-30',
    });
    expect(Object.keys(created.fallback_time_zone ?? {}).sort()).toEqual(['id', 'source_slug', 'updated_at']);
    expect(Object.keys(created.fallback_birth_date ?? {}).sort()).toEqual(['source_slug', 'updated_at', 'value']);
    expect(await ctx.readUser(created.user_id)).toEqual(created);
  });

  it('when the ingestion bounds are the same day, then they are accepted', async () => {
    const created = expectStatus<TeamSchemas['ClientFacingUser']>(
      await post({ client_user_id: uniqueName('patient'), ingestion_start: '2026-03-01', ingestion_end: '2026-03-01' }),
      200,
    );
    expect([created.ingestion_start, created.ingestion_end]).toEqual(['2026-03-01', '2026-03-01']);
  });

  it('when the fallbacks are sent as null, then the user has none', async () => {
    const created = expectStatus<TeamSchemas['ClientFacingUser']>(
      await post({ client_user_id: uniqueName('patient'), fallback_time_zone: null, fallback_birth_date: null, ingestion_start: null, ingestion_end: null }),
      200,
    );
    expect(created).toMatchObject({ fallback_time_zone: null, fallback_birth_date: null, ingestion_start: null, ingestion_end: null });
  });

  it('when the client user id is already used in the team, then 400 naming it and no second user is made', async () => {
    const clientUserId = uniqueName('patient');
    const first = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId }), 200);
    const detail = expectDetail(await post({ client_user_id: clientUserId, fallback_time_zone: 'UTC' }), 400);
    expect(detail).toContain(clientUserId);
    const resolved = expectStatus<TeamSchemas['ClientFacingUser']>(
      await ctx.team().get(`/v2/user/resolve/${encodeURIComponent(clientUserId)}`),
      200,
    );
    expect(resolved).toEqual(first);
  });

  it('when another team uses the same client user id, then both teams have their own user', async () => {
    const other = await ctx.otherTeam();
    const clientUserId = uniqueName('shared');
    const mine = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId }), 200);
    const theirs = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId }, other.apiKey), 200);
    expect(theirs.user_id).not.toBe(mine.user_id);
    expect(theirs.team_id).toBe(other.team.id);
    expect(mine.team_id).toBe(ctx.server.teamId);
  });

  it('when the client user id differs only in case, then it is another user', async () => {
    const clientUserId = uniqueName('Case');
    const upper = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId.toUpperCase() }), 200);
    const lower = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId.toLowerCase() }), 200);
    expect(upper.user_id).not.toBe(lower.user_id);
  });

  it.each([
    ['an e-mail address', 'jane.doe@example.com'],
    ['an e-mail address inside other text', 'user:jane@example.org'],
    ['a phone number in E.164', '+14155550123'],
    ['a phone number with punctuation', '(415) 555-0123'],
    ['a phone number of digits only', '4155550123'],
  ])('when the client user id is %s, then 422 on ["body", "client_user_id"] and no user is made', async (_what, clientUserId) => {
    expectOnlyViolations(await post({ client_user_id: clientUserId }), [['body', 'client_user_id']]);
    expectValidation(await post({ client_user_id: clientUserId }), [
      { loc: ['body', 'client_user_id'], type: 'value_error', msg: /personal data/ },
    ]);
    expect(await findUserByClientUserId(ctx.server.db, { team_id: ctx.server.teamId, client_user_id: clientUserId })).toBeNull();
  });

  it.each([
    ['a short number', 'patient-123456'],
    ['a UUID', '3f1c2b4a-0d9e-4c1b-8a7f-6e5d4c3b2a10'],
    ['an at sign without a domain', 'team@home'],
  ])('when the client user id is %s, then it is accepted', async (_what, base) => {
    const clientUserId = `${base}-${uniqueName('x')}`.slice(0, 255);
    expectStatus(await post({ client_user_id: clientUserId }), 200);
  });

  it('when the time zone is not an IANA zone, then 422 on ["body", "fallback_time_zone"]', async () => {
    expectValidation(await post({ client_user_id: uniqueName('patient'), fallback_time_zone: 'Mars/Olympus_Mons' }), [
      { loc: ['body', 'fallback_time_zone'], type: 'value_error', msg: /Mars\/Olympus_Mons/ },
    ]);
  });

  it('when the time zone is a known alias such as UTC, then it is accepted as sent', async () => {
    const created = expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: uniqueName('patient'), fallback_time_zone: 'UTC' }), 200);
    expect(created.fallback_time_zone?.id).toBe('UTC');
  });

  it('when ingestion_start is after ingestion_end, then 422 on ["body", "ingestion_start"]', async () => {
    expectOnlyViolations(await post({ client_user_id: uniqueName('patient'), ingestion_start: '2026-02-01', ingestion_end: '2026-01-31' }), [
      ['body', 'ingestion_start'],
    ]);
  });

  it('when several rules are broken at once, then the 422 lists each of them', async () => {
    expectOnlyViolations(await post({ client_user_id: 'jane@example.com', fallback_time_zone: 'Nowhere/City', ingestion_start: '2026-02-01', ingestion_end: '2026-01-01' }), [
      ['body', 'client_user_id'],
      ['body', 'fallback_time_zone'],
      ['body', 'ingestion_start'],
    ]);
  });

  it('when a date is not a calendar date, then 422 with type format', async () => {
    expectValidation(await post({ client_user_id: uniqueName('patient'), fallback_birth_date: '1986-02-30', ingestion_end: '2026-13-01' }), [
      { loc: ['body', 'fallback_birth_date'], type: 'format' },
      { loc: ['body', 'ingestion_end'], type: 'format' },
    ]);
  });

  it('when the client user id is empty or longer than 255 characters, then 422 on it', async () => {
    expectValidation(await post({ client_user_id: '' }), [{ loc: ['body', 'client_user_id'], type: 'too_short' }]);
    expectValidation(await post({ client_user_id: 'x'.repeat(256) }), [{ loc: ['body', 'client_user_id'], type: 'too_long' }]);
  });

  it('when the client user id is 255 characters, then it is accepted', async () => {
    const clientUserId = `${uniqueName('p')}${'x'.repeat(255)}`.slice(0, 255);
    expect(expectStatus<TeamSchemas['ClientFacingUser']>(await post({ client_user_id: clientUserId }), 200).client_user_id).toBe(clientUserId);
  });

  it('when the client user id is not a string, then 422 with type type_error', async () => {
    expectValidation(await post({ client_user_id: 12345 }), [{ loc: ['body', 'client_user_id'], type: 'type_error' }]);
  });
});
