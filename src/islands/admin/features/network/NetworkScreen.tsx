// The Network dashboard (docs/PRODUCT.md (Network dashboard)): for staff above one assembly, the figures of each
// branch just below the one looked at (the caller's own at first) and their total, from GET
// /branches/{id}/summary/ (that branch and everything below it). A branch's name opens its own branches
// (?branch=ID); the path above leads back. Giving shows to ADMIN and above only (canSeeGiving). CSV export.
import { useStore } from '@nanostores/react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { $auth } from '../../../../lib/client/session';
import { downloadCsv } from '../../../../lib/client/download';
import { canSeeGiving } from '../../../../lib/shared/permissions';
import { Button, CELL, DataTable, EmptyState, NUMBER_CELL, ScreenHeader } from '../../../ui';
import { QueryView } from '../../QueryView';
import { branchTree, branchesQuery, type BranchNode } from '../../branch-tree';
import { branchSummary, type BranchSummary } from './api';
import { NETWORK_TEXT, figures, hasAttendance, networkColumns, networkCsv } from './model';

const LINK = 'font-medium text-primary-strong underline-offset-4 hover:underline';

export default function NetworkScreen() {
  const user = useStore($auth).user;
  const giving = !!user && canSeeGiving(user);
  const branches = useQuery(branchesQuery());
  const asked = Number(new URLSearchParams(useSearch()).get('branch')) || undefined;
  const own = branches.data && branchTree(branches.data, user?.branch?.id);
  // Only a branch under the caller's own can be opened; anything else shows their own.
  const node = (own && asked !== undefined && findNode(own, asked)) || own;
  const shown = node ? [node, ...node.children] : [];
  const summaries = useQueries({
    queries: shown.map((n) => ({
      queryKey: ['branches', 'summary', n.branch.id],
      queryFn: () => branchSummary(n.branch.id),
    })),
  });
  const failed = summaries.find((q) => q.isError);
  const ready = summaries.length > 0 && summaries.every((q) => q.data);
  const [total, ...children] = ready ? summaries.map((q) => q.data as BranchSummary) : [];

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title={NETWORK_TEXT.title} subtitle="Members, households, attendance and giving per branch.">
        {ready && (
          <Button
            variant="outline"
            onClick={() => downloadCsv(`network-${total.branch.id}.csv`, networkCsv(children, total, giving))}
          >
            Export CSV
          </Button>
        )}
      </ScreenHeader>
      <QueryView query={branches} noun="the branches">
        {node && (
          <>
            <Trail own={own!} node={node} />
            {node.children.length === 0 ? (
              <EmptyState title="No branches below this one">
                The Network dashboard compares the branches below a branch.
              </EmptyState>
            ) : failed ? (
              <p role="alert" className="text-sm text-error">
                Failed to load the figures. {failed.error instanceof Error ? failed.error.message : ''}
              </p>
            ) : !ready ? (
              <p className="text-sm text-muted">Loading the figures…</p>
            ) : (
              <>
                {!hasAttendance([total]) && <p className="text-sm text-muted">{NETWORK_TEXT.noAttendance}</p>}
                <DataTable
                  label={`Branches under ${node.branch.name}`}
                  caption={`Branches under ${node.branch.name}`}
                  columns={networkColumns(giving).map((name, i) => (i ? { name, numeric: true } : name))}
                  card
                >
                  {children.map((s, i) => (
                    <tr key={s.branch.id} data-testid="network-row">
                      <th scope="row" className={`${CELL} text-left font-normal`}>
                        {node.children[i].children.length ? (
                          <Link href={`/network?branch=${s.branch.id}`} className={LINK}>
                            {s.branch.name}
                          </Link>
                        ) : (
                          s.branch.name
                        )}
                      </th>
                      {figures(s, giving).map((cell, j) => (
                        <td key={j} className={NUMBER_CELL}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr data-testid="network-total" className="font-semibold">
                    <th scope="row" className={`${CELL} text-left`}>
                      {NETWORK_TEXT.total} ({total.branch.name})
                    </th>
                    {figures(total, giving).map((cell, j) => (
                      <td key={j} className={NUMBER_CELL}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                </DataTable>
              </>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

function findNode(node: BranchNode, id: number): BranchNode | undefined {
  if (node.branch.id === id) return node;
  for (const child of node.children) {
    const found = findNode(child, id);
    if (found) return found;
  }
  return undefined;
}

/** The way from the caller's own branch down to the one shown, each step a link back up. */
function Trail({ own, node }: { own: BranchNode; node: BranchNode }) {
  const path: BranchNode[] = [];
  const walk = (n: BranchNode): boolean => {
    path.push(n);
    if (n === node || n.children.some(walk)) return true;
    path.pop();
    return false;
  };
  walk(own);
  return (
    <nav aria-label="Branch path" className="text-sm">
      <ol className="flex flex-wrap gap-2">
        {path.map((n, i) => (
          <li key={n.branch.id} className="flex gap-2">
            {i > 0 && <span aria-hidden="true">›</span>}
            {n === node ? (
              <span aria-current="page" className="font-semibold">
                {n.branch.name}
              </span>
            ) : (
              <Link href={i === 0 ? '/network' : `/network?branch=${n.branch.id}`} className={LINK}>
                {n.branch.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
