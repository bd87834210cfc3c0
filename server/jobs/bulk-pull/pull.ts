/**
 * One claimed trigger's historical pull, one chunk per transaction. Each
 * transaction first re-checks the claim (locking the trigger's row) and moves
 * the stored progress; nothing per day is stored: a connection's data is derived
 * from its seed (server/domain/synthetic), and what the pull changes is the
 * connection's data window (server/storage/repositories/data-windows.ts). The
 * transaction of the last chunk moves the window's `history_start` back to the
 * pull's first day, emits `historical.data.<resource>.created` once per resource
 * (dedup key per op, user and resource) and finishes the trigger. Days already
 * readable (synced) are not changed by a pull, and it emits no `daily.data.*`
 * event. A crash anywhere loses at most the chunk in flight, which the next
 * claim fetches again.
 */
import { chunkAt, historicalDays, pullRange, addDays, toDay, type DayRange } from '../../domain/pull-preferences/pull-range.js';
import { historicalResourcesFor, notConnectedError, USER_GONE_ERROR } from '../../domain/introspection/statistics.js';
import { eventResourceName } from '../../shared/resources.js';
import { unavailablePullError } from '../../domain/connections/status.js';
import type { Queryable } from '../../storage/database.js';
import { finishClaimedTrigger, type TriggerClaim } from '../../storage/repositories/bulk-claims.js';
import { extendHistory, openDataWindow } from '../../storage/repositories/data-windows.js';
import { deletePullProgress, savePullProgress } from '../../storage/repositories/pull-progress.js';
import { lockClaimedTriggerContext, type ClaimedTriggerContext } from '../../storage/repositories/pull-context.js';
import { emitEvent } from '../../storage/repositories/events.js';
import { findConnection } from '../../storage/repositories/connections.js';

/** What a pull fetches: synthetic data (the sandbox), or nothing (benchmarks of the engine itself). */
export type PullSource = 'synthetic' | 'none';

export interface ChunkOptions {
  /** Days fetched per transaction. */
  chunkDays: number;
  source: PullSource;
}

export type ChunkStep =
  /** More chunks to fetch. */
  | { outcome: 'more'; chunk: DayRange }
  /** The trigger finished (processed or failed); end its op after the commit (completeBulkOpIfDone). */
  | { outcome: 'done'; state: 'processed' | 'failed'; events: number }
  /** The claim expired and was taken over: nothing was changed. */
  | { outcome: 'lost' };

/** The dedup key of the completion event of one resource of one trigger. */
export const historicalEventKey = (opId: string, userId: string, resource: string) => `historical:${opId}:${userId}:${resource}`;

async function finish(tx: Queryable, claim: TriggerClaim, state: 'processed' | 'failed', error: string | null, events = 0, range: DayRange | null = null): Promise<ChunkStep> {
  // A claim held at the start of the transaction cannot be lost inside it (its row is locked).
  if (!(await finishClaimedTrigger(tx, claim, { outcome: state, error, range }))) throw new Error(`Trigger ${claim.op_id}/${claim.user_id} could not be finished`);
  return { outcome: 'done', state, events };
}

/** The resources a pull of `provider` completes (the rule is the domain's, which introspection shares). */
export { historicalResourcesFor };

async function emitCompletions(tx: Queryable, claim: TriggerClaim, user: NonNullable<ClaimedTriggerContext['user']>, range: DayRange): Promise<number> {
  const resources = historicalResourcesFor(claim.provider);
  for (const resource of resources) {
    await emitEvent(
      tx,
      {
        event_type: `historical.data.${eventResourceName(resource)}.created`,
        data: { user_id: user.user_id, provider: claim.provider, start_date: range.start_date, end_date: range.end_date },
        team_id: user.team_id,
        user_id: user.user_id,
        client_user_id: user.client_user_id,
      },
      { dedupKey: historicalEventKey(claim.op_id, claim.user_id, resource) },
    );
  }
  return resources.length;
}

/** The pulled days become readable: the window's history starts at the pull's first day (a window is opened if the connection has none). */
async function extendWindow(tx: Queryable, claim: TriggerClaim, range: DayRange): Promise<void> {
  const key = { team_id: claim.team_id, user_id: claim.user_id, provider: claim.provider };
  if (await extendHistory(tx, { ...key, start_date: range.start_date })) return;
  const connection = await findConnection(tx, key);
  await openDataWindow(tx, { ...key, source_type: connection?.source_type ?? 'unknown', history_start: range.start_date, opened_at: new Date().toISOString() });
}

/**
 * Fetches the next chunk of the claimed trigger, in `tx` (one transaction per
 * chunk). The pull range is fixed at the first chunk: the op's request day minus the team's
 * historical days for the provider, within the user's ingestion bounds.
 */
export async function pullNextChunk(tx: Queryable, claim: TriggerClaim, options: ChunkOptions): Promise<ChunkStep> {
  const context = await lockClaimedTriggerContext(tx, claim);
  if (!context) return { outcome: 'lost' };
  const { user, progress } = context;
  if (!user) return finish(tx, claim, 'failed', USER_GONE_ERROR);
  // A connection removed, in error or paused gives the provider nothing to pull, at any chunk
  // (between two chunks too): the trigger fails naming why, and its data window stays as it is.
  if (!context.connected || context.unavailable) {
    if (progress) await deletePullProgress(tx, claim);
    const error = context.unavailable ? unavailablePullError(claim.provider, context.unavailable) : notConnectedError(claim.provider);
    return finish(tx, claim, 'failed', error, 0, progress ? { start_date: progress.start_date, end_date: progress.end_date } : null);
  }

  let range: DayRange;
  let from: string;
  if (progress) {
    range = { start_date: progress.start_date, end_date: progress.end_date };
    from = progress.next_date;
  } else {
    const planned = pullRange({
      today: toDay(Date.parse(claim.op_started_at)),
      days: historicalDays(claim.provider, context.preference_days),
      ingestion_start: user.ingestion_start,
      ingestion_end: user.ingestion_end,
    });
    // An empty range (e.g. ingestion bounds in the past) has nothing to fetch: the trigger still completes.
    if (!planned) return finish(tx, claim, 'processed', null);
    range = planned;
    from = planned.start_date;
  }

  // Fetching nothing needs no chunks: the whole range at once.
  const chunk = options.source === 'none' ? { start_date: from, end_date: range.end_date } : chunkAt(range, from, options.chunkDays);
  if (chunk.end_date >= range.end_date) {
    let events = 0;
    if (options.source === 'synthetic') {
      await extendWindow(tx, claim, range);
      events = await emitCompletions(tx, claim, user, range);
    }
    if (progress) await deletePullProgress(tx, claim);
    return finish(tx, claim, 'processed', null, events, range);
  }
  await savePullProgress(tx, { op_id: claim.op_id, user_id: claim.user_id, ...range, next_date: addDays(chunk.end_date, 1) });
  return { outcome: 'more', chunk };
}
