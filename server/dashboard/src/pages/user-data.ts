/**
 * The Data section of the user page: a date range (default the last 7 days, at
 * most 31) and a provider filter; charts of the daily summaries (steps, calories,
 * sleep stages per night, weight), one day's timeseries (heart rate, glucose,
 * steps per bucket), the workouts with a workout's stream, the sleeps with a
 * night's hypnogram, the ECG recordings and the menstrual cycles with their phases.
 * Data shaping lives in lib/series.ts, lib/electrocardiograms.ts and lib/menstrual-cycles.ts.
 */
import { ok, type TeamSchemas } from '../api.js';
import { barChart, lineChart, stackedBars, stepChart } from '../charts.js';
import { formatDateTime, formatDuration, formatNumber, lastDays, rangeProblem } from '../lib/format.js';
import { shared } from '../lib/async.js';
import { ecgRows, type EcgLike } from '../lib/electrocardiograms.js';
import { cycleRows, phaseText, type CycleLike } from '../lib/menstrual-cycles.js';
import { alignTimeseries, dailyByProvider, formatPace, HYPNOGRAM_LEVELS, hypnogram, metersToKm, paceMinPerKm, sleepStagesPerNight, workoutStreamCharts } from '../lib/series.js';
import type { PageContext } from '../page.js';
import { okAs } from '../interactions.js';
import { field, h, replace, table, withStates } from '../ui.js';

/** The user's connections, read once and shared by the page's sections. */
export type ProvidersRead = () => Promise<{ providers: { slug: string; name: string; status: unknown; created_on: string; error_details?: { error_type: unknown; error_message: string; errored_at: string } | null }[] }>;

type Range = { start_date: string; end_date: string; provider?: string };
type Workout = TeamSchemas['ClientFacingWorkout'];
/** What the sleeps list reads of a sleep (openapi-fetch's response types widen open enums oddly: structural here). */
type Sleep = Pick<TeamSchemas['ClientFacingSleep'], 'id' | 'calendar_date' | 'bedtime_start' | 'bedtime_stop' | 'total' | 'score' | 'source'>;
type SleepCycle = TeamSchemas['ClientFacingSleepCycle'];
type TimeseriesResource = TeamSchemas['TimeseriesResource'];

export const MAX_RANGE_DAYS = 31;
const DEFAULT_RANGE_DAYS = 7;
/** One day's timeseries charts: resource, title, unit, chart kind. */
const DAY_SERIES: [TimeseriesResource, string, string, 'line' | 'bars'][] = [
  ['heartrate', 'Heart rate', 'bpm', 'line'],
  ['glucose', 'Glucose', 'mmol/L', 'line'],
  ['steps', 'Steps per bucket', 'count', 'bars'],
];
/** Pages of one day's grouped timeseries followed at most (a page holds whole days). */
const MAX_PAGES = 5;

