// Giving (docs/PRODUCT.md (Giving), ADMIN and above): the totals per fund for a range against the period before;
// the gifts, newest first, filtered by fund, status, method, dates and a search (the server filters); the flagged
// gifts to resolve; Refund on a paid gift; Record gifts (a Sunday's envelopes as one batch); Funds; Export CSV
// of the filtered gifts. What givers wrote (names, emails) is shown as text.
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { downloadCsv } from '../../../../lib/client/download';
import { $auth } from '../../../../lib/client/session';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from '../../../../lib/shared/constants';
import { formatDate } from '../../../../lib/shared/format';
import {
  GIFT_METHOD_LABELS,
  GIFT_STATUS_LABELS,
  type GiftAnswer,
  type GivingRange,
  type GivingSummary,
} from '../../../../lib/shared/giving/api';
import { showCedis } from '../../../../lib/shared/giving/money';
import { GIVING_ROLE, canSeeGiving } from '../../../../lib/shared/permissions';
import {
  Badge,
  Button,
  CELL,
  DataTable,
  EmptyState,
  FilterBar,
  LoadError,
  NUMBER_CELL,
  NoMatches,
  Panel,
  ScreenHeader,
  Select,
} from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { ScreenDenial } from '../../Denial';
import { loadErrorMessage } from '../../query';
import { GivingTotalsTable, giftCount } from '../../GivingTotalsTable';
import { QueryView } from '../../QueryView';
import { useServerFilters } from '../../useSearchPause';
import { branchFilterOptions, useBranchChoices } from '../../BranchPicker';
import { exportGiftsCsv } from './api';
import { FundsDialog } from './FundsDialog';
import { RefundDialog, ResolveDialog } from './GiftDialogs';
import {
  EMPTY_GIFT_FILTERS,
  METHOD_OPTIONS,
  STATUS_BADGES,
  STATUS_OPTIONS,
  csvFilename,
  fundOptions,
  giftDay,
  giftName,
  giftQueryOf,
  isFiltered,
  today,
  type GiftFilters,
} from './model';
import { flaggedQuery, fundsQuery, giftsQuery, summaryQuery } from './queries';
import { RecordGiftsDialog } from './RecordGiftsDialog';

/** Rows shown at first and added by each "Show more". */
const PAGE = 50;

export default function GivingScreen() {
  const role = useStore($auth).user?.role ?? null;
  if (role && !canSeeGiving({ role })) return <ScreenDenial needs={GIVING_ROLE} />;
  return <Giving />;
}

type Dialog =
  | { kind: 'record' }
  | { kind: 'funds' }
  | { kind: 'refund'; gift: GiftAnswer }
  | { kind: 'resolve'; gift: GiftAnswer }
  | null;

