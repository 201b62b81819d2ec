// Add User (POST /auth/users/) and Edit (PATCH /auth/users/{id}/) in one form. Fields validate as the person
// types (the kit's Field) and on submit with the shared zod schemas; the server's field errors land on the
// fields and its detail in a banner. Submitting twice while a save runs does nothing.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $auth } from '../../../../lib/client/session';
import { BranchField, useBranchChoices } from '../../BranchPicker';
import { MIN_INITIAL_PASSWORD_LENGTH } from '../../../../lib/shared/constants';
import { accountFieldRules, personFieldRules } from '../../../../lib/shared/messages';
import { ROLE_LABELS, type Role } from '../../../../lib/shared/permissions';
import type { UserCreate, UserUpdate } from '../../../../lib/shared/schemas';
import type { User } from '../../../../lib/shared/users/types';
import { Field, type FieldProps } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { formLabels } from '../../content-form';
import { useContentForm } from '../../useContentForm';
import { actionErrorMessage } from './model';
import { formatPhone } from '../../../../lib/shared/phone';

const loadSchemas = () => import('../../../../lib/shared/schemas');

type Values = Record<
  | 'username'
  | 'password'
  | 'role'
  | 'branch_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone_number'
  | 'address'
  | 'date_of_birth'
  | 'member_since'
  | 'baptism_date',
  string
>;

// The rules userCreateSchema is built from (messages.ts, zod-free: this screen loads zod only on submit).
const RULES = {
  ...accountFieldRules,
  ...personFieldRules,
} as const;

function initialValues(user: User | null, roles: Role[], ownBranch: number | undefined): Values {
  return {
    branch_id: ownBranch === undefined ? '' : String(ownBranch),
    username: user?.username ?? '',
    password: '',
    role: user?.role ?? roles[0] ?? 'MEMBER',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone_number: formatPhone(user?.phone_number),
    address: user?.address ?? '',
    date_of_birth: user?.date_of_birth ?? '',
    member_since: user?.member_since ?? '',
    baptism_date: user?.baptism_date ?? '',
  };
}

export function UserFormDialog({
  user,
  roles,
  onClose,
  onCreate,
  onUpdate,
}: {
  /** null: Add User; a user: Edit. */
  user: User | null;
  /** Roles a new account may get (creatableRoles). */
  roles: Role[];
  onClose: () => void;
  onCreate: (input: UserCreate) => Promise<unknown>;
  onUpdate: (user: User, changes: UserUpdate) => Promise<unknown>;
}) {
  const editing = user !== null;
  const ownBranch = useStore($auth).user?.branch?.id;
  // A new account's branch, from two branches (its own for the creator by default); a move is a transfer.
  const branches = useBranchChoices();
  const form = useContentForm<Values>(() => initialValues(user, roles, ownBranch));
  const { values, saving } = form;
  const [canAccessWeb, setCanAccessWeb] = useState(false);

  const field = (name: keyof typeof RULES, label: string, extra: Partial<FieldProps> = {}) => (
    <Field {...form.bind(name)} label={label} rules={RULES[name]} realTime disabled={saving} {...extra} />
  );
  const dateField = (name: 'date_of_birth' | 'member_since' | 'baptism_date', label: string) => (
    <Field {...form.bind(name)} label={label} type="date" disabled={saving} />
  );

  return (
    <FormDialog
      id="user-form"
      {...formLabels(editing, 'User', 'Add')}
      size="lg"
      onClose={onClose}
      {...form.dialog({
        schema: async () => {
          const { userCreateSchema, userUpdateSchema } = await loadSchemas();
          return editing ? userUpdateSchema : userCreateSchema;
        },
        payload: () => {
          const { username, password, role, branch_id, ...person } = values;
          if (editing) return person;
          const branch = branches.length && branch_id ? { branch_id: Number(branch_id) } : {};
          return { username, password, role, ...person, ...branch, can_access_web: canAccessWeb };
        },
        save: async (data) => {
          if (editing) await onUpdate(user, data as UserUpdate);
          else await onCreate(data as UserCreate);
          onClose();
        },
        failure: (error) => actionErrorMessage(editing ? 'update' : 'create', error),
      })}
      className="grid gap-4 sm:grid-cols-2"
    >
      {!editing && field('username', 'Username', { autoComplete: 'off' })}
      {!editing &&
        field('password', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          helperText: `At least ${MIN_INITIAL_PASSWORD_LENGTH} characters`,
        })}
      {field('first_name', 'First Name')}
      {field('last_name', 'Last Name')}
      {field('email', 'Email', { type: 'email', autoComplete: 'off' })}
      {field('phone_number', 'Phone Number', { type: 'tel', helperText: 'Include country code if international' })}
      {!editing && (
        <Field
          {...form.bind('role')}
          label="Role"
          type="select"
          options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          disabled={saving}
        />
      )}
      {!editing && <BranchField choices={branches} {...form.bind('branch_id')} disabled={saving} />}
      {!editing && (
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={canAccessWeb}
            onChange={(e) => setCanAccessWeb(e.target.checked)}
            disabled={saving}
          />
          Can access the admin portal
        </label>
      )}
      {field('address', 'Address', { className: 'sm:col-span-2' })}
      {editing && dateField('date_of_birth', 'Date of Birth')}
      {editing && dateField('member_since', 'Member Since')}
      {editing && dateField('baptism_date', 'Baptism Date')}
    </FormDialog>
  );
}
