// @vitest-environment happy-dom
// The faces of branches without a server: the portal's tree from the API's flat list (a staff member's own
// subtree, where a branch may move), the branch picker that shows nothing to a single church, the /assemblies
// search, and the Network dashboard's CSV. Add User on a mocked API offers the branch only from two branches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import { branchChoices, branchIdsUnder, branchTree, moveTargets } from '../../src/islands/admin/branch-tree';
import { findAssemblies, type PublicAssembly } from '../../src/lib/shared/branches/assemblies';
import { networkCsv } from '../../src/islands/admin/features/network/model';
import type { BranchSummary } from '../../src/islands/admin/features/network/api';
import type { Branch } from '../../src/lib/shared/branches/api';
import { UserFormDialog } from '../../src/islands/admin/features/users/UserFormDialog';
import { auth } from '../../src/lib/client/session';
import type { User } from '../../src/lib/shared/users/types';
import { EMPTY_GIFT_FILTERS, giftQueryOf } from '../../src/islands/admin/features/giving/model';
import NetworkScreen from '../../src/islands/admin/features/network/NetworkScreen';
import { branchSummary } from '../../src/islands/admin/features/network/api';

vi.mock('../../src/islands/admin/features/network/api', () => ({ branchSummary: vi.fn() }));

/** What the mocked GET /branches/ answers. */
let served: Branch[] = [];
const asked = vi.fn();
vi.mock('../../src/islands/admin/branch-tree', async (original) => {
  const real = await original<typeof import('../../src/islands/admin/branch-tree')>();
  return {
    ...real,
    branchesQuery: () => ({
      queryKey: ['branches'],
      queryFn: async () => {
        asked();
        return served;
      },
    }),
  };
});

const branch = (id: number, name: string, parentId: number | null): Branch => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  parentId,
  kind: null,
  address: null,
  phone: null,
  serviceTimes: null,
});
// The church, an area with two assemblies, and Kasoa straight under the church.
const TREE = [
  branch(1, 'Grace Chapel', null),
  branch(2, 'Coastal Area', 1),
  branch(3, 'Tema', 2),
  branch(4, 'Ashaiman', 2),
  branch(5, 'Kasoa', 1),
];

afterEach(cleanup);

describe('the tree', () => {
  it('is the caller’s own branch and everything below it', () => {
    const names = (id: number | undefined) => branchChoices(TREE, id).map((b) => b.name);
    expect(names(1)).toEqual(['Grace Chapel', 'Coastal Area', 'Tema', 'Ashaiman', 'Kasoa']);
    expect(names(2)).toEqual(['Coastal Area', 'Tema', 'Ashaiman']);
    // One branch in scope (an assembly's staff): no choice, as for a single church.
    expect(names(3)).toEqual([]);
    expect(branchTree(TREE, 2)?.children.map((n) => n.branch.name)).toEqual(['Tema', 'Ashaiman']);
  });

  it('offers no choice to a single church', () => {
    expect(branchChoices([TREE[0]], 1)).toEqual([]);
    expect(branchChoices(undefined, 1)).toEqual([]);
  });

  it('a filter keeps a branch and those below it', () => {
    expect([...branchIdsUnder(TREE, 2)]).toEqual([2, 3, 4]);
    expect([...branchIdsUnder(TREE, 5)]).toEqual([5]);
    expect([...branchIdsUnder(branchChoices(TREE, 2), 2)]).toEqual([2, 3, 4]);
    expect(branchIdsUnder(TREE, 99).size).toBe(0);
  });

  it('never moves a branch under itself or a branch below it', () => {
    const top = branchTree(TREE, 1)!;
    expect(moveTargets(top, TREE[1]).map((b) => b.name)).toEqual(['Grace Chapel', 'Kasoa']);
    expect(moveTargets(top, TREE[2]).map((b) => b.name)).toEqual(['Grace Chapel', 'Coastal Area', 'Ashaiman', 'Kasoa']);
  });
});

