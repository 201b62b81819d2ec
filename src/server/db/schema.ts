// Table shapes as Kysely sees them. Timestamps are ISO-8601 UTC strings and calendar dates
// 'YYYY-MM-DD' in both SQLite and PostgreSQL, so the same queries and comparisons serve both.
// Booleans come back as 0/1 from SQLite and true/false from PostgreSQL: read them through Boolean().
import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../lib/shared/permissions';
import type { ChurchEvent, SermonStatus } from '../../lib/shared/live/types';
import type { RegistrationStatus } from '../../lib/shared/live/api';

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
  /** A second factor is in force (a confirmed TOTP secret or a passkey): src/server/twofactor/. */
  two_factor: ColumnType<Bool, Bool | undefined, Bool>;
  /** Members' directory (src/server/members/): listed, and whether the phone and address show there. */
  directory_listed: ColumnType<Bool, Bool | undefined, Bool>;
  directory_show_phone: ColumnType<Bool, Bool | undefined, Bool>;
  directory_show_address: ColumnType<Bool, Bool | undefined, Bool>;
  /** When each consent (email, SMS, directory) was last given or withdrawn; null: never changed. */
  email_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  sms_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  directory_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account's household (src/server/households/) and its place in it ("Head", "Spouse", …). */
  household_id: number | null;
  household_relationship: string | null;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

