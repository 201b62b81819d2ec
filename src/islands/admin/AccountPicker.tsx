// Picking an account (a household's member, a ministry's leader or member): a search box over every account
// (GET /auth/users/, read once and kept like any other query) and a select of those that match, two plain labelled
// controls that work with a keyboard and a screen reader. Here rather than in a feature because the households and
// the ministries screens both pick accounts and features do not import each other.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/client/api-client';
import { USERS_PATH } from '../../lib/shared/users/account';
import type { User } from '../../lib/shared/users/types';
import { Field } from '../ui';
import { loadErrorMessage } from './query';

/** At most this many matches are offered at once; the search narrows the rest. */
export const ACCOUNTS_SHOWN = 50;

export const accountsQuery = queryOptions({
  queryKey: ['accounts'] as const,
  queryFn: () => api<User[]>(USERS_PATH),
});

/** The empty choice where an account must be chosen, and the message when none was. */
export const CHOOSE_ACCOUNT = 'Choose an account';

/**
 * A dialog's submit that first asks for an account: with none `chosen`, the picker says "Choose an account" (the
 * schema would only find the id missing) and nothing is sent.
 */
export function requireAccount(
  chosen: string,
  submit: (event: SubmitEvent<HTMLFormElement>) => unknown,
  refuse: (message: string) => void,
) {
  return (event: SubmitEvent<HTMLFormElement>) => {
    if (chosen) return submit(event);
    event.preventDefault();
    refuse(CHOOSE_ACCOUNT);
  };
}

export const accountName = (user: Pick<User, 'full_name' | 'username'>) => user.full_name.trim() || user.username;

/** The accounts whose name, username or email holds every word of the search, by name. */
export function matchingAccounts(users: readonly User[], search: string): User[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return users
    .filter((u) => {
      const text = `${u.full_name} ${u.username} ${u.email}`.toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => accountName(a).localeCompare(accountName(b)));
}

export function AccountPicker({
  name,
  label,
  value,
  onChange,
  externalError,
  none,
  current,
}: {
  /** The select's name and the base of both controls' ids. */
  name: string;
  /** The select's label, e.g. "Account" or "Leader". */
  label: string;
  /** The chosen account's id as text, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The field's message (as useFormFields' bind gives it). */
  externalError?: string | null;
  /** The empty choice's text: "Choose an account", or "No leader" where none is allowed. */
  none: string;
  /** The account chosen now, offered even when the search leaves it out. */
  current?: { id: number; name: string } | null;
}) {
  const accounts = useQuery(accountsQuery);
  const [search, setSearch] = useState('');
  const matches = matchingAccounts(accounts.data ?? [], search);
  const shown = matches.slice(0, ACCOUNTS_SHOWN);
  const options = shown.map((u) => ({ value: String(u.id), label: `${accountName(u)} (${u.email || u.username})` }));
  const chosen = value && !options.some((o) => o.value === value) ? (current ?? null) : null;
  if (chosen && String(chosen.id) === value) options.unshift({ value, label: chosen.name });
  const hint = accounts.isError
    ? loadErrorMessage('Failed to load the accounts.', accounts.error)
    : accounts.isPending
      ? 'Loading accounts...'
      : matches.length > ACCOUNTS_SHOWN
        ? `${matches.length} accounts match: the first ${ACCOUNTS_SHOWN} are listed, search to narrow them.`
        : `${matches.length} ${matches.length === 1 ? 'account matches' : 'accounts match'}.`;
  return (
    <div className="flex flex-col gap-3">
      <Field
        name={`${name}-search`}
        id={`${name}-search`}
        label="Find an account"
        type="search"
        value={search}
        onChange={setSearch}
        placeholder="Name, username or email..."
        helperText={<span aria-live="polite">{hint}</span>}
      />
      <Field
        name={name}
        id={name}
        label={label}
        type="select"
        value={value}
        onChange={onChange}
        externalError={externalError}
        placeholder={none}
        options={options}
      />
    </div>
  );
}
