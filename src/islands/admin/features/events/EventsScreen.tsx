// Event management (docs/PRODUCT.md (Pages and screens)): the events from the API (GET /events/, private ones
// too for staff) as a list with stat cards, search and filters, or as a month calendar; Create Event and Edit in
// one form, Delete, Duplicate Event and a detail dialog. Who may do what comes from CONTENT_RULES.
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { $auth } from '../../../../lib/client/session';
import type { EventAnswer, EventCreate } from '../../../../lib/shared/live/api';
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES } from '../../../../lib/shared/live/types';
import { formatDate, formatTime12 } from '../../../../lib/shared/format';
import {
  Badge,
  Button,
  DetailList,
  SearchableList,
  useFilteredList,
  ItemCard,
  Modal,
  ScreenHeader,
  StatGrid,
  TagList,
  ToggleGroup,
  cx,
  toast,
} from '../../../ui';
import { capitalize, filterOptions } from '../../../../lib/shared/filters';
import { contentDenial, toastOnFailure } from '../../content-form';
import { DeniedButton, DenialNote } from '../../Denial';
import { useItemForm } from '../../new-form-link';
import { QueryView } from '../../QueryView';
import { useListQuery } from '../../useListQuery';
import { createEvent, deleteEvent, duplicateEvent, getEvent, updateEvent } from './api';
import { eventKeys, eventsQuery } from './queries';
import { BranchFilter, useBranchChoices } from '../../BranchPicker';
import { branchIdsUnder } from '../../branch-tree';
import { EventCalendar } from './EventCalendar';
import { EventFormDialog } from './EventFormDialog';
import { ManageRegistrationsDialog } from './ManageRegistrationsDialog';
import { EMPTY_EVENT_FILTERS, EVENT_STATUS_BADGE, eventCardFigures, eventStats, filterEvents } from './model';

const VIEWS = [
  { value: 'list', label: 'List View' },
  { value: 'calendar', label: 'Calendar' },
] as const;
type View = (typeof VIEWS)[number]['value'];

interface Permissions {
  create: string | null;
  edit: string | null;
  delete: string | null;
}

