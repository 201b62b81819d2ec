// Households for staff (docs/API.md, Households), mounted at /households/: every staff member reads them; ADMIN
// and above change them (CONGREGATION_RULES in permissions.ts). A member's own household is the members' door's.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  HOUSEHOLD_NOT_FOUND,
  PERSON_NOT_FOUND,
  HOUSEHOLD_TEXT,
  householdCreateSchema,
  householdListQuerySchema,
  householdMemberAddSchema,
  householdMergeSchema,
  householdPageSchema,
  staffPersonCreateSchema,
  staffPersonUpdateSchema,
  staffChildAccountUpdateSchema,
  householdSchema,
  householdUpdateSchema,
} from '../../lib/shared/households/api';
import type { AppDeps, AppEnv } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { changeById, removeMemberById, route, wholeId } from '../kernel/routes';
import { changeAndDelete, changeInCallerScope, congregationDoors, createInScope } from '../kernel/item-routes';
import * as households from './households';
import { listScope } from '../kernel/scope';
import * as people from './people';
import { updateChildAccount } from './child-accounts';

const Id = z.object({ id: wholeId(HOUSEHOLD_NOT_FOUND) });
const MemberId = Id.extend({ userId: wholeId(HOUSEHOLD_TEXT.notMember) });
const PersonId = Id.extend({ personId: wholeId(PERSON_NOT_FOUND) });

export function householdRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const { may, item } = congregationDoors(deps, 'households', HOUSEHOLD_NOT_FOUND);
  const Household = householdSchema.openapi('Household');
  const answer = jsonAnswer(Household, 'The household as now stored');

  app.openapi(
    route('get', '/', 'Households by name, a page at a time; search matches a household or a name in it (staff)', {
      signedIn: may('read'),
      query: householdListQuerySchema,
      200: jsonAnswer(householdPageSchema, '{count, results}'),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const scope = await listScope(c, deps, query.branch);
      return c.json(await households.listHouseholds(deps.database.db, scope, query, deps.now()), 200);
    },
  );

  createInScope(app, deps, {
    summary: 'Create a household; a head given moves into it (ADMIN and above)',
    signedIn: may('edit'),
    body: householdCreateSchema,
    answer: Household,
    create: households.createHousehold,
  });

  app.openapi(
    route('get', '/{id}/', 'One household (staff)', {
      signedIn: item('read'),
      params: Id,
      200: jsonAnswer(Household, 'The household'),
    }),
    async (c) => c.json(await households.getHousehold(deps.database.db, c.req.valid('param').id, deps.now()), 200),
  );

  changeAndDelete(app, deps, {
    byId: () => ({ signedIn: item('edit'), params: Id }),
    noun: 'household',
    answer: Household,
    change: householdUpdateSchema,
    summaries: {
      edit: 'Change the name, address or head (one of its accounts) (ADMIN and above)',
      delete: 'Delete a household and its people; its accounts stay (ADMIN and above)',
    },
    update: households.updateHousehold,
    remove: households.deleteHousehold,
  });

  app.openapi(
    route('post', '/{id}/merge/', 'Merge household `from` into this one: its people move, it is deleted (ADMIN+)', {
      signedIn: item('edit'),
      params: Id,
      json: householdMergeSchema,
      200: answer,
    }),
    changeInCallerScope(deps, households.mergeHouseholds),
  );

  app.openapi(
    route('post', '/{id}/members/', 'An account joins the household, leaving any other (ADMIN and above)', {
      signedIn: item('edit'),
      params: Id,
      json: householdMemberAddSchema,
      200: answer,
    }),
    changeInCallerScope(deps, households.addMember),
  );

  app.openapi(
    route('delete', '/{id}/members/{userId}/', 'An account leaves the household (ADMIN and above)', {
      signedIn: item('edit'),
      params: MemberId,
      200: answer,
    }),
    removeMemberById(deps, households.removeMember),
  );

  app.openapi(
    route(
      'patch',
      '/{id}/members/{userId}/',
      "A child account's allergies and notes (ADMIN and above; under 18 only)",
      {
        signedIn: item('edit'),
        params: MemberId,
        json: staffChildAccountUpdateSchema,
        200: answer,
      },
    ),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await updateChildAccount(deps, c.get('user'), id, userId, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    route('post', '/{id}/people/', 'Add a person without an account (ADMIN and above)', {
      signedIn: item('edit'),
      params: Id,
      json: staffPersonCreateSchema,
      200: answer,
    }),
    changeById(deps, people.addPerson),
  );

  app.openapi(
    route('patch', '/{id}/people/{personId}/', 'Change a person of the household (ADMIN and above)', {
      signedIn: item('edit'),
      params: PersonId,
      json: staffPersonUpdateSchema,
      200: answer,
    }),
    async (c) => {
      const { id, personId } = c.req.valid('param');
      return c.json(await people.updatePerson(deps, c.get('user'), id, personId, c.req.valid('json')), 200);
    },
  );

  app.openapi(
    route('delete', '/{id}/people/{personId}/', 'Remove a person from the household (ADMIN and above)', {
      signedIn: item('edit'),
      params: PersonId,
      200: answer,
    }),
    async (c) => {
      const { id, personId } = c.req.valid('param');
      return c.json(await people.removePerson(deps, c.get('user'), id, personId), 200);
    },
  );

  return app;
}