export interface MinistriesTable {
  id: Generated<number>;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  leader_user_id: number | null;
  /** Display text as staff write it: "Saturday", "4:00 PM", "Church auditorium". */
  meeting_day: string | null;
  meeting_time: string | null;
  meeting_place: string | null;
  /** Listed on /ministries and open to join requests. */
  is_public: ColumnType<Bool, Bool | undefined, Bool>;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

export interface HouseholdsTable {
  id: Generated<number>;
  name: string;
  address: string | null;
  head_user_id: number | null;
  created_at: string;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

/** People of a household without an account (children, say); accounts join by users.household_id. */
export interface HouseholdPeopleTable {
  id: Generated<number>;
  household_id: number;
  name: string;
  relationship: string;
  date_of_birth: string | null;
  created_at: string;
  /** A child's allergies and notes (migration 0021): staff and check-in stations only. */
  allergies: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A child account's allergies and notes (migration 0024): staff and stations; allergies also its household. */
export interface ChildAccountsTable {
  user_id: number;
  allergies: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MinistryJoinRequestsTable {
  id: Generated<number>;
  ministry_id: number;
  /** The member who asked while signed in; null for a visitor's request. */
  user_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  status: 'pending' | 'accepted' | 'declined';
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
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
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

export interface SermonsTable {
  /** The slug of its page (/sermons/{id}): made from the title when created, then kept. */
  id: string;
  title: string;
  speaker: string;
  date: string;
  category: string;
  duration: string;
  description: string;
  thumbnail: string | null;
  audio_url: string | null;
  video_url: string | null;
  series: string | null;
  views: number;
  likes: number;
  comments: number;
  status: SermonStatus;
  /** JSON array of strings. */
  tags: string;
  /** Markdown shown on the sermon page. */
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface EventsTable {
  id: string;
  title: string;
  description: string;
  category: ChurchEvent['category'];
  type: ChurchEvent['type'];
  status: ChurchEvent['status'];
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  location: string;
  /** null: no limit. */
  capacity: number | null;
  organizer: string;
  is_public: Bool;
  requires_registration: Bool;
  /** JSON array of strings. */
  tags: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

export interface EventRegistrationsTable {
  id: Generated<number>;
  event_id: string;
  name: string;
  email: string;
  phone: string | null;
  /** 1 to 10 places taken by one registration. */
  seats: number;
  status: RegistrationStatus;
  created_at: string;
  /** sha256 of the token in the confirmation email's cancel link. */
  cancel_token_hash: string | null;
  updated_at: string | null;
}

export interface PrayerRequestsTable {
  id: Generated<number>;
  title: string;
  /** The requester's full name as they gave it; only the first name ever leaves the staff API. */
  requester: string;
  email: string | null;
  phone: string | null;
  category: string;
  priority: string;
  status: string;
  description: string;
  is_public: Bool;
  /** Staff approved it for the public prayer wall (only counts when is_public too). */
  approved: Bool;
  assigned_to_id: number | null;
  /** The assignee's name as shown (kept when the account goes). */
  assigned_to: string | null;
  supporters: number;
  /** JSON array of strings. */
  tags: string;
  /** 'prayer-form', 'contact' (a prayer inquiry) or 'demo'. */
  source: string;
  date_requested: string;
  last_updated: string;
}

export interface PrayerUpdatesTable {
  id: Generated<number>;
  prayer_id: number;
  text: string;
  author_name: string;
  /** Shown on the prayer wall with the request. */
  is_public: Bool;
  created_at: string;
}

export interface PrayerMarksTable {
  prayer_id: number;
  client_key: string;
  /** 'YYYY-MM-DD' (UTC): one "I prayed" per client, request and day. */
  day: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  preferred_contact: string;
  subject: string;
  inquiry_type: string;
  /** JSON array of strings. */
  services: string;
  message: string;
  read: Bool;
  archived: Bool;
  /** The private prayer request a prayer inquiry became. */
  prayer_request_id: number | null;
  created_at: string;
}

export interface PublicSubmissionsTable {
  id: Generated<number>;
  /** 'contact', 'prayer' or 'registration'; 'sign-in', 'refresh' or 'password-reset' (credentials/throttle.ts). */
  kind: string;
  client_key: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: string;
}

export interface ContentViewsTable {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  /** 'sermon_view' or 'audio_play'. */
  kind: string;
  /** The sermon's id. */
  item_id: string;
  count: number;
}

export interface MemberActivityTable {
  user_id: number;
  /** 'YYYY-MM-DD' (UTC): the account signed in or used the portal that day. */
  day: string;
}

export interface BroadcastsTable {
  id: Generated<number>;
  /** Chosen by the composing screen; the same key twice is one send. */
  request_key: string;
  actor_id: number | null;
  /** JSON: the group chosen ({role} or {ministry}). */
  audience: string;
  subject: string;
  body: string;
  /** How many members the group held. */
  recipients: number;
  /** How many messages were queued (email batches and SMS). */
  sent: number;
  created_at: string;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

/** Numbers that move with every change to a set of data (users: what the user list and stats show). */
export interface DataVersionsTable {
  name: string;
  version: number;
}

/** When each staff member last opened the Notifications list (the bell counts what came after). */
export interface NoticesSeenTable {
  user_id: number;
  seen_at: string;
}

/** Every email and SMS, written with the change that causes it and sent by the outbox worker (src/server/outbox). */
export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  /** An email address, or an SMS number as the providers take it (233XXXXXXXXX). */
  recipient: string;
  subject: string | null;
  /** JSON: what the channel's driver sends (the mail's text, Bcc, Reply-To and attachments; the SMS text). */
  payload: string;
  /** Names the message by its cause: the same key is never queued twice, and goes to the provider. */
  idempotency_key: string;
  status: 'queued' | 'sent' | 'logged' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  /** Until when the worker that claimed it is sending it; other workers leave it alone meanwhile. */
  claimed_until: string | null;
  provider_id: string | null;
  created_at: string;
  sent_at: string | null;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

export interface TotpSecretsTable {
  user_id: number;
  /** AES-256-GCM (twofactor/totp.ts); null until a set-up is confirmed. */
  secret: string | null;
  pending_secret: string | null;
  /** The last 30-second step used: a code of it or an earlier one is refused. */
  last_step: Generated<number>;
  enabled_at: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as WebAuthn names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** The door it opens (migration 0012): the portal's sign-in, or /my only. */
  door: ColumnType<PasskeyDoor, PasskeyDoor | undefined, PasskeyDoor>;
}

/** 'staff': the portal (twofactor/passkeys.ts); 'member': the members' door /my (members/passkeys.ts). */
export type PasskeyDoor = 'staff' | 'member';

export type ChallengeKind = 'mfa' | 'passkey-login' | 'passkey-register';

export interface SignInChallengesTable {
  id: Generated<number>;
  kind: ChallengeKind;
  token_hash: string;
  user_id: number | null;
  challenge: string | null;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Wrong second-step codes of one account (twofactor/guard.ts). */
export interface SecondStepGuardsTable {
  user_id: number;
  window_start: string;
  failures: ColumnType<number, number | undefined, number>;
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One background job's lease (src/server/jobs/runner.ts, migration 0017). */
export interface JobLeasesTable {
  /** The job's name (jobs/index.ts). */
  name: string;
  /** Not taken before then: the period counts from the start of the last run that finished. */
  next_run_at: string;
  /** Who runs it now (a random id per run), or null. */
  holder: string | null;
  /** Past this the holder is taken for dead and another instance may run the job. */
  leased_until: string | null;
  /** The last run's error, null after a run that succeeded. */
  last_error: string | null;
}

export interface SessionsTable {
  /** The refresh-token family (credentials/sessions.ts). */
  family_id: string;
  user_id: number;
  device: string;
  address: string | null;
  created_at: string;
  last_used_at: string;
  /** 'staff' (a refresh-token family) or 'member' (a /my cookie: src/server/members/session.ts). */
  kind: ColumnType<'staff' | 'member', 'staff' | 'member' | undefined, 'staff' | 'member'>;
  /** A member session: sha256 of its cookie's token. */
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the session ended (sign-out, a reset, ended by its owner): its tokens and cookie open nothing after. */
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One-time codes of the members' door: sign-in or a new email address (src/server/members/codes.ts). */
export interface MemberCodesTable {
  id: Generated<number>;
  user_id: number | null;
  channel: 'email' | 'sms';
  destination: string;
  purpose: 'sign-in' | 'email-change';
  code_hash: string;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A member's request to be removed, acted on by staff (src/server/members/removal.ts). */
export interface RemovalRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  /** The member's name when they asked (kept after the account goes). */
  user_name: string;
  reason: string | null;
  status: 'open' | 'done' | 'declined';
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

/** The funds a gift goes to (Tithe, Offering, …); only active ones take gifts on /give. */
export interface FundsTable {
  id: Generated<number>;
  name: string;
  description: string;
  active: Bool;
  sort: number;
  created_at: string;
}

/** Envelopes counted together and recorded as one batch by staff. */
export interface GiftBatchesTable {
  id: Generated<number>;
  date: string;
  method: 'cash' | 'cheque' | 'bank' | 'mobile_money';
  /** Pesewas. */
  total: number;
  count: number;
  recorded_by: number | null;
  created_at: string;
}

/** A gift: online (Paystack) or recorded by staff. Amounts are pesewas (src/server/giving/). */
export interface GiftsTable {
  id: Generated<number>;
  /** Ours, unique; the provider knows the payment by it. */
  reference: string;
  fund_id: number;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed' | 'flagged' | 'refunded';
  method: 'paystack' | 'cash' | 'cheque' | 'bank' | 'mobile_money';
  /** The provider's channel of an online gift ('mobile_money', 'card', …). */
  channel: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
  /** The member who gave, when signed in to /my. */
  user_id: number | null;
  batch_id: number | null;
  /** The provider's id of the transaction. */
  provider_id: string | null;
  flag_reason: string | null;
  /** What staff wrote when they resolved a flagged gift. */
  resolution_note: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  recorded_by: number | null;
  refund_amount: number | null;
  refund_date: string | null;
  refund_reason: string | null;
  refunded_by: number | null;
  /** The branch the row belongs to (branches/): the root unless given. */
  branch_id: ColumnType<number, number | undefined, number>;
}

/** A branch of the church (migration 0018): `path` is its ancestors' ids and its own, '/1/4/9/'. */
export interface BranchesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** null only for the root, the church itself. */
  parent_id: number | null;
  path: string;
  kind: string | null;
  address: string | null;
  phone: string | null;
  service_times: string | null;
  /** Paystack's subaccount code the branch's online gifts settle to; shown to staff only. */
  paystack_subaccount: string | null;
  created_at: string;
}

/** Where a transferred account was, from when until when (its current branch is users.branch_id). */
export interface BranchHistoryTable {
  id: Generated<number>;
  user_id: number;
  /** null once that branch was deleted; its name stays. */
  branch_id: number | null;
  branch_name: string;
  from_at: string;
  to_at: string;
  note: string | null;
  moved_by: number | null;
}

/** A regular service of a branch (migration 0019); `day_of_week` 0 = Sunday, `start_time` 'HH:MM'. */
export interface ServicesTable {
  id: Generated<number>;
  name: string;
  branch_id: number;
  day_of_week: number;
  start_time: string;
  language: string | null;
  /** Hidden from lists and new counts; its counts stay. */
  deleted: ColumnType<Bool, Bool | undefined, Bool>;
  created_at: string;
}

/** The ushers' count of one service on one date (unique per service and date); branch copied from the service. */
export interface HeadcountsTable {
  id: Generated<number>;
  service_id: number;
  branch_id: number;
  date: string;
  men: number;
  women: number;
  children: number;
  first_timers: ColumnType<number, number | undefined, number>;
  recorded_by: number | null;
  updated_at: string;
}

/** One person present at one service on one date (unique); `recorded_by` null when they checked in themselves. */
export interface CheckinsTable {
  id: Generated<number>;
  service_id: number;
  branch_id: number;
  date: string;
  user_id: number;
  recorded_by: number | null;
  created_at: string;
}

/**
 * The named check-ins (people's and children's) of a service, date and branch, kept by triggers as they are
 * written (migration 0025); 0 once every one of them is deleted.
 */
export interface AttendanceCountsTable {
  service_id: number;
  branch_id: number;
  date: string;
  checked_in: number;
}

/** What staff did about an absentee: 'visited', 'called', or a message sent ('sms', 'email'). */
export interface AttendanceFollowupsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  note: string | null;
  recorded_by: number | null;
  created_at: string;
}

/** A first-timer's visitor card (migration 0020); `touched_at` the last time staff did anything with it. */
export interface FirstTimersTable {
  id: Generated<number>;
  name: string;
  phone: string | null;
  email: string | null;
  service_id: number | null;
  heard_from: string | null;
  wants_visit: ColumnType<Bool, Bool | undefined, Bool>;
  prayer: string | null;
  status: ColumnType<string, string | undefined, string>;
  assigned_to: number | null;
  branch_id: number;
  /** The account made from the card. */
  user_id: number | null;
  created_at: string;
  touched_at: string;
  /** When the assignee was last reminded of it (reminded again only once touched since). */
  reminded_at: string | null;
}

/** A staff note on a first-timer's card, with who wrote it and when. */
export interface FirstTimerNotesTable {
  id: Generated<number>;
  card_id: number;
  author_id: number | null;
  author_name: string;
  text: string;
  created_at: string;
}

/** A check-in device paired by staff (checkin/stations.ts); only hashes of its pairing code and cookie token. */
export interface StationsTable {
  id: Generated<number>;
  name: string;
  branch_id: number;
  /** 'host:port' of a network label printer, or null. */
  printer: string | null;
  pairing_code_hash: string | null;
  pairing_expires_at: string | null;
  token_hash: string | null;
  paired_at: string | null;
  last_seen_at: string | null;
  deleted: ColumnType<Bool, Bool | undefined, Bool>;
  created_by: number | null;
  created_at: string;
}

/** One check-in: a security code (unique per day) for the children a guardian brought at once. */
export interface CheckinCodesTable {
  id: Generated<number>;
  date: string;
  security_code: string;
  service_id: number;
  branch_id: number;
  household_id: number | null;
  guardian_name: string | null;
  guardian_phone: string | null;
  station_id: number | null;
  user_id: number | null;
  idempotency_key: string | null;
  /** null: no printer asked; 'ok'; or the failure in words. */
  print_result: string | null;
  created_at: string;
}

/** A child in a service on a date: a household person or an account under 18 (one of the two ids). */
export interface ChildCheckinsTable {
  id: Generated<number>;
  code_id: number;
  service_id: number;
  branch_id: number;
  date: string;
  security_code: string;
  person_id: number | null;
  user_id: number | null;
  name: string;
  allergies: string | null;
  guardian_name: string | null;
  checked_in_at: string;
  checked_in_station: number | null;
  checked_in_by: number | null;
  collected_at: string | null;
  collected_station: number | null;
  collected_by: number | null;
}

export interface DB {
  first_timers: FirstTimersTable;
  first_timer_notes: FirstTimerNotesTable;
  stations: StationsTable;
  checkin_codes: CheckinCodesTable;
  child_checkins: ChildCheckinsTable;
  services: ServicesTable;
  headcounts: HeadcountsTable;
  checkins: CheckinsTable;
  attendance_counts: AttendanceCountsTable;
  attendance_followups: AttendanceFollowupsTable;
  branches: BranchesTable;
  branch_history: BranchHistoryTable;
  data_versions: DataVersionsTable;
  users: UsersTable;
  ministries: MinistriesTable;
  ministry_memberships: MinistryMembershipsTable;
  family_members: FamilyMembersTable;
  households: HouseholdsTable;
  household_people: HouseholdPeopleTable;
  child_accounts: ChildAccountsTable;
  ministry_join_requests: MinistryJoinRequestsTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  password_reset_tokens: PasswordResetTokensTable;
  audit_log: AuditLogTable;
  sermons: SermonsTable;
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  prayer_requests: PrayerRequestsTable;
  prayer_updates: PrayerUpdatesTable;
  prayer_marks: PrayerMarksTable;
  contact_messages: ContactMessagesTable;
  public_submissions: PublicSubmissionsTable;
  settings: SettingsTable;
  content_views: ContentViewsTable;
  member_activity: MemberActivityTable;
  broadcasts: BroadcastsTable;
  notices_seen: NoticesSeenTable;
  outbox: OutboxTable;
  funds: FundsTable;
  gift_batches: GiftBatchesTable;
  gifts: GiftsTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  sign_in_challenges: SignInChallengesTable;
  sessions: SessionsTable;
  member_codes: MemberCodesTable;
  removal_requests: RemovalRequestsTable;
  second_step_guards: SecondStepGuardsTable;
  job_leases: JobLeasesTable;
}
