// Branches (docs/PRODUCT.md (Branches)): the church's tree of areas, districts and assemblies as nested lists that
// open and close (<details>), from the caller's own branch down (what lies above it is outside their scope). ADMIN
// and above add a branch under another, change one, and delete one that is empty; the server's 409 says what is
// left in it, shown beside the branch. The Network dashboard's figures are reached from here.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { $auth } from '../../../../lib/client/session';
import type { Branch } from '../../../../lib/shared/branches/api';
import { canManageBranches } from '../../../../lib/shared/permissions';
import { Button, ScreenHeader } from '../../../ui';
import { contentErrorMessage } from '../../content-form';
import { QueryView } from '../../QueryView';
import { useScreenChanges } from '../../useScreenChanges';
import * as calls from './api';
import { BranchDialog } from './BranchDialog';
import { branchKeys, branchLine, branchTree, branchesQuery, moveTargets, type BranchNode } from '../../branch-tree';

type Open = { kind: 'create'; parent: Branch } | { kind: 'edit'; branch: Branch };

export default function BranchesScreen() {
  const user = useStore($auth).user;
  const canEdit = !!user && canManageBranches(user);
  const branches = useQuery(branchesQuery());
  const changes = useScreenChanges(branchKeys.all);
  const [open, setOpen] = useState<Open | null>(null);
  /** A refused delete: its detail stays beside the branch until the next change. */
  const [refusal, setRefusal] = useState<{ id: number; text: string } | null>(null);
  const top = branches.data && branchTree(branches.data, user?.branch?.id);
  const close = () => setOpen(null);
  const save = (done: string, task: () => Promise<unknown>) => changes.save(done, task).then(close);

  const remove = async (branch: Branch) => {
    if (changes.busy || !window.confirm(`Delete the branch "${branch.name}"? This cannot be undone.`)) return;
    setRefusal(null);
    try {
      await changes.save(`${branch.name} deleted`, () => calls.deleteBranch(branch.id));
    } catch (error) {
      setRefusal({ id: branch.id, text: contentErrorMessage('delete the branch', error) });
    }
  };

  const node = (n: BranchNode) => {
    const b = n.branch;
    const line = branchLine(b);
    const head = (
      <span className="flex flex-col">
        <span className="font-semibold">{b.name}</span>
        {line && <span className="text-sm text-muted">{line}</span>}
      </span>
    );
    const actions = canEdit && (
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-label={`Add Branch under ${b.name}`}
          onClick={() => setOpen({ kind: 'create', parent: b })}
        >
          Add Branch
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Edit ${b.name}`}
          onClick={() => setOpen({ kind: 'edit', branch: b })}
        >
          Edit
        </Button>
        {b.parentId !== null && (
          <Button
            size="sm"
            variant="destructive"
            aria-label={`Delete ${b.name}`}
            disabled={changes.busy}
            onClick={() => void remove(b)}
          >
            Delete
          </Button>
        )}
      </div>
    );
    const problem = refusal?.id === b.id && (
      <p role="alert" className="mt-2 text-sm text-error">
        {refusal.text}
      </p>
    );
    return (
      <li key={b.id} className="rounded-lg border border-border bg-card p-3" data-testid="branch">
        {n.children.length ? (
          <details open>
            <summary className="cursor-pointer">{head}</summary>
            {actions}
            {problem}
            <ul className="mt-3 flex flex-col gap-2 pl-4" aria-label={`Branches under ${b.name}`}>
              {n.children.map(node)}
            </ul>
          </details>
        ) : (
          <>
            {head}
            {actions}
            {problem}
          </>
        )}
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Branches" subtitle="The church's areas, districts and assemblies, and where each meets.">
        {top && top.children.length > 0 && (
          <Link href="/network" className="text-sm font-medium text-primary-strong underline-offset-4 hover:underline">
            Network dashboard
          </Link>
        )}
      </ScreenHeader>
      <QueryView query={branches} noun="the branches">
        {top && (
          <ul className="flex flex-col gap-2" aria-label="Branches">
            {node(top)}
          </ul>
        )}
      </QueryView>
      {open?.kind === 'create' && (
        <BranchDialog
          mode="create"
          parent={open.parent}
          onClose={close}
          onSave={(body) => save(`${body.name} added`, () => calls.createBranch(body))}
        />
      )}
      {open?.kind === 'edit' && top && (
        <BranchDialog
          mode="edit"
          branch={open.branch}
          parents={moveTargets(top, open.branch)}
          onClose={close}
          onSave={(body) =>
            save(`${body.name ?? open.branch.name} saved`, () => calls.updateBranch(open.branch.id, body))
          }
        />
      )}
    </div>
  );
}
