import { describe, expect, it } from "vitest";
import {
  barLayout,
  type Column,
  columnAt,
  LABEL_GAP,
  textWidth,
  tooltipPosition,
  topRoundedRect,
  yScale,
} from "./bar-layout";

/** 30 days as the dashboard draws them: Oct 27 … Nov 25, six statuses each. */
function month(values: (i: number) => number[]): Column[] {
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 27 + i));
    const label = date.toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    return { label, values: values(i) };
  });
}

const busy = month((i) => [
  ((i * 7 + 3) % 11) * 3 + 6,
  ((i * 7 + 6) % 11) + 2,
  ((i * 7 + 9) % 11) * 2 + 4,
  ((i * 7 + 12) % 11) + 2,
  i % 4,
  i % 9 === 0 ? 1 : 0,
]);
const empty = month(() => [0, 0, 0, 0, 0, 0]);

describe("the stacked bar chart's geometry", () => {
  it("draws an empty chart on a 0–4 scale", () => {
    expect(yScale(0, 200)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    const layout = barLayout(empty, 600, 224);
    expect(layout.yTicks.map((tick) => tick.label)).toEqual(["0", "1", "2", "3", "4"]);
    expect(layout.bars.every((bar) => bar.segments.length === 0)).toBe(true);
    expect(layout.bars).toHaveLength(30);
  });

  it("has integer ticks from 0 that cover the largest column, evenly spaced", () => {
    for (const height of [120, 192, 224, 256, 400]) {
      for (const max of [1, 2, 3, 4, 5, 7, 9, 10, 11, 17, 33, 99, 101, 250, 999, 1001, 12_345]) {
        const { top, ticks } = yScale(max, height);
        expect(ticks[0], `${max}`).toBe(0);
        expect(ticks.every(Number.isInteger), `${max}: ${ticks}`).toBe(true);
        expect(ticks.at(-1), `${max}: ${ticks}`).toBe(top);
        expect(top, `${max}`).toBeGreaterThanOrEqual(max);
        expect(ticks.length, `${max}: ${ticks}`).toBeGreaterThanOrEqual(3);
        expect(ticks.length, `${max}: ${ticks}`).toBeLessThanOrEqual(11);
        const step = ticks[1]! - ticks[0]!;
        expect(ticks.every((tick, i) => tick === i * step)).toBe(true);
      }
    }
    // A few calls keep the 0–4 scale, not one tick per call.
    expect(yScale(1, 200).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(yScale(62, 192)).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
  });

  it("stacks each column's values in order, and their heights add up to the column's", () => {
    const layout = barLayout(busy, 390, 224);
    const { plot } = layout;
    const top = layout.yTicks.at(-1)!.value;
    for (const bar of layout.bars) {
      const values = busy[bar.index]!.values;
      expect(bar.total).toBe(values.reduce((a, b) => a + b, 0));
      const heights = bar.segments.reduce((sum, segment) => sum + segment.height, 0);
      expect(heights).toBe(plot.bottom - Math.round(plot.bottom - (bar.total / top) * plot.height));
      // Bottom-up and touching: each segment sits on the one before it.
      let bottom = plot.bottom;
      for (const segment of bar.segments) {
        expect(segment.y + segment.height).toBe(bottom);
        expect(values[segment.series]).toBeGreaterThan(0);
        bottom = segment.y;
      }
      expect(bar.segments.map((segment) => segment.series)).toEqual(
        [...bar.segments.map((segment) => segment.series)].sort((a, b) => a - b),
      );
      expect(bar.segments.filter((segment) => segment.top)).toEqual([bar.segments.at(-1)]);
      expect(bottom).toBeGreaterThanOrEqual(plot.top);
    }
  });

  it("puts equal bars inside their own columns, in whole pixels", () => {
    for (let width = 300; width <= 1200; width += 7) {
      const layout = barLayout(busy, width, 256);
      const widths = new Set(layout.bars.map((bar) => bar.width));
      expect(widths.size).toBe(1);
      for (const bar of layout.bars) {
        expect(Number.isInteger(bar.x)).toBe(true);
        expect(bar.x).toBeGreaterThanOrEqual(bar.bandX);
        expect(bar.x + bar.width).toBeLessThanOrEqual(bar.bandX + bar.bandWidth);
        expect(bar.width).toBeLessThan(bar.bandWidth);
      }
      // The bands tile the plot.
      expect(layout.bars[0]!.bandX).toBe(layout.plot.left);
      const last = layout.bars.at(-1)!;
      expect(last.bandX + last.bandWidth).toBe(Math.round(layout.plot.left + layout.plot.width));
      expect(layout.plot.left + layout.plot.width).toBeLessThanOrEqual(width);
    }
  });

  it("labels as many days as fit, never overlapping and never outside the chart", () => {
    for (let width = 300; width <= 1200; width++) {
      const { xLabels } = barLayout(busy, width, 224);
      expect(xLabels.length, `${width}`).toBeGreaterThanOrEqual(2);
      // Today (the last day) is always labelled, and labels are evenly spread.
      expect(xLabels.at(-1)!.index).toBe(29);
      const step = xLabels.length > 1 ? xLabels[1]!.index - xLabels[0]!.index : 0;
      for (const [i, label] of xLabels.entries()) {
        const half = textWidth(label.label) / 2;
        expect(label.x - half, `${width}`).toBeGreaterThanOrEqual(0);
        expect(label.x + half, `${width}`).toBeLessThanOrEqual(width);
        if (i > 0) {
          const before = xLabels[i - 1]!;
          expect(label.index - before.index).toBe(step);
          const gap = label.x - half - (before.x + textWidth(before.label) / 2);
          expect(gap, `${width}: ${before.label} / ${label.label}`).toBeGreaterThanOrEqual(
            LABEL_GAP,
          );
        }
      }
    }
    expect(barLayout(busy, 390, 224).xLabels.length).toBeLessThanOrEqual(6);
    expect(barLayout(busy, 1200, 256).xLabels.length).toBeGreaterThanOrEqual(10);
  });

  it("over-estimates the width of a day label at 12 px", () => {
    // Inter's widest month, "May", with two digits is about 42 px wide at 12 px.
    expect(textWidth("May 28")).toBeGreaterThanOrEqual(44);
  });

  it("finds the column under the pointer", () => {
    const layout = barLayout(busy, 600, 224);
    const first = layout.bars[0]!;
    const last = layout.bars.at(-1)!;
    expect(columnAt(layout, first.bandX + 1)).toBe(0);
    expect(columnAt(layout, last.bandX + last.bandWidth - 1)).toBe(29);
    expect(columnAt(layout, layout.bars[7]!.x + 1)).toBe(7);
    expect(columnAt(layout, layout.plot.left - 1)).toBeNull();
    expect(columnAt(layout, layout.plot.left + layout.plot.width + 1)).toBeNull();
  });

  it("keeps the tooltip inside the chart, flipping it left near the right edge", () => {
    const chart = { width: 358, height: 224 };
    const box = { width: 150, height: 170 };
    expect(tooltipPosition(40, 100, box, chart)).toEqual({ left: 52, top: 15 });
    // Near the right edge it goes to the left of the column.
    expect(tooltipPosition(300, 100, box, chart)).toEqual({ left: 138, top: 15 });
    for (let x = 0; x <= chart.width; x += 3) {
      for (const y of [0, 50, 224]) {
        const { left, top } = tooltipPosition(x, y, box, chart);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left + box.width).toBeLessThanOrEqual(chart.width);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top + box.height).toBeLessThanOrEqual(chart.height);
        // It never covers the column it tells about, where it has room beside it.
        if (x >= 12 + box.width || x + 12 + box.width <= chart.width) {
          expect(left > x || left + box.width < x, `${x}`).toBe(true);
        }
      }
    }
  });

  it("rounds only the top corners, and no more than the bar allows", () => {
    expect(topRoundedRect(10, 20, 8, 30, 3)).toBe(
      "M10,50V23A3,3 0 0 1 13,20H15A3,3 0 0 1 18,23V50Z",
    );
    expect(topRoundedRect(10, 20, 8, 2, 3)).toBe(
      "M10,22V22A2,2 0 0 1 12,20H16A2,2 0 0 1 18,22V22Z",
    );
    expect(topRoundedRect(10, 20, 8, 30, 0)).toBe("M10,20h8v30h-8Z");
  });
});
