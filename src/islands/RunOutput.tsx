// What the last call of a developer page answered (the debug panel, the auth test), announced as it changes.
import { cx } from './ui/cx';

export function RunOutput({ testId, output, className }: { testId: string; output: string; className?: string }) {
  return (
    <pre
      data-testid={testId}
      aria-live="polite"
      className={cx('rounded-lg bg-surface p-3 text-xs whitespace-pre-wrap', className)}
    >
      {output || 'Nothing run yet.'}
    </pre>
  );
}
