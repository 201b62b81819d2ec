// Event management (docs/PRODUCT.md (Pages and screens)): the same events as the public events page, a List View / Calendar
// toggle (the calendar is not built yet and says so), stat cards, search, filters and a detail dialog.
import { useMemo, useState } from 'react';
import { useAdminContent } from '../../content';
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES, type ChurchEvent } from '../../../../lib/shared/content-types';
import { formatDate, formatTime12 } from '../../../../lib/shared/format';
import {
  Badge,
  Button,
  Card,
  DetailList,
  FilteredList,
  useFilteredList,
  FilterBar,
  ItemCard,
  Modal,
  ScreenHeader,
  StatGrid,
  TagList,
  ToggleGroup,
  cx,
} from '../../../ui';
import { capitalize, filterOptions } from '../../../../lib/shared/filters';
import { EMPTY_EVENT_FILTERS, EVENT_STATUS_BADGE, eventCardFigures, eventStats, filterEvents } from './model';

const VIEWS = [
  { value: 'list', label: 'List View' },
  { value: 'calendar', label: 'Calendar' },
] as const;
type View = (typeof VIEWS)[number]['value'];

export default function EventsScreen() {
  const { events } = useAdminContent();
  const [view, setView] = useState<View>('list');
  const { filters, set, clear, shown } = useFilteredList(events, EMPTY_EVENT_FILTERS, filterEvents);
  const [selected, setSelected] = useState<ChurchEvent | null>(null);
  const stats = useMemo(() => eventStats(events), [events]);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Event Management" subtitle="Plan and follow the church's events.">
        <ToggleGroup label="View" options={VIEWS} value={view} onChange={setView} />
        <Button comingSoon>Create Event</Button>
      </ScreenHeader>

      {view === 'calendar' ? (
        <Card className="flex flex-col items-center gap-3 py-12 text-center">
          <h2 className="text-xl font-semibold text-text">Calendar View Coming Soon</h2>
          <p className="text-sm text-muted">
            A month-by-month calendar of events is on its way. Until then, use the list.
          </p>
          <Button variant="outline" onClick={() => setView('list')}>
            Back to List View
          </Button>
        </Card>
      ) : (
        <>
          <StatGrid label="Event statistics" items={stats} />
          <FilterBar
            values={filters}
            onChange={set}
            searchLabel="Search events"
            placeholder="Search events by title, description, organizer, location or tag..."
            onClear={clear}
            selects={[
              { key: 'category', label: 'Category', options: filterOptions('All Categories', EVENT_CATEGORIES) },
              { key: 'status', label: 'Status', options: filterOptions('All Statuses', EVENT_STATUSES) },
              { key: 'type', label: 'Type', options: filterOptions('All Types', EVENT_TYPES) },
            ]}
          />
          <FilteredList
            items={shown}
            total={events.length}
            noun="events"
            label="Events"
            className="grid gap-4 lg:grid-cols-2"
            onClear={clear}
          >
            {(e) => <EventCard key={e.id} event={e} onOpen={() => setSelected(e)} />}
          </FilteredList>
        </>
      )}
      {selected && <EventDialog event={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

function EventCard({ event: e, onOpen }: { event: ChurchEvent; onOpen: () => void }) {
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
          <Button variant="ghost" size="sm" comingSoon>
            Edit
          </Button>
          <Button variant="ghost" size="sm" comingSoon>
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

function EventBadges({ event: e }: { event: ChurchEvent }) {
  return (
    <>
      <Badge variant={EVENT_STATUS_BADGE[e.status]}>{capitalize(e.status)}</Badge>
      <Badge variant="primary">{capitalize(e.category)}</Badge>
      <Badge>{capitalize(e.type)}</Badge>
      {!e.isPublic && <Badge variant="warning">Private</Badge>}
    </>
  );
}

function EventDialog({ event: e, onClose }: { event: ChurchEvent; onClose: () => void }) {
  const f = eventCardFigures(e);
  return (
    <Modal
      open
      onClose={onClose}
      title={e.title}
      size="lg"
      footer={
        <>
          <Button variant="outline" comingSoon>
            Manage Registrations
          </Button>
          <Button variant="outline" comingSoon>
            Duplicate Event
          </Button>
          <Button comingSoon>Edit Event</Button>
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
            { label: 'Visibility', value: e.isPublic ? 'Public' : 'Private' },
          ]}
        />
        <TagList tags={e.tags} max={e.tags.length} />
      </div>
    </Modal>
  );
}
