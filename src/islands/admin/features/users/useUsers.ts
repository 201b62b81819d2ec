// State of the users screen: the list and stats from the server, and the actions on them. An action for a
// user runs at most once at a time (a second click while it runs is ignored), its buttons are disabled
// meanwhile, and the server's answer replaces the user everywhere it is shown.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Role } from '../../../../lib/shared/permissions';
import type { UserCreate, UserUpdate } from '../../../../lib/shared/schemas';
import type { User, UserStats } from '../../../../lib/shared/users/types';
import { toast } from '../../../ui/toast';
import { changeUser, createUser, deleteUser, getUserStats, listUsers, updateUser, type StateAction } from './api';
import { actionErrorMessage, actionSuccessMessage, usersLoadErrorMessage, type ServerAction } from './model';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

export function useUsers() {
  const [users, setUsers] = useState<User[]>([]);
  const [stats, setStats] = useState<UserStats | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const running = useRef(new Set<number>());

  const reloadStats = useCallback(async () => {
    try {
      setStats(await getUserStats());
    } catch (error) {
      // docs/PRODUCT.md (Errors): a failed stats load is only logged; the cards fall back to the list's counts.
      console.warn('Failed to load user stats', error);
    }
  }, []);

  // Reads list and stats; state changes only after the answers arrive (the first render already shows loading).
  const fetchAll = useCallback(async () => {
    void reloadStats();
    try {
      const list = await listUsers();
      setUsers(Array.isArray(list) ? list : []);
      setLoad({ status: 'ready' });
    } catch (error) {
      setLoad({ status: 'error', message: usersLoadErrorMessage(error) });
    }
  }, [reloadStats]);

  useEffect(() => {
    // fetchAll sets state only after its awaits, never synchronously in this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void fetchAll();
  }, [fetchAll]);

  /** Retry after an error. */
  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    return fetchAll();
  }, [fetchAll]);

  /** Runs `task` for one user unless one is already running for them; null when skipped or failed. */
  const guarded = useCallback(
    async <T>(id: number, action: ServerAction, task: () => Promise<T>): Promise<T | null> => {
      if (running.current.has(id)) return null;
      running.current.add(id);
      setPending(new Set(running.current));
      try {
        return await task();
      } catch (error) {
        toast(actionErrorMessage(action, error), { variant: 'error' });
        return null;
      } finally {
        running.current.delete(id);
        setPending(new Set(running.current));
      }
    },
    [],
  );

  const replace = (updated: User) => setUsers((list) => list.map((u) => (u.id === updated.id ? updated : u)));

  const runAction = useCallback(
    async (user: User, action: StateAction, opts: { reason?: string; role?: Role } = {}): Promise<User | null> => {
      const updated = await guarded(user.id, action, () => changeUser(action, user.id, opts));
      if (!updated) return null;
      replace(updated);
      toast(actionSuccessMessage(action, updated));
      void reloadStats();
      return updated;
    },
    [guarded, reloadStats],
  );

  /** Resolves true when the user was deleted (after the browser's confirmation). */
  const remove = useCallback(
    async (user: User): Promise<boolean> => {
      if (running.current.has(user.id)) return false;
      if (!window.confirm('Are you sure you want to delete this user?')) return false;
      const done = await guarded(user.id, 'delete', async () => {
        await deleteUser(user.id);
        return true;
      });
      if (!done) return false;
      setUsers((list) => list.filter((u) => u.id !== user.id));
      toast(actionSuccessMessage('delete', user));
      void reloadStats();
      return true;
    },
    [guarded, reloadStats],
  );

  /** PATCH /auth/users/{id}/; throws the API error so the form can show field messages. */
  const update = useCallback(async (user: User, changes: UserUpdate): Promise<User> => {
    const updated = await updateUser(user.id, changes);
    replace(updated);
    toast(actionSuccessMessage('update', updated));
    return updated;
  }, []);

  /** POST /auth/users/; throws the API error so the form can show field messages. */
  const create = useCallback(
    async (input: UserCreate): Promise<User> => {
      const created = await createUser(input);
      setUsers((list) => [created, ...list]);
      toast(actionSuccessMessage('create', created));
      void reloadStats();
      return created;
    },
    [reloadStats],
  );

  return { users, stats, load, pending, reload, runAction, remove, update, create };
}
