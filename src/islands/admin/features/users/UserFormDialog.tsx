// Add User (POST /auth/users/) and Edit (PATCH /auth/users/{id}/) in one form. Fields validate as the person
// types (the kit's Field) and on submit with the shared zod schemas; the server's field errors land on the
// fields and its detail in a banner. Submitting twice while a save runs does nothing.
import { useState, type SubmitEvent } from 'react';
import { firstFieldErrors } from '../../../../lib/client/api-client';
import { MIN_INITIAL_PASSWORD_LENGTH } from '../../../../lib/shared/constants';
import { personFieldRules } from '../../../../lib/shared/messages';
import { ROLE_LABELS, type Role } from '../../../../lib/shared/permissions';
import type { UserCreate, UserUpdate } from '../../../../lib/shared/schemas';
import type { User } from '../../../../lib/shared/users/types';
import { firstIssues } from '../../../../lib/shared/validation';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { actionErrorMessage } from './model';

const loadSchemas = () => import('../../../../lib/shared/schemas');

type Values = Record<
  | 'username'
  | 'password'
  | 'role'
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

const RULES = {
  username: { required: true, minLength: 3, maxLength: 150 },
  password: { required: true, minLength: MIN_INITIAL_PASSWORD_LENGTH },
  ...personFieldRules,
} as const;

function initialValues(user: User | null, roles: Role[]): Values {
  return {
    username: user?.username ?? '',
    password: '',
    role: user?.role ?? roles[0] ?? 'MEMBER',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone_number: user?.phone_number ?? '',
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
  const [values, setValues] = useState<Values>(() => initialValues(user, roles));
  const [canAccessWeb, setCanAccessWeb] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setBanner(null);
    try {
      // zod loads with the first save (or focus), not with the users screen.
      const { userCreateSchema, userUpdateSchema } = await loadSchemas();
      const { username, password, role, ...person } = values;
      const parsed = editing
        ? userUpdateSchema.safeParse(person)
        : userCreateSchema.safeParse({ username, password, role, ...person, can_access_web: canAccessWeb });
      if (!parsed.success) {
        setErrors(firstIssues(parsed.error.issues));
        setSaving(false);
        return;
      }
      if (editing) await onUpdate(user, parsed.data as UserUpdate);
      else await onCreate(parsed.data as UserCreate);
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(actionErrorMessage(editing ? 'update' : 'create', error));
      setSaving(false);
    }
  }

  const field = (name: keyof typeof RULES, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      rules={RULES[name]}
      realTime
      externalError={errors[name] || null}
      disabled={saving}
      {...extra}
    />
  );
  const dateField = (name: 'date_of_birth' | 'member_since' | 'baptism_date', label: string) => (
    <Field
      name={name}
      label={label}
      type="date"
      value={values[name]}
      onChange={set(name)}
      externalError={errors[name] || null}
      disabled={saving}
    />
  );

  return (
    <FormDialog
      id="user-form"
      title={editing ? 'Edit User' : 'Add User'}
      size="lg"
      submitLabel={editing ? 'Save Changes' : 'Create User'}
      saving={saving}
      banner={banner}
      onClose={onClose}
      onSubmit={onSubmit}
      onFocus={() => void loadSchemas()}
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
          name="role"
          label="Role"
          type="select"
          value={values.role}
          onChange={set('role')}
          options={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          externalError={errors.role || null}
          disabled={saving}
        />
      )}
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
