// A form's or dialog's failure message (the server's detail or the spec's text), announced at once.
import type { ReactNode } from 'react';
import { cx } from './cx';

export function ErrorBanner({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cx('rounded-lg border border-error bg-error/10 p-3 text-sm text-error', className)}>
      {children}
    </p>
  );
}
