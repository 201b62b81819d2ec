// Prayer requests (docs/API.md (Prayers)): anyone sends one (JSON from the island or the plain form post of
// /prayers), reads the prayer wall and says "I prayed"; staff read every request with its contact details and
// handle it (VISITOR_RULES.prayers in permissions.ts: PASTOR and above read and edit, ADMIN and above delete).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { PRAYER_SENT, backTo, prayerCardFragment } from '../../lib/shared/visitors/form-posts';
import {
  PRAYER_NOT_FOUND,
  prayerAnswerSchema,
  prayerChangeSchema,
  prayerCreatedSchema,
  prayerNoteSchema,
  prayerWallItemSchema,
  supportersSchema,
} from '../../lib/shared/prayers/api';
import { prayerRequestSchema } from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { clientOf } from '../kernel/client';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { answerSubmission, markFormPost, publicForm } from '../public/form-posts';
import { staffRoutes, visitorId } from '../public/visitor-routes';
import * as prayers from './service';

const PrayerAnswer = prayerAnswerSchema.openapi('PrayerRequest');
const WallItem = prayerWallItemSchema.openapi('PrayerWallItem');
const PrayerId = visitorId(PRAYER_NOT_FOUND);
const TOO_MANY = { description: 'Too many submissions from this address: try again after Retry-After seconds' };
const FORM_POST = { description: 'An HTML form post: back to the page (see docs/API.md)' };

export function prayerRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    route('post', '/', 'Send a prayer request (anyone; JSON or an HTML form post)', {
      ...publicForm({
        booleans: ['isPublic', 'urgent'],
        decoy: () => ({ status: 201, body: { id: 0, status: 'active', approved: false } }),
        back: () => backTo(PRAYER_SENT.page, PRAYER_SENT.fragment),
      }),
      json: prayerRequestSchema,
      201: jsonAnswer(prayerCreatedSchema, 'Stored; waits for staff approval before the wall'),
      303: FORM_POST,
      429: TOO_MANY,
    }),
    async (c) => {
      const created = await prayers.submitPrayer(deps, clientOf(c, deps.config).key, c.req.valid('json'));
      return answerSubmission(c, created, 201, backTo(PRAYER_SENT.page, PRAYER_SENT.fragment));
    },
  );

  app.openapi(
    route('get', '/public/', 'The prayer wall: approved public requests, newest first, first names only', {
      200: jsonAnswer(z.array(WallItem), 'Newest first'),
    }),
    async (c) => c.json(await prayers.readPrayerWall(deps), 200),
  );

  app.openapi(
    route('post', '/{id}/prayed/', '"I prayed" (anyone; counts once per client, request and UTC day)', {
      // The wall's tiny form posts here without JavaScript: its answer is a 303 back to the card.
      before: markFormPost,
      params: PrayerId,
      200: jsonAnswer(supportersSchema, 'The count now'),
      303: FORM_POST,
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const answer = await prayers.markPrayed(deps, clientOf(c, deps.config).key, id);
      return answerSubmission(c, answer, 200, backTo(PRAYER_SENT.page, prayerCardFragment(id)));
    },
  );

  const byId = staffRoutes(app, deps, {
    name: 'prayers',
    noun: 'request',
    id: PrayerId,
    answer: PrayerAnswer,
    change: prayerChangeSchema,
    summaries: {
      list: 'Every prayer request, newest first, with contact details (staff)',
      get: 'One prayer request (staff)',
      edit: 'Manage a request: status, priority, approval for the wall, public/private, assignee, tags',
      delete: 'Delete a request with its updates (ADMIN and above)',
    },
    service: {
      list: prayers.listPrayers,
      get: prayers.getPrayer,
      update: prayers.updatePrayer,
      remove: prayers.deletePrayer,
    },
  });

  app.openapi(
    route('post', '/{id}/updates/', 'Add a staff update (shown on the wall unless isPublic is false)', {
      ...byId('edit'),
      json: prayerNoteSchema,
      201: jsonAnswer(PrayerAnswer, 'The request with its new update'),
    }),
    async (c) =>
      c.json(await prayers.addUpdate(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(
    route('post', '/{id}/support/', 'Support Prayer: one more supporter (staff)', {
      ...byId('edit'),
      200: jsonAnswer(PrayerAnswer, 'The request'),
    }),
    async (c) => c.json(await prayers.supportPrayer(deps, c.get('user'), c.req.valid('param').id), 200),
  );

  return app;
}
