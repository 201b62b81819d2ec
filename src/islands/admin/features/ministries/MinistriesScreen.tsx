// Ministries (docs/PRODUCT.md (Ministries)): the join requests waiting (every staff member accepts or declines
// them) and, under a disclosure, those decided; then every ministry with what /ministries shows of it, its leader
// and its members with their roles. ADMIN and above create and edit ministries (description, leader, when and where
// they meet, public or not), add an account as a member with a role, change roles and remove members.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { $auth } from '../../../../lib/client/session';
import { formatDate, formatDateTime } from '../../../../lib/shared/format';
import {
  MINISTRY_ROLES,
  ministryCreateSchema,
  type JoinAccept,
  type JoinRequest,
  type Ministry,
} from '../../../../lib/shared/ministries/api';
import { canManageCongregation, creatableRoles } from '../../../../lib/shared/permissions';
import { formRules } from '../../../../lib/shared/forms';
import { Badge, Button, EmptyState, NoMatches, ScreenHeader } from '../../../ui';
import { QueryView } from '../../QueryView';
import { BranchField, BranchFilter, branchBody, useBranchChoices, useOwnBranch } from '../../BranchPicker';
import type { Branch } from '../../../../lib/shared/branches/api';
import { useScreenChanges, type RunChange } from '../../useScreenChanges';
import * as calls from './api';
import { MEETING_TIME_EXAMPLE, meetingWhen } from '../../../../lib/shared/ministries/meeting-time';
import { AddMemberDialog, EditMinistryDialog, LinkAccountDialog } from './MinistryDialogs';
import { decidedRequestsQuery, joinRequestsQuery, ministriesQuery, ministryKeys, ministryQuery } from './queries';
import { formatPhone } from '../../../../lib/shared/phone';

const INPUT = 'mt-1 block w-full rounded-lg border border-border bg-input px-3 py-2 text-sm text-text';

/** The dialog open on the screen, with the ministry it is about. */
type Open = { kind: 'edit' | 'member'; ministry: Ministry };

