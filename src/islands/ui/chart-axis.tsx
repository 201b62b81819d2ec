// The y axis both bar charts draw (analytics' trend, attendance's weeks): a round top, its ticks, and their
// grid lines with labels.

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
