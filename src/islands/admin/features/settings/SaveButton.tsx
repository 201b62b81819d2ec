// The settings panels' save: the submit button, off for a role that may not change settings, described by the
// screen's note that says why (DENIED_NOTE); and what a refused save shows.
import type { ReactNode } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { Button } from '../../../ui';

export const DENIED_NOTE = 'settings-denied';

export function SaveButton({
  saving,
  denied,
  children,
}: {
  saving: boolean;
  denied: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <Button type="submit" loading={saving} disabled={!!denied} aria-describedby={denied ? DENIED_NOTE : undefined}>
        {children}
      </Button>
    </div>
  );
}

/**
 * A refused save: each field's first message (`field` names it as the form does: General's `church.email` is its
 * `email`), and the banner.
 */
export function saveRefusal(error: unknown, field = (name: string) => name) {
  const info = apiErrorInfo(error);
  const errors = Object.fromEntries(Object.entries(info.errors).map(([name, list]) => [field(name), list[0] ?? '']));
  const banner = Object.keys(errors).length
    ? 'Please correct the errors below.'
    : `Failed to save. ${info.detail ?? info.message}`;
  return { errors, banner };
}
