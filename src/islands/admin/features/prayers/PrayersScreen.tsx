// Prayer management (docs/PRODUCT.md (Pages and screens)): the requests from the API (GET /prayers/) with stat
// cards, search, category, status, priority and follow-up filters, the Private badge, at most three tags then
// '+N more', and a detail dialog to approve a request for the public prayer wall, support it, add an update,
// manage it and (ADMIN and above, VISITOR_RULES) delete it. What a visitor wrote is shown as text.
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { $auth } from '../../../../lib/client/session';
import { formatCount, formatDate } from '../../../../lib/shared/format';
import type { Role } from '../../../../lib/shared/permissions';
import type { PrayerChange, PrayerNote } from '../../../../lib/shared/prayers/api';
import { PRAYER_CATEGORIES, PRAYER_PRIORITIES, PRAYER_STATUSES } from '../../../../lib/shared/visitors/rules';
import { Badge, SearchableList, useFilteredList, ItemCard, ScreenHeader, StatGrid, toast } from '../../../ui';
import { capitalize, filterOptions } from '../../../../lib/shared/filters';
import { toastOnFailure, visitorDenial } from '../../content-form';
import { QueryView } from '../../QueryView';
import { useListQuery } from '../../useListQuery';
import { addPrayerUpdate, deletePrayer, supportPrayer, updatePrayer } from './api';
import { prayerKeys, prayersQuery } from './queries';
import {
  EMPTY_PRAYER_FILTERS,
  FOLLOW_UP_OPTIONS,
  PRAYER_PRIORITY_BADGE,
  PRAYER_STATUS_BADGE,
  filterPrayers,
  prayerStats,
  type PrayerRequest,
} from './model';
import { PrayerDialog } from './PrayerDialog';
import { AddUpdateDialog } from './AddUpdateDialog';
import { ManagePrayerDialog } from './ManagePrayerDialog';

/** Why Delete is off for this role, or null. */
export const deleteDenial = (role: Role | null) => visitorDenial(role, 'prayers', 'delete', 'prayer requests');

export default function PrayersScreen() {
  const role = useStore($auth).user?.role ?? null;
  const { query, items: prayers, setItems } = useListQuery(prayerKeys, prayersQuery);
  const list = useFilteredList(prayers, EMPTY_PRAYER_FILTERS, filterPrayers);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<'update' | 'manage' | null>(null);
  // Every write answers with the request as stored (Delete with nothing): the list takes it in place.
  const writing = useMutation({
    mutationFn: (write: () => Promise<PrayerRequest | void>) => write(),
    onSuccess: (stored) => stored && replace(stored),
  });
  const busy = writing.isPending;
  const stats = useMemo(() => prayerStats(prayers), [prayers]);
  const selected = prayers.find((p) => p.id === selectedId) ?? null;

  const replace = (stored: PrayerRequest) => setItems((list) => list.map((p) => (p.id === stored.id ? stored : p)));

  /** Runs one dialog action at a time; a failure is told in a toast. */
  const run = (doing: string, task: () => Promise<void>) => !busy && toastOnFailure(doing, task);

  const toggleApproval = (p: PrayerRequest) =>
    void run(p.approved ? 'take the request off the wall' : 'approve the request', async () => {
      await writing.mutateAsync(() => updatePrayer(p.id, { approved: !p.approved }));
      toast(p.approved ? `"${p.title}" is off the prayer wall` : `"${p.title}" is approved for the prayer wall`);
    });

  const support = (p: PrayerRequest) =>
    void run('support the prayer', async () => {
      await writing.mutateAsync(() => supportPrayer(p.id));
      toast(`You are supporting "${p.title}"`);
    });

  const remove = (p: PrayerRequest) => {
    if (busy || !window.confirm(`Delete the prayer request "${p.title}"? This cannot be undone.`)) return;
    void run('delete the prayer request', async () => {
      await writing.mutateAsync(() => deletePrayer(p.id));
      setItems((list) => list.filter((x) => x.id !== p.id));
      setSelectedId(null);
      toast(`Prayer request "${p.title}" deleted`);
    });
  };

  async function saveUpdate(p: PrayerRequest, note: PrayerNote) {
    await writing.mutateAsync(() => addPrayerUpdate(p.id, note));
    setForm(null);
    toast(`Update added to "${p.title}"`);
  }

  async function saveManage(p: PrayerRequest, changes: PrayerChange) {
    if (Object.keys(changes).length) await writing.mutateAsync(() => updatePrayer(p.id, changes));
    setForm(null);
    toast(`Prayer request "${p.title}" saved`);
  }

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Prayer Management" subtitle="Follow and support the congregation's prayer requests." />
      <QueryView query={query} noun="prayers">
        <StatGrid label="Prayer statistics" items={stats} />
        <SearchableList
          list={list}
          noun="prayers"
          label="Prayer requests"
          placeholder="Search prayers by title, requester, description or tag..."
          selects={[
            { key: 'category', label: 'Category', options: filterOptions('All Categories', PRAYER_CATEGORIES) },
            { key: 'status', label: 'Status', options: filterOptions('All Statuses', PRAYER_STATUSES) },
            { key: 'priority', label: 'Priority', options: filterOptions('All Priorities', PRAYER_PRIORITIES) },
            { key: 'followUp', label: 'Follow-up', options: FOLLOW_UP_OPTIONS },
          ]}
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        >
          {(p) => (
            <ItemCard
              key={p.id}
              title={p.title}
              tags={p.tags}
              onOpen={() => setSelectedId(p.id)}
              badges={
                <>
                  <Badge variant={PRAYER_PRIORITY_BADGE[p.priority]}>{capitalize(p.priority)}</Badge>
                  <Badge variant={PRAYER_STATUS_BADGE[p.status]}>{capitalize(p.status)}</Badge>
                  {!p.isPublic && <Badge variant="warning">Private</Badge>}
                  {p.needsFollowUp && <Badge variant="error">Needs follow-up</Badge>}
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
                  {p.updates.length} {p.updates.length === 1 ? 'update' : 'updates'}
                </span>
              </p>
            </ItemCard>
          )}
        </SearchableList>
      </QueryView>
      {selected && !form && (
        <PrayerDialog
          key={selected.id}
          prayer={selected}
          busy={busy}
          deleteDenied={deleteDenial(role)}
          onApprove={() => toggleApproval(selected)}
          onSupport={() => support(selected)}
          onAddUpdate={() => setForm('update')}
          onManage={() => setForm('manage')}
          onDelete={() => remove(selected)}
          onClose={() => setSelectedId(null)}
        />
      )}
      {selected && form === 'update' && (
        <AddUpdateDialog
          prayer={selected}
          onClose={() => setForm(null)}
          onSave={(note) => saveUpdate(selected, note)}
        />
      )}
      {selected && form === 'manage' && (
        <ManagePrayerDialog
          prayer={selected}
          onClose={() => setForm(null)}
          onSave={(changes) => saveManage(selected, changes)}
        />
      )}
    </div>
  );
}
