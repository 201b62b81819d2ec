// The members' door under /members/ (docs/API.md, Members' own door). The member calls take the /my cookie
// (session.ts) and nothing else; every state-changing one takes JSON or an HTML form post from the /my pages, is
// refused (403) when the request comes from another site (Origin / Sec-Fetch-Site: the CSRF guard beside the
// SameSite cookie), and answers a form post 303 back to its page (the map is in lib/shared/members/api.ts's head
// comment). Staff see the removal requests with their bearer token.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { JSON_LIMIT, limitBody, readJsonBody } from '../kernel/body';
import { jsonAnswer, jsonBody, refusals } from '../kernel/contract';
import { allowed, route, wholeId } from '../kernel/routes';
import { clientOf } from '../kernel/client';
import { requireAuth } from '../kernel/sign-in';
import { HTML_FORM_POST } from '../public/refusal-page';
import { canHandleRemoval } from '../../lib/shared/permissions';
import {
  CONSENT_FLAGS,
  MEMBER_TEXT,
  MY_PAGES,
  directoryEntrySchema,
  memberCodeRequestSchema,
  memberConsentSchema,
  memberEmailChangeSchema,
  memberEmailConfirmSchema,
  memberExportSchema,
  memberHouseholdSchema,
  memberHouseholdUpdateSchema,
  memberJoinSchema,
  memberMeSchema,
  memberPasskeyAddSchema,
  memberPasskeySchema,
  memberPasskeySignInSchema,
  memberPersonSchema,
  memberPersonUpdateSchema,
  memberProfileSchema,
  memberRegistrationSchema,
  memberRemovalSchema,
  memberSessionSchema,
  memberSessionRequestSchema,
  memberUpdateSchema,
  removalRequestSchema,
  staffRemovalRequestSchema,
  type MyDone,
} from '../../lib/shared/members/api';
import { PERSON_NOT_FOUND } from '../../lib/shared/households/api';
import { MINISTRY_NOT_FOUND } from '../../lib/shared/ministries/api';
import { REGISTRATION_NOT_FOUND } from '../../lib/shared/registrations/api';
import { endOtherMemberSessions, memberSessionsOf, requireMember, signIn, signOut, type MemberEnv } from './session';
import * as members from './service';
import { directory } from './directory';
import { memberProfile } from './answers';
import { exportOf } from './export';
import { handleRemoval, listRemovalRequests, requestRemoval } from './removal';
import * as passkeys from './passkeys';
import { passkeyOrigins } from '../twofactor/passkeys';
import { passkeyOptionsSchema, passkeyChallengeSchema } from '../../lib/shared/twofactor/passkeys';
import { deviceOf } from '../credentials/device';
import { memberCheckin } from '../attendance/checkins';
import { memberCheckinAnswerSchema, memberCheckinSchema } from '../../lib/shared/attendance/api';

type C = Context<MemberEnv>;
const FORM_POST = { description: 'An HTML form post: 303 back to its /my page (lib/shared/members/api.ts)' };
const Detail = z.object({ detail: z.string() });
const PersonId = z.object({ id: wholeId(PERSON_NOT_FOUND) });
const MinistryId = z.object({ id: wholeId(MINISTRY_NOT_FOUND) });
const RegistrationId = z.object({ id: wholeId(REGISTRATION_NOT_FOUND) });
const RemovalId = z.object({ id: wholeId(MEMBER_TEXT.removalNotFound) });
const PasskeyId = z.object({ id: wholeId(DETAIL.notFound) });

const isFormPost = (c: Context) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
};

/**
 * Requests from the site itself (or an origin the API already trusts; a loopback site also as localhost, where
 * browsers allow passkeys); a browser's cross-site request is not.
 */
