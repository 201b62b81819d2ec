// Event registrations (docs/API.md (Registrations)): anyone registers for a public event that takes
// registrations (JSON, or the plain form post of /events); staff list, check in and cancel them
// (VISITOR_RULES.registrations in permissions.ts); a registrant cancels with the link from their email.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { backTo, registrationFragment, REGISTRATION_CANCELLED_FRAGMENT } from '../../lib/shared/visitors/form-posts';
import {
  REGISTRATION_NOT_FOUND,
  cancelTokenSchema,
  registrationAnswerSchema,
  registrationChangeSchema,
  registrationReceiptSchema,
} from '../../lib/shared/registrations/api';
import { registrationSchema } from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { clientOf } from '../kernel/client';
import { optionalAuth, requireAuth } from '../kernel/sign-in';
import { jsonAnswer, detailAnswer } from '../kernel/contract';
import { route, wholeId } from '../kernel/routes';
import { scopedItem } from '../kernel/scope';
import { contentId, viewerOf } from '../content/access';
import { EVENT_NOT_FOUND } from '../events/service';
import { answerSubmission, publicForm } from '../public/form-posts';
import { mayHandle as handles } from '../public/visitor-access';
import * as registrations from './service';

const EventId = contentId(EVENT_NOT_FOUND);
const RegistrationId = EventId.extend({ rid: wholeId(REGISTRATION_NOT_FOUND) });
const EVENTS_PAGE = '/events';
const FORM_POST = { description: 'An HTML form post: back to /events with the answer as the fragment' };
const CLOSED = detailAnswer('The event takes no registration now');

const mayHandle = handles('registrations');

/** Mounted at /events/ next to the event routes. */
export function registrationRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);

  app.openapi(
    route(
      'post',
      '/{id}/registrations/',
      'Register for an event (anyone; JSON or an HTML form post): confirmed while seats remain, else waitlisted',
      {
        ...publicForm({
          numbers: ['seats'],
          decoy: (body) => ({
            status: 201,
            body: { id: 0, status: 'confirmed', seats: typeof body.seats === 'number' ? body.seats : 1 },
          }),
          back: () => backTo(EVENTS_PAGE, registrationFragment('confirmed')),
        }),
        // Staff who send their token may register for an event the public does not see yet.
        signedInOrNot: optionalAuth(deps),
        params: EventId,
        json: registrationSchema,
        201: jsonAnswer(registrationReceiptSchema, 'Registered; a confirmation email is on its way'),
        303: FORM_POST,
        409: CLOSED,
        429: { description: 'Too many submissions from this address: try again after Retry-After seconds' },
      },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const receipt = await registrations.register(
        deps,
        clientOf(c, deps.config).key,
        viewerOf(c),
        id,
        c.req.valid('json'),
      );
      return answerSubmission(c, receipt, 201, backTo(EVENTS_PAGE, registrationFragment(receipt.status)));
    },
  );

  app.openapi(
    route('get', '/{id}/registrations/', "An event's registrations in the order they came (staff)", {
      signedIn: [auth, mayHandle('read'), scopedItem(deps, 'events', EVENT_NOT_FOUND)],
      params: EventId,
      200: jsonAnswer(z.array(registrationAnswerSchema.openapi('Registration')), 'Oldest first'),
    }),
    async (c) => c.json(await registrations.listRegistrations(deps, c.req.valid('param').id), 200),
  );

  app.openapi(
    route(
      'patch',
      '/{id}/registrations/{rid}/',
      'Check in or cancel a registration (cancelling confirms the waitlist in order, as far as seats allow)',
      {
        signedIn: [auth, mayHandle('edit'), scopedItem(deps, 'events', EVENT_NOT_FOUND)],
        params: RegistrationId,
        json: registrationChangeSchema,
        200: jsonAnswer(registrationAnswerSchema, 'The registration as now stored'),
        409: detailAnswer('Not possible from its present status'),
      },
    ),
    async (c) => {
      const { id, rid } = c.req.valid('param');
      const answer = await registrations.changeRegistration(deps, c.get('user'), id, rid, c.req.valid('json').status);
      return c.json(answer, 200);
    },
  );

  return app;
}

/** Mounted at /registrations/: the registrant's own cancel link. */
export function registrationCancelRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const cancelled = backTo(EVENTS_PAGE, REGISTRATION_CANCELLED_FRAGMENT);
  app.openapi(
    route(
      'post',
      '/cancel/',
      "Cancel a registration with the token of its confirmation email's link (JSON or an HTML form post)",
      {
        ...publicForm({
          decoy: () => ({ status: 200, body: { status: 'cancelled' } }),
          back: () => cancelled,
        }),
        json: cancelTokenSchema,
        refuses: [404],
        200: jsonAnswer(z.object({ status: z.literal('cancelled') }), 'Cancelled'),
        303: FORM_POST,
      },
    ),
    async (c) => {
      await registrations.cancelByToken(deps, c.req.valid('json').token);
      return answerSubmission(c, { status: 'cancelled' as const }, 200, cancelled);
    },
  );
  return app;
}
