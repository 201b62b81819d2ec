// Edit Profile (docs/PRODUCT.md (Pages and screens, Validation)): real-time validation of the five fields, saved through
// PATCH /auth/profile/; the new profile reaches the sidebar card at once (api.ts).
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { personFieldRules } from '../../../../lib/shared/messages';
import type { User } from '../../../../lib/shared/users/types';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { toast } from '../../../ui/toast';
import { useContentForm } from '../../useContentForm';
import { saveProfile } from './api';
import { formatPhone } from '../../../../lib/shared/phone';

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
  const form = useContentForm<Record<Name, string>>(() => ({
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    phone_number: formatPhone(user.phone_number),
    address: user.address ?? '',
  }));

  return (
    <FormDialog
      id="profile-form"
      title="Edit Profile"
      submitLabel="Save Changes"
      onClose={onClose}
      {...form.dialog({
        schema: async () => (await loadSchemas()).profileFormSchema,
        payload: () => form.values,
        save: async (data) => {
          await saveProfile(data);
          toast('Profile updated');
          onClose();
        },
        failure: (error) => apiErrorInfo(error).detail ?? 'Failed to update profile',
      })}
      className="flex flex-col gap-4"
    >
      {FIELDS.map((f) => (
        <Field
          key={f.name}
          {...form.bind(f.name)}
          label={f.label}
          type={'type' in f ? f.type : 'text'}
          rules={f.rules}
          realTime
          helperText={'helperText' in f ? f.helperText : undefined}
          disabled={form.saving}
        />
      ))}
    </FormDialog>
  );
}
