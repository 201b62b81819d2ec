// The user as the API answers it (docs/PRODUCT.md (Data)), derived from the response schemas in api-schemas.ts:
// the server's contracts declare those schemas, and the auth store, the users screen and the profile read these
// types. Type-only imports, so a browser bundle that reads a User never downloads zod.
import type { z } from 'zod';
import type { familyMemberSchema, ministryMembershipSchema, userSchema, userStatsSchema } from '../api-schemas';
import type { notificationFlagsSchema } from '../schemas';

export type MinistryMembership = z.infer<typeof ministryMembershipSchema>;
export type FamilyMember = z.infer<typeof familyMemberSchema>;
export type NotificationFlags = z.infer<typeof notificationFlagsSchema>;
export type User = z.infer<typeof userSchema>;

/** GET /auth/users/stats/. The API sends every figure; the screens read them defensively, so each is optional here. */
export type UserStats = Partial<z.infer<typeof userStatsSchema>>;
