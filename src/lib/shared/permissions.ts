// Roles and the "who may do what to whom" rules of docs/PRODUCT.md (Roles and permissions). The users screen asks this module
// which actions to show and the API asks it which calls to allow: this is the only place they are written.
import type { ActivityType } from './dashboard/activity';
import type { ContentCollection } from './live/types';
import { valuesOf } from './labels';

/** The roles, lowest to highest, with their names on screen. */
export const ROLE_LABELS = {
  MEMBER: 'Member',
  PASTOR: 'Pastor',
  ADMIN: 'Administrator',
  SUPERADMIN: 'Super Administrator',
};
export const ROLES = valuesOf(ROLE_LABELS);
export type Role = (typeof ROLES)[number];

/** Roles allowed into the admin portal (with the other conditions of canAccessWeb). */
export const STAFF_ROLES: readonly Role[] = ['PASTOR', 'ADMIN', 'SUPERADMIN'];
/**
 * A staff role's account keeps its email address and phone number to the portal: /my signs in with a code to
 * either, so changing them there would let whoever holds the phone take the portal account (docs/API.md).
 */
export const contactChangedInPortalOnly = (user: { role: Role }) => STAFF_ROLES.includes(user.role);

export type UserAction =
  | 'view'
  | 'edit'
  | 'promote'
  | 'demote'
  | 'suspend'
  | 'reactivate'
  | 'delete'
  | 'grant_web_access'
  | 'revoke_web_access'
  | 'reset_two_factor';

/**
 * Every user-management call, written once: the screen's action name, the call (method and the path after
 * /auth/users/{id}/; create posts to /auth/users/), the audit-log name, the words of 'Failed to {words} user',
 * and what Recent Activity says after the actor's name ({who} is the user, {role} the new role's label).
 */
export const USER_ACTIONS = {
  create: { method: 'POST', path: null, audit: 'create_user', words: 'create', activity: 'created {who}' },
  update: {
    method: 'PATCH',
    path: '',
    audit: 'update_user',
    words: 'update',
    activity: 'updated the profile of {who}',
  },
  delete: { method: 'DELETE', path: '', audit: 'delete_user', words: 'delete', activity: 'deleted {who}' },
  promote: {
    method: 'POST',
    path: 'promote_role/',
    audit: 'promote_role',
    words: 'promote',
    activity: 'changed the role of {who} to {role}',
  },
  suspend: {
    method: 'POST',
    path: 'suspend_user/',
    audit: 'suspend_user',
    words: 'suspend',
    activity: 'suspended {who}',
  },
  reactivate: {
    method: 'POST',
    path: 'reactivate_user/',
    audit: 'reactivate_user',
    words: 'reactivate',
    activity: 'reactivated {who}',
  },
  grant_web_access: {
    method: 'POST',
    path: 'grant_web_access/',
    audit: 'grant_web_access',
    words: 'grant web access to',
    activity: 'granted web access to {who}',
  },
  revoke_web_access: {
    method: 'POST',
    path: 'revoke_web_access/',
    audit: 'revoke_web_access',
    words: 'revoke web access from',
    activity: 'revoked web access from {who}',
  },
} as const;
export type ServerAction = keyof typeof USER_ACTIONS;

