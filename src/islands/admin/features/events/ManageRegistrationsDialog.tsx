// Manage Registrations (docs/PRODUCT.md (Pages and screens)): an event's registrations in the order they came,
// with Check in and Cancel (a cancelled confirmed seat goes to the waitlist, in order, on the server), the
// waitlist's positions, and a CSV download. What registrants typed is shown as text.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventAnswer } from '../../../../lib/shared/live/api';
import type { RegistrationAnswer } from '../../../../lib/shared/registrations/api';
import { formatDate } from '../../../../lib/shared/format';
import { Badge, Button, EmptyState, LoadError, Modal, toast, type BadgeVariant } from '../../../ui';
import { contentErrorMessage } from '../../content-form';
import { changeRegistration } from './api';
import { eventKeys, registrationsQuery } from './queries';
import { downloadCsv } from '../../../../lib/client/download';
import { REGISTRATION_STATUS_LABELS, registrationsCsv } from './registrations-csv';
import { formatPhone } from '../../../../lib/shared/phone';
import { telHref } from '../../../../lib/shared/format';

const STATUS_BADGE: Record<RegistrationAnswer['status'], BadgeVariant> = {
  confirmed: 'success',
  checked_in: 'primary',
  waitlisted: 'warning',
  cancelled: 'neutral',
};

export function ManageRegistrationsDialog({
  event,
  onClose,
  onChanged,
}: {
  event: EventAnswer;
  onClose: () => void;
  /** After a change, so the screen's registered and waitlist figures follow. */
  onChanged: () => void;
}) {
  const client = useQueryClient();
  const query = useQuery(registrationsQuery(event.id));
  const rows = query.data ?? null;
  const changing = useMutation({
    mutationFn: ({ row, status }: { row: RegistrationAnswer; status: 'cancelled' | 'checked_in' }) =>
      changeRegistration(event.id, row.id, status),
    // A cancelled seat may move others off the waitlist: the whole list is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.registrations(event.id) }),
  });
  const busyId = changing.isPending ? changing.variables.row.id : null;

  async function change(row: RegistrationAnswer, status: 'cancelled' | 'checked_in') {
    if (status === 'cancelled' && !window.confirm(`Cancel the registration of ${row.name}?`)) return;
    try {
      await changing.mutateAsync({ row, status });
      toast(status === 'cancelled' ? `Registration of ${row.name} cancelled` : `${row.name} checked in`);
      onChanged();
    } catch (error) {
      toast(contentErrorMessage(status === 'cancelled' ? 'cancel the registration' : 'check in', error), {
        variant: 'error',
      });
    }
  }

  const waitlist = (rows ?? []).filter((r) => r.status === 'waitlisted');
  const seats = (status: RegistrationAnswer['status'][]) =>
    (rows ?? []).filter((r) => status.includes(r.status)).reduce((sum, r) => sum + r.seats, 0);

  return (
    <Modal
      open
      onClose={onClose}
      title={`Registrations: ${event.title}`}
      description={
        rows
          ? `${seats(['confirmed', 'checked_in'])}${event.capacity === null ? '' : ` of ${event.capacity}`} seats taken, ${seats(['checked_in'])} checked in, ${seats(['waitlisted'])} on the waitlist`
          : undefined
      }
      size="xl"
      footer={
        <>
          <Button
            variant="outline"
            disabled={!rows?.length}
            onClick={() => rows && downloadCsv(`registrations-${event.id}.csv`, registrationsCsv(rows))}
          >
            Export CSV
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {query.isError ? (
        <LoadError message="The registrations could not be loaded." onRetry={() => void query.refetch()} />
      ) : !rows ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : rows.length === 0 ? (
        <EmptyState title="No registrations yet" />
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Registrations">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-muted">
              <tr>
                <th className="py-2 pr-3">Name</th>
                <th className="py-2 pr-3">Contact</th>
                <th className="py-2 pr-3">Seats</th>
                <th className="py-2 pr-3">Status</th>
                <th className="py-2 pr-3">Registered</th>
                <th className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-border align-top">
                  <td className="py-2 pr-3 font-medium">{r.name}</td>
                  <td className="py-2 pr-3">
                    <a className="block text-primary-strong hover:underline" href={`mailto:${r.email}`}>
                      {r.email}
                    </a>
                    {r.phone && (
                      <a className="block text-muted hover:underline" href={telHref(formatPhone(r.phone))}>
                        {formatPhone(r.phone)}
                      </a>
                    )}
                  </td>
                  <td className="py-2 pr-3">{r.seats}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={STATUS_BADGE[r.status]}>
                      {REGISTRATION_STATUS_LABELS[r.status]}
                      {r.status === 'waitlisted' && ` #${waitlist.indexOf(r) + 1}`}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3">
                    <time dateTime={r.createdAt}>{formatDate(r.createdAt.slice(0, 10))}</time>
                  </td>
                  <td className="py-2">
                    <span className="flex flex-wrap gap-2">
                      {r.status === 'confirmed' && (
                        <Button
                          size="sm"
                          variant="outline"
                          loading={busyId === r.id}
                          onClick={() => void change(r, 'checked_in')}
                          aria-label={`Check in ${r.name}`}
                        >
                          Check in
                        </Button>
                      )}
                      {r.status !== 'cancelled' && (
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busyId === r.id}
                          onClick={() => void change(r, 'cancelled')}
                          aria-label={`Cancel the registration of ${r.name}`}
                        >
                          Cancel
                        </Button>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
