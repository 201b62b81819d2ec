// Own profile (/admin/profile, docs/PRODUCT.md (Pages and screens)): avatar with upload, name, role, email, Edit Profile and
// Settings; cards for personal, church and contact information and the notification flags; the Security section
// (two-factor sign-in and sessions), which is all an account that must enrol is shown.
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { $auth } from '../../../../lib/client/session';
import { dateWithYears, formatDate, fullName } from '../../../../lib/shared/format';
import { ROLE_LABELS } from '../../../../lib/shared/permissions';
import type { NotificationFlags, User } from '../../../../lib/shared/users/types';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cx } from '../../../ui/cx';
import { COMING_SOON } from '../../../ui/Button';
import { DetailList, type DetailItem } from '../../../ui/DetailList';
import { toast } from '../../../ui/toast';
import { LoadingScreen } from '../../layout/LoadingScreen';
import { EditProfileDialog } from './EditProfileDialog';
import { NotificationDialog } from './NotificationDialog';
import { SecuritySection } from './SecuritySection';
import { uploadAvatar } from './api';
import { AVATAR_FAILED, COMING_SOON_FLAGS, NOTIFICATION_LABELS, avatarProblem, notificationFlags } from './model';
import { accountStatus } from '../../../../lib/shared/users/account';
import { formatPhone } from '../../../../lib/shared/phone';

const NOT_SET = 'Not set';

function InfoCard({ title, items }: { title: string; items: DetailItem[] }) {
  return (
    <Card as="section" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-text">{title}</h2>
      <DetailList rows items={items} />
    </Card>
  );
}

function AvatarUpload({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({ mutationFn: uploadAvatar });
  const uploading = upload.isPending;
  const [error, setError] = useState<string | null>(null);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again still triggers a change
    if (!file || uploading) return;
    const problem = avatarProblem(file);
    setError(problem);
    if (problem) return;
    try {
      await upload.mutateAsync(file);
      toast('Profile picture updated');
    } catch (err) {
      const message = apiErrorInfo(err).detail ?? AVATAR_FAILED;
      console.error('Avatar upload failed', err);
      setError(message);
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <Avatar user={user} size="xl" />
      <input
        ref={input}
        id="avatar-input"
        aria-label="Upload profile picture"
        type="file"
        accept="image/*"
        className="sr-only"
        onChange={onFile}
        disabled={uploading}
      />
      <Button size="sm" variant="outline" loading={uploading} onClick={() => input.current?.click()}>
        {uploading ? 'Uploading...' : 'Change Photo'}
      </Button>
      {error && (
        <p role="alert" className="max-w-56 text-center text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

const DOT_KEYS: Array<[keyof NotificationFlags, string]> = [
  ['email_notifications', 'Email'],
  ['sms_notifications', 'SMS'],
  ['push_notifications', 'Push'],
  ['event_reminders', 'Events'],
];

export default function ProfileScreen() {
  const state = useStore($auth);
  const { user } = state;
  // Where the Security section sits is chosen once, on arrival: an account that must enrol finds it first. It must
  // not move when the enrolment completes, or React would mount it anew and lose the recovery codes it shows once.
  const [enrolling] = useState(() => state.status === 'authenticated' && state.mustEnrol === true);
  const [dialog, setDialog] = useState<'edit' | 'settings' | null>(null);
  if (!user) return <LoadingScreen fullScreen={false} />;
  const flags = notificationFlags(user);

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col items-center gap-6 sm:flex-row">
        <AvatarUpload user={user} />
        <div className="flex-1 text-center sm:text-left">
          <h1 className="text-2xl font-bold text-text">{fullName(user)}</h1>
          <p className="font-medium text-primary-strong">{ROLE_LABELS[user.role] ?? user.role}</p>
          <p className="text-sm break-all text-muted">{user.email}</p>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => setDialog('edit')}>Edit Profile</Button>
          <Button variant="outline" onClick={() => setDialog('settings')}>
            Settings
          </Button>
        </div>
      </Card>

      {enrolling && <SecuritySection />}

      <div className="grid gap-6 lg:grid-cols-2">
        <InfoCard
          title="Personal Information"
          items={[
            { label: 'Phone', value: formatPhone(user.phone_number) || NOT_SET },
            { label: 'Date of Birth', value: user.date_of_birth ? formatDate(user.date_of_birth) : NOT_SET },
            { label: 'Address', value: user.address || NOT_SET },
          ]}
        />
        <InfoCard
          title="Church Information"
          items={[
            { label: 'Member Since', value: dateWithYears(user.member_since, user.years_as_member) || NOT_SET },
            { label: 'Status', value: accountStatus(user) },
            { label: 'Role', value: ROLE_LABELS[user.role] ?? user.role },
          ]}
        />
        <InfoCard
          title="Contact Information"
          items={[
            { label: 'Email', value: user.email || NOT_SET },
            { label: 'Phone', value: formatPhone(user.phone_number) || NOT_SET },
            { label: 'Username', value: user.username },
          ]}
        />
        <InfoCard
          title="Notification Settings"
          items={DOT_KEYS.map(([key, label]) => {
            // Push has nothing behind it yet: its dot says so rather than "on".
            const soon = COMING_SOON_FLAGS.has(key);
            const on = !soon && flags[key];
            return {
              label: NOTIFICATION_LABELS[key].label,
              value: (
                <span className="inline-flex items-center gap-2" data-testid={`flag-${key}`} data-on={on}>
                  <span aria-hidden="true" className={cx('size-2.5 rounded-full', on ? 'bg-success' : 'bg-muted/50')} />
                  {label} {soon ? `(${COMING_SOON.toLowerCase()})` : on ? 'on' : 'off'}
                </span>
              ),
            };
          })}
        />
      </div>

      {!enrolling && <SecuritySection />}

      {dialog === 'edit' && <EditProfileDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'settings' && <NotificationDialog user={user} onClose={() => setDialog(null)} />}
    </div>
  );
}
