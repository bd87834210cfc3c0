/**
 * Chart-data shaping for src/charts.ts (uPlot): pure, unit-tested in
 * test/dashboard/unit/chart-data.test.ts.
 */

export interface SeriesData {
  label: string;
  values: (number | null)[];
  unit?: string;
}

export interface ChartData {
  title: string;
  /** Chart id: the root element's data-testid is `chart-<name>` (default: the title, slugified). */
  name?: string;
  /** Unix seconds, ascending. */
  x: number[];
  series: SeriesData[];
}

/** `Daily steps` -> `daily-steps`. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Whether a chart has anything to draw: at least one x and one non-null value. */
export const hasData = (data: ChartData) => data.x.length > 0 && data.series.some((series) => series.values.some((value) => value !== null && Number.isFinite(value)));

/**
 * Stacked bars: each series' top edge, the sum of it and the series before it
 * (null counts as 0 where another series of that x has a value; null when none has).
 */
export function stack(series: SeriesData[]): SeriesData[] {
  const length = Math.max(0, ...series.map((s) => s.values.length));
  const running: (number | null)[] = Array.from({ length }, () => null);
  return series.map((s) => {
    for (let i = 0; i < length; i++) {
      const value = s.values[i];
      if (value !== null && value !== undefined && Number.isFinite(value)) running[i] = (running[i] ?? 0) + value;
    }
    return { ...s, values: [...running] };
  });
}

/** Unix seconds of a `YYYY-MM-DD` date at 00:00 UTC. */
export const dayToUnix = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** Unix seconds of an ISO date-time. */
export const timeToUnix = (value: string) => Date.parse(value) / 1000;
