// The users table (docs/PRODUCT.md (Pages and screens)): User, Role, Status, Joined, Actions. Row actions come only from
// availableActions (permissions.ts); a user's buttons are disabled while an action runs for them.
import { memo } from 'react';
import { formatDate, fullName } from '../../../../lib/shared/format';
import { availableActions, type Actor, type UserAction } from '../../../../lib/shared/permissions';
import type { User } from '../../../../lib/shared/user-types';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { accountStatus } from './model';
import { RoleBadge, StatusBadge } from './badges';

export type RowAction = Extract<UserAction, 'view' | 'edit' | 'suspend' | 'reactivate' | 'delete'>;
const ROW_ACTIONS: Array<{ action: RowAction; label: string; variant: 'ghost' | 'outline' | 'destructive' }> = [
  { action: 'view', label: 'View', variant: 'ghost' },
  { action: 'edit', label: 'Edit', variant: 'ghost' },
  { action: 'suspend', label: 'Suspend', variant: 'outline' },
  { action: 'reactivate', label: 'Reactivate', variant: 'outline' },
  { action: 'delete', label: 'Delete', variant: 'destructive' },
];

interface RowProps {
  user: User;
  actor: Actor;
  busy: boolean;
  onAction: (user: User, action: RowAction) => void;
}

const UserRow = memo(function UserRow({ user, actor, busy, onAction }: RowProps) {
  const allowed = availableActions(actor, user);
  const name = fullName(user);
  return (
    <tr className="border-t border-border align-top" data-testid="user-row" data-username={user.username}>
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <Avatar user={user} size="sm" />
          <div className="min-w-0">
            <p className="font-medium text-text">{name}</p>
            <p className="text-sm break-all text-muted">{user.email}</p>
            {user.phone_number && <p className="text-sm text-muted">{user.phone_number}</p>}
          </div>
        </div>
      </td>
      <td className="px-4 py-3">
        <RoleBadge role={user.role} />
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={accountStatus(user)} />
      </td>
      <td className="px-4 py-3 text-sm whitespace-nowrap">
        <p>{formatDate(user.date_joined, 'short')}</p>
        {user.last_login && <p className="text-xs text-muted">Last login {formatDate(user.last_login, 'short')}</p>}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-1">
          {ROW_ACTIONS.filter((a) => allowed.has(a.action)).map((a) => (
            <Button
              key={a.action}
              size="xs"
              variant={a.variant}
              disabled={busy}
              aria-label={`${a.label} ${name}`}
              onClick={() => onAction(user, a.action)}
            >
              {a.label}
            </Button>
          ))}
        </div>
      </td>
    </tr>
  );
});

const COLUMNS = ['User', 'Role', 'Status', 'Joined', 'Actions'];

export function UsersTable({
  users,
  actor,
  pending,
  onAction,
}: {
  users: User[];
  actor: Actor;
  pending: ReadonlySet<number>;
  onAction: RowProps['onAction'];
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full min-w-[48rem] text-left">
        <caption className="sr-only">Users</caption>
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} actor={actor} busy={pending.has(user.id)} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
