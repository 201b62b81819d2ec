// What the kernel knows of the services every route can reach (AppDeps): small interfaces, implemented by the
// features (mail/, media/, content/events.ts, analytics/views.ts, auth/sign-in-port.ts), so the kernel imports no
// feature.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';
import type { LiveTag } from '../../lib/shared/live/types';

// The bearer door (kernel/sign-in.ts): what it asks of the accounts behind it (auth/sign-in-port.ts).

/** What a valid access token says. */
export interface BearerClaims {
  userId: number;
  /** The account's token_version when the token was signed: a password or two-factor reset bumps it. */
  version: number;
  /** The session (refresh-token family) it belongs to. */
  sid?: string;
  /** Signed in under the two-factor policy without a second factor: only enrolment calls pass. */
  enrol?: boolean;
}

export interface SignInPort {
  /** The claims of a valid, unexpired access token, or null for anything else. */
  claims(token: string, nowMs: number): Promise<BearerClaims | null>;
  /** The account as stored now (undefined if gone) and the users' data version read for it. */
  account(id: number): Promise<{ row?: Selectable<UsersTable>; version: number }>;
  /** Whether the session has ended (sign-out, a reset): its access tokens open nothing. */
  ended(sessionId: string, nowMs: number): Promise<boolean>;
  /** Notes that the account was active now; answers the row as now stored when that meant a write, else undefined. */
  seen(row: Selectable<UsersTable>, nowMs: number): Promise<Selectable<UsersTable> | undefined>;
}

// Outgoing mail (mail/mailer.ts: SMTP or the server log).

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  /** Hidden recipients (an email to a group of members: nobody sees the others' addresses). */
  bcc?: string[];
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The outbox row's idempotency key: SMTP sends it as the Message-ID, so a resent copy can be recognised. */
  key?: string;
}

export interface MailHealth {
  configured: boolean;
  last: { ok: boolean; at: string; error?: string } | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Whether mail goes out over SMTP, and how the last send went (the dashboard's System Status). */
  health?(): MailHealth;
}

// Outgoing SMS (sms/: Arkesel, Hubtel, or the server log without SMS_PROVIDER).

export interface SmsMessage {
  /** As the providers take it: 233XXXXXXXXX or another country's digits (src/lib/shared/sms/numbers.ts). */
  to: string;
  text: string;
  /** The outbox row's idempotency key, given to providers that take one. */
  key: string;
}

export interface SmsHealth {
  /** False without SMS_PROVIDER: SMS are only written to the log. */
  configured: boolean;
  provider: SmsSender['provider'];
  last: { ok: boolean; at: string; error?: string } | null;
}

export interface SmsSender {
  provider: 'arkesel' | 'hubtel' | 'log';
  /** Resolves with the provider's id for the message; rejects with SendRefused when the provider refused it. */
  send(message: SmsMessage): Promise<{ providerId?: string }>;
  /** Whether a provider is configured, and how the last send went (the dashboard's System Status). */
  health?(): SmsHealth;
}

/**
 * A provider refused this one message for good (a 4xx: a bad number, a bad sender): the outbox marks it failed
 * at once instead of retrying. Any other failure (a connection refused, a 5xx, a timeout) is tried again later.
 */
export class SendRefused extends Error {
  override name = 'SendRefused';
}

// The outbox (outbox/worker.ts): a service that queued a message in its transaction wakes the worker once the
// transaction committed, so the message leaves now rather than at the next poll.

export interface OutboxWaker {
  wake(): void;
}

// The media storage (media/storage.ts explains why the interface looks as it does).

export interface MediaInfo {
  size: number;
  /** The content type the bytes proved at upload. */
  type: string;
}

/** A byte range as a client asks for it: `bytes=start-end`, `bytes=start-` or `bytes=-suffix`. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface ByteSpan {
  start: number;
  end: number;
}

export interface MediaContent extends MediaInfo {
  body: ReadableStream<Uint8Array>;
  /** The bytes the body holds (inclusive); absent for the whole file. */
  range?: ByteSpan;
}

/** A range that lies outside the file: its size, for `Content-Range: bytes *\/size`. */
export interface MediaUnsatisfiable extends MediaInfo {
  unsatisfiable: true;
}

export type MediaRead = MediaContent | MediaUnsatisfiable;

export type MediaBody = Uint8Array | Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface MediaStore {
  /** Stores the object; `size`, when given, must match the bytes received. Visible only once complete. */
  put(key: string, body: MediaBody, info: { type: string; size?: number }): Promise<void>;
  head(key: string): Promise<MediaInfo | null>;
  get(key: string, range?: RangeRequest): Promise<MediaRead | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

// The change hook of the church content (content/events.ts).

export type ContentListener = (collections: readonly LiveTag[]) => void | Promise<void>;

export interface ContentEvents {
  changed(collections: readonly LiveTag[]): void;
  /** Adds a listener; the returned function removes it. */
  subscribe(listener: ContentListener): () => void;
}

// Sermon page views and audio plays (analytics/views.ts).

export interface ViewCounter {
  /** Counts a visit to /sermons/{id} once it is answered 200; the shell calls it for every page request. */
  observePage(req: IncomingMessage, res: ServerResponse): void;
  /** The first bytes of an uploaded audio file were asked for (a player starting, not one seeking). */
  audioPlay(mediaName: string): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

// Payments (giving/: Paystack's driver, giving/paystack.ts; another, Hubtel say, implements the same three calls).
// Amounts are pesewas; references are ours, so the provider knows a gift by its reference.

export interface PaymentStart {
  reference: string;
  amountPesewas: number;
  email: string;
  /** Where the provider sends the giver back: {SITE_URL}/give/thanks. */
  callbackUrl: string;
  metadata: Record<string, string | number | null>;
  /** The provider's code of the account the money settles to (a branch's, docs/API.md Giving); null: the church's. */
  subaccount?: string | null;
}

/** What the provider says of a payment. `status` 'success' is the only one that pays a gift. */
export interface Verification {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'pending' | 'reversed' | (string & {});
  amountPesewas: number;
  currency: string;
  paidAt: string | null;
  /** How the giver paid: 'mobile_money', 'card', 'bank', … */
  channel: string | null;
  /** The provider's own id of the transaction. */
  providerId: string | null;
}

/** A webhook whose signature was right: the event and the payment it names. */
export interface WebhookEvent {
  event: string;
  reference: string | null;
}

export interface PaymentProvider {
  /** Answers where the giver pays; ProviderUnavailable when the provider is down or refuses. */
  initialize(start: PaymentStart): Promise<{ authorizationUrl: string }>;
  /** The provider's word on a payment; null when it knows no such reference; ProviderUnavailable when down. */
  verify(reference: string): Promise<Verification | null>;
  /** The event of a webhook whose signature over the raw body is right, else null (nothing is trusted). */
  verifyWebhook(rawBody: Uint8Array, headers: Headers): WebhookEvent | null;
}
