// A user as the API answers it: every field of docs/PRODUCT.md (Data)'s User (age and
// years_as_member computed, memberships and family included) and never the password hash.
import { MEDIA_PATH } from '../media/storage';
import type { FamilyMember, MinistryMembership, User } from '../../lib/shared/users/types';
import type { UserRow } from '../kernel/context';
import { yearsSince } from '../db/time';
import type { BranchStay } from '../../lib/shared/branches/api';
import { fullName } from '../../lib/shared/format';

export function isOnline(row: Pick<UserRow, 'last_seen' | 'logged_out_at'>, nowMs: number, windowMs: number) {
  if (!row.last_seen) return false;
  if (row.logged_out_at && row.logged_out_at >= row.last_seen) return false;
  return nowMs - Date.parse(row.last_seen) <= windowMs;
}

/** The fields permissions.ts needs, with booleans normalised (SQLite answers 0/1). */
export function asTarget(row: UserRow) {
  return {
    id: row.id,
    role: row.role,
    is_suspended: Boolean(row.is_suspended),
    can_access_web: Boolean(row.can_access_web),
    is_active: Boolean(row.is_active),
  };
}

export function toUserAnswer(
  row: UserRow,
  extras: { memberships: MinistryMembership[]; family: FamilyMember[]; branchName: string; history: BranchStay[] },
  nowMs: number,
  onlineWindowMs: number,
): User {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName(row),
    phone_number: row.phone_number,
    avatar: row.avatar ? MEDIA_PATH + row.avatar : null,
    role: row.role,
    is_active: Boolean(row.is_active),
    is_suspended: Boolean(row.is_suspended),
    suspension_reason: row.suspension_reason,
    can_access_web: Boolean(row.can_access_web),
    date_joined: row.date_joined,
    last_login: row.last_login,
    last_seen: row.last_seen,
    is_online: isOnline(row, nowMs, onlineWindowMs),
    date_of_birth: row.date_of_birth,
    age: yearsSince(row.date_of_birth, nowMs),
    address: row.address,
    member_since: row.member_since,
    years_as_member: yearsSince(row.member_since, nowMs),
    baptism_date: row.baptism_date,
    ministry_memberships: extras.memberships,
    family_members: extras.family,
    branch: { id: Number(row.branch_id), name: extras.branchName },
    branch_history: [
      ...extras.history,
      {
        branch: { id: Number(row.branch_id), name: extras.branchName },
        from: extras.history.at(-1)?.to ?? row.date_joined,
        to: null,
      },
    ],
    email_notifications: Boolean(row.email_notifications),
    sms_notifications: Boolean(row.sms_notifications),
    push_notifications: Boolean(row.push_notifications),
    event_reminders: Boolean(row.event_reminders),
    prayer_request_notifications: Boolean(row.prayer_request_notifications),
  };
}
