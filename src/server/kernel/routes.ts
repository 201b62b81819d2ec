// A route contract from what sets it apart: its method, path and summary, the door it opens and who may call, what
// it reads, whether an HTML form may post to it, and what it answers. The refusals it documents follow from those
// parts, so a contract cannot forget one or claim one it cannot give: the bearer door refuses 401 and 403, the
// member and station doors 401, a cookie door's own-site guard 403, an {id} that names nothing 404, a body or a
// query 400; what else a route may refuse (429, say) it names in `refuses`, and an answer it lists by status words
// one of those refusals its own way.
import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { readJsonBody, readJsonBodyWith, type BodyLook } from './body';
import type { AppDeps, AppEnv, UserRow } from './context';
import { BEARER, jsonBody, refusals, type RefusalCode } from './contract';
import { securityOf } from './doors';
import { formPosts, type FormOptions } from './form-posts';
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

/** The handler of a read by {id}: the service reads the row (its 404 is the service's), 200 with what it answers. */
export const readById =
  <Id, Out>(deps: AppDeps, read: (db: AppDeps['database']['db'], id: Id) => Promise<Out>) =>
  async (c: Context<AppEnv, string, { out: { param: { id: Id } } }>) =>
    c.json(await read(deps.database.db, c.req.valid('param').id), 200);

/** The handler of DELETE /{id}/members/{userId}/: the service takes the account out as the caller, 200 with the item. */
export const removeMemberById =
  <Out>(deps: AppDeps, remove: (deps: AppDeps, actor: UserRow, id: number, userId: number) => Promise<Out>) =>
  async (c: Context<AppEnv, string, { out: { param: { id: number; userId: number } } }>) => {
    const { id, userId } = c.req.valid('param');
    return c.json(await remove(deps, c.get('user'), id, userId), 200);
  };

/** The handler of a create with a JSON body: the service makes the row as the caller, 201 with what it answers. */
export const createBy =
  <In, Out>(deps: AppDeps, create: (deps: AppDeps, actor: UserRow, input: In) => Promise<Out>) =>
  async (c: Context<AppEnv, string, { out: { json: In } }>) =>
    c.json(await create(deps, c.get('user'), c.req.valid('json')), 201);

/**
 * A route that opens the station door and the bearer door: each request goes through one of them, the bearer door
 * when it sends an Authorization header (a station sends none: its cookie is its key), else the station's.
 */
