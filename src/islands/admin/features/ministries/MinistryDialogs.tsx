// The Ministries screen's dialogs (ADMIN and above): edit a ministry (what /ministries shows of it, its leader, an
// account, and whether it is public) and add an account as a member with a role. Each checks its values with the
// API's own schema and shows the server's refusal on its fields and in the banner.
import { AccountPicker, CHOOSE_ACCOUNT, requireAccount } from '../../AccountPicker';
import { loadedSchema, useContentForm } from '../../useContentForm';
import { Checkbox, Field, FormDialog } from '../../../ui';
import { fieldRules } from '../../../../lib/shared/forms';
import {
  MINISTRY_ROLES,
  joinAcceptSchema,
  ministryMemberAddSchema,
  ministryUpdateSchema,
  type JoinRequest,
  type Ministry,
  type MinistryMemberAdd,
  type MinistryUpdate,
} from '../../../../lib/shared/ministries/api';
import {
  MEETING_TIME_EXAMPLE,
  formatMeetingTime,
  meetingTimeProblem,
} from '../../../../lib/shared/ministries/meeting-time';

export function EditMinistryDialog({
  ministry,
  onClose,
  onSave,
}: {
  ministry: Ministry;
  onClose: () => void;
  onSave: (body: MinistryUpdate) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({
    name: ministry.name,
    description: ministry.description,
    leader_user_id: ministry.leader ? String(ministry.leader.id) : '',
    meeting_day: ministry.meeting_day ?? '',
    meeting_time: formatMeetingTime(ministry.meeting_time),
    meeting_place: ministry.meeting_place ?? '',
    is_public: ministry.is_public,
  }));
  const { values, set } = form;
  return (
    <FormDialog
      id="ministry-edit-form"
      title={`Edit ${ministry.name}`}
      submitLabel="Save Changes"
      size="lg"
      onClose={onClose}
      {...form.dialog({
        schema: loadedSchema(ministryUpdateSchema),
        payload: () => ({ ...values, leader_user_id: values.leader_user_id ? Number(values.leader_user_id) : null }),
        save: onSave,
        failure: 'save the ministry',
      })}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field
        {...form.bind('name')}
        label="Name"
        className="sm:col-span-2"
        rules={fieldRules(ministryUpdateSchema, 'name')}
      />
      <Field
        {...form.bind('description')}
        label="Description"
        type="textarea"
        rows={3}
        className="sm:col-span-2"
        rules={fieldRules(ministryUpdateSchema, 'description')}
      />
      <Field
        {...form.bind('meeting_day')}
        label="Meeting day"
        rules={fieldRules(ministryUpdateSchema, 'meeting_day')}
      />
      <Field
        {...form.bind('meeting_time')}
        label="Meeting time"
        placeholder={MEETING_TIME_EXAMPLE}
        rules={{ ...fieldRules(ministryUpdateSchema, 'meeting_time'), custom: meetingTimeProblem }}
      />
      <Field
        {...form.bind('meeting_place')}
        label="Meeting place"
        className="sm:col-span-2"
        rules={fieldRules(ministryUpdateSchema, 'meeting_place')}
      />
      <div className="sm:col-span-2">
        <AccountPicker {...form.bind('leader_user_id')} label="Leader" none="No leader" current={ministry.leader} />
      </div>
      <Checkbox name="is_public" checked={values.is_public} onChange={set('is_public')} className="sm:col-span-2">
        Shown on the public Ministries page
      </Checkbox>
    </FormDialog>
  );
}

export function AddMemberDialog({
  ministry,
  onClose,
  onSave,
}: {
  ministry: Pick<Ministry, 'name'>;
  onClose: () => void;
  onSave: (body: MinistryMemberAdd) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({ user_id: '', role: 'Member' as string }));
  const { values, setErrors } = form;
  const dialog = form.dialog({
    schema: loadedSchema(ministryMemberAddSchema),
    payload: () => ({ ...values, user_id: Number(values.user_id) }),
    save: onSave,
    failure: 'add the member',
  });
  return (
    <FormDialog
      id="ministry-member-form"
      title={`Add a Member to ${ministry.name}`}
      submitLabel="Add Member"
      onClose={onClose}
      {...dialog}
      onSubmit={requireAccount(values.user_id, dialog.onSubmit, (message) => setErrors({ user_id: message }))}
      className="flex flex-col gap-4"
    >
      <AccountPicker {...form.bind('user_id')} label="Account" none={CHOOSE_ACCOUNT} />
      <Field
        {...form.bind('role')}
        label="Role"
        type="select"
        options={MINISTRY_ROLES.map((r) => ({ value: r, label: r }))}
      />
    </FormDialog>
  );
}

/** Accept a visitor's request into an account staff pick (one found by its email or phone is offered on the card). */
export function LinkAccountDialog({
  request,
  onClose,
  onSave,
}: {
  request: Pick<JoinRequest, 'name' | 'ministry_name'>;
  onClose: () => void;
  onSave: (body: { user_id: number }) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({ user_id: '' }));
  const { values, setErrors } = form;
  const dialog = form.dialog({
    schema: loadedSchema(joinAcceptSchema),
    payload: () => ({ user_id: Number(values.user_id) }),
    save: (body: { user_id?: number }) => onSave({ user_id: body.user_id! }),
    failure: 'accept the request',
  });
  return (
    <FormDialog
      id="join-link-form"
      title={`Accept ${request.name} into ${request.ministry_name}`}
      submitLabel="Link and Accept"
      onClose={onClose}
      {...dialog}
      onSubmit={requireAccount(values.user_id, dialog.onSubmit, (message) => setErrors({ user_id: message }))}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">The account chosen joins the ministry as a Member.</p>
      <AccountPicker {...form.bind('user_id')} label="Account" none={CHOOSE_ACCOUNT} />
    </FormDialog>
  );
}
