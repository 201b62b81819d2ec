// The members' door under /members/ (docs/API.md, Members' own door). The member calls open the member door (the
// /my cookie, session.ts) and nothing else; every state-changing one is refused (403) from another site (the
// own-site guard beside the SameSite cookie, forms.ts) and takes JSON or an HTML form post from the /my pages,
// which the kernel's form-post layer answers 303 back to its page (forms.ts; the map is in
// lib/shared/members/api.ts's head comment). By what they do: signing in and out (sign-in-routes.ts), passkeys
// (passkey-routes.ts), details (details-routes.ts), the household (household-routes.ts); here the reads, joining a
// ministry, cancelling a registration, asking to be removed, and the staff's removal requests (bearer door).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer, detailAnswer } from '../kernel/contract';
import { allowed, route, wholeId } from '../kernel/routes';
import { requireAuth } from '../kernel/sign-in';
import { formAnswer } from '../kernel/form-posts';
import { HEADCOUNT_DENIED, canCountAttendance, canHandleRemoval } from '../../lib/shared/permissions';
import { ApiError } from '../kernel/errors';
import { scopeOfUser } from '../kernel/scope';
import { recordHeadcount } from '../attendance/headcounts';
import {
  MEMBER_TEXT,
  MY_PAGES,
  directoryEntrySchema,
  memberExportSchema,
  memberJoinSchema,
  memberMeSchema,
  memberRegistrationSchema,
  memberRemovalSchema,
  removalRequestSchema,
  staffRemovalRequestSchema,
} from '../../lib/shared/members/api';
import { MINISTRY_NOT_FOUND } from '../../lib/shared/ministries/api';
import { REGISTRATION_NOT_FOUND } from '../../lib/shared/registrations/api';
import { requireMember } from './session';
import * as members from './service';
import { directory } from './directory';
import { exportOf } from './export';
import { handleRemoval, listRemovalRequests, requestRemoval } from './removal';
import { done, FORM_POST, formDoors, withFlag } from './forms';
import { memberCheckin } from '../attendance/checkins';
import {
  headcountAnswerSchema,
  headcountSchema,
  memberCheckinAnswerSchema,
  memberCheckinSchema,
} from '../../lib/shared/attendance/api';
import { signInRoutes } from './sign-in-routes';
import { passkeyRoutes } from './passkey-routes';
import { detailsRoutes } from './details-routes';
import { householdRoutes } from './household-routes';

const MinistryId = z.object({ id: wholeId(MINISTRY_NOT_FOUND) });
const RegistrationId = z.object({ id: wholeId(REGISTRATION_NOT_FOUND) });
const RemovalId = z.object({ id: wholeId(MEMBER_TEXT.removalNotFound) });

