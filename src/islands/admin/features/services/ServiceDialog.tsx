// Add a service or change one: its name, day, start time, language and (with more than one branch) its branch.
// Checked with the API's own schema; the server's refusal lands on its fields and in the banner.
import { loadedSchema, useContentForm } from '../../useContentForm';
import { Field, FormDialog } from '../../../ui';
import { fieldRules } from '../../../../lib/shared/forms';
import type { Branch } from '../../../../lib/shared/branches/api';
import {
  DAYS_OF_WEEK,
  serviceCreateSchema,
  serviceUpdateSchema,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
} from '../../../../lib/shared/services/api';

type Props = {
  onClose: () => void;
  /** The branches the service may belong to: empty while the church has one branch (no choice shown). */
  branches: Branch[];
} & (
  | { mode: 'create'; onSave: (body: ServiceCreate) => Promise<unknown> }
  | { mode: 'edit'; service: Service; onSave: (body: ServiceUpdate) => Promise<unknown> }
);

export function ServiceDialog(props: Props) {
  const editing = props.mode === 'edit' ? props.service : undefined;
  const form = useContentForm(() => ({
    name: editing?.name ?? '',
    dayOfWeek: String(editing?.dayOfWeek ?? 0),
    startTime: editing?.startTime ?? '',
    language: editing?.language ?? '',
    branchId: String(editing?.branchId ?? props.branches[0]?.id ?? ''),
  }));
  const rule = (field: keyof typeof serviceCreateSchema.shape) => fieldRules(serviceCreateSchema, field);
  const payload = () => {
    const { branchId, dayOfWeek, ...rest } = form.values;
    return { ...rest, dayOfWeek: Number(dayOfWeek), ...(props.branches.length && { branchId: Number(branchId) }) };
  };
  const dialog =
    props.mode === 'create'
      ? form.dialog({
          schema: loadedSchema(serviceCreateSchema),
          payload,
          save: props.onSave,
          failure: 'add the service',
        })
      : form.dialog({
          schema: loadedSchema(serviceUpdateSchema),
          payload,
          save: props.onSave,
          failure: 'save the service',
        });
  return (
    <FormDialog
      id="service-form"
      title={props.mode === 'create' ? 'Add a Service' : `Edit ${props.service.name}`}
      submitLabel={props.mode === 'create' ? 'Add Service' : 'Save Changes'}
      onClose={props.onClose}
      {...dialog}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field
        {...form.bind('name')}
        label="Name"
        placeholder="Second Service"
        className="sm:col-span-2"
        rules={rule('name')}
      />
      <Field
        {...form.bind('dayOfWeek')}
        label="Day"
        type="select"
        options={DAYS_OF_WEEK.map((day, i) => ({ value: String(i), label: day }))}
      />
      <Field {...form.bind('startTime')} label="Start time" type="time" rules={{ required: true }} />
      <Field {...form.bind('language')} label="Language" placeholder="English, Twi…" rules={rule('language')} />
      {props.branches.length > 0 && (
        <Field
          {...form.bind('branchId')}
          label="Branch"
          type="select"
          options={props.branches.map((b) => ({ value: String(b.id), label: b.name }))}
        />
      )}
    </FormDialog>
  );
}
