// Edit Profile (docs/PRODUCT.md (Pages and screens, Validation)): real-time validation of the five fields, saved through
// PATCH /auth/profile/; the new profile reaches the sidebar card at once (profile-api.ts).
import { useState, type SubmitEvent } from 'react';
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { personFieldRules } from '../../../../lib/shared/messages';

const loadSchemas = () => import('../../../../lib/shared/schemas');
import type { User } from '../../../../lib/shared/user-types';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { saveProfile } from './api';
import { ErrorBanner } from '../../../ui/ErrorBanner';

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
        const next: Record<string, string> = {};
        for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
        setErrors(next);
        setSaving(false);
        return;
      }
      await saveProfile(parsed.data);
      toast('Profile updated');
      onClose();
    } catch (error) {
      const info = apiErrorInfo(error);
      const next: Record<string, string> = {};
      for (const [field, list] of Object.entries(info.errors)) if (list[0]) next[field] = list[0];
      setErrors(next);
      setBanner(info.detail ?? 'Failed to update profile');
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Edit Profile"
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="profile-form" loading={saving}>
            Save Changes
          </Button>
        </>
      }
    >
      <form
        id="profile-form"
        onSubmit={onSubmit}
        onFocus={() => void loadSchemas()}
        noValidate
        className="flex flex-col gap-4"
      >
        {banner && <ErrorBanner>{banner}</ErrorBanner>}
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
      </form>
    </Modal>
  );
}
