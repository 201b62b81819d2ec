// User management (/admin/users, docs/PRODUCT.md (Pages and screens)). The screen composes the pieces under ../users: state
// and actions (queries.ts), pure rules (model), the table, the detail dialog and the add/edit form.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { $auth } from '../../../../lib/client/session';
import { creatableRoles, ROLE_LABELS, ROLES, type Actor, type Role } from '../../../../lib/shared/permissions';
import { filterOptions } from '../../../../lib/shared/filters';
import { LIST_SUSPEND_REASON } from '../../../../lib/shared/messages';
import type { User } from '../../../../lib/shared/users/types';
import {
  Button,
  EmptyState,
  FilterBar,
  LoadError,
  ScreenHeader,
  StatGrid,
  searchFromUrl,
  type FilterSelect,
} from '../../../ui';
import { LoadingScreen } from '../../layout/LoadingScreen';
import {
  EMPTY_FILTERS,
  filterUsers,
  searchText,
  statCards,
  USERS_LOAD_MESSAGES,
  usersLoadErrorMessage,
  type UserFilters,
} from './model';
import { UserDetailDialog } from './UserDetailDialog';
import { UserFormDialog } from './UserFormDialog';
import { UsersTable, type RowAction } from './UsersTable';
import { usersQuery, userStatsQuery, useUserActions } from './queries';

const FILTER_SELECTS: FilterSelect<'role' | 'status'>[] = [
  { key: 'role', label: 'Role', options: filterOptions('All Roles', ROLES, (r) => ROLE_LABELS[r as Role]) },
  { key: 'status', label: 'Status', options: filterOptions('All Statuses', ['active', 'inactive', 'suspended']) },
];

const NO_USERS: User[] = [];

/** The dashboard's Add User quick action links here with ?new=1. */
const wantsNewUser = () =>
  typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('new') === '1';

export default function UsersScreen() {
  const { user: me } = useStore($auth);
  if (!me) return <p role="alert">{USERS_LOAD_MESSAGES.notAuthenticated}</p>;
  return <UsersManager actor={{ id: me.id, role: me.role }} />;
}

function UsersManager({ actor }: { actor: Actor }) {
  const query = useQuery(usersQuery);
  const users = query.data ?? NO_USERS;
  const stats = useQuery(userStatsQuery).data ?? null;
  const { pending, runAction, remove, update, create, resetSecondFactor, resetting } = useUserActions();
  const [filters, setFilters] = useState<UserFilters>(() => ({ ...EMPTY_FILTERS, search: searchFromUrl() }));
  // Typing stays responsive with 10,000 users: the input shows the keystroke at once, and the table re-filters
  // (a substring test on each user's precomputed search text) at a lower priority, so typing can interrupt it.
  const search = useDeferredValue(filters.search);
  const [detailId, setDetailId] = useState<number | null>(null);
  const roles = creatableRoles(actor);
  // The dashboard's Add User quick action arrives with ?new=1: open the form once, on arrival.
  const [form, setForm] = useState<{ user: User | null } | null>(() =>
    wantsNewUser() && roles.length > 0 ? { user: null } : null,
  );
  // Drop ?new=1 once read, so a reload or a shared link does not open the form again.
  useEffect(() => {
    if (wantsNewUser()) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const index = useMemo(() => new Map(users.map((u) => [u.id, searchText(u)])), [users]);
  const shown = useMemo(
    () => filterUsers(users, { ...filters, search }, index),
    [users, filters.role, filters.status, search, index], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const cards = useMemo(
    () => statCards(stats, users).map((c) => ({ ...c, value: c.value.toLocaleString('en-US') })),
    [stats, users],
  );
  const detail = detailId === null ? null : (users.find((u) => u.id === detailId) ?? null);
  const filtered = filters.search !== '' || filters.role !== 'all' || filters.status !== 'all';

  // Stable across renders so the memoised rows re-render only when their own user changes.
  const onRowAction = useCallback(
    (user: User, action: RowAction) => {
      switch (action) {
        case 'view':
          return setDetailId(user.id);
        case 'edit':
          return setForm({ user });
        case 'suspend':
          return void runAction(user, 'suspend', { reason: LIST_SUSPEND_REASON });
        case 'reactivate':
          return void runAction(user, 'reactivate');
        case 'delete':
          return void remove(user).then((gone) => gone && setDetailId((id) => (id === user.id ? null : id)));
      }
    },
    [runAction, remove],
  );

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="User Management" subtitle="Manage church members, staff accounts and portal access.">
        {roles.length > 0 ? (
          <Button onClick={() => setForm({ user: null })}>Add User</Button>
        ) : (
          // The spec's header always has the button; whoever may not create accounts sees why it is off.
          <div className="flex items-center gap-2">
            <Button disabled aria-describedby="add-user-hint">
              Add User
            </Button>
            <span id="add-user-hint" className="text-xs text-muted">
              Only administrators can add users
            </span>
          </div>
        )}
      </ScreenHeader>

      {query.isPending ? (
        <div>
          <LoadingScreen fullScreen={false} label="Loading users..." />
        </div>
      ) : query.isError ? (
        <LoadError message={usersLoadErrorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StatGrid label="User statistics" className="sm:grid-cols-2 xl:grid-cols-4" items={cards} />
          <FilterBar
            values={filters}
            onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
            searchLabel="Search users"
            placeholder="Search users by name, email, or phone..."
            onClear={() => setFilters(EMPTY_FILTERS)}
            canClear={filtered}
            hideLabels
            selects={FILTER_SELECTS}
          />
          <p className="text-sm text-muted" aria-live="polite" data-testid="users-count">
            Showing {shown.length} of {users.length} users
          </p>
          {shown.length > 0 ? (
            <UsersTable users={shown} actor={actor} pending={pending} onAction={onRowAction} />
          ) : (
            <EmptyState title="No users found" />
          )}
        </>
      )}

      {detail && (
        <UserDetailDialog
          key={detail.id}
          user={detail}
          actor={actor}
          busy={pending.has(detail.id) || resetting}
          onClose={() => setDetailId(null)}
          actions={{
            onSuspend: (reason) => void runAction(detail, 'suspend', { reason }),
            onReactivate: () => void runAction(detail, 'reactivate'),
            onGrant: () => void runAction(detail, 'grant_web_access'),
            onRevoke: () => void runAction(detail, 'revoke_web_access'),
            onChangeRole: (role) => void runAction(detail, 'promote', { role }),
            onResetTwoFactor: () => void resetSecondFactor(detail),
          }}
        />
      )}
      {form && (
        <UserFormDialog
          user={form.user}
          roles={roles}
          onClose={() => setForm(null)}
          onCreate={create}
          onUpdate={update}
        />
      )}
    </div>
  );
}
