/**
 * What the definitions of the data reads (/v2/summary/*, /v2/timeseries/*) share: a request
 * by path template, users whose local day is nearly over (so today's data is there to read),
 * and the checks every ranged read has alike.
 */
import type { TeamClient, TeamSchemas } from '../../../server/client/index.js';
import { check, show, type Outcome } from '../assertions.js';
import { always, must, notOnMock, uniqueValue, type CheckDefinition, type OperationDefinition, type SeededTeam } from '../operation.js';
import { errorChecks, teamKeyChecks } from '../shared-checks.js';
import { NOT_A_UUID, UNKNOWN_ID } from '../values.js';
import { firstUser } from '../world.js';
import { refreshUser } from '../requests.js';

type Params = { path: Record<string, string>; query?: Record<string, string> };

/** A GET of the team API by path template (the data reads share their checks across paths). */
export const read = (client: TeamClient, template: string, params: Params): Promise<Outcome> =>
  (client.GET as unknown as (path: string, init: { params: Params }) => Promise<Outcome>)(template, { params });

/** The `Etc/GMT` zone whose local time is now about 20:00: most of its local day has happened. */
export function eveningZone(now = new Date()): { timeZone: string; today: string } {
  let offset = 20 - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT signs are inverted: Etc/GMT-6 is UTC+6.
  const timeZone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  const today = new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10);
  return { timeZone, today };
}

/**
 * A new user of `client`'s team living in the evening zone, connected to `provider` now and
 * synced (the connection's day is readable from its first sync, which announces it).
 */
export async function eveningUser(client: TeamClient, label: string, provider: TeamSchemas['ProviderSlug']) {
  const { timeZone, today } = eveningZone();
  const user = must('createUser', await client.POST('/v2/user', { body: { client_user_id: uniqueValue(label), fallback_time_zone: timeZone } }));
  must('connectDemoProvider', await client.POST('/v2/link/connect/demo', { body: { user_id: user.user_id, provider } }));
  must('refreshUser', await refreshUser(client, user.user_id));
  return { user_id: user.user_id, today };
}

const recordIds = new WeakMap<object, Map<string, string>>();

/**
 * The id of a workout (or sleep) of a new evening user of the team, read back through the
 * summaries: today's records are readable once they ended. Not every day has a workout, so it
 * tries a few users; the id is remembered per team.
 */
export async function readableRecordId(team: SeededTeam, kind: 'workouts' | 'sleep'): Promise<string> {
  const known = recordIds.get(team) ?? new Map<string, string>();
  recordIds.set(team, known);
  const hit = known.get(kind);
  if (hit) return hit;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const { user_id, today } = await eveningUser(team.team, team.label, kind === 'workouts' ? 'strava' : 'fitbit');
    const outcome = await read(team.team, `/v2/summary/${kind}/{user_id}`, { path: { user_id }, query: { start_date: today, end_date: today } });
    const list = (outcome.data as Record<string, { id: string }[]> | undefined)?.[kind] ?? [];
    if (list[0]) {
      known.set(kind, list[0].id);
      return list[0].id;
    }
  }
  throw new Error(`no readable ${kind} among 12 new users of team ${team.label}`);
}

const { pathNotAUuid, notFound } = errorChecks('team');
const { missingKey, unknownKey, otherTeamsUser, linkTokenAlone } = teamKeyChecks;

