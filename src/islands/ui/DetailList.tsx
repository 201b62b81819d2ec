// Label/value pairs as one <dl> (dialogs, cards, the profile): each pair a <div> of <dt> and <dd>, the only
// nesting a <dl> allows. Stacked in a grid by default; `rows` puts each value on the right of its label.
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

export function DetailList({
  items,
  rows = false,
  className,
}: {
  items: DetailItem[];
  rows?: boolean;
  /** The list's layout classes; by default a two-column grid, or a column of rows. */
  className?: string;
}) {
  return (
    <dl className={cx('text-sm', className ?? (rows ? 'flex flex-col gap-3' : 'grid grid-cols-2 gap-3'))}>
      {items.map(({ label, value }) => (
        <div key={label} className={rows ? 'flex justify-between gap-4' : undefined}>
          <dt className="text-muted">{label}</dt>
          <dd className={cx('font-medium text-text', rows && 'text-right break-all')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