export default function MinistriesScreen() {
  const user = useStore($auth).user;
  const role = user?.role ?? null;
  const canEdit = role !== null && canManageCongregation({ role }, 'ministries', 'edit');
  const canDecide = role !== null && canManageCongregation({ role }, 'ministries', 'decide_requests');
  const canCreateMember = !!user && creatableRoles(user).includes('MEMBER');
  const changes = useScreenChanges(ministryKeys.all);
  const { run } = changes;
  // The branch filter of the ministries (that branch and those below it), offered from two branches in scope.
  const branches = useBranchChoices();
  const [branch, setBranch] = useState('');
  const ministries = useQuery(ministriesQuery(branch));
  const requests = useQuery(joinRequestsQuery());
  const [open, setOpen] = useState<Open | null>(null);
  const [linking, setLinking] = useState<JoinRequest | null>(null);
  const close = () => setOpen(null);
  // A dialog's save: a refusal stays in the dialog (its banner and fields); success closes it.
  const save = (done: string, task: () => Promise<unknown>) => changes.save(done, task).then(close);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Ministries" subtitle="Ministries and groups, their members, and requests to join them." />
      <section aria-labelledby="join-requests" className="flex flex-col gap-3">
        <h2 id="join-requests" className="text-lg font-semibold">
          Join Requests
        </h2>
        <QueryView query={requests} noun="the join requests">
          {(requests.data ?? []).length === 0 ? (
            <p className="text-sm text-muted">No requests waiting.</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {(requests.data ?? []).map((request) => (
                <li key={request.id}>
                  <RequestCard
                    request={request}
                    canDecide={canDecide}
                    canCreateMember={canCreateMember}
                    busy={changes.busy}
                    run={run}
                    onLink={() => setLinking(request)}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <DecidedRequests />
      </section>
      {canEdit && <NewMinistry run={run} branches={branches} />}
      <BranchFilter choices={branches} value={branch} onChange={setBranch} className="sm:max-w-xs" />
      <QueryView query={ministries} noun="the ministries">
        {(ministries.data ?? []).length === 0 ? (
          branch ? (
            <NoMatches title="No ministries found" onClear={() => setBranch('')} />
          ) : (
            <EmptyState title="No ministries yet">Ministries appear here once they are created.</EmptyState>
          )
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {(ministries.data ?? []).map((ministry) => (
              <li key={ministry.id}>
                <MinistryCard ministry={ministry} canEdit={canEdit} busy={changes.busy} run={run} onOpen={setOpen} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {open?.kind === 'edit' && (
        <EditMinistryDialog
          ministry={open.ministry}
          onClose={close}
          onSave={(body) =>
            save(`${body.name ?? open.ministry.name} saved`, () => calls.updateMinistry(open.ministry.id, body))
          }
        />
      )}
      {linking && (
        <LinkAccountDialog
          request={linking}
          onClose={() => setLinking(null)}
          onSave={(body) =>
            changes
              .save(`Accepted ${linking.name}`, () => calls.decideJoinRequest(linking.id, 'accept', body))
              .then(() => setLinking(null))
          }
        />
      )}
      {open?.kind === 'member' && (
        <AddMemberDialog
          ministry={open.ministry}
          onClose={close}
          onSave={(body) =>
            save(`Member added to ${open.ministry.name}`, () => calls.addMember(open.ministry.id, body))
          }
        />
      )}
    </div>
  );
}

/** The requests already accepted or declined, read only once the disclosure is opened. */
function DecidedRequests() {
  const [shown, setShown] = useState(false);
  const decided = useQuery({ ...decidedRequestsQuery(), enabled: shown });
  return (
    <details onToggle={(e) => setShown(e.currentTarget.open)} className="rounded-xl border border-border bg-card p-4">
      <summary className="cursor-pointer text-sm font-semibold">Decided Requests</summary>
      {shown && (
        <div className="mt-3">
          <QueryView query={decided} noun="the decided requests">
            {(decided.data ?? []).length === 0 ? (
              <p className="text-sm text-muted">No requests decided yet.</p>
            ) : (
              <ul className="divide-y divide-border text-sm">
                {(decided.data ?? []).map((request) => (
                  <li
                    key={request.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                    data-testid="decided-request"
                  >
                    <span>
                      {request.name} <span className="text-muted">asked to join {request.ministry_name}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <Badge variant={request.status === 'accepted' ? 'success' : 'neutral'}>
                        {request.status === 'accepted' ? 'Accepted' : 'Declined'}
                      </Badge>
                      {request.decided_at && (
                        <time dateTime={request.decided_at} className="text-muted">
                          {formatDateTime(request.decided_at)}
                        </time>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </QueryView>
        </div>
      )}
    </details>
  );
}

/**
 * A waiting request. Accept always adds someone: the account that asked or the one found by the request's email or
 * phone ("Joins as …"); without one, staff link an account, or an administrator creates a member account from it.
 */
function RequestCard({
  request,
  canDecide,
  canCreateMember,
  busy,
  run,
  onLink,
}: {
  request: JoinRequest;
  canDecide: boolean;
  canCreateMember: boolean;
  busy: boolean;
  run: RunChange;
  onLink: () => void;
}) {
  const { account } = request;
  const decide = (decision: 'accept' | 'decline', body?: JoinAccept, done?: string) =>
    void run(
      `${decision} the request`,
      done ?? `${decision === 'accept' ? 'Accepted' : 'Declined'} ${request.name}`,
      () => calls.decideJoinRequest(request.id, decision, body),
    );
  return (
    <article className="rounded-xl border border-border bg-card p-4 text-sm" data-testid="join-request">
      <h3 className="font-semibold">
        {request.name} <span className="font-normal text-muted">wants to join {request.ministry_name}</span>
      </h3>
      <p className="mt-1 text-muted">
        {[request.email, formatPhone(request.phone)].filter(Boolean).join(' · ')} ·{' '}
        <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
      </p>
      {request.message && <p className="mt-2 whitespace-pre-line">{request.message}</p>}
      <p className="mt-2" data-testid="join-account">
        {account ? (
          <>
            Joins as <strong>{account.name}</strong>
            {request.user_id === null && <span className="text-muted"> (account found by email or phone)</span>}
          </>
        ) : (
          <span className="text-muted">No account yet.</span>
        )}
      </p>
      {canDecide && (
        <div className="mt-3 flex flex-wrap gap-2">
          {account ? (
            <Button
              size="sm"
              variant="success"
              disabled={busy}
              onClick={() =>
                decide('accept', { user_id: account.id }, `Accepted ${request.name}: ${account.name} added`)
              }
            >
              Accept
            </Button>
          ) : (
            canCreateMember &&
            request.email && (
              <Button
                size="sm"
                variant="success"
                disabled={busy}
                onClick={() =>
                  decide('accept', { create_account: true }, `Accepted ${request.name}: member account created`)
                }
              >
                Create Account and Accept
              </Button>
            )
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={onLink}>
            {account ? 'Link Another Account' : 'Link an Account'}
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => decide('decline')}>
            Decline
          </Button>
        </div>
      )}
    </article>
  );
}

const EMPTY = { name: '', description: '', meeting_day: '', meeting_time: '', meeting_place: '', is_public: true };
/** The New Ministry form's limits, the API's (ministryCreateSchema). */
const NEW_MINISTRY = formRules(ministryCreateSchema, [
  'name',
  'description',
  'meeting_day',
  'meeting_time',
  'meeting_place',
]);

function NewMinistry({ run, branches }: { run: RunChange; branches: Branch[] }) {
  const [form, setForm] = useState(EMPTY);
  const own = useOwnBranch();
  const [branch, setBranch] = useState('');
  const set = (patch: Partial<typeof EMPTY>) => setForm({ ...form, ...patch });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run('create the ministry', 'Ministry created', () =>
      calls.createMinistry({
        name: form.name.trim(),
        description: form.description.trim(),
        meeting_day: form.meeting_day.trim() || null,
        meeting_time: form.meeting_time.trim() || null,
        meeting_place: form.meeting_place.trim() || null,
        is_public: form.is_public,
        ...branchBody(branches, branch || own),
      }),
    );
    setForm(EMPTY);
  };
  // Plain labelled inputs, not the kit's Field: its required mark "*" would join the label's text, and the page is
  // found by the exact "Name".
  const text = (key: 'name' | 'meeting_day' | 'meeting_time' | 'meeting_place', label: string) => (
    <div>
      <label htmlFor={`new-ministry-${key}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`new-ministry-${key}`}
        required={NEW_MINISTRY[key].required}
        maxLength={NEW_MINISTRY[key].maxLength}
        placeholder={key === 'meeting_time' ? MEETING_TIME_EXAMPLE : undefined}
        value={form[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        className={INPUT}
      />
    </div>
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
    >
      <h2 className="text-lg font-semibold sm:col-span-2">New Ministry</h2>
      {text('name', 'Name')}
      {text('meeting_place', 'Meeting place')}
      {text('meeting_day', 'Meeting day')}
      {text('meeting_time', 'Meeting time')}
      <BranchField choices={branches} id="new-ministry-branch" value={branch || own} onChange={setBranch} />
      <div className="sm:col-span-2">
        <label htmlFor="new-ministry-description" className="block text-sm font-medium">
          Description
        </label>
        <textarea
          id="new-ministry-description"
          rows={2}
          maxLength={NEW_MINISTRY.description.maxLength}
          value={form.description}
          onChange={(e) => set({ description: e.target.value })}
          className={INPUT}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.is_public} onChange={(e) => set({ is_public: e.target.checked })} />
        Shown on the public Ministries page
      </label>
      <div className="flex justify-end">
        <Button type="submit">Create Ministry</Button>
      </div>
    </form>
  );
}

function MinistryCard({
  ministry,
  canEdit,
  busy,
  run,
  onOpen,
}: {
  ministry: Ministry;
  canEdit: boolean;
  busy: boolean;
  run: RunChange;
  onOpen: (open: Open) => void;
}) {
  const [open, setOpen] = useState(false);
  const meets = meetingWhen(ministry);
  return (
    <article
      className="rounded-xl border border-border bg-card p-4"
      data-testid="ministry-card"
      aria-labelledby={`ministry-${ministry.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`ministry-${ministry.id}`} className="text-lg font-semibold">
          {ministry.name}
        </h2>
        <Badge variant={ministry.is_public ? 'success' : 'neutral'}>
          {ministry.is_public ? 'Public' : 'Not public'}
        </Badge>
      </div>
      {ministry.description && <p className="mt-1 text-sm text-muted">{ministry.description}</p>}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Leader</dt>
        <dd>{ministry.leader?.name ?? 'None'}</dd>
        <dt className="text-muted">Meets</dt>
        <dd>{[meets, ministry.meeting_place].filter(Boolean).join(' · ') || 'Not set'}</dd>
        <dt className="text-muted">Members</dt>
        <dd>{ministry.member_count}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide Members' : 'Show Members'}
        </Button>
        {canEdit && (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Edit ${ministry.name}`}
            onClick={() => onOpen({ kind: 'edit', ministry })}
          >
            Edit
          </Button>
        )}
        {canEdit && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void run('update the ministry', `${ministry.name} updated`, () =>
                calls.updateMinistry(ministry.id, { is_public: !ministry.is_public }),
              )
            }
          >
            {ministry.is_public ? 'Hide from Public Page' : 'Show on Public Page'}
          </Button>
        )}
      </div>
      {open && (
        <Members
          id={ministry.id}
          canEdit={canEdit}
          busy={busy}
          run={run}
          onAdd={() => onOpen({ kind: 'member', ministry })}
        />
      )}
    </article>
  );
}

function Members({
  id,
  canEdit,
  busy,
  run,
  onAdd,
}: {
  id: number;
  canEdit: boolean;
  busy: boolean;
  run: RunChange;
  onAdd: () => void;
}) {
  const query = useQuery(ministryQuery(id));
  const members = query.data?.members ?? [];
  return (
    <QueryView query={query} noun="the members">
      {canEdit && (
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={onAdd}>
            Add Member
          </Button>
        </div>
      )}
      {members.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No members yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border text-sm">
          {members.map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span>
                {m.name} <span className="text-muted">since {formatDate(m.joined_date)}</span>
              </span>
              {canEdit ? (
                <span className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${id}-${m.user_id}`}>
                    Role of {m.name}
                  </label>
                  <select
                    id={`role-${id}-${m.user_id}`}
                    value={m.role}
                    disabled={busy}
                    onChange={(e) =>
                      void run('change the role', `${m.name} is now ${e.target.value}`, () =>
                        calls.changeRole(id, m.user_id, e.target.value),
                      )
                    }
                    className="rounded-lg border border-border bg-input px-2 py-1 text-sm text-text"
                  >
                    {[...new Set([m.role, ...MINISTRY_ROLES])].map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    aria-label={`Remove ${m.name}`}
                    onClick={() =>
                      void run('remove the member', `${m.name} removed`, () => calls.removeMember(id, m.user_id))
                    }
                  >
                    Remove
                  </Button>
                </span>
              ) : (
                <span>{m.role}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
