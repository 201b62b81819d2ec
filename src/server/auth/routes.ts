// Sign-in, token refresh, sign-out and password reset (docs/API.md). Public: no bearer token needed.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  loginSchema,
  logoutSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshSchema,
} from '../../lib/shared/schemas';
import { detailSchema, tokenPairSchema } from '../../lib/shared/api-schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { clientOf } from '../kernel/client';
import { DETAIL } from '../kernel/errors';
import { UserAnswer, jsonAnswer, refusals } from '../kernel/contract';
import { route } from '../kernel/routes';
import * as auth from './service';
import { answerSubmission, publicForm } from '../public/form-posts';
import { dummyHash } from '../credentials/passwords';
import { RESET_REQUESTED, backTo } from '../../lib/shared/visitors/form-posts';
import { mfaLoginSchema, mfaRequiredSchema } from '../../lib/shared/twofactor/api';
import {
  passkeyChallengeSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginSchema,
} from '../../lib/shared/twofactor/passkeys';
import { twoFactorRoutes } from '../twofactor/routes';
import * as passkeys from './passkey-sign-in';
import { ceremonyOf } from '../twofactor/passkeys';
import type { Context } from 'hono';
import { deviceOf } from '../credentials/device';

// The forgot-password page's form posts here before or without JavaScript: the same neutral answer, as a
// 303 back to the page's message (form-posts.ts) instead of JSON.
const resetRequested = backTo(RESET_REQUESTED.page, RESET_REQUESTED.fragment);
const resetRequestForm = publicForm({
  decoy: () => ({ status: 200, body: { detail: DETAIL.resetSent } }),
  back: () => resetRequested,
});

const done = (description: string) => jsonAnswer(detailSchema, description);

const signedInSchema = tokenPairSchema.extend({
  user: UserAnswer,
  mfa_enrolment_required: z
    .literal(true)
    .optional()
    .describe('Under the two-factor policy without a second factor: only enrolment calls pass until one is set up'),
});

/** Where the request comes from, for the throttle and the session it may start. */
const from = (c: Context<AppEnv>, deps: AppDeps) => {
  const { key, address } = clientOf(c, deps.config);
  return { client: key, address, device: deviceOf(c.req.header('user-agent')) };
};

export function authRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // Computed now, so the first unknown-username login costs the same as any other (no timing tell).
  void dummyHash(deps.config.argon2);

  app.openapi(
    route('post', '/login/', 'Sign in to the admin portal', {
      json: loginSchema,
      200: jsonAnswer(
        z.union([signedInSchema, mfaRequiredSchema]),
        'Tokens and the user; for an account with two-factor on, {mfa_required, mfa_token} instead',
      ),
      ...refusals(401, 403, 423, 429, 503),
    }),
    async (c) => c.json(await auth.login(deps, c.req.valid('json'), from(c, deps)), 200),
  );

  app.openapi(
    route('post', '/login/2fa/', "Sign-in's second step: the mfa_token and a TOTP or recovery code", {
      json: mfaLoginSchema,
      200: jsonAnswer(signedInSchema, 'Tokens and the user'),
      ...refusals(401, 403, 429),
    }),
    async (c) => c.json(await auth.loginSecondStep(deps, c.req.valid('json'), from(c, deps)), 200),
  );

  app.openapi(
    route(
      'post',
      '/login/passkey/options/',
      'A passkey sign-in challenge: alone, or the second step with an mfa_token',
      {
        json: passkeyLoginOptionsSchema,
        200: jsonAnswer(passkeyChallengeSchema, 'The challenge_id and the options for navigator.credentials.get()'),
        ...refusals(401, 429),
      },
    ),
    async (c) => {
      const ceremony = ceremonyOf(deps.config, c.req.header('origin'));
      return c.json(await passkeys.signInOptions(deps, c.req.valid('json'), ceremony, from(c, deps)), 200);
    },
  );

  app.openapi(
    route(
      'post',
      '/login/passkey/',
      "Sign in with a passkey's answer to the challenge (alone, or with the mfa_token)",
      {
        json: passkeyLoginSchema,
        200: jsonAnswer(signedInSchema, 'Tokens and the user'),
        ...refusals(401, 403, 429),
      },
    ),
    async (c) => {
      const ceremony = ceremonyOf(deps.config, c.req.header('origin'));
      return c.json(await passkeys.passkeySignIn(deps, c.req.valid('json'), ceremony, from(c, deps)), 200);
    },
  );

  app.openapi(
    route('post', '/refresh/', 'Trade a refresh token (once) for a new pair', {
      json: refreshSchema,
      200: jsonAnswer(tokenPairSchema, 'The next pair'),
      ...refusals(401, 403, 429),
    }),
    async (c) => c.json(await auth.refresh(deps, c.req.valid('json').refresh, clientOf(c, deps.config).key), 200),
  );

  app.openapi(
    route('post', '/logout/', 'End the session of a refresh token', {
      json: logoutSchema,
      200: done('Signed out (also for an unknown token)'),
    }),
    async (c) => {
      await auth.logout(deps, c.req.valid('json').refresh_token);
      return c.json({ detail: 'Successfully logged out.' }, 200);
    },
  );

  app.openapi(
    route('post', '/password-reset/', 'Mail a password reset link', {
      ...resetRequestForm,
      json: passwordResetRequestSchema,
      refuses: [429],
      200: done('The same answer whether the email is known or not'),
      303: { description: 'The same answer to an HTML form post: back to /forgot-password#reset-requested' },
    }),
    async (c) => {
      await auth.requestPasswordReset(deps, c.req.valid('json').email, clientOf(c, deps.config).key);
      return answerSubmission(c, { detail: DETAIL.resetSent }, 200, resetRequested);
    },
  );

  app.openapi(
    route('post', '/password-reset/confirm/', 'Choose a new password with a reset link', {
      json: passwordResetConfirmSchema,
      200: done('Password changed; every session ended'),
    }),
    async (c) => {
      const { token, password } = c.req.valid('json');
      await auth.confirmPasswordReset(deps, token, password);
      return c.json({ detail: 'Your password has been reset. You can now sign in.' }, 200);
    },
  );

  app.route('/', twoFactorRoutes(deps));

  return app;
}
