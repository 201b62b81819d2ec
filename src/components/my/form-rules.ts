// The /my forms' field rules, read from the schemas the members' door checks each post with (formRules of
// lib/shared/forms.ts), so a page's required, maxlength and pattern are the API's. One object per form.
import { formRules } from '../../lib/shared/forms';
import {
  memberCodeRequestSchema,
  memberEmailChangeSchema,
  memberChildUpdateSchema,
  memberHouseholdUpdateSchema,
  memberJoinSchema,
  memberPersonSchema,
  memberPersonUpdateSchema,
  memberRemovalSchema,
  memberUpdateSchema,
} from '../../lib/shared/members/api';

export const MY_RULES = {
  // The sign-in form asks for an email; the schema takes an email or a phone, one of the two (a refine).
  signIn: { email: { ...formRules(memberCodeRequestSchema, ['email']).email, required: true } },
  details: formRules(memberUpdateSchema, ['first_name', 'last_name', 'phone_number', 'address']),
  email: formRules(memberEmailChangeSchema, ['email']),
  household: formRules(memberHouseholdUpdateSchema, ['name', 'address']),
  person: formRules(memberPersonSchema, ['name', 'relationship', 'allergies']),
  personChange: formRules(memberPersonUpdateSchema, ['name', 'relationship', 'allergies']),
  child: formRules(memberChildUpdateSchema, ['allergies']),
  join: formRules(memberJoinSchema, ['message']),
  removal: formRules(memberRemovalSchema, ['reason']),
};