/** Audit entries that are not user-management calls: a person's own photo and password. */
export const OTHER_AUDIT_ACTIVITY = {
  update_avatar: 'changed the photo of {who}',
  password_reset: 'reset their password',
  /** POST /auth/users/{id}/2fa/reset/ (the 'reset_two_factor' action): every factor removed, every session ended. */
  reset_two_factor: 'reset the two-factor sign-in of {who}',
  // A person's own two-factor sign-in and sessions (src/server/twofactor/).
  enable_totp: 'turned on two-factor sign-in with an authenticator app',
  disable_totp: 'turned off two-factor sign-in with an authenticator app',
  renew_recovery_codes: 'made new recovery codes',
  use_recovery_code: 'signed in with a recovery code',
  add_passkey: 'added a passkey',
  remove_passkey: 'removed a passkey',
  use_passkey: 'signed in with a passkey',
  end_session: 'signed out one of their sessions',
  end_other_sessions: 'signed out all their other sessions',
  // Ten wrong second-step codes within 15 minutes, whatever the mfa_token or address (src/server/twofactor/guard.ts).
  lock_second_step: 'had their two-factor sign-in locked after too many wrong codes',
  end_own_member_sessions: 'signed out of /my everywhere else',
  // A member's own, through the members' door (src/server/members/); {what} as the entry names it.
  update_own_details: 'updated their details',
  update_own_consent: 'changed their consent: {what}',
  change_own_email: 'changed their email address',
  cancel_own_registration: 'cancelled their registration {what}',
  request_removal: 'asked to be removed from the church’s records',
  complete_removal_request: 'completed the removal request of {who}',
  decline_removal_request: 'declined the removal request of {who}',
} as const;

/**
 * Audit entries with a Recent Activity type of their own, by that type: each action with the sentence after the
 * actor's name ({what} as each group's comment says). One table, so every typed entry is written once.
 */
const TYPED_SENTENCES = {
  // {what}: the sermon's title. A sermon is published, scheduled or saved as a draft by its status.
  sermon: {
    publish_sermon: 'published the sermon {what}',
    schedule_sermon: 'scheduled the sermon {what}',
    draft_sermon: 'saved the draft sermon {what}',
    update_sermon: 'updated the sermon {what}',
    delete_sermon: 'deleted the sermon {what}',
  },
  // {what}: the event's title.
  event: {
    create_event: 'created the event {what}',
    update_event: 'updated the event {what}',
    delete_event: 'deleted the event {what}',
    duplicate_event: 'duplicated the event {what}',
    // Event registrations handled by staff ({what}: "{name} for {event title}").
    check_in_registration: 'checked in {what}',
    cancel_registration: 'cancelled the registration of {what}',
  },
  // The staff's prayer request calls ({what}: the request's title).
  prayer: {
    approve_prayer: 'approved the prayer request {what} for the wall',
    withdraw_prayer: 'took the prayer request {what} off the wall',
    update_prayer: 'updated the prayer request {what}',
    add_prayer_update: 'added an update to the prayer request {what}',
    support_prayer: 'supported the prayer request {what}',
    delete_prayer: 'deleted the prayer request {what}',
  },
  // Contact messages in the staff inbox ({what}: "from {name}").
  message: {
    read_message: 'read the message {what}',
    unread_message: 'marked the message {what} as unread',
    archive_message: 'archived the message {what}',
    unarchive_message: 'moved the message {what} back to the inbox',
    delete_message: 'deleted the message {what}',
    // Emails staff send to a group of members ({what}: '"subject" to N members of the group').
    send_notification: 'emailed {what}',
    // An outbox message that had failed, sent again ('the email to X' or 'the SMS to 233…').
    retry_message: 'queued again {what}',
  },
  user: {
    // Site settings ({what} names the setting).
    update_settings: 'changed the {what}',
    // Households and ministries (src/server/households/, src/server/ministries/): staff's changes, then a member's
    // own through the members' door ({what} names the household, ministry or person as the service words it).
    create_household: 'created the household {what}',
    update_household: 'updated the household {what}',
    delete_household: 'deleted the household {what}',
    merge_households: 'merged the households {what}',
    add_household_member: 'added {what}',
    remove_household_member: 'removed {what}',
    add_household_person: 'added {what}',
    update_household_person: 'updated {what}',
    remove_household_person: 'removed {what}',
    create_ministry: 'created the ministry {what}',
    update_ministry: 'updated the ministry {what}',
    delete_ministry: 'deleted the ministry {what}',
    add_ministry_member: 'added {what}',
    remove_ministry_member: 'removed {what}',
    change_ministry_role: 'changed the role of {what}',
    accept_join_request: 'accepted the request of {what}',
    decline_join_request: 'declined the request of {what}',
    update_own_household: 'updated their household {what}',
    add_own_household_person: 'added {what} to their household',
    update_own_household_person: 'updated {what} in their household',
    request_join_ministry: 'asked to join {what}',
    // Giving (src/server/giving/): what staff record and change ({what} as the service words it).
    record_gift: 'recorded a gift of {what}',
    record_batch: 'recorded a batch of {what}',
    refund_gift: 'refunded {what}',
    resolve_gift: 'resolved {what}',
    create_fund: 'created the fund {what}',
    update_fund: 'updated the fund {what}',
    delete_fund: 'deleted the fund {what}',
  },
} as const satisfies Record<ActivityType, Record<string, string>>;
type TypedSentences = typeof TYPED_SENTENCES;
export type TypedAuditAction = { [T in ActivityType]: keyof TypedSentences[T] }[ActivityType];

