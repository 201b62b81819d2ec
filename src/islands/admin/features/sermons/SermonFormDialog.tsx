// New Sermon (POST /sermons/) and Edit Sermon (PATCH /sermons/{id}/) in one form with every field the API
// takes. The shared zod schemas of src/lib/shared/live/api.ts check it on submit (loaded with the first focus or save, not
// with the screen); the server's field errors land on their fields and its detail in the banner.
// A chosen audio file is uploaded once the sermon is saved (a new sermon needs its id first), with a progress
// bar; Cancel stops the upload. A refused file keeps the dialog open on the saved sermon, with the server's
// message on the field, so saving again edits that sermon rather than creating a second one.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../../../lib/client/api-client';
import type { SermonAnswer, SermonCreate } from '../../../../lib/shared/live/api';
import { SERMON_STATUSES } from '../../../../lib/shared/live/types';
import { capitalize } from '../../../../lib/shared/filters';
import { Field, type FieldProps } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { toast } from '../../../ui/toast';
import { contentErrorMessage, formLabels } from '../../content-form';
import { useContentForm } from '../../useContentForm';
import { isAbortError, uploadSermonAudio } from './api';
import { AudioField } from './AudioField';
import { audioFileProblem, sermonFormValues, sermonPayload, type SermonFormValues } from './model';

const loadSchemas = () => import('../../../../lib/shared/live/api');
const today = () => new Date().toISOString().slice(0, 10);

export function SermonFormDialog({
  sermon,
  onClose,
  onSave,
  onAudio,
}: {
  /** null: New Sermon; a sermon: Edit Sermon. */
  sermon: SermonAnswer | null;
  onClose: () => void;
  /** Saves (`current` null: creates) and resolves with the stored sermon; throws the API error for the form. */
  onSave: (payload: SermonCreate, current: SermonAnswer | null) => Promise<SermonAnswer>;
  /** The sermon as the API answered the audio upload. */
  onAudio: (stored: SermonAnswer) => void;
}) {
  // The sermon this dialog edits: the one given, or the one it created when an upload then failed.
  const [current, setCurrent] = useState(sermon);
  const editing = current !== null;
  const form = useContentForm<SermonFormValues>(() => sermonFormValues(sermon, today()));
  const { values, errors, setErrors, saving, setSaving } = form;
  const [audio, setAudio] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  // Closing the dialog (Cancel, Escape, leaving the screen) stops an upload under way.
  useEffect(() => () => upload.current?.abort(), []);

  function close() {
    upload.current?.abort();
    onClose();
  }

  function chooseAudio(file: File | null) {
    setAudio(file);
    setErrors((e) => ({ ...e, audio: (file && audioFileProblem(file)) || '' }));
  }

  async function sendAudio(stored: SermonAnswer, file: File): Promise<boolean> {
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      onAudio(await uploadSermonAudio(stored.id, file, { onProgress: setProgress, signal: controller.signal }));
      setAudio(null);
      return true;
    } catch (error) {
      if (isAbortError(error)) {
        toast('Audio upload cancelled; the sermon is saved without it.', { variant: 'info' });
        return false;
      }
      setProgress(null);
      setErrors({ audio: firstFieldErrors(error).audio ?? contentErrorMessage('upload the audio', error) });
      setSaving(false);
      return false;
    } finally {
      upload.current = null;
    }
  }

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    const audioProblem = audio && audioFileProblem(audio);
    if (audioProblem) {
      e.preventDefault();
      setErrors((errs) => ({ ...errs, audio: audioProblem }));
      return;
    }
    return form.submit(e, {
      schema: async () => (await loadSchemas()).sermonCreateSchema,
      payload: () => sermonPayload(values),
      save: async (data) => {
        const stored = await onSave(data, current);
        setCurrent(stored);
        if (audio && !(await sendAudio(stored, audio))) return;
        onClose();
      },
      failure: editing ? 'save the sermon' : 'create the sermon',
    });
  }

  const field = (name: keyof SermonFormValues, label: string, extra: Partial<FieldProps> = {}) => (
    <Field {...form.bind(name)} label={label} disabled={saving} {...extra} />
  );
  const required = { rules: { required: true }, realTime: true };

  return (
    <FormDialog
      id="sermon-form"
      {...formLabels(editing, 'Sermon', 'New')}
      size="lg"
      saving={saving}
      banner={form.banner}
      onClose={close}
      onSubmit={onSubmit}
      onFocus={() => void loadSchemas()}
      className="grid gap-4 sm:grid-cols-2"
      cancelWhileSaving={progress !== null}
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
      <AudioField
        current={current?.audioUrl ?? null}
        error={errors.audio || null}
        progress={progress}
        disabled={saving}
        onChange={chooseAudio}
      />
    </FormDialog>
  );
}
