// Households (docs/PRODUCT.md (Households)): every staff member searches them and sees each one's head, address,
// member accounts and people; ADMIN and above create one, edit its name, address and head, add an account or a
// person, edit a person, remove either, and merge two (the other's accounts and people move in and it is deleted).
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { $auth } from '../../../../lib/client/session';
import {
  householdCreateSchema,
  householdPersonCreateSchema,
  type Household,
  type HouseholdPerson,
} from '../../../../lib/shared/households/api';
import { fieldRules } from '../../../../lib/shared/forms';
import { canManageCongregation } from '../../../../lib/shared/permissions';
import { Button, EmptyState, Field, NoMatches, ScreenHeader } from '../../../ui';
import { QueryView } from '../../QueryView';
import { BranchField, BranchFilter, branchBody, useBranchChoices, useOwnBranch } from '../../BranchPicker';
import type { Branch } from '../../../../lib/shared/branches/api';
import { cx } from '../../../ui/cx';
import { useScreenChanges, type RunChange } from '../../useScreenChanges';
import { useSearchPause } from '../../useSearchPause';
import * as calls from './api';
import { householdChoiceLabel } from './model';
import { AddAccountDialog, EditChildAccountDialog, EditHouseholdDialog, EditPersonDialog } from './HouseholdDialogs';
import { PAGE_SIZE, householdKeys, householdsQuery } from './queries';

/** The dialog open on the screen, with the household (and person) it is about. */
type Open =
  | { kind: 'edit' | 'account'; household: Household }
  | { kind: 'person'; household: Household; person: Extract<HouseholdPerson, { kind: 'person' }> }
  | { kind: 'child'; household: Household; child: Extract<HouseholdPerson, { kind: 'member' }> };