/** Each typed audit entry's Recent Activity type and sentence. */
export const TYPED_AUDIT_ACTIVITY = Object.fromEntries(
  Object.entries(TYPED_SENTENCES).flatMap(([type, sentences]) =>
    Object.entries(sentences).map(([action, activity]) => [action, { type, activity }]),
  ),
) as Record<TypedAuditAction, { type: ActivityType; activity: string }>;

export type AuditAction =
  (typeof USER_ACTIONS)[ServerAction]['audit'] | keyof typeof OTHER_AUDIT_ACTIVITY | TypedAuditAction;

/** What staff do to sermons and events (duplicating an event is creating one). */
export type ContentAction = 'create' | 'edit' | 'delete';

/**
 * docs/PRODUCT.md (Roles and permissions) for church content: the lowest role allowed each action, per
 * collection. The portal asks canManageContent which buttons to show and the API which calls to allow.
 */
export const CONTENT_RULES: Record<ContentCollection, Record<ContentAction, Role>> = {
  sermons: { create: 'PASTOR', edit: 'PASTOR', delete: 'ADMIN' },
  events: { create: 'PASTOR', edit: 'PASTOR', delete: 'ADMIN' },
};

/** Whether a staff member's rank allows the action (web access itself is canAccessWeb's question). */
export function canManageContent(actor: { role: Role }, collection: ContentCollection, action: ContentAction): boolean {
  return roleRank(actor.role) >= roleRank(CONTENT_RULES[collection][action]);
}

/** What visitors send, as staff handle it: prayer requests, contact messages and event registrations. */
export type VisitorCollection = 'prayers' | 'messages' | 'registrations';
export type VisitorAction = 'read' | 'edit' | 'delete';

/**
 * docs/PRODUCT.md (Roles and permissions) for what visitors send: the lowest role allowed each action. Reading
 * and handling is for every staff member (web access already means PASTOR or above); deleting is for ADMIN
 * and above.
 */
export const VISITOR_RULES: Record<VisitorCollection, Record<VisitorAction, Role>> = {
  prayers: { read: 'PASTOR', edit: 'PASTOR', delete: 'ADMIN' },
  messages: { read: 'PASTOR', edit: 'PASTOR', delete: 'ADMIN' },
  registrations: { read: 'PASTOR', edit: 'PASTOR', delete: 'ADMIN' },
};

export function canHandleVisitorData(
  actor: { role: Role },
  collection: VisitorCollection,
  action: VisitorAction,
): boolean {
  return roleRank(actor.role) >= roleRank(VISITOR_RULES[collection][action]);
}

/** Site settings (notification recipients first) are edited by SUPERADMIN and ADMIN. */
export const SETTINGS_EDIT_ROLE: Role = 'ADMIN';
export const canEditSettings = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(SETTINGS_EDIT_ROLE);

/** Send Notifications (an email to a group of members) is for SUPERADMIN and ADMIN. */
export const BROADCAST_ROLE: Role = 'ADMIN';
export const canSendBroadcast = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(BROADCAST_ROLE);
export const BROADCAST_DENIED = 'Only administrators can send notifications';

