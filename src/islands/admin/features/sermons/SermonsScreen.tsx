// Sermon management (docs/PRODUCT.md (Pages and screens)): the sermons from the API (GET /sermons/, every status
// for staff) with stat cards, search, status and series filters, a detail dialog, New/Edit Sermon in one form
// and Delete. Who may do what comes from CONTENT_RULES; a button the role may not use says why it is off.
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { $auth } from '../../../../lib/client/session';
import { copyLink } from '../../../../lib/client/share';
import type { SermonAnswer, SermonCreate } from '../../../../lib/shared/live/api';
import { SERMON_STATUSES } from '../../../../lib/shared/live/types';
import { formatCount, formatDate } from '../../../../lib/shared/format';
import {
  Badge,
  Button,
  DetailList,
  SearchableList,
  useFilteredList,
  ItemCard,
  LinkButton,
  Modal,
  ScreenHeader,
  StatGrid,
  TagList,
  toast,
} from '../../../ui';
import { capitalize, filterOptions } from '../../../../lib/shared/filters';
import { contentDenial, toastOnFailure } from '../../content-form';
import { DeleteButton, DeniedButton, DenialNote } from '../../Denial';
import { useItemForm } from '../../new-form-link';
import { QueryView } from '../../QueryView';
import { useListQuery } from '../../useListQuery';
import { createSermon, deleteSermon, updateSermon } from './api';
import { sermonKeys, sermonsQuery } from './queries';
import {
  EMPTY_SERMON_FILTERS,
  SERMON_STATUS_BADGE,
  filterSermons,
  seriesOf,
  sermonShareUrl,
  sermonStats,
} from './model';
import { SermonFormDialog } from './SermonFormDialog';

export default function SermonsScreen() {
  const role = useStore($auth).user?.role ?? null;
  const { query, items: sermons, setItems } = useListQuery(sermonKeys, sermonsQuery);
  const list = useFilteredList(sermons, EMPTY_SERMON_FILTERS, filterSermons);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const createDenied = contentDenial(role, 'sermons', 'create');
  // The dashboard's New Sermon quick action arrives with ?new=1: the form opens at once for a role that may create.
  const [form, setForm] = useItemForm<SermonAnswer>(!createDenied);
  const saving = useMutation({
    mutationFn: ({ sermon, payload }: { sermon: SermonAnswer | null; payload: SermonCreate }) =>
      sermon ? updateSermon(sermon.id, payload) : createSermon(payload),
  });
  const deleting = useMutation({ mutationFn: (sermon: SermonAnswer) => deleteSermon(sermon.id) });

  const stats = useMemo(() => sermonStats(sermons), [sermons]);
  const seriesOptions = useMemo(() => filterOptions('All Series', seriesOf(sermons), (s) => s), [sermons]);
  const selected = sermons.find((s) => s.id === selectedId) ?? null;

  async function save(sermon: SermonAnswer | null, payload: SermonCreate) {
    const stored = await saving.mutateAsync({ sermon, payload });
    setItems((list) => (sermon ? list.map((s) => (s.id === sermon.id ? stored : s)) : [stored, ...list]));
    // The id is a slug of the title: an edit that renames keeps the old id, so the dialog follows `stored.id`.
    if (sermon) setSelectedId(stored.id);
    toast(sermon ? `Sermon "${stored.title}" saved` : `Sermon "${stored.title}" created`);
    return stored;
  }

  function audioUploaded(stored: SermonAnswer) {
    setItems((list) => list.map((s) => (s.id === stored.id ? stored : s)));
    toast(`Audio uploaded for "${stored.title}"`);
  }

  async function remove(sermon: SermonAnswer) {
    if (deleting.isPending || !window.confirm(`Delete the sermon "${sermon.title}"? This cannot be undone.`)) return;
    await toastOnFailure('delete the sermon', async () => {
      await deleting.mutateAsync(sermon);
      setItems((list) => list.filter((s) => s.id !== sermon.id));
      setSelectedId(null);
      toast(`Sermon "${sermon.title}" deleted`);
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Sermon Management" subtitle="Publish, edit and review the church's sermons.">
        {createDenied ? (
          <DeniedButton id="new-sermon-hint" label="New Sermon" reason={createDenied} />
        ) : (
          <Button onClick={() => setForm({ item: null })}>New Sermon</Button>
        )}
      </ScreenHeader>
      <QueryView query={query} noun="sermons">
        <StatGrid label="Sermon statistics" items={stats} />
        <SearchableList
          list={list}
          noun="sermons"
          placeholder="Search sermons by title, speaker, description or tag..."
          selects={[
            { key: 'status', label: 'Status', options: filterOptions('All Statuses', SERMON_STATUSES) },
            { key: 'series', label: 'Series', options: seriesOptions },
          ]}
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        >
          {(s) => (
            <ItemCard
              key={s.id}
              title={s.title}
              tags={s.tags}
              onOpen={() => setSelectedId(s.id)}
              badges={
                <>
                  <Badge variant={SERMON_STATUS_BADGE[s.status]}>{capitalize(s.status)}</Badge>
                  <span className="ml-auto text-xs text-muted">{s.category}</span>
                </>
              }
            >
              <p className="text-sm text-muted">
                {s.speaker} · {formatDate(s.date)}
                {s.duration && ` · ${s.duration}`}
              </p>
              {s.series && <p className="text-sm text-text">Series: {s.series}</p>}
              <p className="line-clamp-2 text-sm text-text">{s.description}</p>
              {/* No likes or comments per sermon: visitors have no way to give them (issue 28). */}
              <p className="text-sm text-muted">{formatCount(s.views)} views</p>
            </ItemCard>
          )}
        </SearchableList>
      </QueryView>
      {selected && !form && (
        <SermonDialog
          key={selected.id}
          sermon={selected}
          editDenied={contentDenial(role, 'sermons', 'edit')}
          deleteDenied={contentDenial(role, 'sermons', 'delete')}
          deleting={deleting.isPending}
          onEdit={() => setForm({ item: selected })}
          onDelete={() => void remove(selected)}
          onClose={() => setSelectedId(null)}
        />
      )}
      {form && (
        <SermonFormDialog
          sermon={form.item}
          onClose={() => setForm(null)}
          onSave={(payload, current) => save(current, payload)}
          onAudio={audioUploaded}
        />
      )}
    </div>
  );
}

function SermonDialog({
  sermon,
  editDenied,
  deleteDenied,
  deleting,
  onEdit,
  onDelete,
  onClose,
}: {
  sermon: SermonAnswer;
  editDenied: string | null;
  deleteDenied: string | null;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
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
            <Button variant="outline" disabled aria-describedby="download-note">
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
          <DeleteButton denied={deleteDenied} noteId="delete-note" onClick={onDelete} loading={deleting} />
          <Button onClick={onEdit} disabled={!!editDenied} aria-describedby={editDenied ? 'edit-note' : undefined}>
            Edit Sermon
          </Button>
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
            { label: 'Duration', value: sermon.duration || 'Not given' },
            { label: 'Series', value: sermon.series ?? 'None' },
            { label: 'Views', value: formatCount(sermon.views) },
          ]}
        />
        <p className="text-sm text-text">{sermon.description}</p>
        <TagList tags={sermon.tags} max={sermon.tags.length} />
        {!sermon.audioUrl && (
          <p id="download-note" className="text-sm text-muted">
            Download becomes available once the sermon has audio.
          </p>
        )}
        <DenialNote id="delete-note" reason={deleteDenied} />
        <DenialNote id="edit-note" reason={editDenied} />
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
