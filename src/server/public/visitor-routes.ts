// The staff side of what visitors send that contact messages and prayer requests share: the list, one by its id,
// a change and a delete (VISITOR_RULES in permissions.ts: PASTOR and above read and edit, ADMIN and above delete).
// A contract's middleware refuses by rank before the input is read.
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { VisitorAction, VisitorCollection } from '../../lib/shared/permissions';
import type { AppDeps, AppEnv, UserRow } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { route, wholeId } from '../kernel/routes';
import { changeAndDelete } from '../kernel/item-routes';
import { requireAuth } from '../kernel/sign-in';
import { mayHandle } from './visitor-access';

/** The {id} of a message or a request: a whole number; anything else names nothing, so it is a 404. */
export const visitorId = (notFound: string) => z.object({ id: wholeId(notFound) });

interface Collection<A extends z.ZodType, U extends z.ZodType> {
  name: Exclude<VisitorCollection, 'registrations'>;
  /** One item in the words of the answers: 'message'. */
  noun: string;
  /** The {id} of /{collection}/{id}/ (visitorId). */
  id: ReturnType<typeof visitorId>;
  /** The item's answer, named for the document (components/schemas). */
  answer: A;
  change: U;
  summaries: { list: string; get: string; edit: string; delete: string };
  service: {
    list: (deps: AppDeps) => Promise<z.infer<A>[]>;
    get: (deps: AppDeps, id: number) => Promise<z.infer<A>>;
    update: (deps: AppDeps, actor: UserRow, id: number, input: z.infer<U>) => Promise<z.infer<A>>;
    remove: (deps: AppDeps, actor: UserRow, id: number) => Promise<void>;
  };
}

/**
 * Adds the shared staff routes to the collection's sub-app, after its own fixed paths (/unread-count/,
 * /public/), which an {id} would otherwise take; byId serves the routes the collection adds after them.
 */
export function staffRoutes<A extends z.ZodType, U extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  { name, noun, id, answer, change, summaries, service }: Collection<A, U>,
) {
  const auth = requireAuth(deps);
  const may = mayHandle(name);
  /** Staff whose role may do the action, on the item the {id} names. */
  const byId = (action: VisitorAction) => ({ signedIn: [auth, may(action)], params: id });

  app.openapi(
    route('get', '/', summaries.list, {
      signedIn: [auth, may('read')],
      200: jsonAnswer(z.array(answer), 'Newest first'),
    }),
    async (c) => c.json(await service.list(deps), 200),
  );

  app.openapi(
    route('get', '/{id}/', summaries.get, { ...byId('read'), 200: jsonAnswer(answer, `The ${noun}`) }),
    async (c) => c.json(await service.get(deps, c.req.valid('param').id), 200),
  );

  changeAndDelete(app, deps, { byId, noun, answer, change, summaries, update: service.update, remove: service.remove });

  return byId;
}
