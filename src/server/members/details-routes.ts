// A member's details at /my/details and /my/consent: contact details, consents, a new email address (confirmed
// with a code), their other /my sessions. Mounted under /members/ by routes.ts.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { formAnswer, formDone } from '../kernel/form-posts';
import {
  CONSENT_FLAGS,
  MY_PAGES,
  memberConsentSchema,
  memberEmailChangeSchema,
  memberEmailConfirmSchema,
  memberProfileSchema,
  memberSessionSchema,
  memberUpdateSchema,
} from '../../lib/shared/members/api';
import { endOtherMemberSessions, memberSessionsOf, requireMember } from './session';
import * as members from './service';
import { done, FORM_POST, formDoors } from './forms';

export function detailsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const member = requireMember(deps);
  const formDoor = formDoors(deps);

  // The details form (as PATCH, and as POST: HTML forms cannot PATCH) and the consent form change the same profile.
  const details = { page: MY_PAGES.details, door: formDoor(MY_PAGES.details), json: memberUpdateSchema };
  const profileForms = [
    { ...details, method: 'patch', path: '/me/', summary: 'Change contact details and consent flags' },
    {
      ...details,
      method: 'post',
      path: '/me/',
      summary: 'The same as PATCH, for the details form (HTML forms cannot PATCH)',
    },
    {
      method: 'post',
      path: '/me/consent/',
      summary: 'The consent form: every flag given (an unticked box of a form post is off)',
      page: MY_PAGES.consent,
      door: formDoor(MY_PAGES.consent, { booleans: CONSENT_FLAGS, unticked: true }),
      json: memberConsentSchema,
    },
  ] as const;
  for (const { method, path, summary, page, door, json } of profileForms)
    app.openapi(
      route(method, path, summary, {
        ...door,
        json,
        200: jsonAnswer(memberProfileSchema, 'The profile as now stored'),
        303: FORM_POST,
      }),
      async (c) => {
        const profile = await members.updateMember(deps, c.get('member').user, c.req.valid('json'));
        return formAnswer(c, profile, 200, done(page, 'saved'));
      },
    );

  app.openapi(
    route('post', '/me/email/', 'Change the email address: a code goes to the new address', {
      ...formDoor(MY_PAGES.details),
      json: memberEmailChangeSchema,
      refuses: [429],
      202: jsonAnswer(memberProfileSchema, 'Code sent; pending_email names the address'),
      303: FORM_POST,
    }),
    async (c) => {
      const profile = await members.requestEmailChange(deps, c.get('member').user, c.req.valid('json').email);
      return formAnswer(c, profile, 202, done(MY_PAGES.details, 'email-code-sent'));
    },
  );

  app.openapi(
    route('post', '/me/email/confirm/', 'Confirm the new email address with its code', {
      ...formDoor(MY_PAGES.details),
      json: memberEmailConfirmSchema,
      200: jsonAnswer(memberProfileSchema, 'The new address is the account’s'),
      303: FORM_POST,
    }),
    async (c) => {
      const { user, id } = c.get('member');
      const profile = await members.confirmEmailChange(deps, user, c.req.valid('json').code, id);
      return formAnswer(c, profile, 200, done(MY_PAGES.details, 'email-changed'));
    },
  );

  app.openapi(
    route('get', '/me/sessions/', 'The account’s /my sessions (device, address, when), the current one marked', {
      member,
      200: jsonAnswer(z.array(memberSessionSchema), 'The latest used first'),
    }),
    async (c) => c.json(await memberSessionsOf(deps, c.get('member')), 200),
  );

  app.openapi(
    route(
      'post',
      '/me/sessions/others/end/',
      'Sign out everywhere else: every other /my session of the account ends (audited)',
      {
        ...formDoor(MY_PAGES.details),
        204: { description: 'Signed out elsewhere' },
        303: FORM_POST,
      },
    ),
    async (c) => {
      await endOtherMemberSessions(deps, c.get('member'));
      return formDone(c, done(MY_PAGES.details, 'sessions-ended'));
    },
  );

  return app;
}
