// The user as the API answers it (docs/PRODUCT.md (Data)): the server's serializer builds exactly this type, and
// the auth store, the users screen and the profile read it.
import type { Role } from './permissions';

export interface MinistryMembership {
  id: number;
  ministry_name: string;
  role: string;
  joined_date: string | null;
}

export interface FamilyMember {
  id: number;
  name: string;
  relationship: string;
}

export interface NotificationFlags {
  email_notifications: boolean;
  sms_notifications: boolean;
  push_notifications: boolean;
  event_reminders: boolean;
  prayer_request_notifications: boolean;
}

export interface User extends NotificationFlags {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone_number: string | null;
  avatar: string | null;
  role: Role;
  is_active: boolean;
  is_suspended: boolean;
  suspension_reason: string | null;
  can_access_web: boolean;
  date_joined: string;
  last_login: string | null;
  last_seen: string | null;
  is_online: boolean;
  date_of_birth: string | null;
  age: number | null;
  address: string | null;
  member_since: string | null;
  years_as_member: number | null;
  baptism_date: string | null;
  ministry_memberships: MinistryMembership[];
  family_members: FamilyMember[];
}

/** GET /auth/users/stats/ (only these fields are read). */
export interface UserStats {
  total_users?: number;
  growth_percentage?: number;
  active_users?: number;
  current_month_users?: number;
  suspended_users?: number;
}
