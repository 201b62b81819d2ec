// The Households screen's dialogs (ADMIN and above): edit a household (name, address, head: one of its member
// accounts), add an account to it (picked from every account; it leaves any other household), edit a person without
// an account (name, relationship, date of birth, a child's allergies and notes), a child account's allergies and notes
// (an account under 18). Each checks its values with the API's own schema and shows the
// server's refusal on its fields and in the banner.
import { AccountPicker, CHOOSE_ACCOUNT, requireAccount } from '../../AccountPicker';
import { loadedSchema, useContentForm } from '../../useContentForm';
import { Field, FormDialog } from '../../../ui';
import { fieldRules } from '../../../../lib/shared/forms';
import {
  householdMemberAddSchema,
  staffPersonUpdateSchema,
  staffChildAccountUpdateSchema,
  householdUpdateSchema,
  type ChildAccountUpdate,
  type Household,
  type HouseholdMemberAdd,
  type HouseholdPerson,
  type HouseholdPersonUpdate,
  type HouseholdUpdate,
} from '../../../../lib/shared/households/api';

export function EditHouseholdDialog({
  household,
  onClose,
  onSave,
}: {
  household: Household;
  onClose: () => void;
  onSave: (body: HouseholdUpdate) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({
    name: household.name,
    address: household.address ?? '',
    head_user_id: household.head ? String(household.head.id) : '',
  }));
  const { values } = form;
  const members = household.people.filter((p) => p.kind === 'member');
  return (
    <FormDialog
      id="household-edit-form"
      title={`Edit ${household.name}`}
      submitLabel="Save Changes"
      onClose={onClose}
      {...form.dialog({
        schema: loadedSchema(householdUpdateSchema),
        payload: () => ({ ...values, head_user_id: values.head_user_id ? Number(values.head_user_id) : null }),
        save: onSave,
        failure: 'save the household',
      })}
      className="flex flex-col gap-4"
    >
      <Field {...form.bind('name')} label="Household name" rules={fieldRules(householdUpdateSchema, 'name')} />
      <Field
        {...form.bind('address')}
        label="Address"
        type="textarea"
        rows={2}
        rules={fieldRules(householdUpdateSchema, 'address')}
      />
      <Field
        {...form.bind('head_user_id')}
        label="Head"
        type="select"
        placeholder="No head"
        options={members.map((m) => ({ value: String(m.userId), label: m.name }))}
        helperText={
          members.length ? 'One of the household’s member accounts.' : 'Add a member account to make them the head.'
        }
      />
    </FormDialog>
  );
}

export function AddAccountDialog({
  household,
  onClose,
  onSave,
}: {
  household: Household;
  onClose: () => void;
  onSave: (body: HouseholdMemberAdd) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({ user_id: '', relationship: '' }));
  const { values, setErrors } = form;
  const dialog = form.dialog({
    schema: loadedSchema(householdMemberAddSchema),
    payload: () => ({ ...values, user_id: Number(values.user_id) }),
    save: onSave,
    failure: 'add the account',
  });
  return (
    <FormDialog
      id="household-account-form"
      title={`Add an Account to ${household.name}`}
      submitLabel="Add Account"
      onClose={onClose}
      {...dialog}
      onSubmit={requireAccount(values.user_id, dialog.onSubmit, (message) => setErrors({ user_id: message }))}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">An account in another household leaves it for this one.</p>
      <AccountPicker {...form.bind('user_id')} label="Account" none={CHOOSE_ACCOUNT} />
      <Field
        {...form.bind('relationship')}
        label="Relationship"
        placeholder="Father, Mother, Son..."
        rules={fieldRules(householdMemberAddSchema, 'relationship')}
      />
    </FormDialog>
  );
}

export function EditPersonDialog({
  person,
  onClose,
  onSave,
}: {
  person: Extract<HouseholdPerson, { kind: 'person' }>;
  onClose: () => void;
  onSave: (body: HouseholdPersonUpdate) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({
    name: person.name,
    relationship: person.relationship,
    date_of_birth: person.date_of_birth ?? '',
    allergies: person.allergies ?? '',
    notes: person.notes ?? '',
  }));
  return (
    <FormDialog
      id="household-person-form"
      title={`Edit ${person.name}`}
      submitLabel="Save Changes"
      onClose={onClose}
      {...form.dialog({
        schema: loadedSchema(staffPersonUpdateSchema),
        payload: () => form.values,
        save: onSave,
        failure: 'save the person',
      })}
      className="flex flex-col gap-4"
    >
      <Field {...form.bind('name')} label="Name" rules={fieldRules(staffPersonUpdateSchema, 'name')} />
      <Field
        {...form.bind('relationship')}
        label="Relationship"
        rules={fieldRules(staffPersonUpdateSchema, 'relationship')}
      />
      <Field {...form.bind('date_of_birth')} label="Date of birth" type="date" helperText="Optional." />
      <Field
        {...form.bind('allergies')}
        label="Allergies"
        helperText="Shown on the child's check-in label in capitals. Optional."
        rules={fieldRules(staffPersonUpdateSchema, 'allergies')}
      />
      <Field
        {...form.bind('notes')}
        label="Notes"
        helperText="Seen by staff and check-in stations only. Optional."
        rules={fieldRules(staffPersonUpdateSchema, 'notes')}
      />
    </FormDialog>
  );
}

/** A child account (under 18): the name and relationship are the account's own; staff keep allergies and notes. */
export function EditChildAccountDialog({
  child,
  onClose,
  onSave,
}: {
  child: Extract<HouseholdPerson, { kind: 'member' }>;
  onClose: () => void;
  onSave: (body: ChildAccountUpdate) => Promise<unknown>;
}) {
  const form = useContentForm(() => ({ allergies: child.allergies ?? '', notes: child.notes ?? '' }));
  return (
    <FormDialog
      id="household-child-form"
      title={`Edit ${child.name}`}
      submitLabel="Save Changes"
      onClose={onClose}
      {...form.dialog({
        schema: loadedSchema(staffChildAccountUpdateSchema),
        payload: () => form.values,
        save: onSave,
        failure: 'save the child',
      })}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">A child with an account of their own (under 18).</p>
      <Field
        {...form.bind('allergies')}
        label="Allergies"
        helperText="Shown on the child's check-in label in capitals. Optional."
        rules={fieldRules(staffChildAccountUpdateSchema, 'allergies')}
      />
      <Field
        {...form.bind('notes')}
        label="Notes"
        helperText="Seen by staff and check-in stations only. Optional."
        rules={fieldRules(staffChildAccountUpdateSchema, 'notes')}
      />
    </FormDialog>
  );
}
