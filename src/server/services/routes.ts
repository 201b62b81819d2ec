// The regular services (docs/API.md, Services and attendance), mounted at /services/: anyone lists them (staff see
// their scope); administrators add, change and delete them within their scope, where one outside it answers 404.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { STAFF_ROLES } from '../../lib/shared/permissions';
import {
  SERVICE_NOT_FOUND,
  serviceCreateSchema,
  serviceListQuery,
  serviceSchema,
  serviceUpdateSchema,
} from '../../lib/shared/services/api';
import { BRANCH_NOT_FOUND } from '../../lib/shared/branches/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { changeInScope, createInScope, deleteInCallerScope } from '../kernel/item-routes';
import { ApiError } from '../kernel/errors';
import { DELETED, route, wholeId } from '../kernel/routes';
import { optionalAuth, requireAuth } from '../kernel/sign-in';
import { narrowScope, scopeOf, scopeOfBranch } from '../kernel/scope';
import * as services from './service';

const Id = z.object({ id: wholeId(SERVICE_NOT_FOUND) });
const Service = serviceSchema.openapi('Service');

export function serviceRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const db = deps.database.db;

  app.openapi(
    route('get', '/', 'The regular services (anyone; staff see their scope); ?branch= that branch and below', {
      signedInOrNot: optionalAuth(deps),
      query: serviceListQuery,
      200: jsonAnswer(z.array(Service), 'By branch, day and time'),
    }),
    async (c) => {
      const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
      const staff = !!user && STAFF_ROLES.includes(user.role);
      const mine = staff ? await scopeOf(c, deps) : undefined;
      const { branch } = c.req.valid('query');
      let scope = mine;
      if (branch !== undefined) {
        scope = mine ? await narrowScope(db, mine, branch) : await scopeOfBranch(db, branch);
        if (!scope) throw new ApiError(404, BRANCH_NOT_FOUND);
      }
      return c.json(await services.listServices(db, scope), 200);
    },
  );

  createInScope(app, deps, {
    summary: 'Add a service to a branch of your scope (ADMIN and above)',
    signedIn: auth,
    body: serviceCreateSchema,
    answer: Service,
    create: services.createService,
  });

  changeInScope(app, deps, {
    summary: 'Change a service of your scope (ADMIN and above)',
    signedIn: auth,
    params: Id,
    body: serviceUpdateSchema,
    noun: 'service',
    answer: Service,
    change: services.updateService,
  });

  app.openapi(
    route('delete', '/{id}/', 'Delete a service of your scope (ADMIN and above); its counts stay', {
      signedIn: auth,
      params: Id,
      ...DELETED,
    }),
    deleteInCallerScope(deps, services.deleteService),
  );

  return app;
}
