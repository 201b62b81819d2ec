// First-timers (docs/API.md, First-timers), mounted at /first-timers/: anyone sends a visitor card (JSON, or the
// plain form post of /welcome); staff of PASTOR and above follow the cards of their scope up; administrators make
// a member account from a card.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  FIRST_TIMER_TEXT,
  WELCOME_SENT,
  firstTimerCardSchema,
  firstTimerChangeSchema,
  firstTimerListQuery,
  firstTimerSchema,
} from '../../lib/shared/first-timers/api';
import { backTo } from '../../lib/shared/visitors/form-posts';
import type { AppDeps, AppEnv } from '../kernel/context';
import { clientOf } from '../kernel/client';
import { UserAnswer, jsonAnswer, detailAnswer } from '../kernel/contract';
import { route, wholeId } from '../kernel/routes';
import { changeInScope } from '../kernel/item-routes';
import { scopeOf } from '../kernel/scope';
import { requireAuth } from '../kernel/sign-in';
import { answerSubmission, publicForm } from '../public/form-posts';
import * as cards from './service';

const Id = z.object({ id: wholeId(FIRST_TIMER_TEXT.notFound) });
const Card = firstTimerSchema.openapi('FirstTimer');
const THANKS = backTo(WELCOME_SENT.page, WELCOME_SENT.fragment);

export function firstTimerRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const db = deps.database.db;

  app.openapi(
    route(
      'post',
      '/',
      "A first-timer's visitor card (anyone; JSON or an HTML form post): a phone or an email; a welcome follows",
      {
        ...publicForm({
          booleans: ['wantsVisit'],
          decoy: () => ({ status: 201, body: { id: 0 } }),
          back: () => THANKS,
        }),
        json: firstTimerCardSchema,
        201: jsonAnswer(z.object({ id: z.number().int() }), 'Stored; the welcome is on its way'),
        303: { description: 'An HTML form post: back to /welcome#card-sent' },
        429: { description: 'Too many submissions from this address: try again after Retry-After seconds' },
      },
    ),
    async (c) => {
      const answer = await cards.submitCard(deps, clientOf(c, deps.config).key, c.req.valid('json'));
      return answerSubmission(c, answer, 201, THANKS);
    },
  );

  app.openapi(
    route('get', '/', 'The first-timers of your scope, newest first (PASTOR and above); ?status= one column', {
      signedIn: auth,
      query: firstTimerListQuery,
      200: jsonAnswer(z.array(Card), 'Newest first'),
    }),
    async (c) =>
      c.json(await cards.listCards(db, c.get('user'), await scopeOf(c, deps), c.req.valid('query').status), 200),
  );

  changeInScope(app, deps, {
    summary: 'Move, assign or add a note to a card (PASTOR and above)',
    signedIn: auth,
    params: Id,
    body: firstTimerChangeSchema,
    noun: 'card',
    answer: Card,
    change: cards.changeCard,
  });

  app.openapi(
    route('post', '/{id}/account/', "Make a member account from a card (ADMIN and above); it becomes 'joined'", {
      signedIn: auth,
      params: Id,
      201: jsonAnswer(UserAnswer, 'The new account'),
      409: detailAnswer('An account was already made from this card'),
    }),
    async (c) => {
      const scope = await scopeOf(c, deps);
      return c.json(await cards.makeAccount(deps, c.get('user'), scope, c.req.valid('param').id), 201);
    },
  );

  return app;
}
