// The users table (docs/PRODUCT.md (Pages and screens)): User, Role, Status, Joined, Actions. Row actions come only from
// availableActions (permissions.ts); a user's buttons are disabled while an action runs for them. A church of
// 10,000 members is one list: above WINDOW_ABOVE rows the table is windowed (ui/windowed-rows.tsx), so only the
// rows in view are in the DOM, each of one fixed height (long names and emails are cut with an ellipsis, their full text in a tooltip).
import { memo } from 'react';
import { formatDate, fullName } from '../../../../lib/shared/format';
import { availableActions, type Actor, type UserAction } from '../../../../lib/shared/permissions';
import type { User } from '../../../../lib/shared/users/types';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { SpacerRow, useWindowedRows } from '../../../ui/windowed-rows';
import { accountStatus } from './model';
import { RoleBadge, StatusBadge } from './badges';
import { formatPhone } from '../../../../lib/shared/phone';

export type RowAction = Extract<UserAction, 'view' | 'edit' | 'suspend' | 'reactivate' | 'delete'>;
const ROW_ACTIONS: Array<{ action: RowAction; label: string; variant: 'ghost' | 'outline' | 'destructive' }> = [
  { action: 'view', label: 'View', variant: 'ghost' },
  { action: 'edit', label: 'Edit', variant: 'ghost' },
  { action: 'suspend', label: 'Suspend', variant: 'outline' },
  { action: 'reactivate', label: 'Reactivate', variant: 'outline' },
  { action: 'delete', label: 'Delete', variant: 'destructive' },
];

/**
 * A row's height: the user cell's three lines (name, email, phone) and padding, 5.5rem, or two lines of action
 * buttons, plus the 1px divider, with room to spare so every row is exactly this tall.
 */
export const ROW_REM = 5.625;
// The divider is each cell's top border in the separate-borders model, where it lies inside the row's height (a
// collapsed border would add half a pixel or a pixel to each row and the spacers would drift from the rows).
const CELL = 'border-t border-border px-4 py-3';

interface RowProps {
  user: User;
  /** Its place among all rows, header included (aria-rowindex, from 1). */
  rowIndex: number;
  actor: Actor;
  busy: boolean;
  onAction: (user: User, action: RowAction) => void;
}

const UserRow = memo(function UserRow({ user, rowIndex, actor, busy, onAction }: RowProps) {
  const allowed = availableActions(actor, user);
  const name = fullName(user);
  return (
    <tr
      className="align-top"
      style={{ height: `${ROW_REM}rem` }}
      aria-rowindex={rowIndex}
      data-testid="user-row"
      data-username={user.username}
    >
      <td className={CELL}>
        <div className="flex items-center gap-3">
          <Avatar user={user} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-medium text-text" title={name}>
              {name}
            </p>
            <p className="truncate text-sm text-muted" title={user.email}>
              {user.email}
            </p>
            {user.phone_number && <p className="truncate text-sm text-muted">{formatPhone(user.phone_number)}</p>}
          </div>
        </div>
      </td>
      <td className={CELL}>
        <RoleBadge role={user.role} />
      </td>
      <td className={CELL}>
        <StatusBadge status={accountStatus(user)} />
      </td>
      <td className={`${CELL} text-sm whitespace-nowrap`}>
        <p>{formatDate(user.date_joined, 'short')}</p>
        {user.last_login && <p className="text-xs text-muted">Last login {formatDate(user.last_login, 'short')}</p>}
      </td>
      <td className={CELL}>
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

/** Fixed widths (the User column takes the rest): columns must not jump as different rows scroll into view. */
const COLUMNS = [
  { name: 'User', width: undefined },
  { name: 'Role', width: '10.5rem' },
  { name: 'Status', width: '7rem' },
  { name: 'Joined', width: '10.5rem' },
  { name: 'Actions', width: '12.5rem' },
];

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
  const { ref, start, end, rowPx } = useWindowedRows<HTMLTableSectionElement>(users.length, ROW_REM);
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table
        className="w-full min-w-[56rem] table-fixed border-separate border-spacing-0 text-left"
        aria-rowcount={users.length + 1}
      >
        <caption className="sr-only">Users</caption>
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column.name} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead className="bg-surface text-xs tracking-wide text-muted uppercase">
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column.name} scope="col" className="px-4 py-3 font-semibold">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={ref}>
          <SpacerRow rows={start} rowPx={rowPx} columns={COLUMNS.length} />
          {users.slice(start, end).map((user, i) => (
            <UserRow
              key={user.id}
              user={user}
              rowIndex={start + i + 2}
              actor={actor}
              busy={pending.has(user.id)}
              onAction={onAction}
            />
          ))}
          <SpacerRow rows={users.length - end} rowPx={rowPx} columns={COLUMNS.length} />
        </tbody>
      </table>
    </div>
  );
}
