// The church's tree of branches as the portal reads it (GET /branches/): the Branches screen, the Network
// dashboard and the screens' branch pickers and filters share this one query and tree, so a change to the tree
// shows in all of them. The API's list has parents before children.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/client/api-client';
import type { Branch } from '../../lib/shared/branches/api';

export interface BranchNode {
  branch: Branch;
  children: BranchNode[];
}

/**
 * The tree under `topId` (the caller's own branch: what lies above it is not theirs to change), or under the
 * root when `topId` is not in the list. One node at the top.
 */
export function branchTree(list: readonly Branch[], topId: number | undefined): BranchNode | undefined {
  const nodes = new Map(list.map((branch) => [branch.id, { branch, children: [] as BranchNode[] }]));
  for (const node of nodes.values()) {
    const parent = node.branch.parentId === null ? undefined : nodes.get(node.branch.parentId);
    parent?.children.push(node);
  }
  const top = topId === undefined ? undefined : nodes.get(topId);
  return top ?? [...nodes.values()].find((n) => n.branch.parentId === null);
}

/** The node's branch and every branch below it, in the tree's order. */
export function branchesUnder(node: BranchNode): Branch[] {
  return [node.branch, ...node.children.flatMap(branchesUnder)];
}

/** The ids of a branch and every branch below it (a list's branch filter); empty when it is not in the list. */
export function branchIdsUnder(list: readonly Branch[], id: number): Set<number> {
  const node = branchTree(list, id);
  return new Set(node?.branch.id === id ? branchesUnder(node).map((b) => b.id) : []);
}

/** Where a branch may be moved: any branch of the tree but itself and those below it. */
export function moveTargets(top: BranchNode, moving: Branch): Branch[] {
  const find = (node: BranchNode): BranchNode | undefined =>
    node.branch.id === moving.id ? node : node.children.map(find).find(Boolean);
  const own = find(top);
  const excluded = new Set(own ? branchesUnder(own).map((b) => b.id) : [moving.id]);
  return branchesUnder(top).filter((b) => !excluded.has(b.id));
}

/** "Assembly · Sundays 7:00 and 9:30": a node's line under its name. */
export const branchLine = (b: Branch) => [b.kind, b.serviceTimes].filter(Boolean).join(' · ');

export const branchKeys = { all: ['branches'] as const };

export const branchesQuery = () =>
  queryOptions({ queryKey: branchKeys.all, queryFn: () => api<Branch[]>('/branches/'), staleTime: 5 * 60 * 1000 });

/**
 * The branches a staff member may put something in or filter by (their own and those below it), their own first,
 * for the branch pickers and filters (BranchPicker.tsx); empty unless their scope holds two branches or more, so a
 * single church, or the staff of one assembly, see no choice (docs/PRODUCT.md (Branches)).
 */
export function branchChoices(list: readonly Branch[] | undefined, ownId: number | undefined): Branch[] {
  if (!list || list.length < 2) return [];
  const top = branchTree(list, ownId);
  const choices = top ? branchesUnder(top) : [];
  return choices.length > 1 ? choices : [];
}