/** Draws the section into `section` (again after a connection changed). */
export function renderDataSection(section: HTMLElement, ctx: PageContext, user_id: string, providers: ProvidersRead): void {
  const defaults = lastDays(new Date(), DEFAULT_RANGE_DAYS);
  const from = h('input', { type: 'date', name: 'from', value: ctx.query.get('from') ?? defaults.from, 'data-testid': 'range-from' });
  const to = h('input', { type: 'date', name: 'to', value: ctx.query.get('to') ?? defaults.to, 'data-testid': 'range-to' });
  const provider = h('select', { name: 'provider', 'data-testid': 'provider-filter' }, h('option', { value: '' }, 'All providers'));
  const problem = h('div', { class: 'error', role: 'alert', hidden: true, 'data-testid': 'range-problem' });
  const show = h('button', { type: 'submit', 'data-testid': 'show-data' }, 'Show');
  const controls = h('form', { class: 'controls', 'aria-label': 'Data range' }, field('From', from), field('To', to), field('Provider', provider), show);
  const summaries = h('div', { 'data-testid': 'summary-charts' });
  const day = h('div', { 'data-testid': 'day-charts' });
  const workouts = h('div', { 'data-testid': 'workouts' });
  const sleeps = h('div', { 'data-testid': 'sleeps' });
  const ecgs = h('div', { 'data-testid': 'electrocardiograms' });
  const cycles = h('div', { 'data-testid': 'menstrual-cycles' });
  replace(
    section,
    h('h2', { id: 'data-title' }, 'Data'),
    controls,
    problem,
    h('h3', null, 'Daily summaries'),
    summaries,
    h('h3', null, 'One day'),
    day,
    h('h3', null, 'Workouts'),
    workouts,
    h('h3', null, 'Sleeps'),
    sleeps,
    h('h3', null, 'ECG recordings'),
    ecgs,
    h('h3', null, 'Menstrual cycles'),
    cycles,
  );

  // The provider filter lists the user's connections.
  void providers()
    .then(({ providers: list }) => {
      if (ctx.signal.aborted) return;
      for (const p of list) provider.append(h('option', { value: p.slug }, p.name));
    })
    .catch(() => {
      // The connections section shows that error; the filter stays at "All providers".
    });

  let run: AbortController | undefined;
  const load = () => {
    const issue = rangeProblem(from.value, to.value, MAX_RANGE_DAYS);
    problem.hidden = !issue;
    problem.textContent = issue ?? '';
    if (issue) return;
    run?.abort();
    run = new AbortController();
    const signal = AbortSignal.any([ctx.signal, run.signal]);
    const range: Range = { start_date: from.value, end_date: to.value, ...(provider.value ? { provider: provider.value } : {}) };
    const path = { user_id };
    // Each summary is asked once, however many views draw it (sleep: the chart and the list).
    const activity = shared(() => ok(ctx.apis.team.GET('/v2/summary/activity/{user_id}', { params: { path, query: range }, signal })));
    const sleep = shared(() => ok(ctx.apis.team.GET('/v2/summary/sleep/{user_id}', { params: { path, query: range }, signal })));
    const body = shared(() => ok(ctx.apis.team.GET('/v2/summary/body/{user_id}', { params: { path, query: range }, signal })));
    const workoutList$ = shared(() => ok(ctx.apis.team.GET('/v2/summary/workouts/{user_id}', { params: { path, query: range }, signal })));
    const sleepCycles = shared(() => ok(ctx.apis.team.GET('/v2/summary/sleep_cycle/{user_id}', { params: { path, query: range }, signal })));
    void withStates(
      summaries,
      () => Promise.all([activity(), sleep(), body()]),
      ([{ activity: days }, { sleep: nights }, { body: bodies }]) => {
        const grid = h('div', { class: 'charts' });
        barChart(grid, { ...dailyByProvider(days, range.start_date, range.end_date, (a) => a.steps, 'Daily steps', 'steps'), name: 'steps' });
        lineChart(grid, { ...dailyByProvider(days, range.start_date, range.end_date, (a) => a.calories_total, 'Daily calories', 'kcal'), name: 'calories' });
        stackedBars(grid, sleepStagesPerNight(nights, range.start_date, range.end_date));
        lineChart(grid, { ...dailyByProvider(bodies, range.start_date, range.end_date, (b) => b.weight, 'Weight', 'kg'), name: 'weight' });
        return grid;
      },
      signal,
    );
    renderDay(day, ctx, user_id, range, signal);
    void withStates(workouts, workoutList$, ({ workouts: list }) => workoutList(list, ctx, signal), signal);
    void withStates(sleeps, () => Promise.all([sleep(), sleepCycles()]), ([{ sleep: list }, { sleep_cycle }]) => sleepList(list, sleep_cycle), signal);
    void withStates(
      ecgs,
      () => okAs<{ electrocardiogram: EcgLike[] }>(ctx.apis.team.GET('/v2/summary/electrocardiogram/{user_id}', { params: { path, query: range }, signal })),
      ({ electrocardiogram }) => ecgList(electrocardiogram),
      signal,
    );
    void withStates(
      cycles,
      () => okAs<{ menstrual_cycle: CycleLike[] }>(ctx.apis.team.GET('/v2/summary/menstrual_cycle/{user_id}', { params: { path, query: range }, signal })),
      ({ menstrual_cycle }) => cycleList(menstrual_cycle),
      signal,
    );
  };
  controls.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });
  provider.addEventListener('change', load);
  load();
}

