// User management (docs/API.md): the list, the stats, one user, creation, edits, another user's photo, deletion
// and the actions of USER_ACTIONS (permissions.ts, where the users screen finds the same calls). A contract's
// middleware says who may call it: signed in (requireAuth), then, for calls about one user, targetOf loads that
// user and refuses unless the screen would offer the action. Most calls do that before reading their input;
// the four state actions (web access, suspend, reactivate) have always judged their body first.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { USER_ACTIONS, creatableRoles, type UserAction } from '../../lib/shared/permissions';
import {
  emptyBodySchema,
  promoteRoleSchema,
  suspendSchema,
  userCreateSchema,
  userUpdateSchema,
} from '../../lib/shared/schemas';
import { userStatsSchema } from '../../lib/shared/api-schemas';
import type { AppDeps, AppEnv } from '../kernel/context';
import { keptAnswer, type Answer } from './cached-answers';
import { ApiError, DETAIL, validationError } from '../kernel/errors';
import { readAvatarField, readJsonBody } from '../kernel/body';
import { BEARER, UserAnswer, avatarUpload, jsonAnswer, jsonBody, refusals, sentAsIs } from '../kernel/contract';
import { allowed, route } from '../kernel/routes';
import { requireAuth } from '../kernel/sign-in';
import { acceptsGzip } from '../kernel/accept-encoding';
import type { UserRow } from '../kernel/context';
import * as users from './changes';
import { listUsersUntil, presentUser } from './read';
import { userStatsUntil } from './stats';
import { replaceAvatarOf } from './avatar';
import { limitAvatarBody } from '../media/avatars';
import { resetTwoFactor } from '../twofactor/service';
import { listScope, scopeOf } from '../kernel/scope';
import { branchQuerySchema, transferSchema } from '../../lib/shared/branches/api';

/** The {id} of /auth/users/{id}/: a malformed id names nobody, so it is a 404 like an unknown one. */
const UserId = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, DETAIL.userNotFound)
    .transform(Number)
    .refine(Number.isSafeInteger, DETAIL.userNotFound),
});

type UsersEnv = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { target: UserRow } };

const lower = <M extends string>(method: M) => method.toLowerCase() as Lowercase<M>;
const oneUser = jsonAnswer(UserAnswer, 'The user as now stored');
const STILL_KEPT = { description: 'The If-None-Match ETag is still the answer' };

const PAGE_MESSAGE = {
  limit: 'limit must be a whole number from 1 to 1000',
  offset: 'offset must be a whole number from 0',
};
const pageQuery = branchQuerySchema.extend({
  limit: z.coerce
    .number({ error: PAGE_MESSAGE.limit })
    .int(PAGE_MESSAGE.limit)
    .min(1, PAGE_MESSAGE.limit)
    .max(1000, PAGE_MESSAGE.limit)
    .optional(),
  offset: z.coerce
    .number({ error: PAGE_MESSAGE.offset })
    .int(PAGE_MESSAGE.offset)
    .min(0, PAGE_MESSAGE.offset)
    .optional(),
});

/**
 * A kept answer (cached-answers.ts): 304 when the caller has it, else its gzip or its text. Browsers keep it
 * and ask with If-None-Match (no-cache: always asked, never used unasked; private: never in a shared cache).
 */
function sendKept(c: Context<UsersEnv>, answer: Answer<unknown>) {
  const headers: Record<string, string> = {
    ETag: answer.etag,
    'Cache-Control': 'private, no-cache',
    Vary: 'Origin, Authorization, Accept-Encoding',
  };
  const asked = c.req.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag))
    return sentAsIs(null, 304, headers);
  headers['Content-Type'] = 'application/json';
  if (!acceptsGzip(c.req.header('accept-encoding'))) return sentAsIs(answer.json, 200, headers);
  headers['Content-Encoding'] = 'gzip';
  return sentAsIs(answer.gzip, 200, headers);
}

