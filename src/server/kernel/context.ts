// What every route handler can reach: the database, the configuration, the clock, the mailer, the media storage
// and the content change hook.
import type { Selectable } from 'kysely';
import type { Database } from '../db/connection';
import type { UsersTable } from '../db/schema';
import type { ServerConfig } from '../config';
import type {
  ContentEvents,
  Mailer,
  MediaStore,
  OutboxWaker,
  PaymentProvider,
  SignInPort,
  SmsSender,
  ViewCounter,
} from './ports';

/** A user as stored (the answer the API gives is users/answers.ts's). */
export type UserRow = Selectable<UsersTable>;

export interface AppDeps {
  database: Database;
  config: ServerConfig;
  /** Injectable clock (epoch ms) so tests can move time for lockouts and expiries. */
  now: () => number;
  mailer: Mailer;
  /**
   * SMS through the configured provider, or the log (sms/index.ts); the outbox worker sends with it. Optional so
   * that an app built for a test that sends no SMS needs none; runtime.ts always gives one.
   */
  sms?: SmsSender;
  /**
   * This process's outbox worker (outbox/worker.ts), woken after a transaction that queued a message commits.
   * Optional like `sms`: without it the message waits for a worker's poll.
   */
  outbox?: OutboxWaker;
  /** Uploaded files: avatars, sermon audio and images (media/storage.ts). */
  media: MediaStore;
  /**
   * Told after every successful write to sermons or events. Optional so that an app built for a test that
   * writes no content needs none; runtime.ts always gives one.
   */
  content?: ContentEvents;
  /** Sermon page views and audio plays (analytics/views.ts); optional like `content`. */
  views?: ViewCounter;
  /**
   * The accounts behind the bearer door (kernel/sign-in.ts; auth/sign-in-port.ts implements it). createApp gives
   * the one of these deps when none is given.
   */
  signIn?: SignInPort;
  /**
   * Online giving's payment provider (Paystack: giving/paystack.ts), null when it is not set up
   * (PAYSTACK_SECRET_KEY unset). createApp gives the configured one when none is given.
   */
  payments?: PaymentProvider | null;
}

/** The caller (kernel/client.ts). */
export interface Client {
  /** Undefined without a socket (an in-process request): such callers share one key, still limited. */
  address: string | undefined;
  /** The address as a keyed hash: what is stored (rate limits, "I prayed"), never the address. */
  key: string;
}

/**
 * What a staff caller may see and change: its own branch and every branch below it (kernel/scope.ts), resolved
 * once per request and handed to services as this plain value.
 */
export interface Scope {
  branchId: number;
  /** The branch's materialised path, '/1/4/': every branch in scope has a path that starts with it. */
  path: string;
  /** The root's scope holds everything: a query needs no filter. */
  root: boolean;
}

/** Whoever the member door let in (members/session.ts): the account and its /my session. */
export interface MemberSession {
  user: UserRow;
  /** The session's id (sessions.family_id). */
  id: string;
}

/** What a form post's JSON call tells the form post (kernel/form-posts.ts): the page its success goes to. */
export interface FormCall {
  next?: string;
}

/** How a form post's JSON call (kernel/form-posts.ts) is run by the app itself. */
export type RunAsJson = (request: Request, call: FormCall) => Promise<Response>;

export type AppEnv = {
  /** What a request is run with besides itself: its socket (@hono/node-server), and for a form post's JSON call
   * what it tells the form post (kernel/form-posts.ts). */
  Bindings: { formCall?: FormCall };
  Variables: {
    /** The caller's address and its key, once a route asked for them (clientOf, kernel/client.ts). */
    client?: Client;
    user: UserRow;
    /** The signed-in caller's scope, once a route asked for it (scopeOf, kernel/scope.ts). */
    scope?: Scope;
    /** The session (refresh-token family) of the caller's access token, when it names one (kernel/sign-in.ts). */
    sessionId?: string;
    /** The users' data version requireAuth read (unless the request then wrote to users): kept answers about the
     * users (users/cached-answers.ts) and the kept branch scope (kernel/scope.ts) hold for this request when made
     * under it. */
    usersVersion?: number;
    /** A JSON answer of c.json large enough to be worth gzip (http/app.ts). */
    gzipAnswer?: boolean;
    /** The member door's caller (a route's `member` part): set before the route runs, like `user`. */
    member: MemberSession;
    /** On an HTML form post only: the app, to run the post as its JSON call (kernel/form-posts.ts). */
    runAsJson?: RunAsJson;
  };
};
