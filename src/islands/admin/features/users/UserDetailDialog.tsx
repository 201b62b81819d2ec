// 'User Details' (docs/PRODUCT.md (Pages and screens)): four sections with 'Not provided' / 'Never' fallbacks, computed ages and
// years, and footer actions offered only where permissions.ts allows and the user's state makes them apply.
import { useState } from 'react';
import { dateWithYears, formatDate, formatDateTime, fullName } from '../../../../lib/shared/format';
import { suspendFieldRules } from '../../../../lib/shared/messages';
import {
  assignableRoles,
  availableActions,
  ROLE_LABELS,
  type Actor,
  type Role,
} from '../../../../lib/shared/permissions';
import type { User } from '../../../../lib/shared/users/types';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { DetailList, type DetailItem } from '../../../ui/DetailList';
import { Modal } from '../../../ui/Modal';
import { accountStatus } from './model';
import { RoleBadge, StatusBadge } from './badges';
import { formatPhone } from '../../../../lib/shared/phone';

const NOT_PROVIDED = 'Not provided';

function Section({ title, items }: { title: string; items: DetailItem[] }) {
  return (
    <section className="rounded-lg border border-border p-4">
      <h3 className="mb-3 font-semibold text-text">{title}</h3>
      <DetailList className="grid gap-x-4 gap-y-2 sm:grid-cols-2" items={items} />
    </section>
  );
}

export interface DetailActions {
  onSuspend: (reason: string) => void;
  onReactivate: () => void;
  onGrant: () => void;
  onRevoke: () => void;
  onChangeRole: (role: Role) => void;
  onResetTwoFactor: () => void;
}

export function UserDetailDialog({
  user,
  actor,
  busy,
  onClose,
  actions,
}: {
  user: User;
  actor: Actor;
  busy: boolean;
  onClose: () => void;
  actions: DetailActions;
}) {
  const allowed = availableActions(actor, user);
  const roles = assignableRoles(actor, user);
  const [reason, setReason] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const status = accountStatus(user);

  const footer = (
    <>
      {allowed.has('suspend') && (
        <Button variant="destructive" disabled={busy} onClick={() => actions.onSuspend(reason)}>
          Suspend User
        </Button>
      )}
      {allowed.has('reactivate') && (
        <Button variant="success" disabled={busy} onClick={actions.onReactivate}>
          Reactivate User
        </Button>
      )}
      {allowed.has('grant_web_access') && (
        <Button variant="outline" disabled={busy} onClick={actions.onGrant}>
          Grant Web Access
        </Button>
      )}
      {allowed.has('revoke_web_access') && (
        <Button variant="outline" disabled={busy} onClick={actions.onRevoke}>
          Revoke Web Access
        </Button>
      )}
      {allowed.has('reset_two_factor') && (
        <Button variant="outline" disabled={busy} onClick={actions.onResetTwoFactor}>
          Reset Two-Factor
        </Button>
      )}
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </>
  );

  return (
    <Modal open onClose={onClose} title="User Details" description={fullName(user)} size="lg" footer={footer}>
      <div className="flex flex-col gap-4" aria-busy={busy || undefined}>
        <div className="flex items-center gap-4">
          <Avatar user={user} size="lg" />
          <div>
            <p className="text-lg font-semibold">{fullName(user)}</p>
            <p className="text-sm break-all text-muted">{user.email}</p>
            <div className="mt-1 flex gap-2">
              <RoleBadge role={user.role} />
              <StatusBadge status={status} />
            </div>
          </div>
        </div>
        <Section
          title="Basic Information"
          items={[
            { label: 'Username', value: user.username },
            { label: 'Phone Number', value: formatPhone(user.phone_number) || NOT_PROVIDED },
            {
              label: 'Date of Birth',
              value: dateWithYears(user.date_of_birth, user.age, (n) => `age ${n}`) || NOT_PROVIDED,
            },
            { label: 'Address', value: user.address || NOT_PROVIDED },
          ]}
        />
        <Section
          title="Church Information"
          items={[
            { label: 'Member Since', value: dateWithYears(user.member_since, user.years_as_member) || NOT_PROVIDED },
            { label: 'Baptism Date', value: user.baptism_date ? formatDate(user.baptism_date) : NOT_PROVIDED },
            { label: 'Can Access Web', value: user.can_access_web ? 'Yes' : 'No' },
            { label: 'Account Status', value: status },
          ]}
        />
        <Section
          title="Activity"
          items={[
            { label: 'Date Joined', value: formatDate(user.date_joined) || NOT_PROVIDED },
            { label: 'Last Login', value: user.last_login ? formatDateTime(user.last_login) : 'Never' },
            { label: 'Last Seen', value: user.last_seen ? formatDateTime(user.last_seen) : 'Never' },
            { label: 'Presence', value: user.is_online ? 'Online' : 'Offline' },
          ]}
        />
        {user.ministry_memberships?.length > 0 && (
          <section className="rounded-lg border border-border p-4">
            <h3 className="mb-3 font-semibold text-text">Ministry Involvement</h3>
            <ul className="flex flex-col gap-2 text-sm">
              {user.ministry_memberships.map((m, i) => (
                <li key={`${m.ministry_name}-${i}`} className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{m.ministry_name}</span>
                  <span className="text-muted">
                    {m.role}
                    {m.joined_date && ` · since ${formatDate(m.joined_date)}`}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {(allowed.has('suspend') || roles.length > 0) && (
          <section className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2">
            {allowed.has('suspend') && (
              <div className="flex flex-col gap-1">
                <label htmlFor="suspend-reason" className="text-sm font-medium">
                  Suspension reason (optional)
                </label>
                <input
                  id="suspend-reason"
                  value={reason}
                  maxLength={suspendFieldRules.reason.maxLength}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder="No reason provided"
                  className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
                />
              </div>
            )}
            {roles.length > 0 && (
              <div className="flex flex-col gap-1">
                <label htmlFor="new-role" className="text-sm font-medium">
                  Change role
                </label>
                <div className="flex gap-2">
                  <select
                    id="new-role"
                    value={role}
                    onChange={(e) => setRole(e.target.value as Role | '')}
                    className="flex-1 rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
                  >
                    <option value="">Choose a role</option>
                    {roles.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  <Button
                    disabled={busy || !role}
                    onClick={() => {
                      if (role) actions.onChangeRole(role);
                      setRole('');
                    }}
                  >
                    Apply
                  </Button>
                </div>
              </div>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