/** Members' requests to be removed (GET /members/removal-requests/, done or declined) are for SUPERADMIN and ADMIN. */
export const REMOVAL_ROLE: Role = 'ADMIN';
export const canHandleRemoval = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(REMOVAL_ROLE);

/** The Outbox (every email and SMS the product sends, and Retry on a failed one) is for SUPERADMIN and ADMIN. */
export const OUTBOX_ROLE: Role = 'ADMIN';
export const canSeeOutbox = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(OUTBOX_ROLE);

/**
 * Giving (gifts, funds, the giving settings, and the giving figures of the dashboard and analytics) is for
 * SUPERADMIN and ADMIN: a PASTOR or MEMBER never sees other people's gifts.
 */
export const GIVING_ROLE: Role = 'ADMIN';
export const canSeeGiving = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(GIVING_ROLE);

/** Who adds, edits, moves and deletes branches (within their scope: docs/API.md, Branches). */
export const BRANCHES_ROLE: Role = 'ADMIN';
export const canManageBranches = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(BRANCHES_ROLE);
export const BRANCHES_DENIED = 'Only administrators can change branches';

/** Who adds, changes and deletes the regular services (within their scope: docs/API.md, Services and attendance). */
export const SERVICES_ROLE: Role = 'ADMIN';
export const canManageServices = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(SERVICES_ROLE);
export const SERVICES_DENIED = 'Only administrators can change services';

/**
 * Who enters headcounts, marks people present, shows the day's check-in code and reads absentees (PASTOR and
 * above: every staff role); every staff role reads attendance.
 */
export const ATTENDANCE_ROLE: Role = 'PASTOR';
export const canCountAttendance = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(ATTENDANCE_ROLE);
export const HEADCOUNT_DENIED = 'Only pastors and administrators can enter headcounts';

/**
 * Who follows up first-timers' cards (the board: move, assign, note; PASTOR and above) and who makes a member
 * account from a card (ADMIN and above): docs/API.md, First-timers.
 */
export const FIRST_TIMERS_ROLE: Role = 'PASTOR';
export const canFollowUpFirstTimers = (actor: { role: Role }) => roleRank(actor.role) >= roleRank(FIRST_TIMERS_ROLE);
export const FIRST_TIMER_ACCOUNT_ROLE: Role = 'ADMIN';
export const canMakeFirstTimerAccount = (actor: { role: Role }) =>
  roleRank(actor.role) >= roleRank(FIRST_TIMER_ACCOUNT_ROLE);

/** The audit entries about gifts and funds: Recent Activity shows them only to those canSeeGiving allows. */
export const GIVING_AUDIT_ACTIONS = [
  'record_gift',
  'record_batch',
  'refund_gift',
  'resolve_gift',
  'create_fund',
  'update_fund',
  'delete_fund',
] as const satisfies readonly TypedAuditAction[];

/**
 * docs/PRODUCT.md (Roles and permissions) for households and ministries: every staff member reads them and decides
 * ministry join requests (pastoral work); creating, editing, merging and deleting them and changing who belongs is
 * for ADMIN and above, as managing accounts is.
 */
export type CongregationCollection = 'households' | 'ministries';
export type CongregationAction = 'read' | 'edit' | 'decide_requests';
export const CONGREGATION_RULES: Record<CongregationCollection, Record<CongregationAction, Role>> = {
  households: { read: 'PASTOR', edit: 'ADMIN', decide_requests: 'ADMIN' },
  ministries: { read: 'PASTOR', edit: 'ADMIN', decide_requests: 'PASTOR' },
};
export const canManageCongregation = (
  actor: { role: Role },
  collection: CongregationCollection,
  action: CongregationAction,
) => roleRank(actor.role) >= roleRank(CONGREGATION_RULES[collection][action]);
export const CONGREGATION_DENIED = 'Only administrators can change this';