export default function EventsScreen() {
  const role = useStore($auth).user?.role ?? null;
  const { client, query, items: all, setItems } = useListQuery(eventKeys, eventsQuery);
  // The branch filter (that branch and those below it, as the API's ?branch=), offered from two branches in scope:
  // it narrows the figures, the list and the calendar alike.
  const branches = useBranchChoices();
  const [branch, setBranch] = useState('');
  const events = useMemo(() => {
    if (!branch) return all;
    const under = branchIdsUnder(branches, Number(branch));
    return all.filter((e) => under.has(e.branchId));
  }, [all, branch, branches]);
  const [view, setView] = useState<View>('list');
  const list = useFilteredList(events, EMPTY_EVENT_FILTERS, filterEvents);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [registrationsOf, setRegistrationsOf] = useState<EventAnswer | null>(null);
  const denied: Permissions = {
    create: contentDenial(role, 'events', 'create'),
    edit: contentDenial(role, 'events', 'edit'),
    delete: contentDenial(role, 'events', 'delete'),
  };
  // The dashboard's Schedule Event quick action arrives with ?new=1: the form opens at once for a role that may create.
  const [form, setForm] = useItemForm<EventAnswer>(!denied.create);
  const saving = useMutation({
    mutationFn: ({ event, payload }: { event: EventAnswer | null; payload: EventCreate }) =>
      event ? updateEvent(event.id, payload) : createEvent(payload),
  });
  const deleting = useMutation({ mutationFn: (event: EventAnswer) => deleteEvent(event.id) });
  const duplicating = useMutation({ mutationFn: (event: EventAnswer) => duplicateEvent(event.id) });
  // Delete and Duplicate: one at a time.
  const busy = deleting.isPending || duplicating.isPending;
  const stats = useMemo(() => eventStats(events), [events]);
  const selected = events.find((e) => e.id === selectedId) ?? null;

  async function save(event: EventAnswer | null, payload: EventCreate) {
    const stored = await saving.mutateAsync({ event, payload });
    setItems((list) => (event ? list.map((e) => (e.id === event.id ? stored : e)) : [stored, ...list]));
    toast(event ? `Event "${stored.title}" saved` : `Event "${stored.title}" created`);
  }

  /** Runs one action at a time; a failure is told in a toast. */
  const run = (doing: string, task: () => Promise<void>) => !busy && toastOnFailure(doing, task);

  /** After a registration changed: the event's registered and waitlist figures as the server counts them. */
  async function refreshFigures(id: string) {
    const fresh = await getEvent(id).catch(() => null);
    if (fresh)
      client.setQueryData<EventAnswer[]>(eventKeys.list, (list) => list?.map((e) => (e.id === id ? fresh : e)));
  }

  const remove = (event: EventAnswer) => {
    if (busy || !window.confirm(`Delete the event "${event.title}"? This cannot be undone.`)) return;
    void run('delete the event', async () => {
      await deleting.mutateAsync(event);
      setItems((list) => list.filter((e) => e.id !== event.id));
      setSelectedId(null);
      toast(`Event "${event.title}" deleted`);
    });
  };

  const duplicate = (event: EventAnswer) =>
    void run('duplicate the event', async () => {
      const copy = await duplicating.mutateAsync(event);
      // The copy goes right after its original, where the person is looking.
      setItems((list) => list.flatMap((e) => (e.id === event.id ? [e, copy] : [e])));
      setSelectedId(null);
      toast(`Event duplicated as "${copy.title}"`);
    });

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Event Management" subtitle="Plan and follow the church's events.">
        <ToggleGroup label="View" options={VIEWS} value={view} onChange={setView} />
        {denied.create ? (
          <DeniedButton id="create-event-hint" label="Create Event" reason={denied.create} variant="primary" />
        ) : (
          <Button onClick={() => setForm({ item: null })}>Create Event</Button>
        )}
      </ScreenHeader>

      <BranchFilter choices={branches} value={branch} onChange={setBranch} className="sm:max-w-xs" />
      <QueryView query={query} noun="events">
        {view === 'calendar' ? (
          <EventCalendar
            events={events}
            today={new Date().toISOString().slice(0, 10)}
            onOpen={(e) => setSelectedId(e.id)}
          />
        ) : (
          <>
            <StatGrid label="Event statistics" items={stats} />
            <SearchableList
              list={list}
              noun="events"
              placeholder="Search events by title, description, organizer, location or tag..."
              selects={[
                { key: 'category', label: 'Category', options: filterOptions('All Categories', EVENT_CATEGORIES) },
                { key: 'status', label: 'Status', options: filterOptions('All Statuses', EVENT_STATUSES) },
                { key: 'type', label: 'Type', options: filterOptions('All Types', EVENT_TYPES) },
              ]}
              className="grid gap-4 lg:grid-cols-2"
            >
              {(e) => (
                <EventCard
                  key={e.id}
                  event={e}
                  denied={denied}
                  busy={busy}
                  onOpen={() => setSelectedId(e.id)}
                  onEdit={() => setForm({ item: e })}
                  onDelete={() => remove(e)}
                />
              )}
            </SearchableList>
          </>
        )}
      </QueryView>
      {selected && !form && (
        <EventDialog
          key={selected.id}
          event={selected}
          denied={denied}
          busy={busy}
          onEdit={() => setForm({ item: selected })}
          onDelete={() => remove(selected)}
          onDuplicate={() => duplicate(selected)}
          onManageRegistrations={() => setRegistrationsOf(selected)}
          onClose={() => setSelectedId(null)}
        />
      )}
      {registrationsOf && (
        <ManageRegistrationsDialog
          event={registrationsOf}
          onClose={() => setRegistrationsOf(null)}
          onChanged={() => void refreshFigures(registrationsOf.id)}
        />
      )}
      {form && <EventFormDialog event={form.item} onClose={() => setForm(null)} onSave={(p) => save(form.item, p)} />}
    </div>
  );
}