function Giving() {
  const [range, setRange] = useState<GivingRange>(DEFAULT_ANALYTICS_RANGE);
  const [shown, setShown] = useState(PAGE);
  const { filters, search, set, clear, bar } = useServerFilters(EMPTY_GIFT_FILTERS, isFiltered, () => setShown(PAGE));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const query = giftQueryOf({ ...filters, search });
  const gifts = useQuery(giftsQuery(query));
  const flagged = useQuery(flaggedQuery);
  // The branch filter narrows the totals too (GET /giving/summary/?branch=).
  const summary = useQuery(summaryQuery(range, filters.branch ? Number(filters.branch) : undefined));
  const branches = useBranchChoices();
  const funds = useQuery(fundsQuery);
  const items = gifts.data ?? [];
  const flaggedCount = flagged.data?.length ?? 0;

  const exportCsv = () =>
    toastOnFailure('export the gifts', async () => {
      setExporting(true);
      try {
        downloadCsv(csvFilename(filters, today()), await exportGiftsCsv(giftQueryOf(filters)));
      } finally {
        setExporting(false);
      }
    });

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Giving" subtitle="Gifts to the church's funds: given online, and recorded by staff.">
        <Button onClick={() => setDialog({ kind: 'record' })}>Record gifts</Button>
        <Button variant="outline" onClick={() => setDialog({ kind: 'funds' })}>
          Funds
        </Button>
        <Button variant="outline" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </ScreenHeader>

      <Panel
        title="Totals per fund"
        aside={
          <Select
            label="Time range"
            value={range}
            onChange={(v) => setRange(v as GivingRange)}
            options={ANALYTICS_RANGES}
          />
        }
      >
        {summary.isError ? (
          <LoadError
            message={loadErrorMessage('Failed to load the totals.', summary.error)}
            onRetry={() => void summary.refetch()}
          />
        ) : !summary.data ? (
          <p className="text-sm text-muted">Loading totals...</p>
        ) : (
          <TotalsTable summary={summary.data} />
        )}
      </Panel>

      {flaggedCount > 0 && filters.status !== 'flagged' && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-warning bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm text-text">
            {flaggedCount === 1 ? '1 gift is flagged' : `${flaggedCount} gifts are flagged`}: what Paystack reported
            differs from the gift. Look at each one, then credit it or mark it failed.
          </p>
          <Button variant="outline" onClick={() => set({ ...EMPTY_GIFT_FILTERS, status: 'flagged' })}>
            Show flagged gifts
          </Button>
        </div>
      )}

      <section aria-label="Gifts" className="flex flex-col gap-4">
        <FilterBar
          {...bar}
          searchLabel="Search the gifts"
          placeholder="Search by name, email or reference..."
          selects={[
            { key: 'fund', label: 'Fund', options: fundOptions(funds.data ?? [], 'All funds') },
            { key: 'status', label: 'Status', options: STATUS_OPTIONS },
            { key: 'method', label: 'Method', options: METHOD_OPTIONS },
            ...(branches.length
              ? [{ key: 'branch' as const, label: 'Branch', options: branchFilterOptions(branches) }]
              : []),
          ]}
        />
        <DateRange from={filters.from} to={filters.to} onChange={set} />
        <QueryView query={gifts} noun="the gifts">
          <p className="sr-only" role="status">
            {giftCount(items.length)} found
          </p>
          {items.length === 0 ? (
            isFiltered(filters) ? (
              <NoMatches title="No gifts found" onClear={clear} />
            ) : (
              <EmptyState title="No gifts yet">Gifts given online and the envelopes you record show here.</EmptyState>
            )
          ) : (
            <>
              <GiftsTable
                items={items.slice(0, shown)}
                onRefund={(gift) => setDialog({ kind: 'refund', gift })}
                onResolve={(gift) => setDialog({ kind: 'resolve', gift })}
              />
              {items.length > shown && (
                <div className="flex items-center gap-3">
                  <Button variant="outline" onClick={() => setShown((n) => n + PAGE)}>
                    Show more
                  </Button>
                  <span className="text-sm text-muted">
                    {shown} of {items.length} shown
                  </span>
                </div>
              )}
            </>
          )}
        </QueryView>
      </section>

      {dialog?.kind === 'record' && (
        <RecordGiftsDialog funds={(funds.data ?? []).filter((f) => f.active)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'funds' && <FundsDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'refund' && <RefundDialog gift={dialog.gift} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'resolve' && <ResolveDialog gift={dialog.gift} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** From and To: days, inclusive, of when a gift was paid (or begun). */
function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (patch: Partial<GiftFilters>) => void;
}) {
  const id = useId();
  const input = (key: 'from' | 'to', label: string, value: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-text">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="date"
        value={value}
        min={key === 'to' ? from || undefined : undefined}
        max={key === 'from' ? to || undefined : undefined}
        onChange={(e) => onChange({ [key]: e.target.value })}
        className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
      />
    </div>
  );
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Dates</legend>
      {input('from', 'From', from)}
      {input('to', 'To', to)}
    </fieldset>
  );
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** A [start, end) window as people read it: "Oct 28, 2026 to Nov 26, 2026". */
const span = (w: { start: string; end: string }) =>
  `${formatDate(w.start, 'short')} to ${formatDate(dayBefore(w.end), 'short')}`;

function TotalsTable({ summary }: { summary: GivingSummary }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        This period: {span(summary.current)}. The period before: {span(summary.previous)}. Paid gifts less refunds.
      </p>
      <GivingTotalsTable totals={summary} caption="Totals per fund" current="This period" previous="Period before" />
    </div>
  );
}

const COLUMNS = [
  'Date',
  'Reference',
  'Fund',
  { name: 'Amount', numeric: true },
  'Method',
  'Status',
  'Given by',
  'Actions',
];

function GiftsTable({
  items,
  onRefund,
  onResolve,
}: {
  items: GiftAnswer[];
  onRefund: (gift: GiftAnswer) => void;
  onResolve: (gift: GiftAnswer) => void;
}) {
  return (
    <DataTable label="Gifts table" caption="Gifts" columns={COLUMNS} card tableClassName="min-w-[60rem]">
      {items.map((gift) => (
        <tr key={gift.id} data-testid="gift-row">
          <td className={`${CELL} whitespace-nowrap`}>
            <time dateTime={giftDay(gift)}>{formatDate(giftDay(gift), 'short')}</time>
          </td>
          <td className={`${CELL} font-mono text-xs break-all`}>{gift.reference}</td>
          <td className={CELL}>{gift.fund}</td>
          <td className={NUMBER_CELL}>{showCedis(gift.amount)}</td>
          <td className={CELL}>{GIFT_METHOD_LABELS[gift.method]}</td>
          <td className={CELL}>
            <Badge variant={STATUS_BADGES[gift.status]}>{GIFT_STATUS_LABELS[gift.status]}</Badge>
            {gift.flagReason && <span className="mt-1 block text-xs text-muted">{gift.flagReason}</span>}
            {gift.resolutionNote && (
              <span className="mt-1 block text-xs text-muted">Resolved: {gift.resolutionNote}</span>
            )}
            {gift.refund && (
              <span className="mt-1 block text-xs text-muted">
                {showCedis(gift.refund.amount)} refunded {formatDate(gift.refund.date, 'short')}: {gift.refund.reason}
              </span>
            )}
          </td>
          <td className={`${CELL} max-w-64 break-words`}>
            {gift.name ?? <span className="text-muted">Anonymous</span>}
            {gift.email && <span className="block text-xs text-muted">{gift.email}</span>}
          </td>
          <td className={CELL}>
            {gift.status === 'paid' && (
              <Button
                size="xs"
                variant="outline"
                aria-label={`Refund ${giftName(gift)}`}
                onClick={() => onRefund(gift)}
              >
                Refund
              </Button>
            )}
            {gift.status === 'flagged' && (
              <Button size="xs" aria-label={`Resolve ${giftName(gift)}`} onClick={() => onResolve(gift)}>
                Resolve
              </Button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
