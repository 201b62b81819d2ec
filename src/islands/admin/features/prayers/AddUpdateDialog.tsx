// Add Update (docs/PRODUCT.md (Pages and screens)): a staff note on a prayer request, shown on the public prayer
// wall with the request unless staff keep it for the team. prayerNoteSchema (loaded on first use) checks it
// as the API does.
import { useContentForm } from '../../useContentForm';
import { Checkbox, Field, FormDialog } from '../../../ui';
import { UPDATE_TEXT_MAX } from '../../../../lib/shared/prayers/wall';
import type { PrayerNote } from '../../../../lib/shared/prayers/api';
import type { PrayerFormProps } from './model';

const loadSchema = () => import('../../../../lib/shared/prayers/api').then((m) => m.prayerNoteSchema);

export function AddUpdateDialog({ prayer, onClose, onSave }: PrayerFormProps<PrayerNote>) {
  const form = useContentForm(() => ({ text: '', isPublic: true }));
  const { values, set } = form;
  return (
    <FormDialog
      id="prayer-update-form"
      title={`Add Update: ${prayer.title}`}
      submitLabel="Add Update"
      onClose={onClose}
      {...form.dialog({ schema: loadSchema, payload: () => values, save: onSave, failure: 'add the update' })}
      className="flex flex-col gap-4"
    >
      <Field
        {...form.bind('text')}
        label="Update"
        type="textarea"
        rows={5}
        rules={{ required: true, maxLength: UPDATE_TEXT_MAX }}
        helperText={`${values.text.length}/${UPDATE_TEXT_MAX} characters`}
      />
      <Checkbox name="isPublic" checked={values.isPublic} onChange={set('isPublic')}>
        Show this update on the prayer wall (when the request is there)
      </Checkbox>
    </FormDialog>
  );
}
