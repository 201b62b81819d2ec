// What every collection's item routes end with (sermons, events, messages, prayer requests): a change to the
// item its {id} names, answered with the item as now stored, and its delete. The collection's byId signs the
// caller in, judges the action and reads the {id}. createInScope is the POST / that adds an item in the caller's
// scope (households, ministries, services), changeInScope the PATCH /{id}/ that changes one there (services,
// first-timers); congregationDoors the sign-in and judgement their routes share.
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv, Scope, UserRow } from './context';
import { jsonAnswer } from './contract';
import { DELETED, allowed, deleteById, route } from './routes';
import { scopeOf, scopedItem } from './scope';
import { requireAuth } from './sign-in';
import {
  canManageCongregation,
  type CongregationAction,
  type CongregationCollection,
} from '../../lib/shared/permissions';

export interface ChangeAndDelete<Id, A extends z.ZodType, U extends z.ZodType> {
  byId: (action: 'edit' | 'delete') => { signedIn: MiddlewareHandler[]; params: z.ZodObject<{ id: z.ZodType<Id> }> };
  /** One item in the words of the answer: 'sermon'. */
  noun: string;
  answer: A;
  /** The change's answer in words, when it says more than 'The {noun} as now stored'. */
  stored?: string;
  change: U;
  summaries: { edit: string; delete: string };
  update: (deps: AppDeps, actor: UserRow, id: Id, input: z.infer<U>) => Promise<z.infer<A>>;
  remove: (deps: AppDeps, actor: UserRow, id: Id) => Promise<void>;
}

export function changeAndDelete<Id, A extends z.ZodType, U extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  { byId, noun, answer, stored, change, summaries, update, remove }: ChangeAndDelete<Id, A, U>,
) {
  // route() cannot follow a schema whose type is still this function's parameter, so the contract takes the
  // change's as a plain ZodType, and the handler the body it read as its output.
  app.openapi(
    route('patch', '/{id}/', summaries.edit, {
      ...byId('edit'),
      json: change as z.ZodType,
      200: jsonAnswer(answer, stored ?? `The ${noun} as now stored`),
    }),
    async (c) =>
      c.json(await update(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json') as z.infer<U>), 200),
  );

  app.openapi(
    route('delete', '/{id}/', summaries.delete, {
      ...byId('delete'),
      ...DELETED,
    }),
    deleteById(deps, remove),
  );
}

export interface CreateInScope<B extends z.ZodType, A extends z.ZodType> {
  summary: string;
  signedIn: MiddlewareHandler | MiddlewareHandler[];
  body: B;
  answer: A;
  create: (deps: AppDeps, actor: UserRow, scope: Scope, input: z.infer<B>) => Promise<z.infer<A>>;
}

/** POST /: the body read, the item made in the caller's scope, answered 201 'Created'. */
export function createInScope<B extends z.ZodType, A extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  { summary, signedIn, body, answer, create }: CreateInScope<B, A>,
) {
  app.openapi(
    route('post', '/', summary, { signedIn, json: body as z.ZodType, 201: jsonAnswer(answer, 'Created') }),
    createInCallerScope(deps, create),
  );
}

export interface ChangeInScope<A extends z.ZodType, U extends z.ZodType> {
  summary: string;
  signedIn: MiddlewareHandler | MiddlewareHandler[];
  params: z.ZodObject<{ id: z.ZodType<number> }>;
  body: U;
  /** One item in the words of the answer: 'service'. */
  noun: string;
  answer: A;
  change: (deps: AppDeps, actor: UserRow, scope: Scope, id: number, input: z.infer<U>) => Promise<z.infer<A>>;
}

/** PATCH /{id}/: the body read, the item in the caller's scope changed, answered 200 with it as now stored. */
export function changeInScope<A extends z.ZodType, U extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  { summary, signedIn, params, body, noun, answer, change }: ChangeInScope<A, U>,
) {
  app.openapi(
    route('patch', '/{id}/', summary, {
      signedIn,
      params,
      json: body as z.ZodType,
      200: jsonAnswer(answer, `The ${noun} as now stored`),
    }),
    async (c) => {
      const input = c.req.valid('json') as z.infer<U>;
      return c.json(await change(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('param').id, input), 200);
    },
  );
}

/** The handler of a create with a JSON body in the caller's scope: the service makes it, 201 with what it answers. */
export const createInCallerScope =
  <In, Out>(deps: AppDeps, create: (deps: AppDeps, actor: UserRow, scope: Scope, input: In) => Promise<Out>) =>
  async (c: Context<AppEnv, string, { out: { json: In } }>) =>
    c.json(await create(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json')), 201);

/** The handler of a change by {id} with a JSON body in the caller's scope: the service changes it, 200 with its answer. */
export const changeInCallerScope =
  <Id, In, Out>(
    deps: AppDeps,
    change: (deps: AppDeps, actor: UserRow, scope: Scope, id: Id, input: In) => Promise<Out>,
  ) =>
  async (c: Context<AppEnv, string, { out: { param: { id: Id }; json: In } }>) =>
    c.json(
      await change(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('param').id, c.req.valid('json')),
      200,
    );

/** The handler of a delete by {id} in the caller's scope: the service removes it (its 404 is the service's), 204. */
export const deleteInCallerScope =
  <Id>(deps: AppDeps, remove: (deps: AppDeps, actor: UserRow, scope: Scope, id: Id) => Promise<void>) =>
  async (c: Context<AppEnv, string, { out: { param: { id: Id } } }>) => {
    await remove(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('param').id);
    return c.body(null, 204);
  };

/**
 * The doors of a congregation collection's routes (households, ministries): `may(action)` signs the caller in and
 * judges the action; `item(action)` also needs the {id} in the caller's scope (404 `notFound` otherwise).
 */
export function congregationDoors(deps: AppDeps, collection: CongregationCollection, notFound: string) {
  const auth = requireAuth(deps);
  const may = (action: CongregationAction) => [
    auth,
    allowed((user) => canManageCongregation(user, collection, action)),
  ];
  const item = (action: CongregationAction) => [...may(action), scopedItem(deps, collection, notFound)];
  return { auth, may, item };
}
