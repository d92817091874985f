import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  barLayout,
  CORNER_RADIUS,
  columnAt,
  tooltipPosition,
  topRoundedRect,
  X_LABEL_OFFSET,
  Y_LABEL_OFFSET,
} from "./bar-layout";

/**
 * A stacked bar chart as plain SVG (bar-layout.ts has the geometry): one column per row, the
 * `series` stacked in order (the first at the bottom) and filled with `var(--color-<key>)` from
 * the ChartContainer around it, integer y ticks with grid lines, and the column labels that fit.
 * It fills its parent (give the container a height). Pointing at a column (a mouse over it, a
 * finger on it) highlights it and shows `tooltip(row)`. The chart is a picture: name it with
 * role="img" around it and offer its data in another form (a table).
 */
export function StackedBarChart<K extends string, R extends { label: string } & Record<K, number>>({
  data,
  series,
  tooltip,
}: {
  data: readonly R[];
  series: readonly K[];
  tooltip?: (row: R) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const size = useSize(ref);
  const [hover, setHover] = useState<{ index: number; y: number; touch: boolean } | null>(null);

  const layout = useMemo(
    () =>
      size && size.width > 0 && size.height > 0
        ? barLayout(
            data.map((row) => ({ label: row.label, values: series.map((key) => row[key]) })),
            size.width,
            size.height,
          )
        : null,
    [data, series, size],
  );
  const active = tooltip && layout && hover && hover.index < data.length ? hover : null;
  const activeBar = active ? layout?.bars[active.index] : undefined;
  const activeRow = active ? data[active.index] : undefined;

  // Place the tooltip beside the column before the browser paints it.
  useLayoutEffect(() => {
    const el = tip.current;
    if (!el || !activeBar || !active || !layout) return;
    const { left, top } = tooltipPosition(
      activeBar.bandX + activeBar.bandWidth / 2,
      active.y,
      { width: el.offsetWidth, height: el.offsetHeight },
      layout,
    );
    el.style.transform = `translate(${left}px, ${top}px)`;
    el.style.visibility = "visible";
  });

  // A tap shows the tooltip until the next tap elsewhere.
  useEffect(() => {
    if (!hover?.touch) return;
    const away = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setHover(null);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [hover?.touch]);

  const point = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!tooltip || !layout) return;
    const box = event.currentTarget.getBoundingClientRect();
    const index = columnAt(layout, event.clientX - box.left);
    setHover(
      index === null
        ? null
        : { index, y: event.clientY - box.top, touch: event.pointerType !== "mouse" },
    );
  };

  return (
    <div ref={ref} className="relative size-full">
      {layout ? (
        <svg
          aria-hidden="true"
          width={layout.width}
          height={layout.height}
          className="absolute inset-0 overflow-visible"
          style={{ touchAction: "pan-y" }}
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse") setHover(null);
          }}
          onPointerCancel={() => setHover(null)}
        >
          <g className="stroke-border" shapeRendering="crispEdges">
            {layout.yTicks.map((tick) => (
              <line
                key={tick.value}
                x1={layout.plot.left}
                x2={layout.plot.left + layout.plot.width}
                y1={tick.y + 0.5}
                y2={tick.y + 0.5}
              />
            ))}
          </g>
          {activeBar ? (
            <rect
              className="fill-muted"
              x={activeBar.bandX}
              y={layout.plot.top}
              width={activeBar.bandWidth}
              height={layout.plot.height}
            />
          ) : null}
          {layout.bars.map((bar) => (
            <g key={bar.index}>
              {bar.segments.map((segment) => (
                <path
                  key={segment.series}
                  fill={`var(--color-${series[segment.series]})`}
                  d={topRoundedRect(
                    bar.x,
                    segment.y,
                    bar.width,
                    segment.height,
                    segment.top ? CORNER_RADIUS : 0,
                  )}
                />
              ))}
            </g>
          ))}
          <g className="fill-muted-foreground tabular-nums">
            {layout.yTicks.map((tick) => (
              <text
                key={tick.value}
                data-slot="chart-tick"
                x={layout.plot.left - Y_LABEL_OFFSET}
                y={tick.y}
                dy="0.32em"
                textAnchor="end"
              >
                {tick.label}
              </text>
            ))}
            {layout.xLabels.map((label) => (
              <text
                key={label.index}
                data-slot="chart-tick"
                x={label.x}
                y={layout.plot.bottom + X_LABEL_OFFSET}
                dy="0.71em"
                textAnchor="middle"
              >
                {label.label}
              </text>
            ))}
          </g>
        </svg>
      ) : null}
      {tooltip && activeRow ? (
        <div
          ref={tip}
          data-slot="chart-tooltip"
          aria-hidden="true"
          className="pointer-events-none absolute top-0 left-0 z-10"
          style={{ visibility: "hidden" }}
        >
          {tooltip(activeRow)}
        </div>
      ) : null}
    </div>
  );
}

/** The element's content size, following it as it changes. */
function useSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = (width: number, height: number) =>
      setSize((old) =>
        old?.width === Math.floor(width) && old.height === Math.floor(height)
          ? old
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    update(el.clientWidth, el.clientHeight);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
