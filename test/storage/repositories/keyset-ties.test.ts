/**
 * Every cursor-paged list orders on (timestamp, id) and continues strictly after the
 * (timestamp, id) of the last row of a page. Rows created in the same millisecond
 * (timestamps are timestamptz(3)) are ordered by id among themselves, in the list's
 * direction, and a page boundary that falls among them neither repeats nor skips one.
 * Here most rows of each list share one instant, and every page size is tried.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/storage/database.js';
import { listBulkOps, type BulkOpCursor } from '../../../server/storage/repositories/bulk-ops.js';
import { emitEvent } from '../../../server/storage/repositories/events.js';
import { createOrg } from '../../../server/storage/repositories/orgs.js';
import { createTeam, listTeams, type TeamCursor } from '../../../server/storage/repositories/teams.js';
import { createWebhookEndpoint, listWebhookDeliveries, type WebhookDeliveryCursor } from '../../../server/storage/repositories/webhooks.js';
import { insertBulkOp } from '../bulk-fixtures.js';
import { engineCases, seedTeam, SETUP_TIMEOUT_MS, useTestDatabase } from '../helpers.js';

const BEFORE = '2026-11-01T08:59:59.000Z';
const INSTANT = '2026-11-01T09:00:00.000Z';
const AFTER = '2026-11-01T09:00:01.000Z';
/** One row before the shared instant, six in it, one after. */
const TIMES = [BEFORE, ...Array<string>(6).fill(INSTANT), AFTER];

interface Positioned {
  id: string;
  at: string;
}

/** The documented order: by time, then by id (lowercase uuid text sorts as PostgreSQL's uuid order). */
const ascending = (a: Positioned, b: Positioned) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1);
const descending = (a: Positioned, b: Positioned) => -ascending(a, b);

/** Follows `next` from the first page to the last; the ids in the order listed and the page sizes seen. */
async function pageThrough(page: (after: unknown) => Promise<{ ids: string[]; has_more: boolean; next: unknown }>) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let after: unknown = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const current = await page(after);
    ids.push(...current.ids);
    sizes.push(current.ids.length);
    if (!current.has_more) return { ids, sizes };
    after = current.next;
  }
  throw new Error('paging did not end');
}

/** Pages of `size` rows until the last, which holds the rest. */
const fullPages = (total: number, size: number) => [...Array<number>(Math.ceil(total / size) - 1).fill(size), total - size * (Math.ceil(total / size) - 1)];

/** One cursor-paged list: rows at the given times, and one page of it after a position. */
interface PagedList {
  name: string;
  order: 'oldest first and by id ascending' | 'newest first and by id descending';
  /** Creates one row per time, all in a fresh scope; returns that scope's page function and the rows' (id, time). */
  seed(db: Database, times: readonly string[]): Promise<{ rows: Positioned[]; page: (after: unknown, limit: number) => Promise<{ ids: string[]; has_more: boolean; next: unknown }> }>;
}

const LISTS: PagedList[] = [
  {
    name: 'teams of an org (created_on)',
    order: 'oldest first and by id ascending',
    async seed(db, times) {
      const org = await createOrg(db, { name: `Ties ${randomUUID().slice(0, 8)}` });
      const rows: Positioned[] = [];
      for (const [i, at] of times.entries()) {
        const team = await createTeam(db, { org_id: org.id, name: `Tied ${i}`, region: 'us', created_on: at });
        rows.push({ id: team.id, at: team.created_on });
      }
      return {
        rows,
        page: async (after, limit) => {
          const page = await listTeams(db, { org_id: org.id, after: after as TeamCursor | null, limit });
          return { ids: page.teams.map((team) => team.id), has_more: page.has_more, next: page.next };
        },
      };
    },
  },
  {
    name: 'bulk operations of a team (started_at)',
    order: 'newest first and by id descending',
    async seed(db, times) {
      const { team } = await seedTeam(db);
      const rows: Positioned[] = [];
      for (const at of times) {
        const op = await insertBulkOp(db, { team_id: team.id, type: 'link_bulk_historical_trigger', provider: 'oura', user_ids: [], not_connected: 0, started_at: at });
        rows.push({ id: op.id, at: op.started_at });
      }
      return {
        rows,
        page: async (after, limit) => {
          const page = await listBulkOps(db, { team_id: team.id, after: after as BulkOpCursor | null, limit });
          return { ids: page.ops.map((op) => op.id), has_more: page.has_more, next: page.next };
        },
      };
    },
  },
  {
    name: 'deliveries of a webhook endpoint (created_on)',
    order: 'newest first and by id descending',
    async seed(db, times) {
      const { team } = await seedTeam(db);
      const endpoint = await createWebhookEndpoint(db, { team_id: team.id, url: 'https://hooks.example.com/ties', event_types: null, description: null, secret: `whsec_${'A'.repeat(32)}` });
      const eventIds: string[] = [];
      for (const [i] of times.entries()) {
        const envelope = { event_type: 'daily.data.steps.created', data: { seq: i }, team_id: team.id, user_id: randomUUID(), client_user_id: `tie-${i}` };
        eventIds.push((await db.transaction((tx: Queryable) => emitEvent(tx, envelope))).id);
      }
      // One delivery per event: the i-th event's delivery gets the i-th time.
      await db.query(
        `UPDATE webhook_deliveries d SET created_on = p.at FROM unnest($2::uuid[], $3::timestamptz[]) AS p(event_id, at)
         WHERE d.endpoint_id = $1 AND d.event_id = p.event_id`,
        [endpoint.id, eventIds, times],
      );
      const rows = await db.query<Positioned>(`SELECT id, created_on AS at FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
      return {
        rows,
        page: async (after, limit) => {
          const page = await listWebhookDeliveries(db, { endpoint_id: endpoint.id, after: after as WebhookDeliveryCursor | null, limit });
          return { ids: page.rows.map((row) => row.id), has_more: page.has_more, next: page.next };
        },
      };
    },
  },
];

describe.each(engineCases)('keyset paging among rows of one instant on %s', (_label, engine) => {
  describe.skipIf(!engine.available)('lists', () => {
    const ctx = useTestDatabase(engine);

    it.each(LISTS.map((list) => [list.name, list.order, list] as const))(
      'when %s share a time, then pages list them %s, each once, at every page size',
      async (_name, order, { seed }) => {
        const { rows, page } = await seed(ctx.db, TIMES);
        expect(rows.map((row) => row.at).sort()).toEqual([...TIMES].sort());
        const expected = [...rows].sort(order.startsWith('oldest') ? ascending : descending).map((row) => row.id);

        for (let size = 1; size <= TIMES.length; size += 1) {
          const listed = await pageThrough((after) => page(after, size));
          expect({ size, ids: listed.ids }).toEqual({ size, ids: expected });
          expect(listed.sizes).toEqual(fullPages(TIMES.length, size));
        }
      },
      SETUP_TIMEOUT_MS,
    );
  });
});