/** The key, user and input checks every read by user_id with a range has. */
export function rangedReadChecks(operationId: string, template: string): CheckDefinition[] {
  const send = (client: TeamClient, user_id: string, query: Record<string, string> = { start_date: '2026-11-21' }) => read(client, template, { path: { user_id }, query });
  return [
    always('422 naming ["query", "start_date"] when it is missing', async (t) => {
      t.expect.validation('team', operationId, await read(t.team, template, { path: { user_id: (await t.fixtures.user()).user_id }, query: {} }), [{ loc: ['query', 'start_date'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["query", "start_date"] when it is no date', async (t) => {
      t.expect.validation('team', operationId, await send(t.team, (await t.fixtures.user()).user_id, { start_date: 'yesterday' }), [{ loc: ['query', 'start_date'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["query", "end_date"] when it is before start_date', async (t) => {
      t.expect.validation('team', operationId, await send(t.team, (await t.fixtures.user()).user_id, { start_date: '2026-11-21', end_date: '2026-11-20' }), [{ loc: ['query', 'end_date'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["query", "end_date"] when the range is over the maximum', async (t) => {
      t.expect.validation('team', operationId, await send(t.team, (await t.fixtures.user()).user_id, { start_date: '2020-01-01', end_date: '2026-01-01' }), [{ loc: ['query', 'end_date'] }]);
    }),
    notOnMock('domain-rules', '422 naming ["query", "provider"] for a slug the catalog does not have', async (t) => {
      t.expect.validation('team', operationId, await send(t.team, (await t.fixtures.user()).user_id, { start_date: '2026-11-21', provider: 'no_such_provider' }), [{ loc: ['query', 'provider'] }]);
    }),
    pathNotAUuid(operationId, 'user_id', (t) => send(t.team, NOT_A_UUID)),
    missingKey(operationId, (t) => send(t.teamWithoutKey, UNKNOWN_ID)),
    unknownKey(operationId, (_t, client) => send(client, UNKNOWN_ID)),
    linkTokenAlone(operationId, async (t, client) => send(client, (await t.fixtures.user()).user_id)),
    notFound(operationId, '404 for an unknown user_id', (t) => send(t.team, UNKNOWN_ID)),
    otherTeamsUser(operationId, "404 for a user of another team (with that team's key)", (other, { user_id }) => send(other, user_id)),
  ];
}

/** A day ago in UTC: the seeded users' windows start at their connection, so this range holds today. */
const since = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** The definition of a summary read (list or raw variant) answering `{<key>: [...]}`. */
export function summaryDefinition(input: {
  operationId: string;
  template: string;
  key: string;
  /** The provider whose evening user has today's records of this kind. */
  provider: TeamSchemas['ProviderSlug'];
  raw?: boolean;
  /** False for records not every day has (workouts, body): then an empty day is no failure. */
  daily?: boolean;
}): OperationDefinition {
  const { operationId, template, key, provider } = input;
  return {
    api: 'team',
    operationId,
    auth: { scope: 'user' },
    validRequest: async ({ a }) => ({ method: 'GET', path: template.replace('{user_id}', firstUser(a).user_id), query: { start_date: since() } }),
    checks: [
      always(`reads the ${key} of a range: on a mock the first example, on a server a list`, async (t) => {
        const { user_id } = await t.fixtures.user();
        const body = t.expect.successOrFirstExample<Record<string, unknown[]>>('team', operationId, await read(t.team, template, { path: { user_id }, query: { start_date: since() } }));
        check(Array.isArray(body[key]), `${key} is not a list: ${show(body)}`);
      }),
      notOnMock('state', `a user connected to ${provider} late in its local day reads today's ${key}, all of that user and provider`, async (t) => {
        const { user_id, today } = await eveningUser(t.team, t.runId, provider);
        const body = t.expect.success<Record<string, { user_id: string; source: { provider?: string; slug?: string } }[]>>(
          'team',
          operationId,
          await read(t.team, template, { path: { user_id }, query: { start_date: today, end_date: today } }),
        );
        const list = body[key] ?? [];
        if (input.daily !== false) check(list.length > 0, `no ${key} for today (${today}) of a user connected to ${provider}`);
        for (const item of list) {
          check(item.user_id === user_id, `${key} of another user: ${show(item)}`);
          const slug = input.raw ? item.source.slug : item.source.provider;
          check(slug === provider, `${key} of another provider: ${show(item.source)}`);
        }
        await t.team.DELETE('/v2/user/{user_id}', { params: { path: { user_id } } });
      }),
      notOnMock('state', `a user without a connection reads an empty ${key} list`, async (t) => {
        const { user_id } = await t.fixtures.user();
        const body = t.expect.success<Record<string, unknown[]>>('team', operationId, await read(t.team, template, { path: { user_id }, query: { start_date: since() } }));
        check(body[key]?.length === 0, `${key} is not empty: ${show(body)}`);
      }),
      ...rangedReadChecks(operationId, template),
    ],
  };
}

/** The definition of a deprecated cholesterol fraction read (`/v2/timeseries/{user_id}/cholesterol/<fraction>`), a list of lab samples. */
export function cholesterolFractionDefinition(operationId: string, fraction: 'total' | 'ldl' | 'hdl' | 'triglycerides'): OperationDefinition {
  const template = `/v2/timeseries/{user_id}/cholesterol/${fraction}`;
  return {
    api: 'team',
    operationId,
    auth: { scope: 'user' },
    validRequest: async ({ a }) => ({ method: 'GET', path: template.replace('{user_id}', firstUser(a).user_id), query: { start_date: since() } }),
    checks: [
      always(`reads the ${fraction} samples: on a mock the first example, on a server a list of that type only`, async (t) => {
        const { user_id } = await t.fixtures.user();
        const samples = t.expect.successOrFirstExample<{ type?: string | null }[]>('team', operationId, await read(t.team, template, { path: { user_id }, query: { start_date: since() } }));
        check(Array.isArray(samples), `not a list: ${show(samples)}`);
        for (const sample of samples) check(sample.type === fraction, `a sample of another type: ${show(sample)}`);
      }),
      ...rangedReadChecks(operationId, template),
    ],
  };
}