describe('/assemblies search', () => {
  const a = (name: string, parentName: string, address: string): PublicAssembly => ({
    id: 1,
    name,
    slug: name,
    kind: 'Assembly',
    parentName,
    address,
    phone: null,
    serviceTimes: null,
  });
  const list = [a('Tema', 'Coastal Area', 'Community 7'), a('Kasoa', 'Central', 'Old Barrier Road')];
  it('matches every word in the name, kind, area or address, any case', () => {
    expect(findAssemblies(list, '').map((x) => x.name)).toEqual(['Tema', 'Kasoa']);
    expect(findAssemblies(list, 'coastal').map((x) => x.name)).toEqual(['Tema']);
    expect(findAssemblies(list, 'BARRIER  assembly').map((x) => x.name)).toEqual(['Kasoa']);
    expect(findAssemblies(list, 'barrier tema')).toEqual([]);
  });
});

describe('the Network dashboard CSV', () => {
  const s = (id: number, name: string, members: number, given: number): BranchSummary => ({
    branch: { id, name },
    members,
    households: 1,
    attendance: { lastWeek: 0, averageLast4Weeks: 0 },
    giving: { last30Days: given },
  });
  it('has a row per child branch and the total; giving only when shown', () => {
    const csv = networkCsv([s(3, '=Tema', 4, 10.5), s(4, 'Ashaiman', 2, 0)], s(2, 'Coastal Area', 6, 10.5), true);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('"Giving, last 30 days (GH₵)"');
    expect(lines[1]).toBe(`"'=Tema","4","1","0","0","10.5"`);
    expect(lines.at(-1)).toBe(`"Total (Coastal Area)","6","1","0","0","10.5"`);
    expect(networkCsv([], s(2, 'Coastal Area', 6, 1), false)).not.toContain('Giving');
  });
});

describe('the Giving screen’s branch filter', () => {
  it('asks for that branch’s gifts, and nothing when left at All branches', () => {
    expect(giftQueryOf({ ...EMPTY_GIFT_FILTERS, branch: '3' })).toEqual({ branch: 3 });
    expect(giftQueryOf(EMPTY_GIFT_FILTERS)).toEqual({});
  });
});

describe('Add User', () => {
  const open = (branches: Branch[]) => {
    served = branches;
    asked.mockClear();
    auth.setUser({ id: 1, username: 'admin', role: 'ADMIN', branch: { id: 2, name: 'Coastal Area' } } as User);
    renderWithQuery(
      <UserFormDialog
        user={null}
        roles={['MEMBER']}
        onClose={() => {}}
        onCreate={async () => {}}
        onUpdate={async () => {}}
      />,
    );
  };

  it('offers the branches of the creator’s scope, their own chosen', async () => {
    open(TREE);
    const select = (await screen.findByLabelText(/^Branch/)) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Coastal Area', 'Tema', 'Ashaiman']);
    expect(select.value).toBe('2');
  });

  it('shows no branch to a single church', async () => {
    open([TREE[0]]);
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await screen.findByLabelText(/^Role/);
    expect(screen.queryByLabelText(/^Branch/)).toBeNull();
  });
});

describe('the Network dashboard', () => {
  it('shows a row per branch below the caller’s own, the total, and says when no attendance is recorded', async () => {
    served = TREE;
    const figures: Record<number, number[]> = { 1: [30, 9, 500], 2: [12, 4, 200], 5: [7, 2, 50] };
    vi.mocked(branchSummary).mockImplementation(async (id: number) => {
      const [members, households, given] = figures[id];
      const b = TREE.find((x) => x.id === id)!;
      return {
        branch: { id, name: b.name },
        members,
        households,
        attendance: { lastWeek: 0, averageLast4Weeks: 0 },
        giving: { last30Days: given },
      };
    });
    auth.setUser({ id: 1, username: 'admin', role: 'ADMIN', branch: { id: 1, name: 'Grace Chapel' } } as User);
    renderWithQuery(<NetworkScreen />);
    const table = await screen.findByRole('table', { name: 'Branches under Grace Chapel' });
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['Coastal Area', '12', '4', '0', '0', 'GH₵ 200.00'],
      ['Kasoa', '7', '2', '0', '0', 'GH₵ 50.00'],
      ['Total (Grace Chapel)', '30', '9', '0', '0', 'GH₵ 500.00'],
    ]);
    // A branch with branches below it opens them.
    expect(screen.getByRole('link', { name: 'Coastal Area' }).getAttribute('href')).toMatch(/\/network\?branch=2$/);
    expect(screen.getByText('No attendance recorded yet')).toBeTruthy();
  });
});
