// The one branch picker of the portal's forms and the one branch filter of its lists (docs/PRODUCT.md (Branches)):
// the branches of the caller's scope from GET /branches/ (branch-tree.ts), shown only while that scope holds two
// branches or more, so a single church, or the staff of one assembly, see no change on any screen.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { $auth } from '../../lib/client/session';
import type { Branch } from '../../lib/shared/branches/api';
import { Field, Select } from '../ui';
import { branchChoices, branchesQuery } from './branch-tree';

/** The caller's own branch and those below it, their own first; empty below two. */
export function useBranchChoices(): Branch[] {
  const own = useStore($auth).user?.branch?.id;
  return branchChoices(useQuery(branchesQuery()).data, own);
}

/** What a new item's form starts with: the caller's own branch ('' until the session is known). */
export function useOwnBranch(): string {
  const own = useStore($auth).user?.branch?.id;
  return own === undefined ? '' : String(own);
}

/** A form's value as a body's `branchId`: none while no choice is offered, so the server's default holds. */
export const branchBody = (choices: readonly Branch[], value: string): { branchId?: number } =>
  choices.length && value ? { branchId: Number(value) } : {};

/** A form's Branch field (a select of the choices), or nothing while there is no choice. */
export function BranchField({
  choices,
  id,
  name = 'branchId',
  value,
  onChange,
  disabled,
  externalError,
  className,
}: {
  choices: readonly Branch[];
  id?: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  externalError?: string | null;
  className?: string;
}) {
  if (!choices.length) return null;
  return (
    <Field
      name={name}
      id={id}
      label="Branch"
      type="select"
      value={value}
      onChange={onChange}
      options={choices.map((b) => ({ value: String(b.id), label: b.name }))}
      disabled={disabled}
      externalError={externalError}
      className={className}
    />
  );
}

/** A list filter's options: every branch of the scope, then each one (that branch and those below it). */
export const branchFilterOptions = (choices: readonly Branch[]) => [
  { value: '', label: 'All branches' },
  ...choices.map((b) => ({ value: String(b.id), label: b.name })),
];

/** A list's Branch filter on its own (for a screen without a FilterBar), or nothing while there is no choice. */
export function BranchFilter({
  choices,
  value,
  onChange,
  className,
}: {
  choices: readonly Branch[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  if (!choices.length) return null;
  return (
    <Select
      label="Branch"
      name="branch"
      value={value}
      onChange={onChange}
      options={branchFilterOptions(choices)}
      className={className}
    />
  );
}
