// How the portal says why a button is off for this role (contentDenial, visitorDenial): a note the button's
// aria-describedby points at, under a dialog, or beside a screen's button; and why a whole screen is.
import type { Role } from '../../lib/shared/permissions';
import { Button, EmptyState, type ButtonProps, type ButtonVariant } from '../ui';
import { insufficientPermissions } from './gate';

/** A screen this role may not see (its own rule in permissions.ts): the least role it `needs`, as the gate says it. */
export function ScreenDenial({ needs }: { needs: Role }) {
  const denied = insufficientPermissions(needs);
  return <EmptyState title={denied.title}>{denied.text}</EmptyState>;
}

/** The reason under a dialog, as a sentence; nothing when the role may act. */
export function DenialNote({ id, reason }: { id: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <p id={id} className="text-sm text-muted">
      {reason}.
    </p>
  );
}

/** A dialog's Delete: for a role that may not delete, off and described by the DenialNote `noteId`. */
export function DeleteButton({ denied, noteId, ...rest }: { denied: string | null; noteId: string } & ButtonProps) {
  return denied ? (
    <Button variant="outline" disabled aria-describedby={noteId}>
      Delete
    </Button>
  ) : (
    <Button variant="destructive" {...rest}>
      Delete
    </Button>
  );
}

/** A screen's button the role may not use: off, with the reason beside it read as its description. */
export function DeniedButton({
  id,
  label,
  reason,
  variant = 'outline',
}: {
  id: string;
  label: string;
  reason: string;
  variant?: ButtonVariant;
}) {
  return (
    <span className="flex items-center gap-2">
      <Button variant={variant} disabled aria-describedby={id}>
        {label}
      </Button>
      <span id={id} className="text-xs text-muted">
        {reason}
      </span>
    </span>
  );
}
