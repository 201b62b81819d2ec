// The signed-in person's two-factor sign-in and sessions (docs/API.md, Two-factor sign-in), under /auth/.
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Context } from 'hono';
import type { AppDeps, AppEnv, UserRow } from '../kernel/context';
import { DETAIL } from '../kernel/errors';
import { jsonAnswer, refusals } from '../kernel/contract';
import { deleteById, route, wholeId } from '../kernel/routes';
import { requireAuth } from '../auth/middleware';
import {
  codeSchema,
  passkeySchema,
  recoveryCodesSchema,
  sessionSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '../../lib/shared/twofactor/api';
import { passkeyOptionsSchema, passkeyRegisterSchema } from '../../lib/shared/twofactor/passkeys';
import * as twoFactor from './service';
import * as passkeys from './passkeys';
import { ceremonyOf } from './passkeys';

const PasskeyId = z.object({ id: wholeId(DETAIL.notFound) });
const SessionId = z.object({ id: z.string({ error: DETAIL.notFound }).uuid(DETAIL.notFound) });

export function twoFactorRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  /** The handler of a step a current code confirms, which answers ten new recovery codes. */
  const newRecoveryCodes =
    (step: (deps: AppDeps, user: UserRow, code: string) => Promise<string[]>) =>
    async (c: Context<AppEnv, string, { out: { json: { code: string } } }>) =>
      c.json({ recovery_codes: await step(deps, c.get('user'), c.req.valid('json').code) }, 200);

  app.openapi(
    route('get', '/2fa/', 'The own two-factor sign-in: authenticator app, recovery codes left, passkeys', {
      signedIn: auth,
      200: jsonAnswer(twoFactorStatusSchema, 'What is in force'),
    }),
    async (c) => c.json(await twoFactor.twoFactorStatus(deps, c.get('user')), 200),
  );

  app.openapi(
    route('post', '/2fa/totp/setup/', 'A new authenticator-app secret, in force once confirmed', {
      signedIn: auth,
      200: jsonAnswer(totpSetupSchema, 'The secret and its otpauth:// address'),
    }),
    async (c) => c.json(await twoFactor.setupTotp(deps, c.get('user')), 200),
  );

  app.openapi(
    route('post', '/2fa/totp/confirm/', 'Confirm the set-up with a code: two-factor sign-in is on', {
      signedIn: auth,
      json: codeSchema,
      200: jsonAnswer(recoveryCodesSchema, 'Ten recovery codes, shown once'),
    }),
    newRecoveryCodes(twoFactor.confirmTotp),
  );

  app.openapi(
    route('delete', '/2fa/', 'Turn the authenticator app off (a current code)', {
      signedIn: auth,
      json: codeSchema,
      204: { description: 'Off' },
    }),
    async (c) => {
      await twoFactor.disableTotp(deps, c.get('user'), c.req.valid('json').code);
      return c.body(null, 204);
    },
  );

  app.openapi(
    route('post', '/2fa/recovery-codes/', 'A fresh set of recovery codes replacing the old (a current code)', {
      signedIn: auth,
      json: codeSchema,
      200: jsonAnswer(recoveryCodesSchema, 'Ten recovery codes, shown once'),
    }),
    newRecoveryCodes(twoFactor.renewRecoveryCodes),
  );

  app.openapi(
    route('post', '/passkeys/options/', 'Options for adding a passkey (navigator.credentials.create())', {
      signedIn: auth,
      200: jsonAnswer(passkeyOptionsSchema, 'PublicKeyCredentialCreationOptionsJSON; its challenge lives 5 minutes'),
      ...refusals(400),
    }),
    async (c) =>
      c.json(
        await passkeys.registrationOptions(deps, c.get('user'), ceremonyOf(deps.config, c.req.header('origin'))),
        200,
      ),
  );

  app.openapi(
    route('post', '/passkeys/', "Add a passkey: its name and the authenticator's answer to the options", {
      signedIn: auth,
      json: passkeyRegisterSchema,
      201: jsonAnswer(passkeySchema, 'The passkey; two-factor sign-in is on'),
    }),
    async (c) => {
      const ceremony = ceremonyOf(deps.config, c.req.header('origin'));
      return c.json(await passkeys.addPasskey(deps, c.get('user'), c.req.valid('json'), ceremony), 201);
    },
  );

  app.openapi(
    route('delete', '/passkeys/{id}/', 'Remove one of the own passkeys', {
      signedIn: auth,
      params: PasskeyId,
      204: { description: 'Removed' },
    }),
    deleteById(deps, passkeys.removePasskey),
  );

  app.openapi(
    route('get', '/sessions/', 'The own sessions (signed-in devices)', {
      signedIn: auth,
      200: jsonAnswer(z.array(sessionSchema), 'The sessions that may still refresh, the latest used first'),
    }),
    async (c) => c.json(await twoFactor.listSessions(deps, c.get('user'), c.get('sessionId')), 200),
  );

  app.openapi(
    route('post', '/sessions/others/revoke/', 'Sign out every other session', {
      signedIn: auth,
      204: { description: 'Signed out' },
    }),
    async (c) => {
      await twoFactor.endOtherSessions(deps, c.get('user'), c.get('sessionId'));
      return c.body(null, 204);
    },
  );

  app.openapi(
    route('delete', '/sessions/{id}/', 'End one of the own sessions: its refresh token no longer refreshes', {
      signedIn: auth,
      params: SessionId,
      204: { description: 'Ended' },
    }),
    deleteById(deps, twoFactor.endSession),
  );

  return app;
}
