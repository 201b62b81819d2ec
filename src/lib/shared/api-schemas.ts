// What the API answers (docs/API.md), as zod schemas: the server's route contracts declare them and
// users/types.ts derives the User types from them. Browser code imports those types only (import type), so
// no bundle loads zod for them.
import { z } from 'zod';
import { ROLES } from './permissions';
import { notificationFlagsSchema } from './schemas';
import { branchRefSchema, branchStaySchema } from './branches/api';

const text = z.string();
const optionalText = z.string().nullable();
const count = z.number().int();

export const ministryMembershipSchema = z.object({
  id: count,
  ministry_name: text,
  role: text,
  joined_date: optionalText,
});

export const familyMemberSchema = z.object({ id: count, name: text, relationship: text });

/** docs/PRODUCT.md (Data): every field of a user, age and years_as_member computed, never the password hash. */
export const userSchema = z.object({
  id: count,
  username: text,
  email: text,
  first_name: text,
  last_name: text,
  full_name: text,
  phone_number: optionalText,
  avatar: optionalText.describe('Path of the photo under /api/v1/media/, or null'),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  is_suspended: z.boolean(),
  suspension_reason: optionalText,
  can_access_web: z.boolean(),
  date_joined: text,
  last_login: optionalText,
  last_seen: optionalText,
  is_online: z.boolean(),
  date_of_birth: optionalText,
  age: count.nullable(),
  address: optionalText,
  member_since: optionalText,
  years_as_member: count.nullable(),
  baptism_date: optionalText,
  ministry_memberships: z.array(ministryMembershipSchema),
  family_members: z.array(familyMemberSchema),
  /** The branch the account belongs to (docs/API.md, Branches). */
  branch: branchRefSchema,
  /** Where the account has been, oldest first, the last being where it is now (`to` null). */
  branch_history: z.array(branchStaySchema),
  ...notificationFlagsSchema.shape,
});

export const userStatsSchema = z.object({
  total_users: count,
  active_users: count,
  current_month_users: count,
  suspended_users: count,
  growth_percentage: z.number().describe('New accounts this month relative to those at its start, in per cent'),
});

export const tokenPairSchema = z.object({ access: text, refresh: text });

/** A plain confirmation, e.g. {"detail": "Successfully logged out."}. */
export const detailSchema = z.object({ detail: text });

/** Every refusal: {"detail"} and, for invalid input, {"errors": {field: [message]}} ("_" for the body as a whole). */
export const errorSchema = z.object({
  detail: text,
  errors: z.record(text, z.array(text)).optional(),
  code: text.optional().describe("A word the portal acts on, e.g. 'mfa_enrolment_required'"),
});

/** GET /auth/profile/: the user and the state of their two-factor sign-in (not in the user list's answers). */
export const profileSchema = userSchema.extend({
  two_factor: z.object({
    enabled: z.boolean().describe('A second factor (authenticator app or passkey) is in force'),
    required: z.boolean().describe('The two-factor policy applies to this account'),
  }),
});