export function userRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<UsersEnv>();
  const auth = requireAuth(deps);
  const userList = keptAnswer(deps, 'users', listUsersUntil);
  const userStats = keptAnswer(deps, 'stats', userStatsUntil);

  /**
   * Loads the {id} user into c.var.target, refusing (403) unless one of these actions is offered for them.
   * Route middleware runs before the contract's validators, so it reads the id with the same schema itself.
   */
  const targetOf =
    (...actions: UserAction[]): MiddlewareHandler<UsersEnv> =>
    async (c, next) => {
      const id = UserId.safeParse(c.req.param());
      if (!id.success) throw new ApiError(404, DETAIL.userNotFound);
      c.set('target', await users.targetFor(deps, c.get('user'), await scopeOf(c, deps), id.data.id, actions));
      await next();
    };

  /** Staff who may create nobody are refused before their input is read. */
  const mayCreate = allowed((user) => creatableRoles(user).length > 0);

  /** Answers 400 for an invalid body now, before the target is loaded (the contract validates it again). */
  const bodyFirst =
    (schema: z.ZodType): MiddlewareHandler<UsersEnv> =>
    async (c, next) => {
      const result = schema.safeParse(await c.req.json());
      if (!result.success) throw validationError(result.error);
      await next();
    };

  /** The contract of a USER_ACTIONS call on one user: its method and path, a JSON body, the user as answer. */
  const action = <A extends keyof typeof USER_ACTIONS, S extends z.ZodType>(
    name: A,
    permits: UserAction[],
    body: S,
    summary: string,
    order: 'target-first' | 'body-first' = 'target-first',
  ) =>
    createRoute({
      method: lower(USER_ACTIONS[name].method),
      path: `/{id}/${USER_ACTIONS[name].path ?? ''}`,
      summary,
      middleware:
        order === 'target-first'
          ? [auth, targetOf(...permits), readJsonBody]
          : [auth, readJsonBody, bodyFirst(body), targetOf(...permits)],
      security: BEARER,
      request: { params: UserId, body: jsonBody(body) },
      responses: { 200: oneUser, ...refusals(400, 401, 403, 404) },
    });

  app.openapi(
    route('get', '/', 'Every user, with memberships and family (or one page of them: limit and offset)', {
      signedIn: auth,
      query: pageQuery,
      200: jsonAnswer(z.array(UserAnswer), 'Every user, by id; with limit, that page (X-Total-Count has all)'),
      304: STILL_KEPT,
    }),
    async (c) => {
      const { limit, offset, branch } = c.req.valid('query');
      const answer = await userList(await listScope(c, deps, branch), c.get('usersVersion'));
      if (limit === undefined && offset === undefined) return sendKept(c, answer);
      const page = answer.value.slice(offset ?? 0, (offset ?? 0) + (limit ?? answer.value.length));
      return c.json(page, 200, { 'X-Total-Count': String(answer.value.length) });
    },
  );

  app.openapi(
    route('get', '/stats/', 'Counts for the users screen and the dashboard, of the scope (or ?branch=)', {
      signedIn: auth,
      query: branchQuerySchema,
      200: jsonAnswer(userStatsSchema, 'The counts'),
      304: STILL_KEPT,
    }),
    async (c) =>
      sendKept(c, await userStats(await listScope(c, deps, c.req.valid('query').branch), c.get('usersVersion'))),
  );

  app.openapi(
    route(lower(USER_ACTIONS.create.method), '/', 'Create an account with its initial password', {
      signedIn: [auth, mayCreate],
      json: userCreateSchema,
      201: jsonAnswer(UserAnswer, 'The new user'),
    }),
    async (c) => {
      const actor = c.get('user');
      const input = c.req.valid('json');
      if (!creatableRoles(actor).includes(input.role)) throw new ApiError(403, DETAIL.forbidden);
      return c.json(await users.createUser(deps, actor, await scopeOf(c, deps), input), 201);
    },
  );

  app.openapi(
    route('post', '/{id}/transfer/', 'Move an account (with its household, if asked) to another branch of your scope', {
      signedIn: [auth, targetOf('edit')],
      params: UserId,
      json: transferSchema,
      200: oneUser,
    }),
    async (c) =>
      c.json(
        await users.transferUser(deps, c.get('user'), await scopeOf(c, deps), c.get('target'), c.req.valid('json')),
        200,
      ),
  );

  app.openapi(
    route('get', '/{id}/', 'One user', { signedIn: [auth, targetOf('view')], params: UserId, 200: oneUser }),
    async (c) => c.json(await presentUser(deps, c.get('target')), 200),
  );

  app.openapi(action('update', ['edit'], userUpdateSchema, "Edit another user's details"), async (c) =>
    c.json(
      await users.updateUser(deps, c.get('user'), await scopeOf(c, deps), c.get('target'), c.req.valid('json')),
      200,
    ),
  );

  app.openapi(
    route('post', '/{id}/', "Upload another user's photo (allowed to whoever may edit them)", {
      before: limitAvatarBody,
      signedIn: [auth, targetOf('edit')],
      params: UserId,
      upload: avatarUpload,
      200: oneUser,
    }),
    async (c) => c.json(await replaceAvatarOf(deps, c.get('user'), c.get('target'), await readAvatarField(c)), 200),
  );

  app.openapi(
    route(lower(USER_ACTIONS.delete.method), '/{id}/', 'Delete a user (and their photo)', {
      signedIn: [auth, targetOf('delete')],
      params: UserId,
      204: { description: 'Deleted' },
    }),
    async (c) => {
      await users.deleteUser(deps, c.get('user'), c.get('target'));
      return c.body(null, 204);
    },
  );

  app.openapi(
    action('promote', ['promote', 'demote'], promoteRoleSchema, 'Give a user a higher or lower role'),
    async (c) => {
      const { role } = c.req.valid('json');
      users.assertMayGiveRole(c.get('user'), c.get('target'), role);
      return c.json(await users.changeRole(deps, c.get('user'), c.get('target'), role), 200);
    },
  );

  app.openapi(
    action('grant_web_access', ['grant_web_access'], emptyBodySchema, 'Let a user into the admin portal', 'body-first'),
    async (c) => c.json(await users.setWebAccess(deps, c.get('user'), c.get('target'), true), 200),
  );

  app.openapi(
    action(
      'revoke_web_access',
      ['revoke_web_access'],
      emptyBodySchema,
      'Keep a user out of the admin portal',
      'body-first',
    ),
    async (c) => c.json(await users.setWebAccess(deps, c.get('user'), c.get('target'), false), 200),
  );

  app.openapi(
    action('suspend', ['suspend'], suspendSchema, 'Suspend a user (their sessions end)', 'body-first'),
    async (c) => c.json(await users.suspendUser(deps, c.get('user'), c.get('target'), c.req.valid('json').reason), 200),
  );

  app.openapi(action('reactivate', ['reactivate'], emptyBodySchema, 'Lift a suspension', 'body-first'), async (c) =>
    c.json(await users.reactivateUser(deps, c.get('user'), c.get('target')), 200),
  );

  app.openapi(
    route('post', '/{id}/2fa/reset/', "Reset a user's two-factor sign-in: every factor removed, every session ended", {
      signedIn: [auth, targetOf('reset_two_factor')],
      params: UserId,
      204: { description: 'Reset; the person is emailed' },
    }),
    async (c) => {
      await resetTwoFactor(deps, c.get('user'), c.get('target'));
      return c.body(null, 204);
    },
  );

  return app;
}
