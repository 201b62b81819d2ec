// The settings panels' submit button: off for a role that may not change settings, described by the screen's
// note that says why (DENIED_NOTE).
import type { ReactNode } from 'react';
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
