// A table of the portal (the Outbox, Removal requests, the gifts, giving per fund, the funds): its heading row and
// the box it scrolls sideways in on a narrow screen, focusable and named, so the keyboard can scroll it too. The
// rows are the screen's own; CELL and NUMBER_CELL are their cells' classes.
import type { ReactNode } from 'react';
import { cx } from './cx';

/** A body cell, and one holding an amount or a count (right-aligned, digits of one width). */
export const CELL = 'border-t border-border px-3 py-2 align-top';
export const NUMBER_CELL = `${CELL} text-right tabular-nums whitespace-nowrap`;

/** A column's heading: its name, or the name with how it stands. */
export type Column =
  | string
  | {
      name: string;
      /** Right-aligned, over amounts and counts. */
      numeric?: boolean;
      /** Said to screen readers only (a column of bars, say). */
      hidden?: boolean;
      className?: string;
    };

export function DataTable({
  label,
  caption,
  columns,
  card = false,
  className,
  tableClassName,
  children,
}: {
  /** The scrolling box's name ("Outbox messages"). */
  label: string;
  /** The table's name, for screen readers ("Outbox"). */
  caption: string;
  columns: readonly Column[];
  /** A screen's main table: on a card of its own, under a shaded heading row. Else bare, inside a panel or dialog. */
  card?: boolean;
  /** The box's classes beyond scrolling sideways (a height that scrolls it downwards too). */
  className?: string;
  /** The table's own classes (a least width, so a wide table scrolls rather than squeezes). */
  tableClassName?: string;
  /** The rows: <tr>s of <td className={CELL}>. */
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx('overflow-x-auto', card && 'rounded-xl border border-border bg-card', className)}
    >
      <table className={cx('w-full border-separate border-spacing-0 text-left text-sm text-text', tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cx('text-xs tracking-wide text-muted uppercase', card && 'bg-surface')}>
          <tr>
            {columns.map((column) => {
              const { name, numeric, hidden, className } = typeof column === 'string' ? { name: column } : column;
              return (
                <th
                  key={name}
                  scope="col"
                  className={cx('px-3 font-semibold', card ? 'py-3' : 'py-2', numeric && 'text-right', className)}
                >
                  {hidden ? <span className="sr-only">{name}</span> : name}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
