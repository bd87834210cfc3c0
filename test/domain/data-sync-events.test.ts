import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffDay, hypnogramSamples, type DaySnapshot, type ProviderInfo } from '../../server/domain/data-sync/events.js';

const USER = '6b1c5c1e-0cbb-4c58-9c7b-2c1d0e8f7a10';
const OURA: ProviderInfo = { id: 3, slug: 'oura', name: 'Oura', logo: 'https://example.com/oura.png', source_type: 'ring', streams: false };
const STRAVA: ProviderInfo = { id: 7, slug: 'strava', name: 'Strava', logo: 'https://example.com/strava.png', source_type: 'app', streams: true };

const empty: DaySnapshot = { activity: null, sleep: [], sleep_cycle: [], electrocardiogram: [], menstrual_cycle: [], body: null, workouts: [], meal: [], timeseries: {} };
const sample = (hour: number, value: number) => ({ timestamp: `2026-11-21T${String(hour).padStart(2, '0')}:00:00+00:00`, timezone_offset: 0, type: null, unit: 'count', value });
const types = (events: { event_type: string }[]) => events.map((event) => event.event_type);

describe('diffDay', () => {
  it('when nothing changed, then no event', () => {
    const day: DaySnapshot = { ...empty, activity: { id: 'a1', steps: 10 } as never, timeseries: { steps: [sample(7, 10)] } };
    expect(diffDay(day, structuredClone(day), { userId: USER, provider: OURA })).toEqual([]);
  });

  it('when a summary is new, then .created with the summary in data, its user_id and the full source context', () => {
    const after: DaySnapshot = { ...empty, activity: { id: 'a1', steps: 10, source: { provider: 'oura', type: 'ring' } } as never };
    const [event] = diffDay(empty, after, { userId: USER, provider: OURA });
    expect(event).toEqual({
      event_type: 'daily.data.activity.created',
      explicitOnly: false,
      data: {
        id: 'a1',
        steps: 10,
        user_id: USER,
        source: { provider: 'oura', type: 'ring', app_id: null, device_id: null, sport: null, workout_id: null, name: 'Oura', slug: 'oura', logo: 'https://example.com/oura.png' },
      },
    });
  });

  it('when a known summary changed, then .updated with the same id', () => {
    const before: DaySnapshot = { ...empty, sleep: [{ id: 's1', state: 'tentative' } as never] };
    const after: DaySnapshot = { ...empty, sleep: [{ id: 's1', state: 'confirmed' } as never] };
    const events = diffDay(before, after, { userId: USER, provider: OURA });
    expect(events.map((event) => [event.event_type, event.data.id, event.data.state])).toEqual([['daily.data.sleep.updated', 's1', 'confirmed']]);
  });

  it('when samples are new and a bucket changed, then one .created with the new samples and one .updated with the changed bucket', () => {
    const before: DaySnapshot = { ...empty, timeseries: { steps: [sample(7, 100), sample(8, 40)] } };
    const after: DaySnapshot = { ...empty, timeseries: { steps: [sample(7, 100), sample(8, 412), sample(9, 3)] } };
    const events = diffDay(before, after, { userId: USER, provider: OURA });
    expect(types(events)).toEqual(['daily.data.steps.created', 'daily.data.steps.updated']);
    expect(events[0]!.data).toMatchObject({ user_id: USER, source_id: 3, source: { provider: 'oura', type: 'ring' }, data: [sample(9, 3)] });
    expect(events[1]!.data.data).toEqual([sample(8, 412)]);
  });

  it('when a batch is bigger than the limit, then it is split into events of at most the limit, in order', () => {
    const samples = Array.from({ length: 24 }, (_, hour) => sample(hour, hour));
    const events = diffDay(null, { ...empty, timeseries: { steps: samples } }, { userId: USER, provider: OURA, maxSamplesPerEvent: 10 });
    expect(events.map((event) => (event.data.data as unknown[]).length)).toEqual([10, 10, 4]);
    expect(events.flatMap((event) => event.data.data as unknown[])).toEqual(samples);
  });

  it('when a workout is new and the provider delivers streams, then workouts.created then a shallow workout_stream.created', () => {
    const workout = { id: 'w1', provider_id: '98765', sport: { id: 4, name: 'Running', slug: 'running' } };
    const events = diffDay(empty, { ...empty, workouts: [workout as never] }, { userId: USER, provider: STRAVA });
    expect(types(events)).toEqual(['daily.data.workouts.created', 'daily.data.workout_stream.created']);
    expect(events[1]!.data).toEqual({
      user_id: USER,
      workout_id: 'w1',
      provider_id: '98765',
      sport: workout.sport,
      message: 'Read the stream at /v2/timeseries/workouts/w1/stream',
      source: { provider: 'strava', type: 'app', app_id: null, device_id: null, sport: 'running', workout_id: 'w1', name: 'Strava', slug: 'strava', logo: 'https://example.com/strava.png' },
    });
    // An updated workout's stream may have changed with it: workout_stream.updated says so.
    const changed = diffDay({ ...empty, workouts: [workout as never] }, { ...empty, workouts: [{ ...workout, calories: 1 } as never] }, { userId: USER, provider: STRAVA });
    expect(types(changed)).toEqual(['daily.data.workouts.updated', 'daily.data.workout_stream.updated']);
    expect(changed[1]!.data).toEqual(events[1]!.data);
    // Without streams, neither.
    expect(types(diffDay({ ...empty, workouts: [workout as never] }, { ...empty, workouts: [{ ...workout, calories: 1 } as never] }, { userId: USER, provider: OURA }))).toEqual(['daily.data.workouts.updated']);
  });

  it('when body weight and body fat samples are new or changed, then their events use the family names weight and fat', () => {
    const kg = (hour: number, value: number) => ({ ...sample(hour, value), unit: 'kg' });
    const percent = (hour: number, value: number) => ({ ...sample(hour, value), unit: '%' });
    const before: DaySnapshot = { ...empty, timeseries: { body_weight: [kg(7, 71.2)] } };
    const after: DaySnapshot = { ...empty, timeseries: { body_weight: [kg(7, 71.3), kg(19, 71.9)], body_fat: [percent(7, 22.4)] } };
    const events = diffDay(before, after, { userId: USER, provider: OURA });
    expect(types(events)).toEqual(['daily.data.fat.created', 'daily.data.weight.created', 'daily.data.weight.updated']);
    expect(events.map((event) => event.data.data)).toEqual([[percent(7, 22.4)], [kg(19, 71.9)], [kg(7, 71.3)]]);
  });

  it('when a sleep cycle is new, then sleep_cycle.created and a deprecated hypnogram event for explicit subscribers only', () => {
    const cycle = { id: 'c1', session_start: '2026-11-20T23:00:00+00:00', stage_start_offset_second: [0, 600], stage_end_offset_second: [600, 1200], stage_type: [4, 2] };
    const events = diffDay(empty, { ...empty, sleep_cycle: [cycle as never] }, { userId: USER, provider: OURA });
    expect(events.map((event) => [event.event_type, event.explicitOnly])).toEqual([
      ['daily.data.sleep_cycle.created', false],
      ['daily.timeseries.hypnogram.created', true],
    ]);
    expect(events[1]!.data.data).toEqual(hypnogramSamples(cycle, null));
    expect((events[1]!.data.data as { timestamp: string; value: number }[]).map((s) => [s.timestamp, s.value])).toEqual([
      ['2026-11-20T23:00:00.000Z', 4],
      ['2026-11-20T23:10:00.000Z', 2],
    ]);
  });

  it('when a sample timestamp is written with another offset, then it is the same sample', () => {
    const before: DaySnapshot = { ...empty, timeseries: { heartrate: [{ timestamp: '2026-11-21T08:00:00+01:00', value: 60 } as never] } };
    const after: DaySnapshot = { ...empty, timeseries: { heartrate: [{ timestamp: '2026-11-21T07:00:00Z', value: 61 } as never] } };
    expect(types(diffDay(before, after, { userId: USER, provider: OURA }))).toEqual(['daily.data.heartrate.updated']);
  });

  it('when timestamps are written in any form, valid or not, then samples are the same exactly when Date.parse finds the same instant (else the same text)', () => {
    const second = fc.integer({ min: -4e9, max: 4e11 }).map((s) => new Date(s * 1000).toISOString());
    const text = fc.oneof(
      second.map((t) => `${t.slice(0, 19)}+00:00`),
      second,
      second.map((t) => `${t.slice(0, 19)}+01:00`),
      fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 69 }), fc.integer({ min: 0, max: 69 })).map(
        ([y, mo, d, h, mi, s]) => `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}+00:00`,
      ),
      fc.string({ minLength: 25, maxLength: 25 }),
    );
    const key = (t: string) => (Number.isNaN(Date.parse(t)) ? t : String(Date.parse(t)));
    // The instant a careless reading of the digits would give (Date.UTC rolls over hour 24, minute 60, day 31 of a short month): a valid text there.
    const rolledOver = (t: string) => {
      const [y, mo, d, h, mi, s] = [t.slice(0, 4), t.slice(5, 7), t.slice(8, 10), t.slice(11, 13), t.slice(14, 16), t.slice(17, 19)].map(Number) as number[];
      const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
      return Number.isNaN(ms) || Math.abs(ms) > 8.64e15 ? t : new Date(ms).toISOString();
    };
    const pair = text.chain((a) => fc.tuple(fc.constant(a), fc.oneof(text, fc.constant(a), fc.constant(rolledOver(a)), fc.constant(`${rolledOver(a).slice(0, 19)}+00:00`))));
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const before: DaySnapshot = { ...empty, timeseries: { heartrate: [{ timestamp: a, value: 60 } as never] } };
        const after: DaySnapshot = { ...empty, timeseries: { heartrate: [{ timestamp: b, value: 60 } as never] } };
        const expected = key(a) === key(b) ? (a === b ? [] : ['daily.data.heartrate.updated']) : ['daily.data.heartrate.created'];
        expect(types(diffDay(before, after, { userId: USER, provider: OURA }))).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
