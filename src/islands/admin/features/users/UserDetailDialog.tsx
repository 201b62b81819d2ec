// 'User Details' (docs/PRODUCT.md (Pages and screens)): four sections with 'Not provided' / 'Never' fallbacks, computed ages and
// years, and footer actions offered only where permissions.ts allows and the user's state makes them apply.
import { useState, type ReactNode } from 'react';
import { formatDate, formatDateTime, fullName } from '../../../../lib/shared/format';
import {
  assignableRoles,
  availableActions,
  ROLE_LABELS,
  type Actor,
  type Role,
} from '../../../../lib/shared/permissions';
import type { User } from '../../../../lib/shared/user-types';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { accountStatus } from './model';
import { RoleBadge, StatusBadge } from './badges';

const NOT_PROVIDED = 'Not provided';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-border p-4">
      <h3 className="mb-3 font-semibold text-text">{title}</h3>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-text">{value}</dd>
    </div>
  );
}

/** A date with the whole years the server counted since it (the User's age and years_as_member). */
function dateWithYears(date: string | null, years: number | null, unit: (n: number) => string): string {
  if (!date) return NOT_PROVIDED;
  return years === null ? formatDate(date) : `${formatDate(date)} (${unit(years)})`;
}

export interface DetailActions {
  onSuspend: (reason: string) => void;
  onReactivate: () => void;
  onGrant: () => void;
  onRevoke: () => void;
  onChangeRole: (role: Role) => void;
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
  const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

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
        <Section title="Basic Information">
          <Item label="Username" value={user.username} />
          <Item label="Phone Number" value={user.phone_number || NOT_PROVIDED} />
          <Item label="Date of Birth" value={dateWithYears(user.date_of_birth, user.age, (n) => `age ${n}`)} />
          <Item label="Address" value={user.address || NOT_PROVIDED} />
        </Section>
        <Section title="Church Information">
          <Item label="Member Since" value={dateWithYears(user.member_since, user.years_as_member, years)} />
          <Item label="Baptism Date" value={user.baptism_date ? formatDate(user.baptism_date) : NOT_PROVIDED} />
          <Item label="Can Access Web" value={user.can_access_web ? 'Yes' : 'No'} />
          <Item label="Account Status" value={status} />
        </Section>
        <Section title="Activity">
          <Item label="Date Joined" value={formatDate(user.date_joined) || NOT_PROVIDED} />
          <Item label="Last Login" value={user.last_login ? formatDateTime(user.last_login) : 'Never'} />
          <Item label="Last Seen" value={user.last_seen ? formatDateTime(user.last_seen) : 'Never'} />
          <Item label="Presence" value={user.is_online ? 'Online' : 'Offline'} />
        </Section>
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
                  maxLength={500}
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
