// Sermon management (docs/PRODUCT.md (Pages and screens)): the same sermon entries as the public library, all statuses, with
// stat cards, search, status and series filters, status chips and a detail dialog.
import { useMemo, useState } from 'react';
import { copyLink } from '../../../../lib/client/share';
import { useAdminContent } from '../../content';
import type { Sermon } from '../../../../lib/shared/content-types';
import { SERMON_STATUSES } from '../../../../lib/shared/content-types';
import { formatCount, formatDate } from '../../../../lib/shared/format';
import {
  Badge,
  Button,
  DetailList,
  FilteredList,
  useFilteredList,
  FilterBar,
  ItemCard,
  LinkButton,
  Modal,
  ScreenHeader,
  StatGrid,
  TagList,
} from '../../../ui';
import { capitalize, filterOptions } from '../../../../lib/shared/filters';
import {
  EMPTY_SERMON_FILTERS,
  SERMON_STATUS_BADGE,
  filterSermons,
  seriesOf,
  sermonShareUrl,
  sermonStats,
} from './model';

export default function SermonsScreen() {
  const { sermons } = useAdminContent();
  const { filters, set, clear, shown } = useFilteredList(sermons, EMPTY_SERMON_FILTERS, filterSermons);
  const [selected, setSelected] = useState<Sermon | null>(null);

  const stats = useMemo(() => sermonStats(sermons), [sermons]);
  const seriesOptions = useMemo(() => filterOptions('All Series', seriesOf(sermons), (s) => s), [sermons]);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Sermon Management" subtitle="Browse and review the church's sermons.">
        <Button comingSoon>New Sermon</Button>
      </ScreenHeader>
      <StatGrid label="Sermon statistics" items={stats} />
      <FilterBar
        values={filters}
        onChange={set}
        searchLabel="Search sermons"
        placeholder="Search sermons by title, speaker, description or tag..."
        onClear={clear}
        selects={[
          { key: 'status', label: 'Status', options: filterOptions('All Statuses', SERMON_STATUSES) },
          { key: 'series', label: 'Series', options: seriesOptions },
        ]}
      />
      <FilteredList
        items={shown}
        total={sermons.length}
        noun="sermons"
        label="Sermons"
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        onClear={clear}
      >
        {(s) => (
          <ItemCard
            key={s.id}
            title={s.title}
            tags={s.tags}
            onOpen={() => setSelected(s)}
            badges={
              <>
                <Badge variant={SERMON_STATUS_BADGE[s.status]}>{capitalize(s.status)}</Badge>
                <span className="ml-auto text-xs text-muted">{s.category}</span>
              </>
            }
          >
            <p className="text-sm text-muted">
              {s.speaker} · {formatDate(s.date)} · {s.duration}
            </p>
            {s.series && <p className="text-sm text-text">Series: {s.series}</p>}
            <p className="line-clamp-2 text-sm text-text">{s.description}</p>
            <p className="flex gap-4 text-sm text-muted">
              <span>{formatCount(s.views)} views</span>
              <span>{formatCount(s.likes)} likes</span>
              <span>{formatCount(s.comments)} comments</span>
            </p>
          </ItemCard>
        )}
      </FilteredList>
      {selected && <SermonDialog sermon={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

function SermonDialog({ sermon, onClose }: { sermon: Sermon; onClose: () => void }) {
  const [shareNote, setShareNote] = useState<{ text: string; url?: string } | null>(null);
  const share = async () => {
    const url = sermonShareUrl(sermon.id, window.location.origin);
    // Without a clipboard, show the link so it can be copied by hand.
    setShareNote((await copyLink(url)) ? { text: 'Link copied to clipboard' } : { text: 'Copy this link:', url });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={sermon.title}
      size="lg"
      footer={
        <>
          {sermon.audioUrl ? (
            <LinkButton variant="outline" href={sermon.audioUrl} download>
              Download
            </LinkButton>
          ) : (
            <Button variant="outline" comingSoon>
              Download
            </Button>
          )}
          {/* Only a published sermon has a public page to link to. */}
          <Button
            variant="secondary"
            onClick={share}
            disabled={sermon.status !== 'published'}
            aria-describedby={sermon.status !== 'published' ? 'share-note' : undefined}
          >
            Share
          </Button>
          <Button comingSoon>Edit Sermon</Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <Badge variant={SERMON_STATUS_BADGE[sermon.status]}>{capitalize(sermon.status)}</Badge>
          <Badge>{sermon.category}</Badge>
        </div>
        <DetailList
          items={[
            { label: 'Speaker', value: sermon.speaker },
            { label: 'Date', value: formatDate(sermon.date) },
            { label: 'Duration', value: sermon.duration },
            { label: 'Series', value: sermon.series ?? 'None' },
            { label: 'Views', value: formatCount(sermon.views) },
            { label: 'Likes', value: formatCount(sermon.likes) },
            { label: 'Comments', value: formatCount(sermon.comments) },
          ]}
        />
        <p className="text-sm text-text">{sermon.description}</p>
        <TagList tags={sermon.tags} max={sermon.tags.length} />
        {sermon.status !== 'published' && (
          <p id="share-note" className="text-sm text-muted">
            Share becomes available once the sermon is published.
          </p>
        )}
        {shareNote && (
          <p role="status" className="text-sm text-success">
            {shareNote.text}
            {shareNote.url && (
              <input
                readOnly
                aria-label="Sermon link"
                value={shareNote.url}
                onFocus={(e) => e.currentTarget.select()}
                className="mt-1 block w-full rounded border border-border bg-input px-2 py-1 text-text"
              />
            )}
          </p>
        )}
      </div>
    </Modal>
  );
}
