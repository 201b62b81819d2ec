// What both bar charts share (analytics' trend, attendance's weeks): the y axis (a round top, its ticks, and their
// grid lines with labels) and the chart around it, its bars, x labels and table toggle.
import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';

/** A round top for the y axis: 1, 2, 5 or 10 times a power of ten (100 for percentages). */
export function axisTop(max: number, percent = false): number {
  if (percent) return 100;
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * power >= max) ?? 10) * power;
}

/** The y axis's labelled values, bottom up: 0, the middle when it is a whole number, and the top; never a repeat. */
export function axisTicks(top: number): number[] {
  return Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
}

/** The ticks as grid lines across the plot, labelled left of `left`. */
export function YAxis({
  top,
  left,
  width,
  plotHeight,
}: {
  top: number;
  left: number;
  width: number;
  plotHeight: number;
}) {
  return axisTicks(top).map((tick) => {
    const y = plotHeight - (tick / top) * plotHeight;
    return (
      <g key={tick}>
        <line x1={left} x2={width} y1={y} y2={y} className="stroke-border" strokeWidth="1" />
        <text x={left - 6} y={y + 4} textAnchor="end" className="fill-muted text-[11px]" data-testid="y-tick">
          {tick.toLocaleString('en-US')}
        </text>
      </g>
    );
  });
}

export interface Bar {
  key: string;
  value: number;
  /** Under the bar (every so many bars, so the labels never overlap). */
  label: string;
  /** The bar's tooltip. */
  title?: string;
}

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 28; // room for the x labels below

/**
 * A bar chart drawn in SVG (no chart library: a few rectangles) under its summary, with its figures as a table
 * (`table(shown)`): screen readers always read the table; the "Show table" toggle shows it to everyone.
 */
export function BarChart({
  bars,
  top,
  left,
  maxLabels,
  rx,
  summary,
  testId,
  table,
}: {
  bars: readonly Bar[];
  /** The y axis's top (axisTop). */
  top: number;
  /** Room for the y labels. */
  left: number;
  /** At most about this many x labels. */
  maxLabels: number;
  rx: number;
  summary: string;
  testId: string;
  table: (shown: boolean, captionId: string) => ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const captionId = useId();
  const plotHeight = HEIGHT - AXIS;
  const slot = (WIDTH - left) / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(bars.length / maxLabels));
  return (
    <figure className="flex flex-col gap-3">
      <figcaption id={captionId} className="text-sm text-muted">
        {summary}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-primary-strong"
        aria-hidden="true"
        data-testid={testId}
      >
        <YAxis top={top} left={left} width={WIDTH} plotHeight={plotHeight} />
        {bars.map((bar, i) => {
          const h = top ? (bar.value / top) * plotHeight : 0;
          const x = left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.key}>
              <rect x={x} y={plotHeight - h} width={barWidth} height={h} rx={rx} fill="currentColor">
                {bar.title && <title>{bar.title}</title>}
              </rect>
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-muted text-[11px]">
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={showTable}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? 'Hide table' : 'Show table'}
      </Button>
      {table(showTable, captionId)}
    </figure>
  );
}
