// What a list shows instead of its items: nothing matches (the spec's text and a way back), or its data could
// not be loaded (the reason and Retry).
import type { ReactNode } from 'react';
import { Button } from './Button';
import { AlertIcon } from './icons';

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

/** A screen's data failed to load: the message, announced at once, and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-error bg-card p-8 text-center"
    >
      <AlertIcon className="size-8 text-error" />
      <p className="text-text">{message}</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}
