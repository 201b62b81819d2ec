// Contact messages (docs/API.md (Messages)): anyone sends one through POST /contact/ (JSON from the island or
// the plain form post of /contact); staff read and handle them in the inbox (VISITOR_RULES.messages in
// permissions.ts: PASTOR and above read and edit, ADMIN and above delete).
import { OpenAPIHono } from '@hono/zod-openapi';
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
import { clientOf } from '../kernel/client';
import { requireAuth } from '../kernel/sign-in';
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { answerSubmission, publicForm } from '../public/form-posts';
import { mayHandle as handles } from '../public/visitor-access';
import { staffRoutes, visitorId } from '../public/visitor-routes';
import * as messages from './service';

const SENT = backTo(CONTACT_SENT.page, CONTACT_SENT.fragment);

const mayHandle = handles('messages');

/** POST /contact/ (mounted at /contact/). */
export function contactRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    route('post', '/', 'Send a message to the church (anyone; JSON or an HTML form post)', {
      ...publicForm({
        arrays: ['services'],
        decoy: () => ({ status: 201, body: { id: 0, detail: CONTACT_SUCCESS } }),
        back: () => SENT,
      }),
      json: contactSchema,
      201: jsonAnswer(contactReceivedSchema, 'Stored and sent on to the notification recipients'),
      303: { description: 'An HTML form post: back to /contact#message-sent' },
      429: { description: 'Too many submissions from this address: try again after Retry-After seconds' },
    }),
    async (c) => {
      const id = await messages.submitMessage(deps, clientOf(c, deps.config).key, c.req.valid('json'));
      return answerSubmission(c, { id, detail: CONTACT_SUCCESS }, 201, SENT);
    },
  );
  return app;
}

/** The staff inbox (mounted at /messages/): the count, then the routes of ../public/visitor-routes.ts. */
export function messageRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();

  app.openapi(
    route('get', '/unread-count/', "Unread messages not archived: the sidebar's badge (staff)", {
      signedIn: [requireAuth(deps), mayHandle('read')],
      200: jsonAnswer(unreadCountSchema, 'The count'),
    }),
    async (c) => c.json({ unread: await messages.unreadCount(deps) }, 200),
  );

  staffRoutes(app, deps, {
    name: 'messages',
    noun: 'message',
    id: visitorId(MESSAGE_NOT_FOUND),
    answer: contactMessageSchema.openapi('ContactMessage'),
    change: messageChangeSchema,
    summaries: {
      list: 'Every contact message, newest first (staff)',
      get: 'One contact message (staff)',
      edit: 'Mark read or unread, archive or move back to the inbox (staff)',
      delete: 'Delete a message (ADMIN and above)',
    },
    service: {
      list: messages.listMessages,
      get: messages.getMessage,
      update: messages.updateMessage,
      remove: messages.deleteMessage,
    },
  });

  return app;
}
