// Add a branch under another, or change one (its name, the church's word for it, address, phone, service times,
// the Paystack subaccount its online gifts settle to, and where it sits in the tree). Checked with the API's own
// schema; the server's refusal lands on its fields and in the banner.
import { loadedSchema, useContentForm } from '../../useContentForm';
import { Field, FormDialog } from '../../../ui';
import { fieldRules } from '../../../../lib/shared/forms';
import {
  branchCreateSchema,
  branchUpdateSchema,
  type Branch,
  type BranchCreate,
  type BranchUpdate,
} from '../../../../lib/shared/branches/api';

type Props = { onClose: () => void } & (
  | { mode: 'create'; parent: Branch; onSave: (body: BranchCreate) => Promise<unknown> }
  | { mode: 'edit'; branch: Branch; parents: Branch[]; onSave: (body: BranchUpdate) => Promise<unknown> }
);

export function BranchDialog(props: Props) {
  const editing = props.mode === 'edit' ? props.branch : undefined;
  const form = useContentForm(() => ({
    name: editing?.name ?? '',
    kind: editing?.kind ?? '',
    address: editing?.address ?? '',
    phone: editing?.phone ?? '',
    serviceTimes: editing?.serviceTimes ?? '',
    paystackSubaccount: editing?.paystackSubaccount ?? '',
    parentId: String(editing ? (editing.parentId ?? '') : props.mode === 'create' ? props.parent.id : ''),
  }));
  const { values } = form;
  const rule = (field: keyof typeof branchCreateSchema.shape) => fieldRules(branchCreateSchema, field);
  const { parentId, ...fields } = values;
  // The root has no parent and cannot be moved: its body leaves parentId out.
  const payload = () => ({ ...fields, ...(parentId && { parentId: Number(parentId) }) });
  const dialog =
    props.mode === 'create'
      ? form.dialog({
          schema: loadedSchema(branchCreateSchema),
          payload,
          save: props.onSave,
          failure: 'add the branch',
        })
      : form.dialog({
          schema: loadedSchema(branchUpdateSchema),
          payload,
          save: props.onSave,
          failure: 'save the branch',
        });
  return (
    <FormDialog
      id="branch-form"
      title={props.mode === 'create' ? `Add a Branch under ${props.parent.name}` : `Edit ${props.branch.name}`}
      submitLabel={props.mode === 'create' ? 'Add Branch' : 'Save Changes'}
      size="lg"
      onClose={props.onClose}
      {...dialog}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field {...form.bind('name')} label="Name" rules={rule('name')} />
      <Field {...form.bind('kind')} label="Kind" placeholder="Assembly, District, Area…" rules={rule('kind')} />
      {props.mode === 'edit' && props.branch.parentId !== null && (
        <Field
          {...form.bind('parentId')}
          label="Under"
          type="select"
          className="sm:col-span-2"
          options={props.parents.map((b) => ({ value: String(b.id), label: b.name }))}
        />
      )}
      <Field {...form.bind('address')} label="Address" className="sm:col-span-2" rules={rule('address')} />
      <Field {...form.bind('phone')} label="Phone" rules={rule('phone')} />
      <Field
        {...form.bind('serviceTimes')}
        label="Service times"
        placeholder="Sundays 7:00 and 9:30"
        rules={rule('serviceTimes')}
      />
      <Field
        {...form.bind('paystackSubaccount')}
        label="Paystack subaccount code"
        placeholder="ACCT_8f4s1eq7ml6rlzj"
        className="sm:col-span-2"
        helperText="Online gifts to this branch (and to branches below it without a code of their own) settle to this account."
        rules={rule('paystackSubaccount')}
      />
    </FormDialog>
  );
}
