// First-timers (docs/PRODUCT.md (First-timers), PASTOR and above): the follow-up board of the visitor cards sent at
// /welcome, one column a status (new, contacted, visited, joined, not interested). Staff move a card, assign it,
// add notes (kept with who and when) and, as administrators, make a member account from it. The QR code of
// /welcome is here to print on the bulletin. Whatever a first-timer wrote is shown as text.
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { $auth } from '../../../../lib/client/session';
import {
  FIRST_TIMER_STATUSES,
  FIRST_TIMER_STATUS_LABELS,
  HEARD_FROM_LABELS,
  firstTimerFieldRules,
  type FirstTimer,
  type FirstTimerChange,
  type FirstTimerStatus,
} from '../../../../lib/shared/first-timers/api';
import { formatDateTime, fullName } from '../../../../lib/shared/format';
import {
  FIRST_TIMERS_ROLE,
  canFollowUpFirstTimers,
  canMakeFirstTimerAccount,
} from '../../../../lib/shared/permissions';
import { Badge, Button, EmptyState, Panel, ScreenHeader, Select, toast } from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { ScreenDenial } from '../../Denial';
import { QueryView } from '../../QueryView';
import { changeFirstTimer, makeFirstTimerAccount } from './api';
import { assigneesQuery, firstTimerKeys, firstTimersQuery } from './queries';

export default function FirstTimersScreen() {
  const role = useStore($auth).user?.role ?? null;
  if (role && !canFollowUpFirstTimers({ role })) return <ScreenDenial needs={FIRST_TIMERS_ROLE} />;
  return <Board mayMakeAccounts={!!role && canMakeFirstTimerAccount({ role })} />;
}

type Assignee = { value: string; label: string };

