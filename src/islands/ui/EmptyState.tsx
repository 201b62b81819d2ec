// What a list shows when nothing matches: the spec's text and a way back.
import type { ReactNode } from 'react';
import { Button } from './Button';

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

/** A filtered list with no match: the spec's "No ... found" and a Clear Filters button. */
export function NoMatches({ title, onClear }: { title: string; onClear: () => void }) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
      }
    >
      Try a different search or filter.
    </EmptyState>
  );
}
