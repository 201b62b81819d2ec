// Prayer management (docs/PRODUCT.md (Pages and screens)) on the sample prayer requests: stat cards, search, category, status
// and priority filters, the Private badge, at most three tags then '+N more', and a detail dialog.
import { useMemo, useState } from 'react';
import { formatCount, formatDate } from '../../../../lib/shared/format';
import {
  Badge,
  Button,
  DetailList,
  FilteredList,
  useFilteredList,
  FilterBar,
  ItemCard,
  Modal,
  ScreenHeader,
  StatGrid,
  TagList,
} from '../../../ui';
import { capitalize, filterOptions } from '../../../../lib/shared/filters';
import { EMPTY_PRAYER_FILTERS, PRAYER_PRIORITY_BADGE, PRAYER_STATUS_BADGE, filterPrayers, prayerStats } from './model';
import { PRAYER_CATEGORIES, PRAYER_PRIORITIES, PRAYER_STATUSES, SAMPLE_PRAYERS, type PrayerRequest } from './sample';

export default function PrayersScreen() {
  const prayers = SAMPLE_PRAYERS;
  const { filters, set, clear, shown } = useFilteredList(prayers, EMPTY_PRAYER_FILTERS, filterPrayers);
  const [selected, setSelected] = useState<PrayerRequest | null>(null);
  const stats = useMemo(() => prayerStats(prayers), [prayers]);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Prayer Management" subtitle="Follow and support the congregation's prayer requests." />
      <StatGrid label="Prayer statistics" items={stats} />
      <FilterBar
        values={filters}
        onChange={set}
        searchLabel="Search prayers"
        placeholder="Search prayers by title, requester, description or tag..."
        onClear={clear}
        selects={[
          { key: 'category', label: 'Category', options: filterOptions('All Categories', PRAYER_CATEGORIES) },
          { key: 'status', label: 'Status', options: filterOptions('All Statuses', PRAYER_STATUSES) },
          { key: 'priority', label: 'Priority', options: filterOptions('All Priorities', PRAYER_PRIORITIES) },
        ]}
      />
      <FilteredList
        items={shown}
        total={prayers.length}
        noun="prayers"
        label="Prayer requests"
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        onClear={clear}
      >
        {(p) => (
          <ItemCard
            key={p.id}
            title={p.title}
            tags={p.tags}
            onOpen={() => setSelected(p)}
            badges={
              <>
                <Badge variant={PRAYER_PRIORITY_BADGE[p.priority]}>{capitalize(p.priority)}</Badge>
                <Badge variant={PRAYER_STATUS_BADGE[p.status]}>{capitalize(p.status)}</Badge>
                {!p.isPublic && <Badge variant="warning">Private</Badge>}
              </>
            }
          >
            <p className="text-sm text-muted">
              {p.requester} · {capitalize(p.category)} · {formatDate(p.dateRequested)}
            </p>
            <p className="line-clamp-2 text-sm text-text">{p.description}</p>
            <p className="flex gap-4 text-sm text-muted">
              <span>{formatCount(p.supporters)} supporters</span>
              <span>
                {p.updates} {p.updates === 1 ? 'update' : 'updates'}
              </span>
            </p>
          </ItemCard>
        )}
      </FilteredList>
      {selected && <PrayerDialog prayer={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

function PrayerDialog({ prayer, onClose }: { prayer: PrayerRequest; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={prayer.title}
      size="lg"
      footer={
        <>
          <Button variant="success" comingSoon>
            Support Prayer
          </Button>
          <Button variant="outline" comingSoon>
            Add Update
          </Button>
          <Button comingSoon>Manage Prayer</Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <Badge variant={PRAYER_PRIORITY_BADGE[prayer.priority]}>{capitalize(prayer.priority)} priority</Badge>
          <Badge variant={PRAYER_STATUS_BADGE[prayer.status]}>{capitalize(prayer.status)}</Badge>
          {!prayer.isPublic && <Badge variant="warning">Private</Badge>}
        </div>
        <p className="text-sm text-text">{prayer.description}</p>
        <DetailList
          items={[
            { label: 'Requester', value: prayer.requester },
            { label: 'Category', value: capitalize(prayer.category) },
            { label: 'Date Requested', value: formatDate(prayer.dateRequested) },
            { label: 'Last Updated', value: formatDate(prayer.lastUpdated) },
            { label: 'Assigned To', value: prayer.assignedTo ?? 'Unassigned' },
            { label: 'Visibility', value: prayer.isPublic ? 'Public' : 'Private' },
            { label: 'Supporters', value: formatCount(prayer.supporters) },
            { label: 'Updates', value: String(prayer.updates) },
          ]}
        />
        <TagList tags={prayer.tags} max={prayer.tags.length} />
      </div>
    </Modal>
  );
}