export function memberRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const member = requireMember(deps);
  const formDoor = formDoors(deps);
  const auth = requireAuth(deps);

  app.route('/', signInRoutes(deps));
  app.route('/', passkeyRoutes(deps));

  // ---- Reading ----

  app.openapi(
    route('get', '/me/', 'The member’s profile, household, ministries, registrations, prayer requests and gifts', {
      member,
      200: jsonAnswer(memberMeSchema.openapi('MemberMe'), 'Their own'),
    }),
    async (c) => c.json(await members.me(deps, c.get('member').user), 200),
  );

  app.openapi(
    route('get', '/me/export/', 'Download my data: everything kept about the member, as a JSON file', {
      member,
      200: jsonAnswer(memberExportSchema, 'A download (Content-Disposition)'),
    }),
    async (c) => {
      const data = await exportOf(deps, c.get('member').user);
      c.header('Content-Disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(data, 200);
    },
  );

  app.openapi(
    route('get', '/directory/', 'The members’ directory: members who chose to be listed (signed-in members)', {
      member,
      200: jsonAnswer(z.array(directoryEntrySchema), 'By name'),
    }),
    async (c) => c.json(await directory(deps.database.db), 200),
  );

  app.route('/', detailsRoutes(deps));
  app.route('/', householdRoutes(deps));

  // ---- Ministries, registrations, removal ----

  app.openapi(
    route('post', '/me/ministries/{id}/join/', 'Ask to join a public ministry (its leader hears of it)', {
      ...formDoor(MY_PAGES.ministries),
      params: MinistryId,
      json: memberJoinSchema,
      202: detailAnswer('Asked'),
      303: FORM_POST,
      409: detailAnswer('Already a member of it'),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await members.joinMinistry(deps, c.get('member').user, id, c.req.valid('json').message ?? null);
      return formAnswer(c, { detail: 'Requested.' }, 202, done(MY_PAGES.ministries, 'join-requested'));
    },
  );

  app.openapi(
    route(
      'post',
      '/me/registrations/{id}/cancel/',
      'Cancel one of the member’s own registrations (the waitlist moves up as when staff cancel)',
      {
        ...formDoor(MY_PAGES.registrations),
        params: RegistrationId,
        200: jsonAnswer(memberRegistrationSchema, 'Cancelled'),
        303: FORM_POST,
        409: detailAnswer('Already cancelled, or checked in'),
      },
    ),
    async (c) => {
      const cancelled = await members.cancelRegistration(deps, c.get('member').user, c.req.valid('param').id);
      return formAnswer(c, cancelled, 200, done(MY_PAGES.registrations, 'cancelled'));
    },
  );

  app.openapi(
    route('post', '/me/removal-request/', 'Ask to be removed from the church’s records (staff act on it; audited)', {
      ...formDoor(MY_PAGES.data),
      json: memberRemovalSchema,
      201: jsonAnswer(removalRequestSchema, 'Asked'),
      303: FORM_POST,
      409: detailAnswer('A request is already open'),
    }),
    async (c) => {
      const asked = await requestRemoval(deps, c.get('member').user, c.req.valid('json').reason ?? null);
      return formAnswer(c, asked, 201, done(MY_PAGES.data, 'removal-requested'));
    },
  );

  // ---- Checking in at a service (the QR code's link: docs/API.md, Services and attendance) ----

  /** The check-in page of the posted service and code, where a wrong code is told (?error=code). */
  const checkinPage = (fields: Record<string, unknown>) =>
    `${MY_PAGES.checkin}?service=${encodeURIComponent(String(fields.serviceId ?? ''))}&code=${encodeURIComponent(String(fields.code ?? ''))}`;

  app.openapi(
    route('post', '/me/checkin/', 'Check in at a service today with the code shown at church', {
      ...formDoor(checkinPage),
      json: memberCheckinSchema,
      201: jsonAnswer(memberCheckinAnswerSchema, 'Checked in'),
      200: jsonAnswer(memberCheckinAnswerSchema, 'Already checked in today: counted once'),
      303: FORM_POST,
    }),
    async (c) => {
      const { serviceId, code } = c.req.valid('json');
      const checkedIn = await memberCheckin(deps, c.get('member').user, serviceId, code);
      const to = withFlag(
        `${MY_PAGES.checkin}?service=${serviceId}`,
        'done',
        checkedIn.created ? 'checked-in' : 'already-in',
      );
      return checkedIn.created ? formAnswer(c, checkedIn, 201, to) : formAnswer(c, checkedIn, 200, to);
    },
  );

  // ---- A headcount from a phone without JavaScript (/my/headcount; docs/API.md, Services and attendance) ----

  /** Where the form comes back to: the same service and date chosen, so the next entry is a few taps. */
  const headcountPage = (fields: Record<string, unknown>) =>
    `${MY_PAGES.headcount}?service=${encodeURIComponent(String(fields.serviceId ?? ''))}&date=${encodeURIComponent(String(fields.date ?? ''))}`;

  app.openapi(
    route(
      'post',
      '/me/headcount/',
      'A headcount from /my (PASTOR and above, their scope): as POST /attendance/, through the member door',
      {
        ...formDoor(headcountPage),
        json: headcountSchema,
        refuses: [403],
        201: jsonAnswer(headcountAnswerSchema, 'Saved'),
        200: jsonAnswer(headcountAnswerSchema, 'Saved, replacing the one for that service and date'),
        303: FORM_POST,
      },
    ),
    async (c) => {
      const user = c.get('member').user;
      // The member door opens for any account; counting is the staff's (the same rule as the portal's call).
      if (!canCountAttendance(user)) throw new ApiError(403, HEADCOUNT_DENIED);
      const input = c.req.valid('json');
      const { row, replaced } = await recordHeadcount(deps, user, await scopeOfUser(deps.database.db, user), input);
      const to = done(headcountPage(input), replaced ? 'headcount-replaced' : 'headcount-saved');
      return replaced ? formAnswer(c, { ...row, replaced }, 200, to) : formAnswer(c, { ...row, replaced }, 201, to);
    },
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
