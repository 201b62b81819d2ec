// Signing in and out of /my: a code by email or SMS, then the session cookie (session.ts); a passkey instead of
// the code (passkeys.ts); signing out. Mounted under /members/ by routes.ts.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer, detailAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { clientOf } from '../kernel/client';
import { formAnswer, formDone } from '../kernel/form-posts';
import {
  MEMBER_TEXT,
  MY_PAGES,
  memberCodeRequestSchema,
  memberPasskeySignInSchema,
  memberProfileSchema,
  memberSessionRequestSchema,
} from '../../lib/shared/members/api';
import { passkeyChallengeSchema } from '../../lib/shared/twofactor/passkeys';
import { deviceOf } from '../credentials/device';
import { requireMember, signIn, signOut } from './session';
import * as members from './service';
import { memberProfile } from './answers';
import * as passkeys from './passkeys';
import { FORM_POST, codePage, done, myForm, ownSite } from './forms';

export function signInRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const guard = ownSite(deps);
  const ceremony = (c: Context<AppEnv>) => passkeys.ceremonyOf(deps.config, c.req.header('origin'));

  app.openapi(
    route(
      'post',
      '/code/',
      'Send a 6-digit sign-in code to an account’s email (or phone, when SMS is configured); the same 202 either way',
      {
        ownSite: guard,
        form: myForm(MY_PAGES.home),
        json: memberCodeRequestSchema,
        refuses: [429],
        202: detailAnswer('Sent if an account that may sign in uses the address'),
        303: FORM_POST,
      },
    ),
    async (c) => {
      const input = c.req.valid('json');
      await members.requestCode(deps, clientOf(c, deps.config).key, input);
      return formAnswer(c, { detail: MEMBER_TEXT.codeSent }, 202, codePage(input));
    },
  );

  app.openapi(
    route(
      'post',
      '/session/',
      'Sign in with the code: sets the member session cookie (httpOnly, SameSite=Lax, Secure over https)',
      {
        ownSite: guard,
        form: myForm(codePage),
        json: memberSessionRequestSchema,
        200: jsonAnswer(memberProfileSchema.openapi('MemberProfile'), 'Signed in'),
        303: FORM_POST,
      },
    ),
    async (c) => {
      const input = c.req.valid('json');
      const row = await members.redeemSignIn(deps, input, clientOf(c, deps.config).key);
      await signIn(c, deps, Number(row.id));
      return formAnswer(c, await memberProfile(deps, row), 200, input.next ?? MY_PAGES.home);
    },
  );

  app.openapi(
    route('delete', '/session/', 'Sign out: the session ends and its cookie no longer opens anything', {
      ownSite: guard,
      member: requireMember(deps),
      204: { description: 'Signed out' },
    }),
    async (c) => {
      await signOut(c, deps);
      return c.body(null, 204);
    },
  );

  app.openapi(
    route('post', '/session/end/', 'Sign out from a form (no JavaScript): 303 to /my', {
      ownSite: guard,
      form: myForm(MY_PAGES.home),
      303: FORM_POST,
      204: { description: 'Signed out (JSON)' },
    }),
    async (c) => {
      await signOut(c, deps);
      return formDone(c, done(MY_PAGES.home, 'signed-out'));
    },
  );

  app.openapi(
    route(
      'post',
      '/passkey/options/',
      'A passkey sign-in challenge (no username: any of the site’s passkeys, the person verified on the device)',
      {
        ownSite: guard,
        refuses: [400, 429],
        200: jsonAnswer(passkeyChallengeSchema, 'The challenge_id and the options for navigator.credentials.get()'),
      },
    ),
    async (c) => {
      const { key, address } = clientOf(c, deps.config);
      const from = { client: key, address, device: deviceOf(c.req.header('user-agent')) };
      return c.json(await passkeys.memberSignInOptions(deps, ceremony(c), from), 200);
    },
  );

  app.openapi(
    route(
      'post',
      '/passkey/',
      'Sign in with a passkey: sets the member session cookie, as a code does; one 401 for every refusal',
      {
        ownSite: guard,
        json: memberPasskeySignInSchema,
        refuses: [401, 429],
        200: jsonAnswer(memberProfileSchema, 'Signed in'),
      },
    ),
    async (c) => {
      const client = clientOf(c, deps.config).key;
      const row = await passkeys.memberPasskeySignIn(deps, c.req.valid('json'), ceremony(c), client);
      await signIn(c, deps, Number(row.id));
      return c.json(await memberProfile(deps, row), 200);
    },
  );

  return app;
}
