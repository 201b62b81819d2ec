// The detail dialog of a prayer request: everything about it, the requester's contact details included (as
// text), its updates, and the staff's actions. Approve for the wall only applies to a request the visitor chose
// to share; Delete is off, with the reason, below ADMIN.
import { formatCount, formatDate, formatDateTime } from '../../../../lib/shared/format';
import { capitalize } from '../../../../lib/shared/filters';
import { FOLLOW_UP_DAYS } from '../../../../lib/shared/prayers/wall';
import { Badge, Button, DetailList, Modal, TagList } from '../../../ui';
import { DeleteButton, DenialNote } from '../../Denial';
import { PRAYER_PRIORITY_BADGE, PRAYER_STATUS_BADGE, wallState, type PrayerRequest } from './model';
import { formatPhone } from '../../../../lib/shared/phone';
import { telHref } from '../../../../lib/shared/format';

const LINK = 'text-primary-strong underline-offset-2 hover:underline';

const SOURCES: Record<string, string> = {
  'prayer-form': 'Prayer request form',
  contact: 'Contact form (prayer inquiry)',
  demo: 'Sample request',
};

export function PrayerDialog({
  prayer,
  busy,
  deleteDenied,
  onApprove,
  onSupport,
  onAddUpdate,
  onManage,
  onDelete,
  onClose,
}: {
  prayer: PrayerRequest;
  busy: boolean;
  deleteDenied: string | null;
  onApprove: () => void;
  onSupport: () => void;
  onAddUpdate: () => void;
  onManage: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const approvalOff = !prayer.isPublic && !prayer.approved;
  return (
    <Modal
      open
      onClose={onClose}
      title={prayer.title}
      size="lg"
      footer={
        <>
          <Button
            variant="outline"
            onClick={onApprove}
            disabled={busy || approvalOff}
            aria-pressed={prayer.approved}
            aria-describedby={approvalOff ? 'approve-note' : undefined}
          >
            {prayer.approved ? 'Remove from the Wall' : 'Approve for the Wall'}
          </Button>
          <Button variant="success" onClick={onSupport} disabled={busy}>
            Support Prayer
          </Button>
          <Button variant="outline" onClick={onAddUpdate} disabled={busy}>
            Add Update
          </Button>
          <Button onClick={onManage} disabled={busy}>
            Manage Prayer
          </Button>
          <DeleteButton denied={deleteDenied} noteId="delete-prayer-note" onClick={onDelete} disabled={busy} />
        </>
      }
    >
      {/* Focusable, so a keyboard user can scroll a long request (the dialog's body scrolls). */}
      <div className="flex flex-col gap-4" role="region" aria-label="Request details" tabIndex={0}>
        <div className="flex flex-wrap gap-2">
          <Badge variant={PRAYER_PRIORITY_BADGE[prayer.priority]}>{capitalize(prayer.priority)} priority</Badge>
          <Badge variant={PRAYER_STATUS_BADGE[prayer.status]}>{capitalize(prayer.status)}</Badge>
          {!prayer.isPublic && <Badge variant="warning">Private</Badge>}
          {prayer.approved && prayer.isPublic && <Badge variant="success">On the wall</Badge>}
          {prayer.needsFollowUp && <Badge variant="error">Needs follow-up</Badge>}
        </div>
        {prayer.needsFollowUp && (
          <p className="text-sm text-error">
            Nobody has updated this request for more than {FOLLOW_UP_DAYS} days: please follow up.
          </p>
        )}
        <p className="text-sm whitespace-pre-line text-text">{prayer.description}</p>
        <DetailList
          items={[
            { label: 'Requester', value: prayer.requester },
            {
              label: 'Email',
              value: prayer.email ? (
                <a className={LINK} href={`mailto:${prayer.email}`}>
                  {prayer.email}
                </a>
              ) : (
                'Not given'
              ),
            },
            {
              label: 'Phone',
              value: prayer.phone ? (
                <a className={LINK} href={telHref(formatPhone(prayer.phone))}>
                  {formatPhone(prayer.phone)}
                </a>
              ) : (
                'Not given'
              ),
            },
            { label: 'Category', value: capitalize(prayer.category) },
            { label: 'Date Requested', value: formatDate(prayer.dateRequested) },
            { label: 'Last Updated', value: formatDate(prayer.lastUpdated) },
            { label: 'Assigned To', value: prayer.assignedTo ?? 'Unassigned' },
            { label: 'Visibility', value: prayer.isPublic ? 'Public' : 'Private' },
            { label: 'Prayer Wall', value: wallState(prayer) },
            { label: 'Supporters', value: formatCount(prayer.supporters) },
            { label: 'Updates', value: String(prayer.updates.length) },
            { label: 'Sent Through', value: SOURCES[prayer.source] ?? prayer.source },
          ]}
        />
        <TagList tags={prayer.tags} max={prayer.tags.length} />
        {prayer.updates.length > 0 && (
          <section aria-labelledby="prayer-updates-title" className="flex flex-col gap-2">
            <h3 id="prayer-updates-title" className="text-sm font-semibold text-text">
              Updates
            </h3>
            <ol className="flex flex-col gap-2">
              {prayer.updates.map((u) => (
                <li key={u.id} className="rounded-lg border border-border p-3 text-sm">
                  <p className="whitespace-pre-line text-text">{u.text}</p>
                  <p className="mt-1 text-xs text-muted">
                    {u.author} · {formatDateTime(u.createdAt)}
                    {!u.isPublic && ' · staff only'}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        )}
        {approvalOff && (
          <p id="approve-note" className="text-sm text-muted">
            The requester asked to keep this request private, so it cannot go on the prayer wall.
          </p>
        )}
        <DenialNote id="delete-prayer-note" reason={deleteDenied} />
      </div>
    </Modal>
  );
}