function renderDay(container: HTMLElement, ctx: PageContext, user_id: string, range: Range, signal: AbortSignal) {
  const picker = h('input', { type: 'date', name: 'day', value: range.end_date, min: range.start_date, max: range.end_date, 'data-testid': 'day-picker' });
  const charts = h('div', { class: 'charts' });
  replace(container, h('div', { class: 'controls' }, field('Day', picker)), charts);
  const draw = () => {
    const date = picker.value || range.end_date;
    const query = { start_date: date, end_date: date, ...(range.provider ? { provider: range.provider } : {}) };
    void withStates(
      charts,
      () =>
        Promise.all(
          DAY_SERIES.map(async ([resource]) => {
            const groups: Record<string, { data: { timestamp: string; value?: number | string | null }[] }[]> = {};
            let cursor: string | null = null;
            for (let page = 0; page < MAX_PAGES; page++) {
              const answer: TeamSchemas['GroupedTimeseriesResponse'] = await ok(
                ctx.apis.team.GET('/v2/timeseries/{user_id}/{resource}/grouped', { params: { path: { user_id, resource }, query: cursor ? { ...query, next_cursor: cursor } : query }, signal }),
              );
              for (const [slug, list] of Object.entries(answer.groups)) (groups[slug] ??= []).push(...(list as { data: { timestamp: string; value?: number | string | null }[] }[]));
              cursor = answer.next_cursor;
              if (!cursor) break;
            }
            return groups;
          }),
        ),
      (results) => {
        const grid = h('div', { class: 'charts-inner' });
        DAY_SERIES.forEach(([resource, title, unit, kind], i) => {
          const data = alignTimeseries(results[i]!, `${title} on ${date}`, unit, `day-${resource}`);
          (kind === 'bars' ? barChart : lineChart)(grid, data);
        });
        return [...grid.childNodes];
      },
      signal,
    );
  };
  picker.addEventListener('change', draw);
  draw();
}

function workoutList(list: Workout[], ctx: PageContext, signal: AbortSignal): Node[] {
  if (list.length === 0) return [h('p', { class: 'empty' }, 'No workout in this range.')];
  const stream = h('div', { 'data-testid': 'workout-stream', 'aria-live': 'polite' });
  const rows = list.map((workout) => [
    formatDateTime(workout.time_start),
    workout.title ?? workout.sport.name,
    formatDuration((Date.parse(workout.time_end) - Date.parse(workout.time_start)) / 1000),
    workout.distance ? `${formatNumber(metersToKm(workout.distance), 2)} km` : '–',
    workout.average_hr ? `${workout.average_hr} bpm` : '–',
    formatPace(paceMinPerKm(workout.average_speed)),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'data-testid': 'show-workout-stream',
        'aria-label': `Show the stream of ${workout.sport.name} at ${formatDateTime(workout.time_start)}`,
        onclick: () =>
          void withStates(
            stream,
            () => ok(ctx.apis.team.GET('/v2/timeseries/workouts/{workout_id}/stream', { params: { path: { workout_id: workout.id } }, signal })),
            (data) => {
              const grid = h('div', { class: 'charts' });
              const charts = workoutStreamCharts(data);
              lineChart(grid, charts.heartRate);
              lineChart(grid, charts.pace);
              return [h('p', null, h('strong', null, `${workout.sport.name}, ${formatDateTime(workout.time_start)}`)), grid];
            },
            signal,
          ),
      },
      'Stream',
    ),
  ]);
  return [table(['Start', 'Workout', 'Duration', 'Distance', 'Avg HR', 'Avg pace', ''], rows, { 'data-testid': 'workouts-table' }), stream];
}

