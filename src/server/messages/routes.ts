// Contact messages (docs/API.md (Messages)): anyone sends one through POST /contact/ (JSON from the island or
// the plain form post of /contact); staff read and handle them in the inbox (VISITOR_RULES.messages in
// permissions.ts: PASTOR and above read and edit, ADMIN and above delete).
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { CONTACT_SENT, backTo } from '../../lib/shared/visitors/form-posts';
import { CONTACT_SUCCESS } from '../../lib/shared/messages/contact-options';
import {
  MESSAGE_NOT_FOUND,
  contactMessageSchema,
  contactReceivedSchema,
  messageChangeSchema,
  unreadCountSchema,
} from '../../lib/shared/messages/api';
import { contactSchema } from '../../lib/shared/schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../auth/middleware';
import { jsonAnswer, jsonBody, refusals } from '../kernel/contract';
import { DELETED, deleteById, route, wholeId } from '../kernel/routes';
import { answerSubmission, readSubmission } from '../public/form-posts';
import type { VisitorAction } from '../../lib/shared/permissions';
import { mayHandle as handles } from '../public/visitor-access';
import * as messages from './service';

const MessageAnswer = contactMessageSchema.openapi('ContactMessage');
const MessageId = z.object({ id: wholeId(MESSAGE_NOT_FOUND) });
const SENT = backTo(CONTACT_SENT.page, CONTACT_SENT.fragment);

const mayHandle = handles('messages');

/** POST /contact/ (mounted at /contact/). */
export function contactRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Send a message to the church (anyone; JSON or an HTML form post)',
      middleware: readSubmission({
        arrays: ['services'],
        decoy: () => ({ status: 201, body: { id: 0, detail: CONTACT_SUCCESS } }),
        back: () => SENT,
      }),
      request: { body: jsonBody(contactSchema) },
      responses: {
        201: jsonAnswer(contactReceivedSchema, 'Stored and sent on to the notification recipients'),
        303: { description: 'An HTML form post: back to /contact#message-sent' },
        ...refusals(400),
        429: { description: 'Too many submissions from this address: try again after Retry-After seconds' },
      },
    }),
    async (c) => {
      const id = await messages.submitMessage(deps, c.get('client').key, c.req.valid('json'));
      return answerSubmission(c, { id, detail: CONTACT_SUCCESS }, 201, SENT);
    },
  );
  return app;
}

/** The staff inbox (mounted at /messages/). */
export function messageRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  /** Staff whose role may do the action, on the message the {id} names. */
  const byId = (action: VisitorAction) => ({ signedIn: [auth, mayHandle(action)], params: MessageId });

  app.openapi(
    route('get', '/', 'Every contact message, newest first (staff)', {
      signedIn: [auth, mayHandle('read')],
      200: jsonAnswer(z.array(MessageAnswer), 'Newest first'),
    }),
    async (c) => c.json(await messages.listMessages(deps), 200),
  );

  app.openapi(
    route('get', '/unread-count/', "Unread messages not archived: the sidebar's badge (staff)", {
      signedIn: [auth, mayHandle('read')],
      200: jsonAnswer(unreadCountSchema, 'The count'),
    }),
    async (c) => c.json({ unread: await messages.unreadCount(deps) }, 200),
  );

  app.openapi(
    route('get', '/{id}/', 'One contact message (staff)', {
      ...byId('read'),
      200: jsonAnswer(MessageAnswer, 'The message'),
    }),
    async (c) => c.json(await messages.getMessage(deps, c.req.valid('param').id), 200),
  );

  app.openapi(
    route('patch', '/{id}/', 'Mark read or unread, archive or move back to the inbox (staff)', {
      ...byId('edit'),
      json: messageChangeSchema,
      200: jsonAnswer(MessageAnswer, 'The message as now stored'),
    }),
    async (c) =>
      c.json(await messages.updateMessage(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    route('delete', '/{id}/', 'Delete a message (ADMIN and above)', { ...byId('delete'), ...DELETED }),
    deleteById(deps, messages.deleteMessage),
  );

  return app;
}
