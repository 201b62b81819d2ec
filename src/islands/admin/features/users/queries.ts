// The users screen's data (TanStack Query, ../../query.ts): its keys, the list and stats, and the actions on a
// user. An action for a user runs at most once at a time (a second click while it runs is ignored), its buttons
// are disabled meanwhile, and the server's answer replaces the user everywhere it is shown.
import { queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Role } from '../../../../lib/shared/permissions';
import type { UserCreate, UserUpdate } from '../../../../lib/shared/schemas';
import type { User } from '../../../../lib/shared/users/types';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { toast } from '../../../ui/toast';
import { afterWrite } from '../../query';
import {
  changeUser,
  createUser,
  deleteUser,
  getUserStats,
  listUsers,
  resetTwoFactor,
  updateUser,
  type StateAction,
} from './api';
import { actionErrorMessage, actionSuccessMessage } from './model';

export const userKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  stats: ['users', 'stats'] as const,
  /** The actions on one user (suspend, delete…), pending while they run. */
  actions: ['users', 'action'] as const,
};

export const usersQuery = queryOptions({ queryKey: userKeys.list, queryFn: () => listUsers() });

export const userStatsQuery = queryOptions({
  queryKey: userKeys.stats,
  queryFn: async () => {
    try {
      return await getUserStats();
    } catch (error) {
      // docs/PRODUCT.md (Errors): a failed stats load is only logged; the cards fall back to the list's counts.
      console.warn('Failed to load user stats', error);
      return null;
    }
  },
});

type ActionInput =
  { user: User; action: StateAction; opts: { reason?: string; role?: Role } } | { user: User; action: 'delete' };

export function useUserActions() {
  const client = useQueryClient();
  const change = (update: (list: User[]) => User[]) => afterWrite(client, userKeys.all, userKeys.list, update);
  const replace = (updated: User) => change((list) => list.map((u) => (u.id === updated.id ? updated : u)));

  const acting = useMutation({
    mutationKey: userKeys.actions,
    mutationFn: async (input: ActionInput): Promise<User | null> => {
      if (input.action === 'delete') {
        await deleteUser(input.user.id);
        return null;
      }
      return changeUser(input.action, input.user.id, input.opts);
    },
    onSuccess: (updated, input) => {
      if (updated) replace(updated);
      else change((list) => list.filter((u) => u.id !== input.user.id));
      toast(actionSuccessMessage(input.action, updated ?? input.user));
    },
    onError: (error, input) => toast(actionErrorMessage(input.action, error), { variant: 'error' }),
  });

  const pendingIds = useMutationState({
    filters: { mutationKey: userKeys.actions, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ActionInput).user.id,
  });
  const pendingKey = pendingIds.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new Set only when the ids change, so rows keep their memo
  const pending = useMemo<ReadonlySet<number>>(() => new Set(pendingIds), [pendingKey]);

  // Stable across renders (mutateAsync is), so the table's memoised rows re-render only when their user changes.
  const act = acting.mutateAsync;
  const running = useCallback(
    (id: number) =>
      client.isMutating({
        mutationKey: userKeys.actions,
        predicate: (mutation) => (mutation.state.variables as ActionInput | undefined)?.user.id === id,
      }) > 0,
    [client],
  );

  /** Resolves with the user as stored, or null when skipped (an action already runs for them) or failed. */
  const runAction = useCallback(
    async (user: User, action: StateAction, opts: { reason?: string; role?: Role } = {}): Promise<User | null> => {
      if (running(user.id)) return null;
      return act({ user, action, opts }).catch(() => null);
    },
    [act, running],
  );

  /** Resolves true when the user was deleted (after the browser's confirmation). */
  const remove = useCallback(
    async (user: User): Promise<boolean> => {
      if (running(user.id)) return false;
      if (!window.confirm('Are you sure you want to delete this user?')) return false;
      return act({ user, action: 'delete' }).then(
        () => true,
        () => false,
      );
    },
    [act, running],
  );

  const updating = useMutation({
    mutationFn: (v: { user: User; changes: UserUpdate }) => updateUser(v.user.id, v.changes),
  });
  /** PATCH /auth/users/{id}/; throws the API error so the form can show field messages. */
  async function update(user: User, changes: UserUpdate): Promise<User> {
    const updated = await updating.mutateAsync({ user, changes });
    replace(updated);
    toast(actionSuccessMessage('update', updated));
    return updated;
  }

  const creating = useMutation({ mutationFn: (input: UserCreate) => createUser(input) });
  /** POST /auth/users/; throws the API error so the form can show field messages. */
  async function create(input: UserCreate): Promise<User> {
    const created = await creating.mutateAsync(input);
    change((list) => [created, ...list]);
    toast(actionSuccessMessage('create', created));
    return created;
  }

  const resetting = useMutation({
    mutationFn: (user: User) => resetTwoFactor(user.id),
    onSuccess: (_, user) => toast(`Two-factor sign-in reset for ${user.first_name} ${user.last_name}.`.trim()),
    onError: (error) => toast(apiErrorInfo(error).detail ?? 'Failed to reset two-factor sign-in', { variant: 'error' }),
  });
  /**
   * Resolves true when the person's two-factor sign-in was reset (after the browser's confirmation, which
   * reminds the actor to have verified the person in person first).
   */
  const resetSecondFactor = useCallback(
    async (user: User): Promise<boolean> => {
      const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
      const sure = window.confirm(
        `Reset two-factor sign-in for ${name}? Do this only after verifying them in person. ` +
          'Their authenticator app, recovery codes and passkeys are removed, every session of theirs ends, ' +
          'and they are emailed.',
      );
      if (!sure) return false;
      return resetting.mutateAsync(user).then(
        () => true,
        () => false,
      );
    },
    [resetting],
  );

  return { pending, runAction, remove, update, create, resetSecondFactor, resetting: resetting.isPending };
}
