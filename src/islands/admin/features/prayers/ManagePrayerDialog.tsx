// Manage Prayer (docs/PRODUCT.md (Pages and screens)): a request's status, priority, the pastor it is assigned
// to, whether the requester's wish to share it stands (public or private) and its tags. Only the fields changed
// are sent (PATCH /prayers/{id}/); prayerChangeSchema (loaded on first use) checks them as the API does.
import { useQuery } from '@tanstack/react-query';
import { useContentForm } from '../../useContentForm';
import { tagsFromText, tagsToText } from '../../content-form';
import { Field, FormDialog } from '../../../ui';
import { capitalize } from '../../../../lib/shared/filters';
import { fullName } from '../../../../lib/shared/format';
import { PRAYER_PRIORITIES, PRAYER_STATUSES } from '../../../../lib/shared/visitors/rules';
import type { PrayerChange } from '../../../../lib/shared/prayers/api';
import type { User } from '../../../../lib/shared/users/types';
import { staffQuery } from './queries';
import type { PrayerFormProps, PrayerRequest } from './model';

const loadSchema = () => import('../../../../lib/shared/prayers/api').then((m) => m.prayerChangeSchema);
const UNASSIGNED = '';
const options = (values: readonly string[]) => values.map((value) => ({ value, label: capitalize(value) }));

/** The fields that differ from the request as it stands: the PATCH body. */
export function manageChanges(
  prayer: PrayerRequest,
  v: { status: string; priority: string; assignedTo: string; visibility: string; tags: string },
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (v.status !== prayer.status) changes.status = v.status;
  if (v.priority !== prayer.priority) changes.priority = v.priority;
  const assignedTo = v.assignedTo === UNASSIGNED ? null : Number(v.assignedTo);
  if (assignedTo !== prayer.assignedToId) changes.assignedTo = assignedTo;
  const isPublic = v.visibility === 'public';
  if (isPublic !== prayer.isPublic) changes.isPublic = isPublic;
  const tags = tagsFromText(v.tags);
  if (tagsToText(tags) !== tagsToText(prayer.tags)) changes.tags = tags;
  return changes;
}

export function ManagePrayerDialog({ prayer, onClose, onSave }: PrayerFormProps<PrayerChange>) {
  const form = useContentForm(() => ({
    status: prayer.status as string,
    priority: prayer.priority as string,
    assignedTo: prayer.assignedToId === null ? UNASSIGNED : String(prayer.assignedToId),
    visibility: prayer.isPublic ? 'public' : 'private',
    tags: tagsToText(prayer.tags),
  }));
  const { values, bind } = form;
  const staffList = useQuery(staffQuery);
  // Without the staff list the request can still be left unassigned or kept with whom it has.
  const staff: User[] | null = staffList.isError ? [] : (staffList.data ?? null);

  const staffOptions = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(staff ?? []).map((u) => ({ value: String(u.id), label: fullName(u) })),
  ];
  // An assignee who is no longer on the staff list still shows by name until changed.
  if (prayer.assignedToId !== null && staff && !staff.some((u) => u.id === prayer.assignedToId)) {
    staffOptions.push({ value: String(prayer.assignedToId), label: prayer.assignedTo ?? 'Former staff member' });
  }
  return (
    <FormDialog
      id="manage-prayer-form"
      title={`Manage Prayer: ${prayer.title}`}
      submitLabel="Save Changes"
      onClose={onClose}
      {...form.dialog({
        schema: loadSchema,
        payload: () => manageChanges(prayer, values),
        save: onSave,
        failure: 'save the prayer request',
      })}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field {...bind('status')} label="Status" type="select" options={options(PRAYER_STATUSES)} />
      <Field {...bind('priority')} label="Priority" type="select" options={options(PRAYER_PRIORITIES)} />
      <Field
        {...bind('assignedTo')}
        label="Assigned To"
        type="select"
        options={staffOptions}
        loading={staff === null}
        helperText={staff === null ? 'Loading staff...' : undefined}
      />
      <Field
        {...bind('visibility')}
        externalError={form.errors.isPublic}
        label="Visibility"
        type="select"
        options={[
          { value: 'public', label: 'Public (may be shown on the prayer wall)' },
          { value: 'private', label: 'Private (staff only)' },
        ]}
      />
      <Field
        {...bind('tags')}
        label="Tags"
        placeholder="healing, family, thanksgiving"
        helperText="Separate tags with commas"
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}
