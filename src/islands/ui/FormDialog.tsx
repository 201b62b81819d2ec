// A form in a Modal (add, edit, settings): Cancel and the submit button in the footer, the failure banner
// above the fields. The caller owns the values and the save; while `saving`, Cancel is off (unless the caller
// can stop the save) and submit spins.
import type { FocusEventHandler, ReactNode, SubmitEventHandler } from 'react';
import { Button } from './Button';
import { ErrorBanner } from './ErrorBanner';
import { Modal, type ModalSize } from './Modal';

export function FormDialog({
  id,
  title,
  size = 'md',
  submitLabel,
  saving,
  banner,
  onClose,
  onSubmit,
  onFocus,
  className,
  cancelWhileSaving = false,
  children,
}: {
  /** The form's id, which ties the footer's submit button to it. */
  id: string;
  title: string;
  size?: ModalSize;
  submitLabel: string;
  saving: boolean;
  /** The form's failure message (the server's detail or the spec's text), or null. */
  banner: string | null;
  onClose: () => void;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  /** The fields' layout. */
  className?: string;
  /** Keep Cancel on while saving, for a save the caller can stop (an upload). */
  cancelWhileSaving?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving && !cancelWhileSaving}>
            Cancel
          </Button>
          <Button type="submit" form={id} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {banner && <ErrorBanner className="mb-4">{banner}</ErrorBanner>}
      <form id={id} onSubmit={onSubmit} onFocus={onFocus} noValidate className={className}>
        {children}
      </form>
    </Modal>
  );
}
