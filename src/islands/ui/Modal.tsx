// The reusable modal of docs/PRODUCT.md (Pages and screens) on the native <dialog> (showModal gives the backdrop, makes the
// page behind inert and keeps Tab inside). It closes on Escape, a backdrop click and the close button, locks
// page scroll while open, moves focus in and returns it to the element that opened it.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { cx } from './cx';
import { CloseButton } from './Button';

const sizeClasses = {
  sm: 'w-[calc(100%-2rem)] max-w-sm',
  md: 'w-[calc(100%-2rem)] max-w-lg',
  lg: 'w-[calc(100%-2rem)] max-w-2xl',
  xl: 'w-[calc(100%-2rem)] max-w-4xl',
  full: 'w-screen h-[100dvh] max-w-none max-h-none rounded-none',
};

export type ModalSize = keyof typeof sizeClasses;

const variantClasses = {
  default: 'border-t-border',
  danger: 'border-t-error',
  success: 'border-t-success',
  warning: 'border-t-warning',
  info: 'border-t-primary-strong',
};
export type ModalVariant = keyof typeof variantClasses;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  variant?: ModalVariant;
  /** Optional line under the title, wired as the dialog's description. */
  description?: ReactNode;
  closeOnOverlayClick?: boolean;
  closeOnEscape?: boolean;
  className?: string;
}

export function Modal(props: ModalProps) {
  // Mounted only while open, so a closed modal costs nothing and every open starts fresh.
  return props.open ? <OpenModal {...props} /> : null;
}

// Nested modals share one scroll lock: the first to open saves the page's overflow, the last to close restores it.
let lockCount = 0;
let savedOverflow = '';
function lockScroll() {
  if (lockCount++ === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
}
function unlockScroll() {
  if (lockCount > 0 && --lockCount === 0) document.body.style.overflow = savedOverflow;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

function OpenModal({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  variant = 'default',
  description,
  closeOnOverlayClick = true,
  closeOnEscape = true,
  className,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  // Latest onClose without re-running the open/close effect when the parent passes a new function.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', ''); // minimal fallback for engines without showModal
    }
    lockScroll();
    const preferred = dialog.querySelector<HTMLElement>('[autofocus],[data-autofocus]');
    (preferred ?? closeRef.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    // The cancel event is the browser's own close request (Escape, Android back): keep React in charge.
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (closeOnEscape) onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      unlockScroll();
      if (opener && opener.isConnected) opener.focus();
    };
  }, [closeOnEscape]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      data-variant={variant}
      data-size={size}
      // Escape on keydown as well: some engines never fire `cancel`. A React handler (not a native one) so
      // an inner control that handles Escape itself (the country picker) can stop it first; preventing the
      // default stops the browser's own close, so onClose runs once.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        if (closeOnEscape) onClose();
      }}
      className={cx(
        'm-auto max-h-[calc(100dvh-2rem)] overflow-hidden rounded-2xl border-t-4 bg-card p-0 text-text shadow-2xl backdrop:bg-black/60',
        sizeClasses[size],
        variantClasses[variant],
        className,
      )}
      // A click whose press and release both land on the <dialog> itself (not its content) hit the backdrop.
      onMouseDown={(e) => {
        pressStartedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (closeOnOverlayClick && e.target === e.currentTarget && pressStartedOnBackdrop.current) onClose();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div className={cx('flex flex-col', size === 'full' ? 'h-full' : 'max-h-[calc(100dvh-2rem)]')}>
        <header className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-text">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-muted">
                {description}
              </p>
            )}
          </div>
          <CloseButton ref={closeRef} label="Close dialog" onClick={onClose} className="-m-1" />
        </header>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && (
          <footer className="flex flex-wrap justify-end gap-2 border-t border-border bg-surface px-5 py-3">
            {footer}
          </footer>
        )}
      </div>
    </dialog>
  );
}
