// The changes of a screen whose every change is one API call, after which its lists are read again (Households,
// Ministries): one at a time, each told in a toast.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../ui/toast';
import { toastOnFailure } from './content-form';

type Task = () => Promise<unknown>;

/** `queryKey`: what is read again after each change (the feature's `all` key). */
export function useScreenChanges(queryKey: QueryKey) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (task: Task) => task(),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  /** A button's or a small form's change: says `done` in a toast, or the failure ('remove the person'). */
  const run = (doing: string, done: string, task: Task) =>
    toastOnFailure(doing, async () => {
      await change.mutateAsync(task);
      toast(done);
    });
  /** A dialog's save: says `done` in a toast; a refusal is thrown back, to stay in the dialog (its banner, fields). */
  const save = async (done: string, task: Task) => {
    await change.mutateAsync(task);
    toast(done);
  };
  return { run, save, busy: change.isPending };
}

export type RunChange = ReturnType<typeof useScreenChanges>['run'];
