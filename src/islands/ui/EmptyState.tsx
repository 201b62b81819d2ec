// What a list shows when nothing matches: the spec's text and a way back.
import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center"
    >
      <p className="text-lg font-semibold text-text">{title}</p>
      {children && <p className="text-sm text-muted">{children}</p>}
      {action}
    </div>
  );
}