function eitherDoor(bearer: MiddlewareHandler[], station: MiddlewareHandler[]): MiddlewareHandler[] {
  if (!bearer.length) return station;
  const sendsToken = (c: Context) => c.req.header('authorization') !== undefined;
  return [
    ...bearer.map(
      (door): MiddlewareHandler =>
        (c, next) =>
          sendsToken(c) ? door(c, next) : next(),
    ),
    ...station.map(
      (door): MiddlewareHandler =>
        (c, next) =>
          sendsToken(c) ? next() : door(c, next),
    ),
  ];
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Handlers = MiddlewareHandler | MiddlewareHandler[];
type Request = NonNullable<RouteConfig['request']>;

/** The parts of a contract; besides them, its answers by status (jsonAnswer, or { description } for no body). */
interface Parts {
  /** Runs before anything else: an upload's body limit. */
  before?: MiddlewareHandler;
  /** A cookie door's guard against other sites (kernel/doors.ts ownSiteOnly), before anything is read. */
  ownSite?: MiddlewareHandler;
  /** HTML form posts are taken, as the JSON call (kernel/form-posts.ts); the handler answers with formAnswer. */
  form?: FormOptions;
  /** The bearer door: signs the caller in (requireAuth) and judges them. */
  signedIn?: Handlers;
  /** The bearer door for a caller who sends a token (optionalAuth); anyone else is anonymous. */
  signedInOrNot?: Handlers;
  /** The member door (members/session.ts requireMember): the /my cookie's member, after the body is read. */
  member?: Handlers;
  /** The member door for a caller who sends the /my cookie (members/session.ts optionalMember); else anonymous. */
  memberOrNot?: Handlers;
  /**
   * The station door (the children's check-in, checkin/door.ts): a paired station's cookie, opened before the body
   * is read, as the bearer door is, so an unpaired device is refused whatever it sends. A route that opens the bearer
   * door too (`signedIn`: staff at the desk) takes a request with an Authorization header through that one instead.
   */
  station?: Handlers;
  /** Refusals the route gives besides those its parts imply. */
  refuses?: readonly RefusalCode[];
  params?: Request['params'];
  query?: Request['query'];
  /** A JSON object body, read by readJsonBody after the bearer and station doors, before the member door. */
  json?: z.ZodType;
  /** A look at the JSON body before the contract judges it, which may answer instead (the public forms' honeypot). */
  look?: BodyLook;
  /** A multipart upload (contract.ts avatarUpload, audioUpload), read by the handler. */
  upload?: { required: boolean; content: object };
}

type Part<S, K extends keyof Parts> = S extends { [P in K]: infer T } ? T : undefined;
type Has<S, K extends keyof Parts> = S extends { [P in K]: unknown } ? true : false;
type Refused<S> =
  | (true extends Has<S, 'signedIn'> | Has<S, 'signedInOrNot'> ? 401 | 403 : never)
  | (true extends Has<S, 'member'> | Has<S, 'station'> ? 401 : never)
  | (true extends Has<S, 'ownSite'> ? 403 : never)
  | (S extends { refuses: readonly (infer R)[] } ? R : never)
  | (true extends Has<S, 'params'> ? 404 : never)
  | (true extends Has<S, 'json'> | Has<S, 'query'> | Has<S, 'upload'> ? 400 : never);
type Answers<S> = { [K in Extract<keyof S, number>]: S[K] };

export function route<
  const M extends Method,
  const P extends string,
  const S extends Parts & { [status: number]: { description: string } },
>(method: M, path: P, summary: string, spec: S) {
  const {
    before,
    ownSite,
    form,
    signedIn,
    signedInOrNot,
    member,
    memberOrNot,
    station,
    refuses,
    params,
    query,
    json,
    look,
    upload,
    ...answers
  } = spec as Parts & Record<number, unknown>;
  // Parts that would be dropped or would make a door its contract does not say.
  if (look && !json) throw new Error(`${method} ${path}: a look at the body needs the json part`);
  if (station && signedInOrNot)
    throw new Error(`${method} ${path}: the station door opens with signedIn, not signedInOrNot`);
  const bearer = [signedIn ?? signedInOrNot ?? []].flat();
  // The member door reads the body first, so a malformed body is a 400 whoever sends it.
  const memberDoor = [member ?? memberOrNot ?? []].flat();
  const stationDoor = [station ?? []].flat();
  const codes = [
    ...(bearer.length ? ([401, 403] as const) : []),
    ...(member || stationDoor.length ? ([401] as const) : []),
    ...(ownSite ? ([403] as const) : []),
    ...(params ? ([404] as const) : []),
    ...(json || query || upload ? ([400] as const) : []),
    ...(refuses ?? []),
  ];
  const request = {
    ...(params && { params }),
    ...(query && { query }),
    ...(json ? { body: jsonBody(json) } : upload && { body: upload }),
  };
  const security = station
    ? [...securityOf('station'), ...(signedIn ? BEARER : [])]
    : signedIn
      ? BEARER
      : signedInOrNot
        ? securityOf('bearer', true)
        : member
          ? securityOf('member')
          : memberOrNot && securityOf('member', true);
  const config = {
    method,
    path,
    summary,
    middleware: [
      ...(before ? [before] : []),
      ...(ownSite ? [ownSite] : []),
      // A door by header or cookie judges a form post itself too (a bad token is refused before the form layer runs
      // the call, as JSON); the member door, after the body, judges the call the layer makes.
      ...(stationDoor.length ? eitherDoor(bearer, stationDoor) : bearer),
      ...(form ? [formPosts(form)] : []),
      ...(json ? [look ? readJsonBodyWith(look) : readJsonBody] : []),
      ...memberDoor,
    ],
    ...(security && { security }),
    ...(Object.keys(request).length && { request }),
    responses: { ...refusals(...new Set(codes)), ...answers },
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
