// Ministries (docs/API.md, Ministries), mounted at /ministries/: anyone lists the public ones and asks to join one
// (JSON or the plain form post of /ministries); every staff member reads them and decides join requests; ADMIN and
// above change them and who belongs (CONGREGATION_RULES in permissions.ts).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  JOIN_REQUEST_NOT_FOUND,
  JOIN_THANKS,
  MINISTRIES_PAGE,
  MINISTRY_NOT_FOUND,
  MINISTRY_TEXT,
  joinAcceptSchema,
  joinFormSchema,
  joinReceiptSchema,
  joinRequestListQuerySchema,
  joinRequestSchema,
  joinedFragment,
  ministryCreateSchema,
  ministryDetailSchema,
  ministryMemberAddSchema,
  ministryMemberChangeSchema,
  ministrySchema,
  ministryUpdateSchema,
  publicMinistrySchema,
} from '../../lib/shared/ministries/api';
import { backTo } from '../../lib/shared/visitors/form-posts';
import { branchQuerySchema } from '../../lib/shared/branches/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { clientOf } from '../kernel/client';
import { detailAnswer, jsonAnswer } from '../kernel/contract';
import { changeById, readById, removeMemberById, route, wholeId } from '../kernel/routes';
import { changeAndDelete, congregationDoors, createInScope } from '../kernel/item-routes';
import { answerSubmission, publicForm } from '../public/form-posts';
import * as ministries from './ministries';
import { listScope, scopeOf, inScope } from '../kernel/scope';
import { ApiError } from '../kernel/errors';
import type { MiddlewareHandler } from 'hono';
import * as members from './members';
import * as joinRequests from './join-requests';

const Id = z.object({ id: wholeId(MINISTRY_NOT_FOUND) });
const MemberId = Id.extend({ userId: wholeId(MINISTRY_TEXT.notMember) });
const RequestId = z.object({ rid: wholeId(JOIN_REQUEST_NOT_FOUND) });
const CONFLICT = detailAnswer('Already decided');

/** Where a join form's plain post lands: the ministry's card on /ministries, which thanks the visitor. */
const joined = (id: number) => backTo(MINISTRIES_PAGE, joinedFragment(id));

