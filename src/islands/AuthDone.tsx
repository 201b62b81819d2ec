// The finished view of the password pages (request sent, password changed), and their link style.
import type { ReactNode } from 'react';
import { CheckIcon } from './ui/icons';

export const authLinkClass = 'font-medium text-primary-strong underline-offset-4 hover:underline';

export function AuthDone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center" role="status">
      <span className="flex size-12 items-center justify-center rounded-full bg-success/10 text-2xl text-success">
        <CheckIcon />
      </span>
      <h2 className="text-lg font-semibold text-text">{title}</h2>
      <p className="text-sm text-muted">{children}</p>
      <a href="/login" className={authLinkClass}>
        Back to Login
      </a>
    </div>
  );
}
