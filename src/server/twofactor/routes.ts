// The signed-in person's two-factor sign-in and sessions (docs/API.md, Two-factor sign-in), under /auth/.
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../kernel/context';
import { DETAIL } from '../kernel/errors';
import { jsonAnswer } from '../kernel/contract';
import { deleteById, route, wholeId } from '../kernel/routes';
import { requireAuth } from '../kernel/sign-in';
import {
  codeSchema,
  passkeySchema,
  recoveryCodesSchema,
  sessionSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '../../lib/shared/twofactor/api';
import {
  factorProofSchema,
  passkeyChallengeSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  type FactorProof,
} from '../../lib/shared/twofactor/passkeys';
import { proveFactor } from './proof';
import * as twoFactor from './service';
import * as passkeys from './passkeys';
import { ceremonyOf } from './passkeys';

const PasskeyId = z.object({ id: wholeId(DETAIL.notFound) });
const SessionId = z.object({ id: z.string({ error: DETAIL.notFound }).uuid(DETAIL.notFound) });

export function twoFactorRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  /** The ceremony (origin and RP ID) of the request's page, for a passkey's answer (passkeys.ts). */
  const ceremony = (c: Context<AppEnv>) => ceremonyOf(deps.config, c.req.header('origin'));
  /** Proves the second factor in force (proof.ts): 403 without a proof, 400 for a wrong one. */
  const prove = (c: Context<AppEnv>, proof: FactorProof) => proveFactor(deps, c.get('user'), proof, ceremony(c));

  app.openapi(
    route('get', '/2fa/', 'The own two-factor sign-in: authenticator app, recovery codes left, passkeys', {
      signedIn: auth,
      200: jsonAnswer(twoFactorStatusSchema, 'What is in force'),
    }),
    async (c) => c.json(await twoFactor.twoFactorStatus(deps, c.get('user')), 200),
  );

  app.openapi(
    route('post', '/2fa/proof/options/', "Options for a passkey's answer proving the second factor in force", {
      signedIn: auth,
      200: jsonAnswer(passkeyChallengeSchema, "Sent back as the proof's passkey: {challenge_id, response}"),
    }),
    async (c) => c.json(await passkeys.proofOptions(deps, c.get('user'), ceremony(c)), 200),
  );

  app.openapi(
    route('post', '/2fa/totp/setup/', 'A new authenticator-app secret, in force once confirmed', {
      signedIn: auth,
      json: factorProofSchema.describe('While a second factor is in force: a current code, or a passkey'),
      200: jsonAnswer(totpSetupSchema, 'The secret and its otpauth:// address'),
    }),
    async (c) => {
      await prove(c, c.req.valid('json'));
      return c.json(await twoFactor.setupTotp(deps, c.get('user')), 200);
    },
  );

  app.openapi(
    route('post', '/2fa/totp/confirm/', 'Confirm the set-up with a code: two-factor sign-in is on', {
      signedIn: auth,
      json: codeSchema,
      200: jsonAnswer(recoveryCodesSchema, 'Ten recovery codes, shown once'),
    }),
    async (c) =>
      c.json({ recovery_codes: await twoFactor.confirmTotp(deps, c.get('user'), c.req.valid('json').code) }, 200),
  );

  app.openapi(
    route('delete', '/2fa/', 'Turn the authenticator app off (a current code, a recovery code or a passkey)', {
      signedIn: auth,
      json: factorProofSchema,
      204: { description: 'Off' },
    }),
    async (c) => {
      await prove(c, c.req.valid('json'));
      await twoFactor.disableTotp(deps, c.get('user'));
      return c.body(null, 204);
    },
  );

  app.openapi(
    route('post', '/2fa/recovery-codes/', 'A fresh set of recovery codes replacing the old (a current code)', {
      signedIn: auth,
      json: factorProofSchema,
      200: jsonAnswer(recoveryCodesSchema, 'Ten recovery codes, shown once'),
    }),
    async (c) => {
      await prove(c, c.req.valid('json'));
      return c.json({ recovery_codes: await twoFactor.renewRecoveryCodes(deps, c.get('user')) }, 200);
    },
  );

  app.openapi(
    route('post', '/passkeys/options/', 'Options for adding a passkey (navigator.credentials.create())', {
      signedIn: auth,
      json: factorProofSchema.describe('While a second factor is in force: a current code, or a passkey'),
      200: jsonAnswer(passkeyOptionsSchema, 'PublicKeyCredentialCreationOptionsJSON; its challenge lives 5 minutes'),
    }),
    async (c) => {
      // A page on an origin the site does not serve gets no options, whatever it proves.
      passkeys.needCeremony(ceremony(c));
      await prove(c, c.req.valid('json'));
      return c.json(await passkeys.registrationOptions(deps, c.get('user'), ceremony(c)), 200);
    },
  );

  app.openapi(
    route('post', '/passkeys/', "Add a passkey: its name and the authenticator's answer to the options", {
      signedIn: auth,
      json: passkeyRegisterSchema,
      201: jsonAnswer(passkeySchema, 'The passkey; two-factor sign-in is on'),
    }),
    async (c) => {
      return c.json(await passkeys.addPasskey(deps, c.get('user'), c.req.valid('json'), ceremony(c)), 201);
    },
  );

  app.openapi(
    route('delete', '/passkeys/{id}/', 'Remove one of the own passkeys (a current code, or another passkey)', {
      signedIn: auth,
      params: PasskeyId,
      json: factorProofSchema,
      204: { description: 'Removed' },
    }),
    async (c) => {
      await passkeys.ownPasskey(deps, c.get('user'), c.req.valid('param').id);
      await prove(c, c.req.valid('json'));
      await passkeys.removePasskey(deps, c.get('user'), c.req.valid('param').id);
      return c.body(null, 204);
    },
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