export default function HouseholdsScreen() {
  const role = useStore($auth).user?.role ?? null;
  const canEdit = role !== null && canManageCongregation({ role }, 'households', 'edit');
  const [typed, setTyped] = useState('');
  const [search] = useSearchPause(typed.trim());
  const [page, setPage] = useState(0);
  // A new search starts at its first page.
  const type = (text: string) => {
    setTyped(text);
    setPage(0);
  };
  // The branch filter (that branch and those below it), offered from two branches in the caller's scope.
  const branches = useBranchChoices();
  const [branch, setBranch] = useState('');
  const query = useQuery(householdsQuery(search, page, branch));
  const households = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  const changes = useScreenChanges(householdKeys.all);
  const { run } = changes;
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  // A dialog's save: a refusal stays in the dialog (its banner and fields); success closes it.
  const save = (done: string, task: () => Promise<unknown>) => changes.save(done, task).then(close);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Households" subtitle="Families of the church: their head, address, members and people." />
      {canEdit && (
        <NewHousehold
          branches={branches}
          onCreate={(body) => run('create the household', 'Household created', () => calls.createHousehold(body))}
        />
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          name="household-search"
          id="household-search"
          label="Search households"
          type="search"
          value={typed}
          onChange={type}
          placeholder="Search by household or person..."
          className="flex-1"
        />
        <BranchFilter
          choices={branches}
          value={branch}
          onChange={(value) => {
            setBranch(value);
            setPage(0);
          }}
        />
      </div>
      <QueryView query={query} noun="the households">
        <p className="sr-only" role="status">
          {count} {count === 1 ? 'household' : 'households'} found
        </p>
        {households.length === 0 ? (
          search || branch ? (
            <NoMatches
              title="No households found"
              onClear={() => {
                type('');
                setBranch('');
              }}
            />
          ) : (
            <EmptyState title="No households yet">Households appear here once they are created.</EmptyState>
          )
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {households.map((household) => (
              <li key={household.id}>
                <HouseholdCard
                  household={household}
                  others={households.filter((h) => h.id !== household.id)}
                  canEdit={canEdit}
                  busy={changes.busy}
                  run={run}
                  onOpen={setOpen}
                />
              </li>
            ))}
          </ul>
        )}
        {count > PAGE_SIZE && (
          <nav aria-label="Pages of households" className="flex items-center justify-between gap-3 text-sm">
            <Button variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page + 1} of {Math.ceil(count / PAGE_SIZE)}
            </span>
            <Button variant="outline" disabled={(page + 1) * PAGE_SIZE >= count} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </QueryView>
      {open?.kind === 'edit' && (
        <EditHouseholdDialog
          household={open.household}
          onClose={close}
          onSave={(body) =>
            save(`${body.name ?? open.household.name} saved`, () => calls.updateHousehold(open.household.id, body))
          }
        />
      )}
      {open?.kind === 'account' && (
        <AddAccountDialog
          household={open.household}
          onClose={close}
          onSave={(body) =>
            save(`Account added to ${open.household.name}`, () => calls.addMember(open.household.id, body))
          }
        />
      )}
      {open?.kind === 'child' && (
        <EditChildAccountDialog
          child={open.child}
          onClose={close}
          onSave={(body) =>
            save(`${open.child.name} saved`, () => calls.updateChildAccount(open.household.id, open.child.userId, body))
          }
        />
      )}
      {open?.kind === 'person' && (
        <EditPersonDialog
          person={open.person}
          onClose={close}
          onSave={(body) =>
            save(`${body.name ?? open.person.name} saved`, () =>
              calls.updatePerson(open.household.id, open.person.id, body),
            )
          }
        />
      )}
    </div>
  );
}

function NewHousehold({
  branches,
  onCreate,
}: {
  branches: Branch[];
  onCreate: (body: { name: string; address: string | null; branchId?: number }) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const own = useOwnBranch();
  const [branch, setBranch] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onCreate({ name: name.trim(), address: address.trim() || null, ...branchBody(branches, branch || own) });
    setName('');
    setAddress('');
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className={cx(
        'grid gap-3 rounded-xl border border-border bg-card p-4',
        branches.length ? 'sm:grid-cols-4' : 'sm:grid-cols-3',
      )}
    >
      <Field
        name="name"
        id="new-household-name"
        label="Household name"
        value={name}
        onChange={setName}
        rules={fieldRules(householdCreateSchema, 'name')}
      />
      <Field
        name="address"
        id="new-household-address"
        label="Address"
        value={address}
        onChange={setAddress}
        rules={fieldRules(householdCreateSchema, 'address')}
      />
      <BranchField choices={branches} id="new-household-branch" value={branch || own} onChange={setBranch} />
      <div className="flex items-end">
        <Button type="submit">New Household</Button>
      </div>
    </form>
  );
}

function HouseholdCard({
  household,
  others,
  canEdit,
  busy,
  run,
  onOpen,
}: {
  household: Household;
  others: Household[];
  canEdit: boolean;
  busy: boolean;
  run: RunChange;
  onOpen: (open: Open) => void;
}) {
  const [person, setPerson] = useState({ name: '', relationship: '' });
  const [from, setFrom] = useState('');
  const id = household.id;
  const addPerson = async (event: FormEvent) => {
    event.preventDefault();
    await run('add the person', 'Person added', () =>
      calls.addPerson(id, { name: person.name.trim(), relationship: person.relationship.trim() }),
    );
    setPerson({ name: '', relationship: '' });
  };
  const merge = async (event: FormEvent) => {
    event.preventDefault();
    const source = others.find((h) => String(h.id) === from);
    if (!source) return;
    await run('merge the households', `${source.name} merged into ${household.name}`, () =>
      calls.mergeHouseholds(id, source.id),
    );
    setFrom('');
  };
  return (
    <article
      className="rounded-xl border border-border bg-card p-4"
      data-testid="household-card"
      aria-labelledby={`household-${id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`household-${id}`} className="text-lg font-semibold">
          {household.name}
        </h2>
        {canEdit && (
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Edit ${household.name}`}
              onClick={() => onOpen({ kind: 'edit', household })}
            >
              Edit
            </Button>
            <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'account', household })}>
              Add Account
            </Button>
          </span>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Head</dt>
        <dd>{household.head?.name ?? 'None'}</dd>
        <dt className="text-muted">Address</dt>
        <dd>{household.address ?? 'Not provided'}</dd>
      </dl>
      <h3 className="mt-3 text-sm font-semibold">People</h3>
      <ul className="mt-1 divide-y divide-border text-sm">
        {household.people.map((p) => (
          <li
            key={p.kind === 'member' ? `u${p.userId}` : `p${p.id}`}
            className="flex items-center justify-between gap-2 py-1.5"
          >
            <span>
              {p.name}{' '}
              <span className="text-muted">
                ({p.relationship}
                {p.kind === 'member' ? `, member account${p.child ? ', child' : ''}` : ''})
              </span>
            </span>
            {canEdit && (
              <span className="flex gap-1">
                {(p.kind === 'person' || p.child) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${p.name}`}
                    onClick={() =>
                      onOpen(
                        p.kind === 'person'
                          ? { kind: 'person', household, person: p }
                          : { kind: 'child', household, child: p },
                      )
                    }
                  >
                    Edit
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Remove ${p.name}`}
                  onClick={() =>
                    void run('remove the person', `${p.name} removed`, () =>
                      p.kind === 'member' ? calls.removeMember(id, p.userId) : calls.removePerson(id, p.id),
                    )
                  }
                >
                  Remove
                </Button>
              </span>
            )}
          </li>
        ))}
        {household.people.length === 0 && <li className="py-1.5 text-muted">Nobody yet</li>}
      </ul>
      {canEdit && (
        <div className="mt-3 grid gap-3 border-t border-border pt-3">
          <form onSubmit={(e) => void addPerson(e)} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <Field
              name="name"
              id={`person-name-${id}`}
              label="Name"
              value={person.name}
              onChange={(name) => setPerson({ ...person, name })}
              rules={fieldRules(householdPersonCreateSchema, 'name')}
            />
            <Field
              name="relationship"
              id={`person-relationship-${id}`}
              label="Relationship"
              value={person.relationship}
              onChange={(relationship) => setPerson({ ...person, relationship })}
              rules={fieldRules(householdPersonCreateSchema, 'relationship')}
            />
            <div className="flex items-end">
              <Button type="submit" size="sm" disabled={busy}>
                Add Person
              </Button>
            </div>
          </form>
          {others.length > 0 && (
            <form onSubmit={(e) => void merge(e)} className="grid gap-2 sm:grid-cols-[1fr_auto]">
              <Field
                name="merge"
                id={`merge-${id}`}
                label="Merge another household into this one"
                type="select"
                value={from}
                onChange={setFrom}
                placeholder="Choose a household"
                options={others.map((h) => ({ value: String(h.id), label: householdChoiceLabel(h) }))}
                rules={{ required: true }}
              />
              <div className="flex items-end">
                <Button type="submit" size="sm" variant="outline" disabled={busy || !from}>
                  Merge
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </article>
  );
}
