// Edit Profile (docs/PRODUCT.md (Pages and screens, Validation)): real-time validation of the five fields, saved through
// PATCH /auth/profile/; the new profile reaches the sidebar card at once (api.ts).
import { useState, type SubmitEvent } from 'react';
import { apiErrorInfo, firstFieldErrors } from '../../../../lib/client/api-client';
import { personFieldRules } from '../../../../lib/shared/messages';
import type { User } from '../../../../lib/shared/users/types';
import { firstIssues } from '../../../../lib/shared/validation';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { toast } from '../../../ui/toast';
import { saveProfile } from './api';

const loadSchemas = () => import('../../../../lib/shared/schemas');

const FIELDS = [
  { name: 'first_name', label: 'First Name', rules: personFieldRules.first_name },
  { name: 'last_name', label: 'Last Name', rules: personFieldRules.last_name },
  { name: 'email', label: 'Email', type: 'email', rules: personFieldRules.email },
  {
    name: 'phone_number',
    label: 'Phone Number',
    type: 'tel',
    rules: personFieldRules.phone_number,
    helperText: 'Include country code if international',
  },
  { name: 'address', label: 'Address', type: 'textarea', rules: personFieldRules.address },
] as const;
type Name = (typeof FIELDS)[number]['name'];

export function EditProfileDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [values, setValues] = useState<Record<Name, string>>({
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    phone_number: user.phone_number ?? '',
    address: user.address ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setBanner(null);
    try {
      // zod loads with the first save (or focus), not with the profile screen.
      const { profileFormSchema } = await loadSchemas();
      const parsed = profileFormSchema.safeParse(values);
      if (!parsed.success) {
        setErrors(firstIssues(parsed.error.issues));
        setSaving(false);
        return;
      }
      await saveProfile(parsed.data);
      toast('Profile updated');
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      setBanner(apiErrorInfo(error).detail ?? 'Failed to update profile');
      setSaving(false);
    }
  }

  return (
    <FormDialog
      id="profile-form"
      title="Edit Profile"
      submitLabel="Save Changes"
      saving={saving}
      banner={banner}
      onClose={onClose}
      onSubmit={onSubmit}
      onFocus={() => void loadSchemas()}
      className="flex flex-col gap-4"
    >
      {FIELDS.map((f) => (
        <Field
          key={f.name}
          name={f.name}
          label={f.label}
          type={'type' in f ? f.type : 'text'}
          value={values[f.name]}
          onChange={(v) => {
            setValues((s) => ({ ...s, [f.name]: v }));
            setErrors((s) => ({ ...s, [f.name]: undefined }));
          }}
          rules={f.rules}
          realTime
          externalError={errors[f.name] ?? null}
          helperText={'helperText' in f ? f.helperText : undefined}
          disabled={saving}
        />
      ))}
    </FormDialog>
  );
}
