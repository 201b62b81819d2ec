// A figure with its label (the screens' stat cards). Rendered as a <div> of <dt>/<dd> inside the grid's <dl>
// (see StatGrid), so assistive technology reads label and value as a pair. The test ids let end-to-end tests
// read a card's figure by its label.
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface StatItem {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

export function StatGrid({
  items,
  className = 'grid-cols-2 lg:grid-cols-4',
  label,
}: {
  items: StatItem[];
  /** The grid's column classes. */
  className?: string;
  label?: string;
}) {
  return (
    <dl aria-label={label} className={cx('grid gap-3', className)}>
      {items.map((item) => (
        // dt and dd sit directly in this one wrapper <div>, the only nesting a <dl> allows.
        <div
          key={item.label}
          data-testid={`stat-${item.label}`}
          className="flex flex-col rounded-xl border border-border bg-card p-4 shadow-sm"
        >
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="text-2xl font-bold text-text tabular-nums" data-testid="stat-value">
            {item.value}
          </dd>
          {item.hint && <dd className="text-xs text-muted">{item.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
