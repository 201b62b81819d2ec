// Removal requests (docs/PRODUCT.md (Removal requests), ADMIN and above): members' requests to be removed from the
// church's records (asked on /my/data; Ghana's Data Protection Act 2012), open ones first. Staff remove or
// anonymise the account in Users, then mark the request done, or decline it; both are audited and show in Recent
// Activity. The request's reason is the member's own words, shown as text.
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { $auth } from '../../../../lib/client/session';
import { formatDateTime } from '../../../../lib/shared/format';
import type { StaffRemovalRequest } from '../../../../lib/shared/members/api';
import { REMOVAL_ROLE, canHandleRemoval } from '../../../../lib/shared/permissions';
import { Badge, Button, CELL, DataTable, EmptyState, ScreenHeader, toast, type BadgeVariant } from '../../../ui';
import { toastOnFailure } from '../../content-form';
import { ScreenDenial } from '../../Denial';
import { QueryView } from '../../QueryView';
import { declineRemoval, markRemovalDone } from './api';
import { removalKeys, removalRequestsQuery } from './queries';

type Status = StaffRemovalRequest['status'];
type Outcome = 'done' | 'decline';

const STATUS_LABELS: Record<Status, { label: string; variant: BadgeVariant }> = {
  open: { label: 'Open', variant: 'warning' },
  done: { label: 'Done', variant: 'success' },
  declined: { label: 'Declined', variant: 'neutral' },
};

/** Who asked, as a confirm, a toast and a button name them (the account may be gone once the request is done). */
const requesterName = (request: StaffRemovalRequest) => request.user?.name ?? request.name;

/** What each action asks first, says after, and says when it fails. */
const OUTCOMES: Record<
  Outcome,
  { button: string; confirm: (name: string) => string; done: (name: string) => string; doing: string }
> = {
  done: {
    button: 'Mark done',
    confirm: (name) =>
      `Mark the removal request of ${name} done? Do this once the account was removed or anonymised in Users.`,
    done: (name) => `Marked the removal request of ${name} done`,
    doing: 'mark the request done',
  },
  decline: {
    button: 'Decline',
    confirm: (name) => `Decline the removal request of ${name}?`,
    done: (name) => `Declined the removal request of ${name}`,
    doing: 'decline the request',
  },
};

export default function RemovalRequestsScreen() {
  const role = useStore($auth).user?.role ?? null;
  if (role && !canHandleRemoval({ role })) return <ScreenDenial needs={REMOVAL_ROLE} />;
  return <RemovalRequests />;
}

function RemovalRequests() {
  const client = useQueryClient();
  const query = useQuery(removalRequestsQuery);
  const requests = query.data ?? [];
  const open = requests.filter((r) => r.status === 'open').length;
  const acting = useMutation({
    mutationFn: ({ request, outcome }: { request: StaffRemovalRequest; outcome: Outcome }) =>
      outcome === 'done' ? markRemovalDone(request.id) : declineRemoval(request.id),
    onSuccess: (stored) =>
      client.setQueryData<StaffRemovalRequest[]>(removalKeys.list, (rows) =>
        rows?.map((r) => (r.id === stored.id ? stored : r)),
      ),
    // Read again, so the handled request moves below the open ones.
    onSettled: () => client.invalidateQueries({ queryKey: removalKeys.all }),
  });

  const act = (request: StaffRemovalRequest, outcome: Outcome) => {
    const name = requesterName(request);
    const { confirm, done, doing } = OUTCOMES[outcome];
    if (acting.isPending || !window.confirm(confirm(name))) return;
    void toastOnFailure(doing, async () => {
      await acting.mutateAsync({ request, outcome });
      toast(done(name));
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader
        title="Removal requests"
        subtitle="Members who asked to be removed from the church’s records, open ones first. Remove or anonymise the account in Users, then mark the request done."
      />
      <QueryView query={query} noun="removal requests">
        <p className="sr-only" role="status">
          {requests.length} {requests.length === 1 ? 'request' : 'requests'}, {open} open
        </p>
        {requests.length === 0 ? (
          <EmptyState title="No removal requests">
            When a member asks to be removed on their data page, the request shows here.
          </EmptyState>
        ) : (
          <RemovalTable requests={requests} busy={acting.isPending} onAct={act} />
        )}
      </QueryView>
    </div>
  );
}

const COLUMNS = ['Member', 'Reason', 'Asked on', 'Status', 'Handled', 'Actions'];

function RemovalTable({
  requests,
  busy,
  onAct,
}: {
  requests: StaffRemovalRequest[];
  busy: boolean;
  onAct: (request: StaffRemovalRequest, outcome: Outcome) => void;
}) {
  return (
    <DataTable
      label="Removal requests list"
      caption="Removal requests"
      columns={COLUMNS}
      card
      tableClassName="min-w-[52rem]"
    >
      {requests.map((request) => (
        <tr key={request.id} data-testid="removal-row">
          <td className={CELL}>
            {request.user ? (
              <>
                <span className="block font-medium">{request.user.name}</span>
                <span className="block break-all text-muted">{request.user.email}</span>
                <Link
                  href={`/users?q=${encodeURIComponent(request.user.email || request.user.name)}`}
                  aria-label={`Find in Users: ${request.user.name}`}
                  className="text-primary-strong hover:underline"
                >
                  Find in Users
                </Link>
              </>
            ) : (
              <>
                <span className="block font-medium">{request.name}</span>
                <span className="block text-muted">Account removed</span>
              </>
            )}
          </td>
          <td className={`${CELL} max-w-80 break-words whitespace-pre-line`}>
            {request.reason ?? <span className="text-muted">No reason given</span>}
          </td>
          <td className={`${CELL} whitespace-nowrap`}>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </td>
          <td className={CELL}>
            <Badge variant={STATUS_LABELS[request.status].variant}>{STATUS_LABELS[request.status].label}</Badge>
          </td>
          <td className={CELL}>
            {request.handledAt && (
              <>
                <time className="block whitespace-nowrap" dateTime={request.handledAt}>
                  {formatDateTime(request.handledAt)}
                </time>
                {request.handledBy && <span className="block text-muted">by {request.handledBy}</span>}
              </>
            )}
          </td>
          <td className={CELL}>
            {request.status === 'open' && (
              <div className="flex flex-wrap gap-2">
                {(['done', 'decline'] as const).map((outcome) => (
                  <Button
                    key={outcome}
                    size="xs"
                    variant={outcome === 'done' ? 'primary' : 'outline'}
                    disabled={busy}
                    aria-label={`${OUTCOMES[outcome].button}: the request of ${requesterName(request)}`}
                    onClick={() => onAct(request, outcome)}
                  >
                    {OUTCOMES[outcome].button}
                  </Button>
                ))}
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