/** What the card and the dialog both show and offer for one event. */
interface EventActions {
  event: EventAnswer;
  denied: Permissions;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function EventCard({ event: e, denied, busy, onOpen, onEdit, onDelete }: EventActions & { onOpen: () => void }) {
  const f = eventCardFigures(e);
  return (
    <ItemCard
      title={e.title}
      plainTitle
      tags={e.tags}
      onOpen={onOpen}
      badges={<EventBadges event={e} />}
      actions={
        <>
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            disabled={!!denied.edit}
            title={denied.edit ?? undefined}
            aria-label={`Edit ${e.title}`}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            disabled={!!denied.delete || busy}
            title={denied.delete ?? undefined}
            aria-label={`Delete ${e.title}`}
          >
            Delete
          </Button>
        </>
      }
    >
      <p className="line-clamp-2 text-sm text-text">{e.description}</p>
      <DetailList
        className="grid grid-cols-2 gap-2"
        items={[
          { label: 'Date', value: f.dates },
          { label: 'Time', value: f.times },
          { label: 'Location', value: e.location },
          { label: 'Organizer', value: e.organizer },
          { label: 'Registration', value: f.registration },
          { label: 'Registered', value: f.attendance },
        ]}
      />
      <div>
        <div
          role="progressbar"
          aria-label={`${e.title} registrations`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={f.bar}
          aria-valuetext={f.percentLabel}
          className="h-2 overflow-hidden rounded-full bg-hover"
        >
          <div
            className={cx('h-full rounded-full', f.percent >= 100 ? 'bg-error' : 'bg-primary-strong')}
            style={{ width: `${f.bar}%` }}
          />
        </div>
        <p className="mt-1 flex justify-between text-xs text-muted">
          <span>{f.percentLabel}</span>
          <span>{f.waitlist}</span>
        </p>
      </div>
    </ItemCard>
  );
}

function EventBadges({ event: e }: { event: EventAnswer }) {
  return (
    <>
      <Badge variant={EVENT_STATUS_BADGE[e.status]}>{capitalize(e.status)}</Badge>
      <Badge variant="primary">{capitalize(e.category)}</Badge>
      <Badge>{capitalize(e.type)}</Badge>
      {!e.isPublic && <Badge variant="warning">Private</Badge>}
    </>
  );
}

function EventDialog({
  event: e,
  denied,
  busy,
  onEdit,
  onDelete,
  onDuplicate,
  onManageRegistrations,
  onClose,
}: EventActions & { onDuplicate: () => void; onManageRegistrations: () => void; onClose: () => void }) {
  const f = eventCardFigures(e);
  return (
    <Modal
      open
      onClose={onClose}
      title={e.title}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onManageRegistrations}>
            Manage Registrations
          </Button>
          <Button
            variant={denied.delete ? 'outline' : 'destructive'}
            onClick={onDelete}
            disabled={!!denied.delete || busy}
            aria-describedby={denied.delete ? 'event-delete-note' : undefined}
          >
            Delete
          </Button>
          <Button
            variant="outline"
            onClick={onDuplicate}
            loading={busy}
            disabled={!!denied.create}
            aria-describedby={denied.create ? 'event-create-note' : undefined}
          >
            Duplicate Event
          </Button>
          <Button
            onClick={onEdit}
            disabled={!!denied.edit}
            aria-describedby={denied.edit ? 'event-edit-note' : undefined}
          >
            Edit Event
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <EventBadges event={e} />
        </div>
        <p className="text-sm text-text">{e.description}</p>
        <DetailList
          items={[
            { label: 'Starts', value: `${formatDate(e.startDate)}, ${formatTime12(e.startTime)}` },
            { label: 'Ends', value: `${formatDate(e.endDate || e.startDate)}, ${formatTime12(e.endTime)}` },
            { label: 'Location', value: e.location },
            { label: 'Organizer', value: e.organizer },
            { label: 'Registration', value: f.registration },
            { label: 'Registered', value: `${f.attendance} (${f.percentLabel})` },
            { label: 'Waitlist', value: String(e.waitlist) },
            { label: 'Capacity', value: e.capacity ? String(e.capacity) : 'No limit' },
            { label: 'Visibility', value: e.isPublic ? 'Public' : 'Private' },
          ]}
        />
        <TagList tags={e.tags} max={e.tags.length} />
        <DenialNote id="event-delete-note" reason={denied.delete} />
        <DenialNote id="event-create-note" reason={denied.create} />
        <DenialNote id="event-edit-note" reason={denied.edit} />
      </div>
    </Modal>
  );
}
