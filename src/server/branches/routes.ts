// Branches (docs/API.md, Branches), mounted at /branches/: anyone lists them; administrators add, change, move and
// delete them within their scope (kernel/scope.ts), where a branch outside it answers 404. A change drops the kept
// copies of /assemblies (deps.content, src/host/response-cache.ts).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  BRANCH_NOT_FOUND,
  branchCreateSchema,
  branchSchema,
  branchSummarySchema,
  branchUpdateSchema,
} from '../../lib/shared/branches/api';
import { STAFF_ROLES } from '../../lib/shared/permissions';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer, detailAnswer } from '../kernel/contract';
import { DELETED, allowed, route, wholeId } from '../kernel/routes';
import { optionalAuth, requireAuth } from '../kernel/sign-in';
import { scopeOf } from '../kernel/scope';
import * as branches from './service';

const Id = z.object({ id: wholeId(BRANCH_NOT_FOUND) });
const Branch = branchSchema.openapi('Branch');

export function branchRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);

  app.openapi(
    route('get', '/', 'Every branch, parents before children (anyone; staff also see the Paystack subaccounts)', {
      signedInOrNot: optionalAuth(deps),
      200: jsonAnswer(z.array(Branch), 'Parents before children'),
    }),
    async (c) => {
      const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
      const staff = !!user && STAFF_ROLES.includes(user.role);
      return c.json(await branches.listBranches(deps.database.db, { staff }), 200);
    },
  );

  app.openapi(
    route('post', '/', 'Add a branch under one in your scope (ADMIN and above)', {
      signedIn: auth,
      json: branchCreateSchema,
      201: jsonAnswer(Branch, 'Created'),
    }),
    async (c) => {
      const branch = await branches.createBranch(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json'));
      deps.content?.changed(['branches']);
      return c.json(branch, 201);
    },
  );

  app.openapi(
    route('patch', '/{id}/', 'Change or move a branch in your scope (ADMIN and above)', {
      signedIn: auth,
      params: Id,
      json: branchUpdateSchema,
      200: jsonAnswer(Branch, 'The branch as now stored'),
    }),
    async (c) => {
      const scope = await scopeOf(c, deps);
      const { id } = c.req.valid('param');
      const branch = await branches.updateBranch(deps, c.get('user'), scope, id, c.req.valid('json'));
      deps.content?.changed(['branches']);
      return c.json(branch, 200);
    },
  );

  app.openapi(
    route('get', '/{id}/summary/', 'A branch and every branch below it in figures (staff whose scope holds it)', {
      signedIn: [auth, allowed((user) => STAFF_ROLES.includes(user.role))],
      params: Id,
      200: jsonAnswer(branchSummarySchema, 'Members, households, attendance; giving for ADMIN and above'),
    }),
    async (c) =>
      c.json(await branches.branchSummary(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('param').id), 200),
  );

  app.openapi(
    route('delete', '/{id}/', 'Delete an empty branch in your scope (ADMIN and above)', {
      signedIn: auth,
      params: Id,
      ...DELETED,
      409: detailAnswer('The branch still has something in it, named in the detail'),
    }),
    async (c) => {
      await branches.deleteBranch(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('param').id);
      deps.content?.changed(['branches']);
      return c.body(null, 204);
    },
  );

  return app;
}
