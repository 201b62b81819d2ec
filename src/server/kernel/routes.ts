// A route contract from what sets it apart: its method, path and summary, who may call, what it reads and what it
// answers. The refusals it documents follow from those parts, so a contract cannot forget one or claim one it
// cannot give: signing in refuses 401 and 403, an {id} that names nothing 404, a body or a query 400.
import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { readJsonBody } from './body';
import type { AppDeps, AppEnv, UserRow } from './context';
import { BEARER, jsonBody, refusals } from './contract';
import { ApiError, DETAIL } from './errors';

/** An {id} that is a whole number of the database's ids; anything else names nothing, so it is a 404. */
export const wholeId = (notFound: string) =>
  z.coerce
    .number({ error: notFound })
    .int(notFound)
    .positive(notFound)
    .max(2 ** 31 - 1, notFound);

/** Route middleware after requireAuth: 403, before any input is read, unless the rule allows the caller. */
export const allowed =
  (rule: (user: UserRow) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!rule(c.get('user'))) throw new ApiError(403, DETAIL.forbidden);
    await next();
  };

/** A delete's one answer: no body. */
export const DELETED = { 204: { description: 'Deleted' } } as const;

/** The handler of a delete by {id}: the service removes the row as the caller (its 404 is the service's), 204. */
export const deleteById =
  <Id>(deps: AppDeps, remove: (deps: AppDeps, actor: UserRow, id: Id) => Promise<void>) =>
  async (c: Context<AppEnv, string, { out: { param: { id: Id } } }>) => {
    await remove(deps, c.get('user'), c.req.valid('param').id);
    return c.body(null, 204);
  };

/** The handler of a change by {id} with a JSON body: the service changes the row as the caller, 200 with what it answers. */
export const changeById =
  <Id, In, Out>(deps: AppDeps, change: (deps: AppDeps, actor: UserRow, id: Id, input: In) => Promise<Out>) =>
  async (c: Context<AppEnv, string, { out: { param: { id: Id }; json: In } }>) =>
    c.json(await change(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Handlers = MiddlewareHandler | MiddlewareHandler[];
type Request = NonNullable<RouteConfig['request']>;

/** The parts of a contract; besides them, its answers by status (jsonAnswer, or { description } for no body). */
interface Parts {
  /** Runs before anything else: an upload's body limit, the mark of a form post. */
  before?: MiddlewareHandler;
  /** Signs the caller in (requireAuth) and judges them; the document asks for the bearer token. */
  signedIn?: Handlers;
  /** Signs in a caller who sends a token (optionalAuth); anyone else is anonymous. */
  signedInOrNot?: Handlers;
  params?: Request['params'];
  query?: Request['query'];
  /** A JSON object body, read by readJsonBody after the sign-in. */
  json?: z.ZodType;
  /** A multipart upload (contract.ts avatarUpload, audioUpload), read by the handler. */
  upload?: { required: boolean; content: object };
}

type Part<S, K extends keyof Parts> = S extends { [P in K]: infer T } ? T : undefined;
type Has<S, K extends keyof Parts> = S extends { [P in K]: unknown } ? true : false;
type Refused<S> =
  | (true extends Has<S, 'signedIn'> | Has<S, 'signedInOrNot'> ? 401 | 403 : never)
  | (true extends Has<S, 'params'> ? 404 : never)
  | (true extends Has<S, 'json'> | Has<S, 'query'> | Has<S, 'upload'> ? 400 : never);
type Answers<S> = { [K in Extract<keyof S, number>]: S[K] };

export function route<
  const M extends Method,
  const P extends string,
  const S extends Parts & { [status: number]: { description: string } },
>(method: M, path: P, summary: string, spec: S) {
  const { before, signedIn, signedInOrNot, params, query, json, upload, ...answers } = spec as Parts &
    Record<number, unknown>;
  const caller = [signedIn ?? signedInOrNot ?? []].flat();
  const codes = [
    ...(caller.length ? ([401, 403] as const) : []),
    ...(params ? ([404] as const) : []),
    ...(json || query || upload ? ([400] as const) : []),
  ];
  const request = {
    ...(params && { params }),
    ...(query && { query }),
    ...(json ? { body: jsonBody(json) } : upload && { body: upload }),
  };
  const config = {
    method,
    path,
    summary,
    middleware: [...(before ? [before] : []), ...caller, ...(json ? [readJsonBody] : [])],
    ...(signedIn && { security: BEARER }),
    ...(signedInOrNot && { security: [{}, ...BEARER] }),
    ...(Object.keys(request).length && { request }),
    responses: { ...answers, ...refusals(...codes) },
  };
  return createRoute(
    config as unknown as {
      method: M;
      path: P;
      summary: string;
      middleware: MiddlewareHandler[];
      request: {
        params: Part<S, 'params'>;
        query: Part<S, 'query'>;
        body: Part<S, 'json'> extends z.ZodType ? ReturnType<typeof jsonBody<Part<S, 'json'>>> : Part<S, 'upload'>;
      };
      responses: Answers<S> & ReturnType<typeof refusals<Refused<S>>>;
    },
  );
}
