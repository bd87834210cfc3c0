/**
 * Charts on uPlot (bundled with its CSS: nothing loaded from elsewhere). Each
 * chart's root gets `data-testid="chart-<name>"` and `data-series-count`; an
 * empty data set shows "No data in this range" instead of a chart.
 */
import uPlot from 'uplot';
import { hasData, slug, stack, type ChartData } from './lib/chart-data.js';
import { h } from './ui.js';

export type { ChartData, SeriesData } from './lib/chart-data.js';

const COLORS = ['#2563eb', '#d97706', '#059669', '#9333ea', '#dc2626', '#0891b2', '#4b5563'];
const HEIGHT = 240;

interface Style {
  kind: 'line' | 'bars' | 'stacked' | 'steps';
  /** Labels of a step chart's y values (hypnogram stages), by value. */
  yLabels?: Record<number, string>;
}

const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');

/** The drawing width: the figure's content box (it sits in a grid cell or a section). */
function chartWidth(root: HTMLElement): number {
  const style = getComputedStyle(root);
  const inner = root.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.max(240, Math.floor(inner || 600));
}

const DAY = 86_400;
const pad = (n: number) => String(n).padStart(2, '0');
/** `11-23` of a day's unix seconds (UTC). */
const dayLabel = (ts: number) => {
  const date = new Date(ts * 1000);
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

function draw(el: HTMLElement, data: ChartData, style: Style): HTMLElement {
  const name = data.name ?? slug(data.title);
  const root = h('figure', { class: 'chart', 'data-testid': `chart-${name}`, 'data-series-count': String(hasData(data) ? data.series.length : 0) }, h('figcaption', null, data.title));
  el.appendChild(root);
  if (!hasData(data)) {
    root.appendChild(h('p', { class: 'empty' }, 'No data in this range'));
    return root;
  }
  const drawn = style.kind === 'stacked' ? stack(data.series) : data.series;
  const bars = style.kind === 'bars' || style.kind === 'stacked' ? uPlot.paths.bars!({ size: [0.7, 48], align: 0 }) : undefined;
  const stepped = style.kind === 'steps' ? uPlot.paths.stepped!({ align: 1 }) : undefined;
  const units = [...new Set(data.series.map((series) => series.unit).filter(Boolean))];
  // Stacked bars: the tallest (the sum) first, so each shorter one is drawn over it.
  const order = style.kind === 'stacked' ? drawn.map((_, i) => i).reverse() : drawn.map((_, i) => i);
  const series: uPlot.Series[] = [
    {},
    ...order.map((i) => {
      const s = data.series[i]!;
      const color = COLORS[i % COLORS.length]!;
      return {
        label: s.unit ? `${s.label} (${s.unit})` : s.label,
        stroke: color,
        width: style.kind === 'line' || style.kind === 'steps' ? 2 : 1,
        fill: style.kind === 'line' || style.kind === 'steps' ? undefined : `${color}cc`,
        paths: bars ?? stepped,
        points: { show: style.kind === 'line' && data.x.length <= 60 },
        spanGaps: false,
        // The legend shows each series' own value, not the stacked sum.
        value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) => {
          const raw = idx === null ? null : s.values[idx];
          if (raw === null || raw === undefined) return '–';
          return style.yLabels ? (style.yLabels[raw] ?? String(raw)) : Number(raw).toLocaleString('en-US', { maximumFractionDigits: 1 });
        },
      } satisfies uPlot.Series;
    }),
  ];
  const yAxis: uPlot.Axis = { label: units.length === 1 ? units[0] : undefined, size: style.yLabels ? 70 : 60 };
  // Daily data (every x at 00:00 UTC): one tick per day (thinned to fit), labelled with the date only.
  const daily = data.x.every((x) => x % DAY === 0);
  const xAxis: uPlot.Axis = {};
  if (daily) {
    xAxis.splits = () => {
      const every = Math.max(1, Math.ceil(data.x.length / 8));
      return data.x.filter((_, i) => i % every === 0);
    };
    xAxis.values = (_u, splits) => splits.map(dayLabel);
  }
  if (style.yLabels) {
    const labels = style.yLabels;
    yAxis.values = (_u, splits) => splits.map((v) => labels[v] ?? '');
    yAxis.splits = () => Object.keys(labels).map(Number);
  }
  const options: uPlot.Options = {
    width: chartWidth(root),
    height: HEIGHT,
    tzDate: utc,
    series,
    axes: [xAxis, yAxis],
    scales: { x: { time: true }, y: yScale(style, drawn) },
    legend: { live: true },
    cursor: { drag: { x: false, y: false } },
  };
  if (style.kind === 'bars' || style.kind === 'stacked') {
    // Room for the first and last bar.
    const step = data.x.length > 1 ? (data.x[data.x.length - 1]! - data.x[0]!) / (data.x.length - 1) : 86_400;
    options.scales!.x!.range = () => [data.x[0]! - step / 2, data.x[data.x.length - 1]! + step / 2];
  }
  const columns: uPlot.AlignedData = [data.x, ...order.map((i) => drawn[i]!.values)];
  const chart = new uPlot(options, columns, root);
  // Follow the container's width (phone-sized windows, rotated screens).
  // Resized in the next frame, not in the observer's callback: a size change there would be
  // another resize in the same frame ("ResizeObserver loop completed with undelivered notifications").
  let pending = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      if (!root.isConnected) {
        observer.disconnect();
        chart.destroy();
        return;
      }
      const width = chartWidth(root);
      if (Math.abs(width - chart.width) > 4) chart.setSize({ width, height: HEIGHT });
    });
  });
  observer.observe(root);
  return root;
}

/**
 * The y scale: the named levels of a step chart; from 0 for bars (a bar's height is its value);
 * for lines the data's own range with a margin (uPlot's default pulls it down to 0, which flattens
 * a weight of 90 kg or a heart rate of 60 to 140 bpm).
 */
function yScale(style: Style, drawn: { values: (number | null)[] }[]): uPlot.Scale {
  if (style.yLabels) {
    const levels = Object.keys(style.yLabels).map(Number);
    return { range: () => [Math.min(...levels) - 0.5, Math.max(...levels) + 0.5] };
  }
  if (style.kind === 'bars' || style.kind === 'stacked') {
    const max = Math.max(0, ...drawn.flatMap((s) => s.values.filter((v): v is number => v !== null)));
    return { range: () => [0, max > 0 ? max * 1.08 : 1] };
  }
  return {
    range: (_u, min, max) => {
      if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
      const margin = max > min ? (max - min) * 0.1 : 1;
      return [min - margin, max + margin];
    },
  };
}

/** A line per series over time. */
export const lineChart = (el: HTMLElement, data: ChartData): HTMLElement => draw(el, data, { kind: 'line' });

/** Bars per x (one series, or several side by side drawn over each other: prefer one). */
export const barChart = (el: HTMLElement, data: ChartData): HTMLElement => draw(el, data, { kind: 'bars' });

/** Bars per x with the series stacked (sleep stages per night). */
export const stackedBars = (el: HTMLElement, data: ChartData): HTMLElement => draw(el, data, { kind: 'stacked' });

/** A step chart with named levels (a hypnogram: stage over time). */
export const stepChart = (el: HTMLElement, data: ChartData, yLabels: Record<number, string>): HTMLElement => draw(el, data, { kind: 'steps', yLabels });