function fromOwnSite(c: Context, deps: AppDeps): boolean {
  const origin = c.req.header('origin');
  const own = passkeyOrigins(deps.config);
  if (origin !== undefined) return own.includes(origin);
  const site = c.req.header('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

interface FormOptions {
  /** Checkboxes: 'on' is true; with `unticked`, one the form did not send is false. */
  booleans?: readonly string[];
  unticked?: boolean;
  /** The page a refused code, a spent limit or (for sign-in) the code goes back to, from the posted fields. */
  page: (body: Record<string, unknown>) => string;
}

const formLimit = limitBody(JSON_LIMIT);

/**
 * Route middleware of every state-changing member call, before the session check (so a malformed body is a 400
 * whoever sends it): the CSRF guard, then the body as JSON whether it came as JSON or as a form post. After the
 * route, a refused form post that its page can say in a word goes back there: a wrong code (?error=code), a spent
 * limit (?error=limit), no session (/my?error=signed-out); anything else is the refusal page (app.ts).
 */
function memberBody(deps: AppDeps, form: FormOptions): MiddlewareHandler<MemberEnv> {
  return async (c, next) => {
    if (!fromOwnSite(c, deps)) throw new ApiError(403, MEMBER_TEXT.crossSite);
    let body: Record<string, unknown> = {};
    if (isFormPost(c)) {
      await formLimit(c, async () => {});
      c.set('formPost', HTML_FORM_POST);
      try {
        body = fromForm(await c.req.parseBody({ all: true }), form);
      } catch {
        throw new ApiError(400, DETAIL.malformedJson);
      }
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-type', 'application/json');
      c.req.raw = new Request(c.req.raw, { headers, body: JSON.stringify(body) });
      c.req.bodyCache = {};
      await next();
    } else {
      await readJsonBody(c, next);
    }
    const error = c.error;
    if (!c.get('formPost') || !(error instanceof ApiError)) return;
    const page = form.page(body);
    const to =
      error.status === 401
        ? `${MY_PAGES.home}?error=signed-out`
        : error.status === 429
          ? withFlag(page, 'error', 'limit')
          : error.status === 400 && error.errors?.code
            ? withFlag(page, 'error', 'code')
            : undefined;
    if (to) {
      c.res = undefined;
      c.res = new Response(null, { status: 303, headers: { Location: to } });
    }
  };
}

function fromForm(form: Record<string, string | File | (string | File)[]>, shape: FormOptions) {
  const body: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(form)) {
    const value = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string').at(-1) ?? '';
    body[key] = shape.booleans?.includes(key) ? ['on', 'true', '1'].includes(value) : value;
  }
  if (shape.unticked) for (const key of shape.booleans ?? []) body[key] ??= false;
  return body;
}

const withFlag = (page: string, name: string, value: string) =>
  `${page}${page.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
const done = (page: string, flag: MyDone) => withFlag(page, 'done', flag);

/** The code page of the address the form gave (email or phone), for the sign-in forms. */
const codePage = (body: Record<string, unknown>) =>
  typeof body.phone === 'string' && body.phone
    ? withFlag(MY_PAGES.code, 'phone', body.phone)
    : withFlag(MY_PAGES.code, 'email', typeof body.email === 'string' ? body.email : '');

/** JSON for a script, 303 to the page for a form post. */
function answer<T>(c: C, body: T, status: 200 | 201 | 202, page: string) {
  if (c.get('formPost')) return c.redirect(page, 303);
  return c.json(body, status);
}

const page = (path: string) => () => path;

/** The check-in page of the posted service and code, where a wrong code is told (?error=code). */
const checkinPage = (body: Record<string, unknown>) =>
  `${MY_PAGES.checkin}?service=${encodeURIComponent(String(body.serviceId ?? ''))}&code=${encodeURIComponent(String(body.code ?? ''))}`;

export function memberRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<MemberEnv>();
  const member = requireMember(deps);
  const auth = requireAuth(deps);
  const body = (form: FormOptions) => memberBody(deps, form);
  const memberRefusals = refusals(400, 401, 403);
  const user = (c: C) => c.get('member').user;

  // ---- Signing in and out ----

  app.openapi(
    createRoute({
      method: 'post',
      path: '/code/',
      summary:
        'Send a 6-digit sign-in code to an account’s email (or phone, when SMS is configured); the same 202 either way',
      middleware: [body({ page: page(MY_PAGES.home) })],
      request: { body: jsonBody(memberCodeRequestSchema) },
      responses: {
        202: jsonAnswer(Detail, 'Sent if an account that may sign in uses the address'),
        303: FORM_POST,
        ...refusals(400, 403, 429),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      await members.requestCode(deps, clientOf(c as unknown as Context<AppEnv>, deps.config).key, input);
      return answer(c, { detail: MEMBER_TEXT.codeSent }, 202, codePage(input));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/session/',
      summary: 'Sign in with the code: sets the member session cookie (httpOnly, SameSite=Lax, Secure over https)',
      middleware: [body({ page: codePage })],
      request: { body: jsonBody(memberSessionRequestSchema) },
      responses: {
        200: jsonAnswer(memberProfileSchema.openapi('MemberProfile'), 'Signed in'),
        303: FORM_POST,
        ...refusals(400, 403),
      },
    }),
    async (c) => {
      const client = clientOf(c as unknown as Context<AppEnv>, deps.config).key;
      const row = await members.redeemSignIn(deps, c.req.valid('json'), client);
      await signIn(c, deps, Number(row.id));
      return answer(c, await memberProfile(deps, row), 200, MY_PAGES.home);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/session/',
      summary: 'Sign out: the session ends and its cookie no longer opens anything',
      middleware: [body({ page: page(MY_PAGES.home) }), member],
      responses: { 204: { description: 'Signed out' }, ...refusals(401, 403) },
    }),
    async (c) => {
      await signOut(c, deps);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/session/end/',
      summary: 'Sign out from a form (no JavaScript): 303 to /my',
      middleware: [body({ page: page(MY_PAGES.home) })],
      responses: { 303: FORM_POST, 204: { description: 'Signed out (JSON)' }, ...refusals(403) },
    }),
    async (c) => {
      await signOut(c, deps);
      return c.get('formPost') ? c.redirect(done(MY_PAGES.home, 'signed-out'), 303) : c.body(null, 204);
    },
  );

  // ---- Passkeys: signing in with one, adding and removing (members/passkeys.ts) ----

  const ceremony = (c: C) => passkeys.ceremonyOf(deps.config, c.req.header('origin'));

  app.openapi(
    createRoute({
      method: 'post',
      path: '/passkey/options/',
      summary:
        'A passkey sign-in challenge (no username: any of the site’s passkeys, the person verified on the device)',
      middleware: [body({ page: page(MY_PAGES.home) })],
      responses: {
        200: jsonAnswer(passkeyChallengeSchema, 'The challenge_id and the options for navigator.credentials.get()'),
        ...refusals(400, 403, 429),
      },
    }),
    async (c) => {
      const { key, address } = clientOf(c as unknown as Context<AppEnv>, deps.config);
      const from = { client: key, address, device: deviceOf(c.req.header('user-agent')) };
      return c.json(await passkeys.memberSignInOptions(deps, ceremony(c), from), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/passkey/',
      summary: 'Sign in with a passkey: sets the member session cookie, as a code does; one 401 for every refusal',
      middleware: [body({ page: page(MY_PAGES.home) })],
      request: { body: jsonBody(memberPasskeySignInSchema) },
      responses: { 200: jsonAnswer(memberProfileSchema, 'Signed in'), ...refusals(400, 401, 403, 429) },
    }),
    async (c) => {
      const client = clientOf(c as unknown as Context<AppEnv>, deps.config).key;
      const row = await passkeys.memberPasskeySignIn(deps, c.req.valid('json'), ceremony(c), client);
      await signIn(c, deps, Number(row.id));
      return c.json(await memberProfile(deps, row), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/passkeys/',
      summary: 'The account’s passkeys (name, added, last used), whichever door added them',
      middleware: [member],
      responses: { 200: jsonAnswer(z.array(memberPasskeySchema), 'Oldest first'), ...refusals(401) },
    }),
    async (c) => c.json(await passkeys.passkeysOf(deps, user(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/passkeys/options/',
      summary: 'Options for adding a passkey (navigator.credentials.create()); the challenge lives 5 minutes',
      middleware: [body({ page: page(MY_PAGES.details) }), member],
      responses: { 200: jsonAnswer(passkeyOptionsSchema, 'PublicKeyCredentialCreationOptionsJSON'), ...memberRefusals },
    }),
    async (c) => c.json(await passkeys.memberRegistrationOptions(deps, user(c), ceremony(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/passkeys/',
      summary: 'Add a passkey: its name and the authenticator’s answer to the options (audited)',
      middleware: [body({ page: page(MY_PAGES.details) }), member],
      request: { body: jsonBody(memberPasskeyAddSchema) },
      responses: { 201: jsonAnswer(memberPasskeySchema, 'The passkey'), ...memberRefusals },
    }),
    async (c) => c.json(await passkeys.addMemberPasskey(deps, user(c), c.req.valid('json'), ceremony(c)), 201),
  );

  for (const [method, path] of [
    ['delete', '/me/passkeys/{id}/'],
    ['post', '/me/passkeys/{id}/delete/'],
  ] as const)
    app.openapi(
      createRoute({
        method,
        path,
        summary:
          method === 'delete'
            ? 'Remove one of the account’s own passkeys (any other id: 404; audited)'
            : 'The same as DELETE, for the remove form (303 to /my/details)',
        middleware: [body({ page: page(MY_PAGES.details) }), member],
        request: { params: PasskeyId },
        responses: { 204: { description: 'Removed' }, 303: FORM_POST, ...refusals(401, 403, 404) },
      }),
      async (c) => {
        await passkeys.removeMemberPasskey(deps, user(c), c.req.valid('param').id);
        return c.get('formPost') ? c.redirect(done(MY_PAGES.details, 'passkey-removed'), 303) : c.body(null, 204);
      },
    );

  // ---- Reading ----

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/',
      summary: 'The member’s profile, household, ministries, registrations, prayer requests and gifts',
      middleware: [member],
      responses: { 200: jsonAnswer(memberMeSchema.openapi('MemberMe'), 'Their own'), ...refusals(401) },
    }),
    async (c) => c.json(await members.me(deps, user(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/export/',
      summary: 'Download my data: everything kept about the member, as a JSON file',
      middleware: [member],
      responses: { 200: jsonAnswer(memberExportSchema, 'A download (Content-Disposition)'), ...refusals(401) },
    }),
    async (c) => {
      const data = await exportOf(deps, user(c));
      c.header('Content-Disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(data, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/directory/',
      summary: 'The members’ directory: members who chose to be listed (signed-in members)',
      middleware: [member],
      responses: { 200: jsonAnswer(z.array(directoryEntrySchema), 'By name'), ...refusals(401) },
    }),
    async (c) => c.json(await directory(deps.database.db), 200),
  );

  // ---- Details, consent, email ----

  for (const method of ['patch', 'post'] as const)
    app.openapi(
      createRoute({
        method,
        path: '/me/',
        summary:
          method === 'patch'
            ? 'Change contact details and consent flags'
            : 'The same as PATCH, for the details form (HTML forms cannot PATCH)',
        middleware: [body({ page: page(MY_PAGES.details) }), member],
        request: { body: jsonBody(memberUpdateSchema) },
        responses: {
          200: jsonAnswer(memberProfileSchema, 'The profile as now stored'),
          303: FORM_POST,
          ...memberRefusals,
        },
      }),
      async (c) =>
        answer(c, await members.updateMember(deps, user(c), c.req.valid('json')), 200, done(MY_PAGES.details, 'saved')),
    );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/consent/',
      summary: 'The consent form: every flag given (an unticked box of a form post is off)',
      middleware: [body({ page: page(MY_PAGES.consent), booleans: CONSENT_FLAGS, unticked: true }), member],
      request: { body: jsonBody(memberConsentSchema) },
      responses: {
        200: jsonAnswer(memberProfileSchema, 'The profile as now stored'),
        303: FORM_POST,
        ...memberRefusals,
      },
    }),
    async (c) =>
      answer(c, await members.updateMember(deps, user(c), c.req.valid('json')), 200, done(MY_PAGES.consent, 'saved')),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/email/',
      summary: 'Change the email address: a code goes to the new address',
      middleware: [body({ page: page(MY_PAGES.details) }), member],
      request: { body: jsonBody(memberEmailChangeSchema) },
      responses: {
        202: jsonAnswer(memberProfileSchema, 'Code sent; pending_email names the address'),
        303: FORM_POST,
        ...refusals(400, 401, 403, 429),
      },
    }),
    async (c) =>
      answer(
        c,
        await members.requestEmailChange(deps, user(c), c.req.valid('json').email),
        202,
        done(MY_PAGES.details, 'email-code-sent'),
      ),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/email/confirm/',
      summary: 'Confirm the new email address with its code',
      middleware: [body({ page: page(MY_PAGES.details) }), member],
      request: { body: jsonBody(memberEmailConfirmSchema) },
      responses: {
        200: jsonAnswer(memberProfileSchema, 'The new address is the account’s'),
        303: FORM_POST,
        ...memberRefusals,
      },
    }),
    async (c) =>
      answer(
        c,
        await members.confirmEmailChange(deps, user(c), c.req.valid('json').code, c.get('member').id),
        200,
        done(MY_PAGES.details, 'email-changed'),
      ),
  );

  // ---- Checking in at a service (the QR code's link: docs/API.md, Services and attendance) ----

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/checkin/',
      summary: 'Check in at a service today with the code shown at church',
      middleware: [body({ page: checkinPage }), member],
      request: { body: jsonBody(memberCheckinSchema) },
      responses: {
        201: jsonAnswer(memberCheckinAnswerSchema, 'Checked in'),
        200: jsonAnswer(memberCheckinAnswerSchema, 'Already checked in today: counted once'),
        303: FORM_POST,
        ...memberRefusals,
      },
    }),
    async (c) => {
      const { serviceId, code } = c.req.valid('json');
      const done = await memberCheckin(deps, user(c), serviceId, code);
      const to = withFlag(
        `${MY_PAGES.checkin}?service=${serviceId}`,
        'done',
        done.created ? 'checked-in' : 'already-in',
      );
      return done.created ? answer(c, done, 201, to) : answer(c, done, 200, to);
    },
  );

  // ---- Sessions ----

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/sessions/',
      summary: 'The account’s /my sessions (device, address, when), the current one marked',
      middleware: [member],
      responses: { 200: jsonAnswer(z.array(memberSessionSchema), 'The latest used first'), ...refusals(401) },
    }),
    async (c) => c.json(await memberSessionsOf(deps, c.get('member')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/sessions/others/end/',
      summary: 'Sign out everywhere else: every other /my session of the account ends (audited)',
      middleware: [body({ page: page(MY_PAGES.details) }), member],
      responses: { 204: { description: 'Signed out elsewhere' }, 303: FORM_POST, ...refusals(401, 403) },
    }),
    async (c) => {
      await endOtherMemberSessions(deps, c.get('member'));
      return c.get('formPost') ? c.redirect(done(MY_PAGES.details, 'sessions-ended'), 303) : c.body(null, 204);
    },
  );

  // ---- Household ----

  for (const method of ['patch', 'post'] as const)
    app.openapi(
      createRoute({
        method,
        path: '/me/household/',
        summary: method === 'patch' ? 'Rename or re-address the member’s household' : 'The same as PATCH, for the form',
        middleware: [body({ page: page(MY_PAGES.household) }), member],
        request: { body: jsonBody(memberHouseholdUpdateSchema) },
        responses: { 200: jsonAnswer(memberHouseholdSchema, 'The household'), 303: FORM_POST, ...memberRefusals },
      }),
      async (c) =>
        answer(
          c,
          await members.updateHousehold(deps, user(c), c.req.valid('json')),
          200,
          done(MY_PAGES.household, 'saved'),
        ),
    );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/household/people/',
      summary: 'Add a child, a spouse or anyone else to the member’s household (made if they have none)',
      middleware: [body({ page: page(MY_PAGES.household) }), member],
      request: { body: jsonBody(memberPersonSchema) },
      responses: { 201: jsonAnswer(memberHouseholdSchema, 'The household'), 303: FORM_POST, ...memberRefusals },
    }),
    async (c) =>
      answer(
        c,
        await members.addPerson(deps, user(c), c.req.valid('json')),
        201,
        done(MY_PAGES.household, 'person-added'),
      ),
  );

  for (const method of ['patch', 'post'] as const)
    app.openapi(
      createRoute({
        method,
        path: '/me/household/people/{id}/',
        summary:
          method === 'patch' ? 'Change a person of the member’s own household' : 'The same as PATCH, for the form',
        middleware: [body({ page: page(MY_PAGES.household) }), member],
        request: { params: PersonId, body: jsonBody(memberPersonUpdateSchema) },
        responses: {
          200: jsonAnswer(memberHouseholdSchema, 'The household'),
          303: FORM_POST,
          ...refusals(400, 401, 403, 404),
        },
      }),
      async (c) =>
        answer(
          c,
          await members.updatePerson(deps, user(c), c.req.valid('param').id, c.req.valid('json')),
          200,
          done(MY_PAGES.household, 'person-saved'),
        ),
    );

  // ---- Ministries, registrations, removal ----

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/ministries/{id}/join/',
      summary: 'Ask to join a public ministry (its leader hears of it)',
      middleware: [body({ page: page(MY_PAGES.ministries) }), member],
      request: { params: MinistryId, body: jsonBody(memberJoinSchema) },
      responses: {
        202: jsonAnswer(Detail, 'Asked'),
        303: FORM_POST,
        ...refusals(400, 401, 403, 404),
        409: jsonAnswer(Detail, 'Already a member of it'),
      },
    }),
    async (c) => {
      await members.joinMinistry(deps, user(c), c.req.valid('param').id, c.req.valid('json').message ?? null);
      return answer(c, { detail: 'Requested.' }, 202, done(MY_PAGES.ministries, 'join-requested'));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/registrations/{id}/cancel/',
      summary: 'Cancel one of the member’s own registrations (the waitlist moves up as when staff cancel)',
      middleware: [body({ page: page(MY_PAGES.registrations) }), member],
      request: { params: RegistrationId },
      responses: {
        200: jsonAnswer(memberRegistrationSchema, 'Cancelled'),
        303: FORM_POST,
        ...refusals(401, 403, 404),
        409: jsonAnswer(Detail, 'Already cancelled, or checked in'),
      },
    }),
    async (c) =>
      answer(
        c,
        await members.cancelRegistration(deps, user(c), c.req.valid('param').id),
        200,
        done(MY_PAGES.registrations, 'cancelled'),
      ),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/removal-request/',
      summary: 'Ask to be removed from the church’s records (staff act on it; audited)',
      middleware: [body({ page: page(MY_PAGES.data) }), member],
      request: { body: jsonBody(memberRemovalSchema) },
      responses: {
        201: jsonAnswer(removalRequestSchema, 'Asked'),
        303: FORM_POST,
        ...memberRefusals,
        409: jsonAnswer(Detail, 'A request is already open'),
      },
    }),
    async (c) =>
      answer(
        c,
        await requestRemoval(deps, user(c), c.req.valid('json').reason ?? null),
        201,
        done(MY_PAGES.data, 'removal-requested'),
      ),
  );

  // ---- Staff ----

  app.openapi(
    route('get', '/removal-requests/', 'Members’ requests to be removed, open ones first (ADMIN and above)', {
      signedIn: [auth, allowed(canHandleRemoval)],
      200: jsonAnswer(z.array(staffRemovalRequestSchema), 'Open first, then newest'),
    }),
    async (c) => c.json(await listRemovalRequests(deps.database.db), 200),
  );

  for (const [path, status] of [
    ['/removal-requests/{id}/done/', 'done'],
    ['/removal-requests/{id}/decline/', 'declined'],
  ] as const)
    app.openapi(
      route('post', path, `Mark a removal request ${status} (ADMIN and above; audited)`, {
        signedIn: [auth, allowed(canHandleRemoval)],
        params: RemovalId,
        200: jsonAnswer(staffRemovalRequestSchema, 'As now stored'),
      }),
      async (c) => c.json(await handleRemoval(deps, c.get('user'), c.req.valid('param').id, status), 200),
    );

  return app;
}