function sleepList(list: Sleep[], cycles: SleepCycle[]): Node[] {
  if (list.length === 0) return [h('p', { class: 'empty' }, 'No sleep in this range.')];
  const night = h('div', { 'data-testid': 'sleep-hypnogram', 'aria-live': 'polite' });
  const rows = list.map((sleep) => {
    const cycle = cycles.find((c) => c.sleep_id === sleep.id);
    return [
      sleep.calendar_date,
      `${formatDateTime(sleep.bedtime_start)} to ${formatDateTime(sleep.bedtime_stop)}`,
      formatDuration(sleep.total),
      sleep.score === null || sleep.score === undefined ? '–' : String(sleep.score),
      sleep.source.provider,
      cycle
        ? h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              'data-testid': 'show-hypnogram',
              'aria-label': `Show the hypnogram of the night of ${sleep.calendar_date}`,
              onclick: () => {
                replace(night, h('p', null, h('strong', null, `Night of ${sleep.calendar_date} (${sleep.source.provider})`)));
                stepChart(night, hypnogram(cycle), HYPNOGRAM_LEVELS);
              },
            },
            'Hypnogram',
          )
        : h('span', { class: 'muted' }, 'no sleep cycle'),
    ];
  });
  return [table(['Night', 'In bed', 'Asleep', 'Score', 'Provider', ''], rows, { 'data-testid': 'sleeps-table' }), night];
}


function ecgList(list: EcgLike[]): Node[] {
  if (list.length === 0) return [h('p', { class: 'empty', 'data-testid': 'electrocardiograms-none' }, 'No ECG recording in this range.')];
  const rows = ecgRows(list).map((row) => [
    h('span', { 'data-cell': 'date' }, row.date),
    h('span', { 'data-cell': 'time' }, `${row.time} `, h('span', { class: 'muted' }, row.timeZone)),
    h('span', { 'data-cell': 'classification' }, row.classification),
    h('span', { 'data-cell': 'heart-rate' }, row.heartRate),
    h('span', { 'data-cell': 'provider' }, row.provider),
    h('span', { 'data-cell': 'device' }, row.device),
  ]);
  return [table(['Date', 'Time', 'Classification', 'Mean heart rate', 'Provider', 'Device'], rows, { 'data-testid': 'electrocardiograms-table' })];
}

function cycleList(list: CycleLike[]): Node[] {
  if (list.length === 0) return [h('p', { class: 'empty', 'data-testid': 'menstrual-cycles-none' }, 'No menstrual cycle ended in this range.')];
  const rows = cycleRows(list).map((row) => [
    h('span', { 'data-cell': 'period-start' }, row.periodStart),
    h('span', { 'data-cell': 'period-end' }, row.periodEnd ?? '–'),
    h('span', { 'data-cell': 'cycle-length' }, row.cycleLength === null ? '–' : `${row.cycleLength} days`),
    h('span', { 'data-cell': 'ovulation' }, row.ovulation ? `${row.ovulation} (${row.ovulationBasis})` : 'not determinable'),
    h('ul', { class: 'plain', 'data-cell': 'phases' }, ...row.phases.map((phase) => h('li', { 'data-phase': phase.name }, phaseText(phase)))),
    h('span', { 'data-cell': 'provider' }, row.provider + (row.predicted ? ' (predicted)' : '')),
  ]);
  return [
    table(['Period start', 'Period end', 'Cycle length', 'Ovulation', 'Phases', 'Provider'], rows, { 'data-testid': 'menstrual-cycles-table' }),
    h('p', { class: 'muted' }, 'Listed by the cycle\u2019s last day. Ovulation is read from the basal temperature shift (three readings above the six before, the third 0.2 °C higher), else a positive LH test.'),
  ];
}
