import { nice, ticks } from "d3-array";

/**
 * The geometry of a stacked bar chart, in whole pixels (pure; unit-tested). stacked-bar-chart.tsx
 * draws it as SVG: a band per column, the column's values stacked bottom-up, a y axis of integer
 * "nice" ticks with a grid line each, and as many column labels as fit without overlapping.
 */

/** Text is drawn at 12 px (text-xs); this is wider than any character of the labels we draw. */
export const CHAR_WIDTH = 7.5;
/** The least space between two column labels. */
export const LABEL_GAP = 12;
/** Space above the plot (half a tick label sticks out above the top grid line). */
const MARGIN_TOP = 8;
/** Space right of the plot. */
const MARGIN_RIGHT = 4;
/** From the plot's bottom to the top of the column labels. */
export const X_LABEL_OFFSET = 8;
/** From the y tick labels' right end to the plot. */
export const Y_LABEL_OFFSET = 8;
/** The plot's bottom margin: the column labels' offset, their line, a little air. */
const MARGIN_BOTTOM = X_LABEL_OFFSET + 12 + 4;
/** An empty chart (or one with a few calls) still has a 0–4 scale, not a flat line. */
const MIN_DOMAIN = 4;
/** The bar takes this share of its band; the rest is the gap between bars. */
const BAR_SHARE = 0.8;
export const CORNER_RADIUS = 3;

/** Estimated width of a label at 12 px (over-estimated on purpose, so labels never overlap). */
export function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

/**
 * The y scale from 0: a "nice" top that covers `max` (at least 4) and integer ticks up to it,
 * about one per 40 px of plot height and at most 5 steps.
 */
export function yScale(max: number, plotHeight: number): { top: number; ticks: number[] } {
  const count = Math.min(5, Math.max(2, Math.floor(plotHeight / 40)));
  const want = Math.max(MIN_DOMAIN, Number.isFinite(max) ? Math.ceil(max) : 0);
  const [, top] = nice(0, want, count);
  // Whole numbers only: counts of calls. With a top of at least 4 and at most 5 steps, d3's step is
  // already 1 or more; the filter keeps that true whatever the inputs.
  const values = ticks(0, top, count).filter((value) => Number.isInteger(value));
  return { top, ticks: values };
}

export type Column = { label: string; values: readonly number[] };

export type Segment = {
  /** Index of the series (the position in the column's values, bottom first). */
  series: number;
  y: number;
  height: number;
  /** The column's top segment: drawn with rounded top corners. */
  top: boolean;
};

export type Bar = {
  index: number;
  /** The column's band (the hover highlight). */
  bandX: number;
  bandWidth: number;
  /** The bar itself. */
  x: number;
  width: number;
  total: number;
  segments: Segment[];
};

export type BarLayout = {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number; bottom: number };
  band: number;
  yTicks: { value: number; y: number; label: string }[];
  /** The labelled columns: `x` is the label's centre, kept inside the chart. */
  xLabels: { index: number; x: number; label: string }[];
  bars: Bar[];
};