function Board({ mayMakeAccounts }: { mayMakeAccounts: boolean }) {
  const client = useQueryClient();
  const query = useQuery(firstTimersQuery);
  const staff = useQuery(assigneesQuery);
  const cards = query.data ?? [];
  const assignees: Assignee[] = [
    { value: '', label: 'Nobody' },
    ...(staff.data ?? []).map((u) => ({ value: String(u.id), label: fullName(u) })),
  ];
  const store = (stored: FirstTimer) =>
    client.setQueryData<FirstTimer[]>(firstTimerKeys.list, (rows) =>
      rows?.map((r) => (r.id === stored.id ? stored : r)),
    );
  const changing = useMutation({
    mutationFn: ({ id, change }: { id: number; change: FirstTimerChange }) => changeFirstTimer(id, change),
    onSuccess: store,
  });
  const making = useMutation({
    mutationFn: (card: FirstTimer) => makeFirstTimerAccount(card.id),
    onSettled: () => client.invalidateQueries({ queryKey: firstTimerKeys.all }),
  });

  const change = (card: FirstTimer, change: FirstTimerChange, done: string) =>
    toastOnFailure('change the card', async () => {
      await changing.mutateAsync({ id: card.id, change });
      toast(done);
    });
  const makeAccount = (card: FirstTimer) => {
    if (making.isPending || !window.confirm(`Make a member account for ${card.name}?`)) return;
    void toastOnFailure('make the account', async () => {
      await making.mutateAsync(card);
      toast(`Made a member account for ${card.name}`);
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="First-timers"
        subtitle="Visitor cards from the welcome page, by where their follow-up stands. Move a card as it goes, assign it, and note what happened."
      />
      <WelcomeQr />
      <QueryView query={query} noun="first-timers">
        <p className="sr-only" role="status">
          {cards.length} {cards.length === 1 ? 'card' : 'cards'}
        </p>
        {cards.length === 0 ? (
          <EmptyState title="No first-timers yet">
            When someone fills in the visitor card at /welcome, their card shows here.
          </EmptyState>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
            {FIRST_TIMER_STATUSES.map((status) => (
              <Column
                key={status}
                status={status}
                cards={cards.filter((c) => c.status === status)}
                assignees={assignees}
                busy={changing.isPending || making.isPending}
                mayMakeAccounts={mayMakeAccounts}
                onChange={change}
                onMakeAccount={makeAccount}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}

interface ColumnProps {
  status: FirstTimerStatus;
  cards: FirstTimer[];
  assignees: Assignee[];
  busy: boolean;
  mayMakeAccounts: boolean;
  onChange: (card: FirstTimer, change: FirstTimerChange, done: string) => Promise<void>;
  onMakeAccount: (card: FirstTimer) => void;
}

function Column({ status, cards, ...rest }: ColumnProps) {
  const id = `column-${status}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl bg-surface p-3" data-testid={id}>
      <h2 id={id} className="flex items-center justify-between text-base font-semibold text-text">
        {FIRST_TIMER_STATUS_LABELS[status]}
        <Badge variant="neutral">{cards.length}</Badge>
      </h2>
      {cards.length === 0 ? (
        <p className="text-sm text-muted">No cards</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {cards.map((card) => (
            <li key={card.id}>
              <CardItem card={card} {...rest} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CardItem({
  card,
  assignees,
  busy,
  mayMakeAccounts,
  onChange,
  onMakeAccount,
}: Omit<ColumnProps, 'status' | 'cards'> & { card: FirstTimer }) {
  const [note, setNote] = useState('');
  const addNote = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    await onChange(card, { note }, `Added a note to ${card.name}`);
    setNote('');
  };
  const noteId = `note-${card.id}`;
  return (
    <article
      aria-label={`First-timer ${card.name}`}
      data-testid="first-timer-card"
      className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3 text-sm"
    >
      <h3 className="font-semibold break-words text-text">{card.name}</h3>
      <dl className="flex flex-col gap-1 text-muted">
        {card.phone && <Detail term="Phone">{card.phone}</Detail>}
        {card.email && <Detail term="Email">{card.email}</Detail>}
        {card.service && <Detail term="Service">{card.service.name}</Detail>}
        {card.heardFrom && (
          <Detail term="Heard from">
            {HEARD_FROM_LABELS[card.heardFrom as keyof typeof HEARD_FROM_LABELS] ?? card.heardFrom}
          </Detail>
        )}
        <Detail term="Came">{formatDateTime(card.createdAt)}</Detail>
      </dl>
      {card.wantsVisit && <Badge variant="info">Would like a visit</Badge>}
      {card.prayer && (
        <p className="break-words whitespace-pre-line">
          <span className="font-medium">Prayer: </span>
          {card.prayer}
        </p>
      )}
      <Select
        label={`Status of ${card.name}`}
        value={card.status}
        disabled={busy}
        options={FIRST_TIMER_STATUSES.map((s) => ({ value: s, label: FIRST_TIMER_STATUS_LABELS[s] }))}
        onChange={(value) => {
          const status = value as FirstTimerStatus;
          void onChange(card, { status }, `Moved ${card.name} to ${FIRST_TIMER_STATUS_LABELS[status]}`);
        }}
      />
      <Select
        label={`Assigned to (${card.name})`}
        value={card.assignedTo ? String(card.assignedTo.id) : ''}
        disabled={busy}
        options={
          card.assignedTo && !assignees.some((a) => a.value === String(card.assignedTo!.id))
            ? [...assignees, { value: String(card.assignedTo.id), label: card.assignedTo.name }]
            : assignees
        }
        onChange={(value) => {
          const who = assignees.find((a) => a.value === value)?.label ?? 'nobody';
          void onChange(card, { assignedTo: value ? Number(value) : null }, `Assigned ${card.name} to ${who}`);
        }}
      />
      {card.notes.length > 0 && (
        <ul aria-label={`Notes on ${card.name}`} className="flex flex-col gap-1 border-t border-border pt-2">
          {card.notes.map((n) => (
            <li key={n.id}>
              <p className="break-words whitespace-pre-line text-text">{n.text}</p>
              <p className="text-xs text-muted">
                {n.author.name}, <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={addNote} className="flex flex-col gap-1" aria-label={`Add a note to ${card.name}`}>
        <label htmlFor={noteId} className="text-sm font-medium text-text">
          Note
        </label>
        <textarea
          id={noteId}
          value={note}
          rows={2}
          maxLength={firstTimerFieldRules.note.maxLength}
          onChange={(e) => setNote(e.target.value)}
          className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
        />
        <Button type="submit" size="xs" variant="outline" disabled={busy || !note.trim()}>
          Add note
        </Button>
      </form>
      {mayMakeAccounts && card.accountId === null && (
        <Button size="xs" disabled={busy} onClick={() => onMakeAccount(card)} aria-label={`Make account: ${card.name}`}>
          Make account
        </Button>
      )}
      {card.accountId !== null && <p className="text-xs text-muted">Member account made</p>}
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="break-words">
      <dt className="inline font-medium text-text">{term}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

/** The QR code of /welcome for the bulletin, drawn here (qrcode, loaded with this screen only when shown). */
function WelcomeQr() {
  const url = `${window.location.origin}/welcome`;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', margin: 2 }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Panel title="Visitor card QR code">
      <div className="flex flex-wrap items-center gap-4">
        {src && <img src={src} alt={`QR code of ${url}`} width={144} height={144} className="rounded bg-white" />}
        <p className="text-sm text-muted">
          Print it on the bulletin: first-timers scan it to open the visitor card at{' '}
          <a href="/welcome" className="text-primary-strong underline">
            {url}
          </a>
          .
        </p>
      </div>
    </Panel>
  );
}
