// The Outbox (docs/PRODUCT.md (Pages and screens), ADMIN and above): every email and SMS the product sends, newest
// first, queued, sent or failed, with its attempts and last error; filters by status and channel and a search (the
// server filters: the list holds the newest 500 of a filter), and Retry on a failed one, which queues it again.
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { $auth } from '../../../../lib/client/session';
import { formatDateTime } from '../../../../lib/shared/format';
import type { OutboxItem } from '../../../../lib/shared/outbox/api';
import { OUTBOX_ROLE, canSeeOutbox } from '../../../../lib/shared/permissions';
import { Badge, Button, CELL, DataTable, EmptyState, FilterBar, NoMatches, ScreenHeader, toast } from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { ScreenDenial } from '../../Denial';
import { QueryView } from '../../QueryView';
import { useServerFilters } from '../../useSearchPause';
import { retryOutbox } from './api';
import {
  CHANNEL_LABELS,
  CHANNEL_OPTIONS,
  EMPTY_OUTBOX_FILTERS,
  STATUS_LABELS,
  STATUS_OPTIONS,
  statusLabel,
  isFiltered,
  messageName,
  outboxQueryOf,
} from './model';
import { outboxKeys, outboxQuery } from './queries';

export default function OutboxScreen() {
  const role = useStore($auth).user?.role ?? null;
  if (role && !canSeeOutbox({ role })) return <ScreenDenial needs={OUTBOX_ROLE} />;
  return <Outbox />;
}

function Outbox() {
  const client = useQueryClient();
  const { filters, search, clear, bar } = useServerFilters(EMPTY_OUTBOX_FILTERS, isFiltered);
  const query = useQuery(outboxQuery(outboxQueryOf({ ...filters, search })));
  const items = query.data ?? [];
  const retrying = useMutation({
    mutationFn: (item: OutboxItem) => retryOutbox(item.id),
    onSettled: () => client.invalidateQueries({ queryKey: outboxKeys.all }),
  });

  const retry = (item: OutboxItem) =>
    toastOnFailure('retry the message', async () => {
      await retrying.mutateAsync(item);
      toast(`Queued ${messageName(item)} again`);
    });

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="Outbox"
        subtitle="Every email and SMS the site sends, newest first. A failed one can be sent again."
      />
      <FilterBar
        {...bar}
        searchLabel="Search the outbox"
        placeholder="Search by recipient or subject..."
        selects={[
          { key: 'status', label: 'Status', options: STATUS_OPTIONS },
          { key: 'channel', label: 'Channel', options: CHANNEL_OPTIONS },
        ]}
      />
      <QueryView query={query} noun="the outbox">
        <p className="sr-only" role="status">
          {items.length} {items.length === 1 ? 'message' : 'messages'} shown
        </p>
        {items.length === 0 ? (
          isFiltered(filters) ? (
            <NoMatches title="No messages found" onClear={clear} />
          ) : (
            <EmptyState title="No messages yet">Every email and SMS the site sends shows here.</EmptyState>
          )
        ) : (
          <OutboxTable items={items} busy={retrying.isPending} onRetry={(item) => void retry(item)} />
        )}
      </QueryView>
    </div>
  );
}

const COLUMNS = ['Channel', 'To', 'Subject', 'Status', 'Attempts', 'Last error', 'Created', 'Sent', 'Actions'];

function OutboxTable({
  items,
  busy,
  onRetry,
}: {
  items: OutboxItem[];
  busy: boolean;
  onRetry: (item: OutboxItem) => void;
}) {
  return (
    <DataTable label="Outbox messages" caption="Outbox" columns={COLUMNS} card tableClassName="min-w-[64rem]">
      {items.map((item) => (
        <tr key={item.id} data-testid="outbox-row">
          <td className={CELL}>{CHANNEL_LABELS[item.channel]}</td>
          <td className={`${CELL} break-all`}>{item.to}</td>
          <td className={CELL}>{item.subject ?? <span className="text-muted">SMS</span>}</td>
          <td className={CELL}>
            <Badge variant={STATUS_LABELS[item.status].variant}>{statusLabel(item)}</Badge>
          </td>
          <td className={CELL}>{item.attempts}</td>
          <td className={`${CELL} max-w-64 break-words text-muted`}>{item.lastError ?? ''}</td>
          <td className={`${CELL} whitespace-nowrap`}>
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </td>
          <td className={`${CELL} whitespace-nowrap`}>
            {item.sentAt && <time dateTime={item.sentAt}>{formatDateTime(item.sentAt)}</time>}
          </td>
          <td className={CELL}>
            {item.status === 'failed' && (
              <Button
                size="xs"
                variant="outline"
                disabled={busy}
                aria-label={`Retry ${messageName(item)}`}
                onClick={() => onRetry(item)}
              >
                Retry
              </Button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