/** Lays out `columns` in a `width` × `height` chart. */
export function barLayout(columns: readonly Column[], width: number, height: number): BarLayout {
  const totals = columns.map((column) => column.values.reduce((sum, value) => sum + value, 0));
  const plotTop = MARGIN_TOP;
  const plotBottom = Math.max(plotTop + 1, height - MARGIN_BOTTOM);
  const plotHeight = plotBottom - plotTop;
  const scale = yScale(Math.max(0, ...totals), plotHeight);
  const yOf = (value: number) => Math.round(plotBottom - (value / scale.top) * plotHeight);

  const tickLabels = scale.ticks.map((value) => value.toLocaleString("en-US"));
  const left = Math.max(...tickLabels.map(textWidth), 0) + Y_LABEL_OFFSET;
  const plotWidth = Math.max(1, width - left - MARGIN_RIGHT);
  const n = Math.max(1, columns.length);
  const band = plotWidth / n;
  const barWidth = Math.max(1, Math.floor(band * BAR_SHARE));

  const bars = columns.map((column, index): Bar => {
    const center = left + (index + 0.5) * band;
    const x = Math.round(center - barWidth / 2);
    const bandX = Math.round(left + index * band);
    const bandWidth = Math.round(left + (index + 1) * band) - bandX;
    // Cumulative values rounded to pixels: the segments tile the bar exactly.
    const segments: Segment[] = [];
    let sum = 0;
    column.values.forEach((value, series) => {
      if (!(value > 0)) return;
      const bottom = yOf(sum);
      sum += value;
      const top = yOf(sum);
      if (bottom - top > 0) segments.push({ series, y: top, height: bottom - top, top: false });
    });
    const last = segments.at(-1);
    if (last) last.top = true;
    return { index, bandX, bandWidth, x, width: barWidth, total: totals[index] ?? 0, segments };
  });

  return {
    width,
    height,
    plot: { left, top: plotTop, width: plotWidth, height: plotHeight, bottom: plotBottom },
    band,
    yTicks: scale.ticks.map((value, i) => ({ value, y: yOf(value), label: tickLabels[i] ?? "" })),
    xLabels: columnLabels(
      columns.map((column) => column.label),
      left,
      band,
      width,
    ),
    bars,
  };
}

/**
 * Which columns get a label: every k-th one counted back from the last (today is always
 * labelled), with the smallest k whose labels — kept inside the chart — do not overlap.
 */
export function columnLabels(
  labels: readonly string[],
  left: number,
  band: number,
  width: number,
): { index: number; x: number; label: string }[] {
  const n = labels.length;
  for (let step = 1; step <= n; step++) {
    const placed: { index: number; x: number; label: string }[] = [];
    for (let index = n - 1; index >= 0; index -= step) {
      const label = labels[index] ?? "";
      const half = textWidth(label) / 2;
      const center = left + (index + 0.5) * band;
      placed.unshift({ index, x: Math.max(half, Math.min(width - half, center)), label });
    }
    if (placed.every((label, i) => i === 0 || labelsApart(placed[i - 1]!, label))) return placed;
  }
  return [];
}

function labelsApart(a: { x: number; label: string }, b: { x: number; label: string }): boolean {
  return b.x - textWidth(b.label) / 2 - (a.x + textWidth(a.label) / 2) >= LABEL_GAP;
}

/** The column under a pointer at `x` (chart coordinates), if any. */
export function columnAt(layout: BarLayout, x: number): number | null {
  const index = Math.floor((x - layout.plot.left) / layout.band);
  return index >= 0 && index < layout.bars.length ? index : null;
}

/**
 * Where a tooltip of `size` goes for a column centred at `anchorX` and a pointer at `pointerY`:
 * right of the column, or left of it when it would leave the chart, and always inside it as far
 * as it fits.
 */
export function tooltipPosition(
  anchorX: number,
  pointerY: number,
  size: { width: number; height: number },
  chart: { width: number; height: number },
  offset = 12,
): { left: number; top: number } {
  let left = anchorX + offset;
  if (left + size.width > chart.width) left = anchorX - offset - size.width;
  left = Math.max(0, Math.min(left, chart.width - size.width));
  const top = Math.max(0, Math.min(pointerY - size.height / 2, chart.height - size.height));
  return { left: Math.round(left), top: Math.round(top) };
}

/** An SVG path of a rectangle with rounded top corners. */
export function topRoundedRect(x: number, y: number, w: number, h: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, w / 2, h));
  if (r === 0) return `M${x},${y}h${w}v${h}h${-w}Z`;
  return `M${x},${y + h}V${y + r}A${r},${r} 0 0 1 ${x + r},${y}H${x + w - r}A${r},${r} 0 0 1 ${x + w},${y + r}V${y + h}Z`;
}
