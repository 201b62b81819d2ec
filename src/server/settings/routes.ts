// Site settings (docs/API.md (Settings)): staff read them; SUPERADMIN and ADMIN change them (canEditSettings in
// permissions.ts), each change audited. Notification recipients (a default list and one per kind), and the
// general settings: the prayer follow-up period and the church's contact details for emails.
import { OpenAPIHono } from '@hono/zod-openapi';
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

const mayEdit = allowed(canEditSettings);
// The two-factor policy: ADMIN may read it, only a SUPERADMIN change it.
const mayReadSecurity = allowed((user) => roleRank(user.role) >= roleRank('ADMIN'));
const mayEditSecurity = allowed((user) => user.role === 'SUPERADMIN');
const POLICY_WORDS = { off: 'off', admins: 'required for administrators', staff: 'required for all staff' };

export function settingsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const db = deps.database.db;

  app.openapi(
    route(
      'get',
      '/notifications/',
      'Who receives the emails about contact messages, prayer requests and registrations (staff)',
      {
        signedIn: auth,
        200: jsonAnswer(notificationSettingsSchema, 'The setting'),
      },
    ),
    async (c) => c.json(await notificationSettings(db), 200),
  );

  app.openapi(
    route(
      'put',
      '/notifications/',
      'Set the default recipients and, optionally, a list per kind; an empty list means the default (SUPERADMIN and ADMIN)',
      {
        signedIn: [auth, mayEdit],
        json: notificationSettingsChangeSchema,
        200: jsonAnswer(notificationSettingsSchema, 'The setting now'),
      },
    ),
    async (c) => {
      const { recipients, byKind } = c.req.valid('json');
      const kinds = byKind
        ? Object.entries(byKind).map(
            ([kind, list]) => `${RECIPIENT_KIND_LABELS[kind as RecipientKind]}: ${list?.join(', ') || 'the default'}`,
          )
        : [];
      const details = [recipients.join(', ') || 'the administrators', ...kinds].join('; ');
      await saveSettings(deps, c.get('user'), 'notification recipients', details, (trx, now) =>
        saveRecipients(trx, recipients, byKind, now),
      );
      return c.json(await notificationSettings(db), 200);
    },
  );

  app.openapi(
    route('get', '/general/', "The prayer follow-up period and the church's contact details for emails (staff)", {
      signedIn: auth,
      200: jsonAnswer(generalSettingsSchema, 'The settings'),
    }),
    async (c) => c.json(await generalSettings(db), 200),
  );

  app.openapi(
    route(
      'put',
      '/general/',
      "Set the prayer follow-up period and the church's contact details (SUPERADMIN and ADMIN)",
      {
        signedIn: [auth, mayEdit],
        json: generalSettingsChangeSchema,
        200: jsonAnswer(generalSettingsSchema, 'The settings now'),
      },
    ),
    async (c) => {
      const settings = c.req.valid('json');
      const details = `follow-up after ${settings.followUpDays} days; ${settings.church.name}`;
      await saveSettings(deps, c.get('user'), 'general settings', details, (trx, now) =>
        saveGeneralSettings(trx, settings, now),
      );
      return c.json(await generalSettings(db), 200);
    },
  );

  app.openapi(
    route('get', '/security/', 'The two-factor policy (SUPERADMIN; ADMIN may read it)', {
      signedIn: [auth, mayReadSecurity],
      200: jsonAnswer(securitySettingsSchema, 'The setting'),
    }),
    async (c) => c.json(await securitySettings(db), 200),
  );

  app.openapi(
    route('patch', '/security/', 'Set who must sign in with two factors (SUPERADMIN)', {
      signedIn: [auth, mayEditSecurity],
      json: securitySettingsSchema,
      200: jsonAnswer(securitySettingsSchema, 'The setting now'),
    }),
    async (c) => {
      const settings = c.req.valid('json');
      const details = `two-factor sign-in ${POLICY_WORDS[settings.require_two_factor]}`;
      await saveSettings(deps, c.get('user'), 'two-factor policy', details, (trx, now) =>
        saveSecuritySettings(trx, settings, now),
      );
      return c.json(await securitySettings(db), 200);
    },
  );

  return app;
}
