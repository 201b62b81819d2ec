// What every route handler can reach: the database, the configuration, the clock, the mailer, the media storage
// and the content change hook.
import type { Database } from '../db/connection';
import type { ServerConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import type { MediaStore } from '../media/storage';
import type { ContentEvents } from '../content/events';
import type { UserRow } from '../users/serialize';
import type { ViewCounter } from '../analytics/views';

export interface AppDeps {
  database: Database;
  config: ServerConfig;
  /** Injectable clock (epoch ms) so tests can move time for lockouts and expiries. */
  now: () => number;
  mailer: Mailer;
  /** Uploaded files: avatars, sermon audio and images (media/storage.ts). */
  media: MediaStore;
  /**
   * Told after every successful write to sermons or events. Optional so that an app built for a test that
   * writes no content needs none; runtime.ts always gives one.
   */
  content?: ContentEvents;
  /** Sermon page views and audio plays (analytics/views.ts); optional like `content`. */
  views?: ViewCounter;
}

export type AppEnv = {
  Variables: {
    user: UserRow;
    /** The users' data version requireAuth read (unless the request then wrote to users): kept answers about the
     * users hold for this request when made under it (users/cached-answers.ts). */
    usersVersion?: number;
    /** Set by public/submission.ts when the body came from an HTML form post (answered with 303, not JSON). */
    formPost?: boolean;
  };
};