export function ministryRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { may, item } = congregationDoors(deps, 'ministries', MINISTRY_NOT_FOUND);
  /** A {rid} route: the request's ministry must be in the caller's scope (404 otherwise). */
  const requestInScope: MiddlewareHandler<AppEnv> = async (c, next) => {
    const scope = await scopeOf(c, deps);
    const rid = Number(c.req.param('rid'));
    if (!scope.root && Number.isSafeInteger(rid) && rid > 0 && rid < 2 ** 31) {
      const query = deps.database.db
        .selectFrom('ministry_join_requests as r')
        .innerJoin('ministries as m', 'm.id', 'r.ministry_id')
        .select('r.id')
        .where('r.id', '=', rid);
      if (!(await inScope(query, scope, 'm.branch_id').executeTakeFirst()))
        throw new ApiError(404, JOIN_REQUEST_NOT_FOUND);
    }
    await next();
  };
  const Detail = ministryDetailSchema.openapi('Ministry');
  const Request = joinRequestSchema.openapi('MinistryJoinRequest');
  const stored = 'The ministry as now stored, with its members';
  const detail = jsonAnswer(Detail, stored);

  app.openapi(
    route('get', '/', "The church's public ministries and groups by name (anyone)", {
      200: jsonAnswer(z.array(publicMinistrySchema.openapi('PublicMinistry')), 'By name'),
    }),
    async (c) => c.json(await ministries.listPublicMinistries(deps.database.db), 200),
  );

  app.openapi(
    route('get', '/all/', 'Every ministry with its leader, member count and pending requests (staff); ?branch=', {
      signedIn: may('read'),
      query: branchQuerySchema,
      200: jsonAnswer(z.array(ministrySchema), 'By name'),
    }),
    async (c) => {
      const scope = await listScope(c, deps, c.req.valid('query').branch);
      return c.json(await ministries.listMinistries(deps.database.db, scope), 200);
    },
  );

  app.openapi(
    route('get', '/join-requests/', 'Join requests of one status (pending by default), pending oldest first (staff)', {
      signedIn: may('read'),
      query: joinRequestListQuerySchema,
      200: jsonAnswer(z.array(Request), 'The requests'),
    }),
    async (c) => {
      const { status, branch } = c.req.valid('query');
      const scope = await listScope(c, deps, branch);
      return c.json(await joinRequests.listJoinRequests(deps.database.db, scope, status), 200);
    },
  );

  app.openapi(
    route(
      'post',
      '/join-requests/{rid}/accept/',
      'Accept a join request: the account that asked, a linked one (user_id), a new MEMBER account ' +
        '(create_account, ADMIN and above) or the one found by its email or phone joins (staff)',
      {
        signedIn: [...may('decide_requests'), requestInScope],
        params: RequestId,
        json: joinAcceptSchema,
        200: jsonAnswer(Request, 'As now stored, with the account that joined'),
        409: CONFLICT,
      },
    ),
    async (c) => {
      const { rid } = c.req.valid('param');
      return c.json(
        await joinRequests.decideJoinRequest(deps, c.get('user'), rid, 'accepted', c.req.valid('json')),
        200,
      );
    },
  );

  app.openapi(
    route('post', '/join-requests/{rid}/decline/', 'Decline a join request (staff)', {
      signedIn: [...may('decide_requests'), requestInScope],
      params: RequestId,
      200: jsonAnswer(Request, 'As now stored'),
      409: CONFLICT,
    }),
    async (c) =>
      c.json(await joinRequests.decideJoinRequest(deps, c.get('user'), c.req.valid('param').rid, 'declined'), 200),
  );

  app.openapi(
    route(
      'post',
      '/{id}/join/',
      'Ask to join a public ministry: a name and an email or a phone (anyone; JSON or an HTML form post)',
      {
        ...publicForm({
          decoy: () => ({ status: 201, body: { id: 0, detail: JOIN_THANKS } }),
          back: (c) => joined(Number(c.req.param('id')) || 0),
        }),
        params: Id,
        json: joinFormSchema,
        201: jsonAnswer(joinReceiptSchema, 'Recorded; the leader or the staff are told by email'),
        303: { description: 'An HTML form post: back to /ministries#joined-{id}' },
        429: { description: 'Too many submissions from this address: try again after Retry-After seconds' },
      },
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const key = clientOf(c, deps.config).key;
      const requestId = await joinRequests.submitJoinRequest(deps, key, id, c.req.valid('json'));
      return answerSubmission(c, { id: requestId, detail: JOIN_THANKS }, 201, joined(id));
    },
  );

  createInScope(app, deps, {
    summary: 'Create a ministry (ADMIN and above)',
    signedIn: may('edit'),
    body: ministryCreateSchema,
    answer: Detail,
    create: ministries.createMinistry,
  });

  app.openapi(
    route('get', '/{id}/', 'One ministry with its members (staff)', {
      signedIn: item('read'),
      params: Id,
      200: jsonAnswer(Detail, 'The ministry'),
    }),
    readById(deps, ministries.getMinistry),
  );

  changeAndDelete(app, deps, {
    byId: () => ({ signedIn: item('edit'), params: Id }),
    noun: 'ministry',
    answer: Detail,
    stored,
    change: ministryUpdateSchema,
    summaries: {
      edit: 'Change a ministry (ADMIN and above)',
      delete: 'Delete a ministry with its memberships and requests (ADMIN and above)',
    },
    update: ministries.updateMinistry,
    remove: ministries.deleteMinistry,
  });

  app.openapi(
    route('post', '/{id}/members/', 'Add an account to the ministry with a role (ADMIN and above)', {
      signedIn: item('edit'),
      params: Id,
      json: ministryMemberAddSchema,
      200: detail,
    }),
    changeById(deps, members.addMinistryMember),
  );

  app.openapi(
    route('patch', '/{id}/members/{userId}/', "Change a member's role (ADMIN and above)", {
      signedIn: item('edit'),
      params: MemberId,
      json: ministryMemberChangeSchema,
      200: detail,
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await members.changeMinistryRole(deps, c.get('user'), id, userId, c.req.valid('json').role), 200);
    },
  );

  app.openapi(
    route('delete', '/{id}/members/{userId}/', 'Remove a member from the ministry (ADMIN and above)', {
      signedIn: item('edit'),
      params: MemberId,
      200: detail,
    }),
    removeMemberById(deps, members.removeMinistryMember),
  );

  return app;
}
