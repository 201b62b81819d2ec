// Site settings (docs/API.md (Settings)): staff read them; SUPERADMIN and ADMIN change them (canEditSettings in
// permissions.ts), each change audited. Notification recipients (a default list and one per kind), and the
// general settings: the prayer follow-up period and the church's contact details for emails.
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import { canEditSettings } from '../../lib/shared/permissions';
import {
  RECIPIENT_KINDS,
  RECIPIENT_KIND_LABELS,
  generalSettingsChangeSchema,
  generalSettingsSchema,
  notificationSettingsChangeSchema,
  notificationSettingsSchema,
  type NotificationSettings,
  type RecipientKind,
  type RecipientList,
} from '../../lib/shared/settings/api';
import type { AppDeps, AppEnv, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { requireAuth } from '../kernel/sign-in';
import { jsonAnswer } from '../kernel/contract';
import { allowed, route } from '../kernel/routes';
import { audited } from '../activity/audit';
import {
  administrators,
  configuredRecipients,
  kindRecipients,
  notificationRecipients,
  saveRecipients,
} from '../notifications/service';
import { generalSettings, saveGeneralSettings } from './general';
import { saveSecuritySettings, securitySettings } from './security';
import { securitySettingsSchema } from '../../lib/shared/twofactor/api';
import { roleRank } from '../../lib/shared/permissions';

async function notificationSettings(db: Kysely<DB>): Promise<NotificationSettings> {
  const [configured, own] = await Promise.all([configuredRecipients(db), kindRecipients(db)]);
  const list = async (kind: RecipientKind): Promise<RecipientList> => ({
    recipients: own[kind] ?? [],
    configured: !!own[kind]?.length,
    effective: await notificationRecipients(db, kind),
  });
  const [message, prayer, registration] = await Promise.all(RECIPIENT_KINDS.map(list));
  return {
    recipients: configured ?? [],
    configured: !!configured?.length,
    // The default list's reach; without one, the administrators who want email.
    effective: configured?.length ? configured : await administrators(db, 'message'),
    byKind: { message, prayer, registration },
  };
}

/** A settings change and its audit entry (update_settings: which setting, what it now says) in one transaction. */
export function saveSettings(
  deps: AppDeps,
  actor: UserRow,
  setting: string,
  details: string | null,
  save: (trx: Transaction<DB>, nowMs: number) => Promise<void>,
): Promise<void> {
  const now = deps.now();
  const entry = { actor, target: null, targetName: setting, action: 'update_settings', details } as const;
  return audited(deps.database.db, entry, now, (trx) => save(trx, now));
}

type Handlers = MiddlewareHandler<AppEnv> | MiddlewareHandler<AppEnv>[];

const mayEdit = allowed(canEditSettings);
// The two-factor policy: ADMIN may read it, only a SUPERADMIN change it.
const mayReadSecurity = allowed((user) => roleRank(user.role) >= roleRank('ADMIN'));
const mayEditSecurity = allowed((user) => user.role === 'SUPERADMIN');
const POLICY_WORDS = { off: 'off', admins: 'required for administrators', staff: 'required for all staff' };

export interface SettingRoutes<A extends z.ZodType, C extends z.ZodType> {
  /** The setting in the audit entry's words ('general settings'). */
  setting: string;
  answer: A;
  read: { summary: string; signedIn: Handlers };
  change: { method: 'put' | 'patch'; summary: string; signedIn: Handlers; body: C };
  load: (db: Kysely<DB>) => Promise<z.infer<A>>;
  /** What the setting now says, for the audit entry. */
  details: (input: z.infer<C>) => string | null;
  save: (trx: Transaction<DB>, input: z.infer<C>, nowMs: number) => Promise<unknown>;
}

/** A setting's two routes at `path`: GET reads it; the change saves it, audited (saveSettings), and answers it now. */
export function settingRoutes<A extends z.ZodType, C extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  path: string,
  { setting, answer, read, change, load, details, save }: SettingRoutes<A, C>,
) {
  const db = deps.database.db;
  app.openapi(
    route('get', path, read.summary, { signedIn: read.signedIn, 200: jsonAnswer(answer, 'The setting') }),
    async (c) => c.json(await load(db), 200),
  );
  // route() cannot follow a schema whose type is still this function's parameter (kernel/item-routes.ts).
  app.openapi(
    route(change.method, path, change.summary, {
      signedIn: change.signedIn,
      json: change.body as z.ZodType,
      200: jsonAnswer(answer, 'The setting now'),
    }),
    async (c) => {
      const input = c.req.valid('json') as z.infer<C>;
      await saveSettings(deps, c.get('user'), setting, details(input), async (trx, now) => {
        await save(trx, input, now);
      });
      return c.json(await load(db), 200);
    },
  );
}

export function settingsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);

  settingRoutes(app, deps, '/notifications/', {
    setting: 'notification recipients',
    answer: notificationSettingsSchema,
    read: {
      summary: 'Who receives the emails about contact messages, prayer requests and registrations (staff)',
      signedIn: auth,
    },
    change: {
      method: 'put',
      summary:
        'Set the default recipients and, optionally, a list per kind; an empty list means the default (SUPERADMIN and ADMIN)',
      signedIn: [auth, mayEdit],
      body: notificationSettingsChangeSchema,
    },
    load: notificationSettings,
    details: ({ recipients, byKind }) => {
      const kinds = byKind
        ? Object.entries(byKind).map(
            ([kind, list]) => `${RECIPIENT_KIND_LABELS[kind as RecipientKind]}: ${list?.join(', ') || 'the default'}`,
          )
        : [];
      return [recipients.join(', ') || 'the administrators', ...kinds].join('; ');
    },
    save: (trx, { recipients, byKind }, now) => saveRecipients(trx, recipients, byKind, now),
  });

  settingRoutes(app, deps, '/general/', {
    setting: 'general settings',
    answer: generalSettingsSchema,
    read: {
      summary: "The prayer follow-up period and the church's contact details for emails (staff)",
      signedIn: auth,
    },
    change: {
      method: 'put',
      summary: "Set the prayer follow-up period and the church's contact details (SUPERADMIN and ADMIN)",
      signedIn: [auth, mayEdit],
      body: generalSettingsChangeSchema,
    },
    load: generalSettings,
    details: (settings) => `follow-up after ${settings.followUpDays} days; ${settings.church.name}`,
    save: saveGeneralSettings,
  });

  settingRoutes(app, deps, '/security/', {
    setting: 'two-factor policy',
    answer: securitySettingsSchema,
    read: { summary: 'The two-factor policy (SUPERADMIN; ADMIN may read it)', signedIn: [auth, mayReadSecurity] },
    change: {
      method: 'patch',
      summary: 'Set who must sign in with two factors (SUPERADMIN)',
      signedIn: [auth, mayEditSecurity],
      body: securitySettingsSchema,
    },
    load: securitySettings,
    details: (settings) => `two-factor sign-in ${POLICY_WORDS[settings.require_two_factor]}`,
    save: saveSecuritySettings,
  });

  return app;
}
