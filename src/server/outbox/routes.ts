// The outbox as staff see it (docs/API.md, Outbox): every email and SMS, queued, sent or failed, and a failed one
// sent again (ADMIN and above).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { canSeeOutbox } from '../../lib/shared/permissions';
import { outboxItemSchema, outboxQuerySchema } from '../../lib/shared/outbox/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { requireAuth } from '../kernel/sign-in';
import { jsonAnswer, detailAnswer } from '../kernel/contract';
import { allowed, route, wholeId } from '../kernel/routes';
import { listScope, scopedItem } from '../kernel/scope';
import { LIST_LIMIT, OUTBOX_NOT_FOUND, listOutbox, retryOutbox } from './service';

const OutboxItem = outboxItemSchema.openapi('OutboxItem');
const OutboxId = z.object({ id: wholeId(OUTBOX_NOT_FOUND) });
const mayRead = allowed(canSeeOutbox);

export function outboxRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  app.openapi(
    route('get', '/', `Every email and SMS, newest first, at most ${LIST_LIMIT} (ADMIN and above)`, {
      signedIn: [auth, mayRead],
      query: outboxQuerySchema,
      200: jsonAnswer(z.array(OutboxItem), 'Newest first'),
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listOutbox(deps.database.db, await listScope(c, deps, query.branch), query), 200);
    },
  );
  app.openapi(
    route('post', '/{id}/retry/', 'Send a failed message again: queued now, attempts kept (ADMIN and above)', {
      signedIn: [auth, mayRead, scopedItem(deps, 'outbox', OUTBOX_NOT_FOUND)],
      params: OutboxId,
      200: jsonAnswer(OutboxItem, 'Queued again'),
      409: detailAnswer('Not failed: queued or already sent'),
    }),
    async (c) => {
      const item = await retryOutbox(deps.database.db, c.get('user'), c.req.valid('param').id, deps.now());
      deps.outbox?.wake();
      return c.json(item, 200);
    },
  );
  return app;
}
