// Site settings (docs/API.md (Settings)): staff read them; SUPERADMIN and ADMIN change them (canEditSettings in
// permissions.ts), each change audited. First and only so far: the notification recipients.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { canEditSettings } from '../../lib/shared/permissions';
import { notificationSettingsChangeSchema, notificationSettingsSchema } from '../../lib/shared/settings-api';
import type { AppDeps, AppEnv } from '../context';
import { requireAuth } from '../auth/middleware';
import { readJsonBody } from '../http/body';
import { BEARER, jsonAnswer, jsonBody, refusals } from '../http/contract';
import { ApiError, DETAIL } from '../http/errors';
import { audit } from '../activity/service';
import { configuredRecipients, notificationRecipients, saveRecipients } from '../notifications/service';

async function notificationSettings(deps: AppDeps) {
  const configured = await configuredRecipients(deps);
  return {
    recipients: configured ?? [],
    configured: !!configured?.length,
    effective: await notificationRecipients(deps),
  };
}

const mayEdit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!canEditSettings(c.get('user'))) throw new ApiError(403, DETAIL.forbidden);
  await next();
};

export function settingsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/notifications/',
      summary: 'Who receives the emails about contact messages, prayer requests and registrations (staff)',
      middleware: [auth],
      security: BEARER,
      responses: { 200: jsonAnswer(notificationSettingsSchema, 'The setting'), ...refusals(401, 403) },
    }),
    async (c) => c.json(await notificationSettings(deps), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/notifications/',
      summary: 'Set the notification recipients; an empty list means the administrators (SUPERADMIN and ADMIN)',
      middleware: [auth, mayEdit, readJsonBody],
      security: BEARER,
      request: { body: jsonBody(notificationSettingsChangeSchema) },
      responses: { 200: jsonAnswer(notificationSettingsSchema, 'The setting now'), ...refusals(400, 401, 403) },
    }),
    async (c) => {
      const { recipients } = c.req.valid('json');
      await deps.database.db.transaction().execute(async (trx) => {
        await saveRecipients({ ...deps, database: { ...deps.database, db: trx } }, recipients);
        await audit(
          trx,
          {
            actor: c.get('user'),
            target: null,
            targetName: 'notification recipients',
            action: 'update_settings',
            details: recipients.join(', ') || 'the administrators',
          },
          deps.now(),
        );
      });
      return c.json(await notificationSettings(deps), 200);
    },
  );

  return app;
}