/** Why Add User is off for a role that may create no account (creatableRoles is empty). */
export const ADD_USER_DENIED = 'Only administrators can add users';

export interface Actor {
  id: number | string;
  role: Role;
}

export interface Target {
  id: number | string;
  role: Role;
  is_suspended?: boolean;
  can_access_web?: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** A role check passes with the requested role, or for a SUPERADMIN. */
export function hasRole(user: { role: Role }, required: Role): boolean {
  return user.role === required || user.role === 'SUPERADMIN';
}

/** docs/PRODUCT.md (Validation): who may enter the admin portal. */
export function canAccessWeb(user: {
  role: Role;
  can_access_web: boolean;
  is_active: boolean;
  is_suspended: boolean;
}): boolean {
  return user.can_access_web && user.is_active && !user.is_suspended && STAFF_ROLES.includes(user.role);
}

/** One user may manage another only with a strictly higher rank (so nobody manages themselves). */
export function canManage(actor: Actor, target: Target): boolean {
  return String(actor.id) !== String(target.id) && roleRank(actor.role) > roleRank(target.role);
}

/** What the rules allow the actor to do to the target, whatever the target's current state. */
export function permittedActions(actor: Actor, target: Target): Set<UserAction> {
  const actions = new Set<UserAction>(['view']);
  // A SUPERADMIN may also reset another SUPERADMIN's two-factor sign-in: nobody ranks higher to do it.
  if (actor.role === 'SUPERADMIN' && target.role === 'SUPERADMIN' && String(actor.id) !== String(target.id))
    actions.add('reset_two_factor');
  if (!canManage(actor, target)) return actions;
  actions.add('edit');
  const grant = (...more: UserAction[]) => more.forEach((a) => actions.add(a));
  switch (actor.role) {
    case 'SUPERADMIN':
      grant(
        'promote',
        'demote',
        'suspend',
        'reactivate',
        'delete',
        'grant_web_access',
        'revoke_web_access',
        'reset_two_factor',
      );
      break;
    case 'ADMIN':
      if (target.role !== 'SUPERADMIN') {
        grant(
          'promote',
          'demote',
          'suspend',
          'reactivate',
          'grant_web_access',
          'revoke_web_access',
          'reset_two_factor',
        );
        if (target.role === 'MEMBER' || target.role === 'PASTOR') grant('delete');
      }
      break;
    case 'PASTOR':
      if (target.role === 'MEMBER') grant('suspend', 'reactivate');
      break;
  }
  return actions;
}

/** The permitted actions that also apply to the target's current state (docs/PRODUCT.md (States)). */
export function availableActions(actor: Actor, target: Target): Set<UserAction> {
  const actions = permittedActions(actor, target);
  if (target.is_suspended) actions.delete('suspend');
  else actions.delete('reactivate');
  if (target.can_access_web) actions.delete('grant_web_access');
  else actions.delete('revoke_web_access');
  return actions;
}

/**
 * Roles the actor may give the target through promote_role: a higher one needs 'promote', a lower one
 * 'demote'. Below SUPERADMIN nobody may raise anyone to their own rank or above.
 */
export function assignableRoles(actor: Actor, target: Target): Role[] {
  const permitted = permittedActions(actor, target);
  return ROLES.filter((role) => {
    if (role === target.role) return false;
    if (actor.role !== 'SUPERADMIN' && roleRank(role) >= roleRank(actor.role)) return false;
    return roleRank(role) > roleRank(target.role) ? permitted.has('promote') : permitted.has('demote');
  });
}

/** Roles the actor may give a new account (POST /auth/users/); empty means they may not create users. */
export function creatableRoles(actor: Actor): Role[] {
  if (actor.role === 'SUPERADMIN') return [...ROLES];
  if (actor.role === 'ADMIN') return ROLES.filter((role) => roleRank(role) < roleRank('ADMIN'));
  return [];
}
