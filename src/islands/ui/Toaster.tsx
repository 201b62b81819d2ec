// Renders the toast queue. The live region exists before any message, so screen readers announce each one.
import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from './toast';
import { cx } from './cx';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          className={cx(
            'pointer-events-auto flex items-center gap-2 rounded-lg border bg-card px-4 py-3 text-sm text-text shadow-lg',
            t.variant === 'error' ? 'border-error' : t.variant === 'success' ? 'border-success' : 'border-border',
          )}
        >
          {t.variant === 'error' ? (
            <AlertIcon className="shrink-0 text-error" />
          ) : (
            <CheckIcon className={cx('shrink-0', t.variant === 'success' ? 'text-success' : 'text-primary-strong')} />
          )}
          <span className="flex-1">{t.message}</span>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label="Dismiss notification"
            className="rounded p-1 text-muted hover:text-text"
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
