// Create Event (POST /events/) and Edit (PATCH /events/{id}/) in one form with every field the API takes:
// an empty capacity means no limit. The shared zod schema of src/lib/shared/live/api.ts checks it on submit (loaded with
// the first focus or save, not with the screen); the server's field errors land on their fields.
import type { EventAnswer, EventCreate } from '../../../../lib/shared/live/api';
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES } from '../../../../lib/shared/live/types';
import { capitalize } from '../../../../lib/shared/filters';
import { Field, type FieldProps } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { Checkbox } from '../../../ui/CheckboxGroup';
import { formLabels } from '../../content-form';
import { useContentForm } from '../../useContentForm';
import { BranchField, branchBody, useBranchChoices, useOwnBranch } from '../../BranchPicker';
import { useState } from 'react';
import { eventFormValues, eventPayload, type EventFormValues } from './model';

const loadSchemas = () => import('../../../../lib/shared/live/api');
const today = () => new Date().toISOString().slice(0, 10);
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: capitalize(v) }));

type TextName = Exclude<keyof EventFormValues, 'requiresRegistration' | 'isPublic'>;

export function EventFormDialog({
  event,
  onClose,
  onSave,
}: {
  /** null: Create Event; an event: Edit Event. */
  event: EventAnswer | null;
  onClose: () => void;
  /** Saves; throws the API error for the form to show. */
  onSave: (payload: EventCreate) => Promise<unknown>;
}) {
  const editing = event !== null;
  const form = useContentForm<EventFormValues>(() => eventFormValues(event, today()));
  const { values, saving, set } = form;
  // A new event's branch, from two branches in the caller's scope (their own by default); an event keeps its branch.
  const branches = useBranchChoices();
  const own = useOwnBranch();
  const [branch, setBranch] = useState('');

  const field = (name: TextName, label: string, extra: Partial<FieldProps> = {}) => (
    <Field {...form.bind(name)} label={label} disabled={saving} {...extra} />
  );
  const required = { rules: { required: true }, realTime: true };
  const check = (name: 'requiresRegistration' | 'isPublic', label: string) => (
    <Checkbox name={name} checked={values[name]} onChange={set(name)} disabled={saving} className="font-medium">
      {label}
    </Checkbox>
  );

  return (
    <FormDialog
      id="event-form"
      {...formLabels(editing, 'Event')}
      size="lg"
      onClose={onClose}
      {...form.dialog({
        schema: async () => (await loadSchemas()).eventCreateSchema,
        payload: () => ({ ...eventPayload(values), ...(editing ? {} : branchBody(branches, branch || own)) }),
        save: async (data) => {
          await onSave(data);
          onClose();
        },
        failure: editing ? 'save the event' : 'create the event',
      })}
      className="grid gap-4 sm:grid-cols-2"
    >
      {field('title', 'Title', { ...required, className: 'sm:col-span-2' })}
      {field('description', 'Description', { type: 'textarea', rows: 3, className: 'sm:col-span-2' })}
      {field('category', 'Category', { type: 'select', options: options(EVENT_CATEGORIES) })}
      {field('type', 'Type', { type: 'select', options: options(EVENT_TYPES) })}
      {field('startDate', 'Start Date', { ...required, type: 'date' })}
      {field('startTime', 'Start Time', { ...required, type: 'time' })}
      {field('endDate', 'End Date', { type: 'date', helperText: 'Empty: the start date' })}
      {field('endTime', 'End Time', { type: 'time' })}
      {field('location', 'Location', required)}
      {field('organizer', 'Organizer')}
      {!editing && (
        <BranchField
          choices={branches}
          id="event-branch"
          value={branch || own}
          onChange={setBranch}
          disabled={saving}
          externalError={form.errors.branchId || null}
        />
      )}
      {field('capacity', 'Capacity', {
        type: 'number',
        inputMode: 'numeric',
        helperText: 'Leave empty for no limit',
      })}
      {field('status', 'Status', { type: 'select', options: options(EVENT_STATUSES) })}
      {field('tags', 'Tags', { helperText: 'Separate tags with commas', className: 'sm:col-span-2' })}
      {field('imageUrl', 'Image URL', {
        type: 'url',
        placeholder: 'https:// or /images/...',
        className: 'sm:col-span-2',
      })}
      {check('requiresRegistration', 'Requires registration')}
      {check('isPublic', 'Public (shown on the website)')}
    </FormDialog>
  );
}
