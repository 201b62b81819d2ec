// Notification settings (docs/PRODUCT.md (Pages and screens)): five toggles; Save Settings persists them through
// PATCH /auth/profile/ (the API keeps the five flags), so they survive a reload. SMS go to the phone number on the
// profile, so the SMS switch says which number, or that one is needed. Push has nothing behind it yet: its switch is
// off, inert and says "Coming soon" (COMING_SOON_FLAGS).
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import type { NotificationFlags, User } from '../../../../lib/shared/users/types';
import { FormDialog } from '../../../ui/FormDialog';
import { toast } from '../../../ui/toast';
import { saveProfile } from './api';
import { COMING_SOON } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { COMING_SOON_FLAGS, NOTIFICATION_LABELS, notificationFlags } from './model';

export function NotificationDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [flags, setFlags] = useState<NotificationFlags>(() => notificationFlags(user));
  const saving = useMutation({ mutationFn: saveProfile });
  const [error, setError] = useState<string | null>(null);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving.isPending) return;
    setError(null);
    try {
      await saving.mutateAsync(flags);
      toast('Notification settings saved');
      onClose();
    } catch (e) {
      setError(apiErrorInfo(e).detail ?? 'Failed to save notification settings');
    }
  }

  return (
    <FormDialog
      id="notification-form"
      title="Notification Settings"
      submitLabel="Save Settings"
      saving={saving.isPending}
      banner={error}
      onClose={onClose}
      onSubmit={save}
    >
      <ul className="flex flex-col divide-y divide-border">
        {(Object.keys(NOTIFICATION_LABELS) as Array<keyof NotificationFlags>).map((key) => {
          const soon = COMING_SOON_FLAGS.has(key);
          return (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <label htmlFor={`flag-${key}`} className="flex flex-col">
                <span className="font-medium text-text">{NOTIFICATION_LABELS[key].label}</span>
                <span className="text-sm text-muted">{NOTIFICATION_LABELS[key].hint}</span>
                {key === 'sms_notifications' && <span className="text-sm text-muted">{smsHint(user)}</span>}
              </label>
              <span className="flex items-center gap-2">
                {soon && (
                  <span id={`flag-${key}-soon`} className="text-xs text-muted">
                    {COMING_SOON}
                  </span>
                )}
                <input
                  id={`flag-${key}`}
                  type="checkbox"
                  role="switch"
                  checked={soon ? false : flags[key]}
                  disabled={soon || saving.isPending}
                  aria-describedby={soon ? `flag-${key}-soon` : undefined}
                  onChange={(e) => setFlags((f) => ({ ...f, [key]: e.target.checked }))}
                  className={cx('size-5 accent-[var(--c-button)]', soon && 'cursor-not-allowed')}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </FormDialog>
  );
}

function smsHint(user: User): string {
  const phone = user.phone_number?.trim();
  return phone
    ? `Sent to ${phone}, the phone number on your profile.`
    : 'SMS need a phone number on your profile: add one with Edit Profile.';
}
