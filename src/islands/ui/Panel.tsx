// A titled card of a screen (Recent Activity, Quick Actions, a ranked list): a <section> named by its <h2>,
// with room beside the title for a note or a control.
import { useId, type ReactNode } from 'react';
import { Card } from './Card';
import { cx } from './cx';

export function Panel({
  title,
  aside,
  className,
  children,
}: {
  title: string;
  /** Shown at the title's right (a hint, a toggle). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className={cx('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-text">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}
