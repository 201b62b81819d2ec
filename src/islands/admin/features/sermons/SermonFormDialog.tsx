// New Sermon (POST /sermons/) and Edit Sermon (PATCH /sermons/{id}/) in one form with every field the API
// takes. The shared zod schemas of content-api.ts check it on submit (loaded with the first focus or save, not
// with the screen); the server's field errors land on their fields and its detail in the banner.
import { useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../../../lib/client/api-client';
import type { SermonAnswer, SermonCreate } from '../../../../lib/shared/content-api';
import { SERMON_STATUSES } from '../../../../lib/shared/content-types';
import { capitalize } from '../../../../lib/shared/filters';
import { firstIssues } from '../../../../lib/shared/validation';
import { Field, type FieldProps } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { contentErrorMessage } from '../../content-form';
import { sermonFormValues, sermonPayload, type SermonFormValues } from './model';

const loadSchemas = () => import('../../../../lib/shared/content-api');
const today = () => new Date().toISOString().slice(0, 10);

export function SermonFormDialog({
  sermon,
  onClose,
  onSave,
}: {
  /** null: New Sermon; a sermon: Edit Sermon. */
  sermon: SermonAnswer | null;
  onClose: () => void;
  /** Saves and resolves with the stored sermon; throws the API error for the form to show. */
  onSave: (payload: SermonCreate) => Promise<unknown>;
}) {
  const editing = sermon !== null;
  const [values, setValues] = useState<SermonFormValues>(() => sermonFormValues(sermon, today()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (name: keyof SermonFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setBanner(null);
    try {
      const { sermonCreateSchema } = await loadSchemas();
      const parsed = sermonCreateSchema.safeParse(sermonPayload(values));
      if (!parsed.success) {
        setErrors(firstIssues(parsed.error.issues));
        setSaving(false);
        return;
      }
      await onSave(parsed.data);
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(contentErrorMessage(editing ? 'save the sermon' : 'create the sermon', error));
      setSaving(false);
    }
  }

  const field = (name: keyof SermonFormValues, label: string, extra: Partial<FieldProps> = {}) => (
    <Field
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      externalError={errors[name] || null}
      disabled={saving}
      {...extra}
    />
  );
  const required = { rules: { required: true }, realTime: true };

  return (
    <FormDialog
      id="sermon-form"
      title={editing ? 'Edit Sermon' : 'New Sermon'}
      size="lg"
      submitLabel={editing ? 'Save Changes' : 'Create Sermon'}
      saving={saving}
      banner={banner}
      onClose={onClose}
      onSubmit={onSubmit}
      onFocus={() => void loadSchemas()}
      className="grid gap-4 sm:grid-cols-2"
    >
      {field('title', 'Title', { ...required, className: 'sm:col-span-2' })}
      {field('speaker', 'Speaker', required)}
      {field('date', 'Date', { ...required, type: 'date' })}
      {field('category', 'Category', required)}
      {field('duration', 'Duration', { placeholder: 'e.g. 45 min' })}
      {field('series', 'Series')}
      {field('status', 'Status', {
        type: 'select',
        options: SERMON_STATUSES.map((s) => ({ value: s, label: capitalize(s) })),
      })}
      {field('description', 'Description', { type: 'textarea', rows: 3, className: 'sm:col-span-2' })}
      {field('tags', 'Tags', { helperText: 'Separate tags with commas', className: 'sm:col-span-2' })}
      {field('videoUrl', 'Video URL', { type: 'url', placeholder: 'https://' })}
      {field('thumbnail', 'Thumbnail', { type: 'url', placeholder: 'https:// or /images/...' })}
      {field('notes', 'Notes (Markdown)', { type: 'textarea', rows: 8, className: 'sm:col-span-2' })}
    </FormDialog>
  );
}
