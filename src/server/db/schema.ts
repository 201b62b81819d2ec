// Table shapes as Kysely sees them. Timestamps are ISO-8601 UTC strings and calendar dates
// 'YYYY-MM-DD' in both SQLite and PostgreSQL, so the same queries and comparisons serve both.
// Booleans come back as 0/1 from SQLite and true/false from PostgreSQL: read them through Boolean().
import type { Generated } from 'kysely';
import type { Role } from '../../lib/shared/permissions';

type Bool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  avatar: string | null;
  role: Role;
  is_active: Bool;
  is_suspended: Bool;
  suspension_reason: string | null;
  can_access_web: Bool;
  date_joined: string;
  last_login: string | null;
  last_seen: string | null;
  logged_out_at: string | null;
  date_of_birth: string | null;
  address: string | null;
  member_since: string | null;
  baptism_date: string | null;
  email_notifications: Bool;
  sms_notifications: Bool;
  push_notifications: Bool;
  event_reminders: Bool;
  prayer_request_notifications: Bool;
  /** Bumped on password reset: access tokens carrying an older version stop working. */
  token_version: number;
}

export interface MinistriesTable {
  id: Generated<number>;
  name: string;
}

export interface MinistryMembershipsTable {
  id: Generated<number>;
  user_id: number;
  ministry_id: number;
  role: string;
  joined_date: string;
}

export interface FamilyMembersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  relationship: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Every token of one sign-in shares a family: reuse of a rotated token revokes the family. */
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  attempted_at: string;
  succeeded: Bool;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  target_id: number | null;
  target_name: string | null;
  action: string;
  reason: string | null;
  details: string | null;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  ministries: MinistriesTable;
  ministry_memberships: MinistryMembershipsTable;
  family_members: FamilyMembersTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  password_reset_tokens: PasswordResetTokensTable;
  audit_log: AuditLogTable;
}
