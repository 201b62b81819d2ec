// The routes a content collection (sermons, events) shares: anyone reads what the collection shows them (staff
// read all), PASTOR and above create and edit, ADMIN and above delete (CONTENT_RULES in permissions.ts). A
// contract's middleware refuses by rank before the input is read, as the users routes do. Each collection's
// routes.ts names its texts and service, and adds the routes only it has.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, Next } from 'hono';
import type { ContentCollection } from '../../lib/shared/live/types';
import type { ContentAction } from '../../lib/shared/permissions';
import type { AppDeps, AppEnv, Scope, UserRow } from '../kernel/context';
import { listScope, scopeOf, scopeOfBranch, scopedItem } from '../kernel/scope';
import { fieldError } from '../kernel/errors';
import { BRANCH_UNKNOWN } from '../../lib/shared/messages';
import { branchQuerySchema } from '../../lib/shared/branches/api';

const NO_QUERY = z.object({});

/** What a collection without branches (sermons) is handed: the whole church. */
const ROOT: Scope = { branchId: 0, path: '/', root: true };
import { jsonAnswer } from '../kernel/contract';
import { route } from '../kernel/routes';
import { changeAndDelete } from '../kernel/item-routes';
import { optionalAuth, requireAuth } from '../kernel/sign-in';
import { NOT_FOUND, contentId, mayManage, viewerOf } from './access';

interface Collection<A extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  name: ContentCollection;
  /** One item in the words of the summaries and answers: 'sermon', with its article: 'a sermon'. */
  noun: string;
  aNoun: string;
  /** The item's answer, named for the document (components/schemas). */
  answer: A;
  create: C;
  update: U;
  summaries: { list: string; listAnswer: string; get: string; delete: string };
  /** Its items belong to branches (events): a signed-in caller reads and changes only those of their scope. */
  scoped?: 'events';
  service: {
    list: (deps: AppDeps, viewer: UserRow | undefined, scope?: Scope) => Promise<z.infer<A>[]>;
    get: (deps: AppDeps, viewer: UserRow | undefined, id: string) => Promise<z.infer<A>>;
    /** `scope`: the creator's, for a scoped collection (a branch named in the body must lie in it). */
    create: (deps: AppDeps, actor: UserRow, input: z.infer<C>, scope: Scope) => Promise<z.infer<A>>;
    update: (deps: AppDeps, actor: UserRow, id: string, input: z.infer<U>) => Promise<z.infer<A>>;
    remove: (deps: AppDeps, actor: UserRow, id: string) => Promise<void>;
  };
}

/** The collection's sub-app with its shared routes, and byId for the routes the collection adds. */
export function contentRoutes<A extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  deps: AppDeps,
  { name, noun, aNoun, answer, create, update, summaries, scoped, service }: Collection<A, C, U>,
) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const may = mayManage(name);
  const id = contentId(NOT_FOUND[name]);
  /** Outside the caller's scope an item does not exist for them (404). */
  const inScope = scoped ? [scopedItem(deps, scoped, NOT_FOUND[name])] : [];
  /** Staff whose role may do the action, on the item the {id} names. */
  const byId = (action: ContentAction) => ({ signedIn: [auth, may(action), ...inScope], params: id });

  app.openapi(
    route('get', '/', summaries.list, {
      signedInOrNot: optionalAuth(deps),
      // A scoped collection's list takes ?branch= (that branch and below, within the caller's scope).
      query: scoped ? branchQuerySchema : NO_QUERY,
      200: jsonAnswer(z.array(answer), summaries.listAnswer),
    }),
    async (c) => {
      const viewer = viewerOf(c);
      const { branch } = c.req.valid('query') as { branch?: number };
      let scope: Scope | undefined;
      if (scoped && viewer) scope = await listScope(c, deps, branch);
      else if (branch !== undefined) {
        // A visitor's ?branch= names any branch (they are public), and one that does not exist is the same 400.
        scope = await scopeOfBranch(deps.database.db, branch);
        if (!scope) throw fieldError('branch', BRANCH_UNKNOWN);
      }
      return c.json(await service.list(deps, viewer, scope), 200);
    },
  );

  app.openapi(
    route('get', '/{id}/', summaries.get, {
      // A signed-in caller sees an item of their scope only.
      signedInOrNot: [
        optionalAuth(deps),
        ...inScope.map((check) => (c: Context<AppEnv>, next: Next) => (c.get('user') ? check(c, next) : next())),
      ],
      params: id,
      200: jsonAnswer(answer, `The ${noun}`),
    }),
    async (c) => c.json(await service.get(deps, viewerOf(c), c.req.valid('param').id), 200),
  );

  // route() cannot follow a schema whose type is still this function's parameter (kernel/item-routes.ts).
  app.openapi(
    route('post', '/', `Create ${aNoun} (its id is a slug of the title)`, {
      signedIn: [auth, may('create')],
      json: create as z.ZodType,
      201: jsonAnswer(answer, `The new ${noun}`),
    }),
    async (c) => {
      const scope = scoped ? await scopeOf(c, deps) : ROOT;
      return c.json(await service.create(deps, c.get('user'), c.req.valid('json') as z.infer<C>, scope), 201);
    },
  );

  changeAndDelete(app, deps, {
    byId,
    noun,
    answer,
    change: update,
    summaries: { edit: 'Change the fields sent (the id stays)', delete: summaries.delete },
    update: service.update,
    remove: service.remove,
  });

  return { app, byId };
}
