// A member's own household at /my/household: its name and address, the people in it. Mounted under /members/ by
// routes.ts.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv, UserRow } from '../kernel/context';
import { jsonAnswer } from '../kernel/contract';
import { route, wholeId } from '../kernel/routes';
import { formAnswer } from '../kernel/form-posts';
import {
  MY_PAGES,
  memberHouseholdSchema,
  memberHouseholdUpdateSchema,
  memberPersonSchema,
  memberPersonUpdateSchema,
  memberChildUpdateSchema,
  type MemberHousehold,
} from '../../lib/shared/members/api';
import { HOUSEHOLD_TEXT, PERSON_NOT_FOUND } from '../../lib/shared/households/api';
import * as members from './service';
import { done, FORM_POST, formDoors, patchAndPost } from './forms';

export function householdRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const door = formDoors(deps)(MY_PAGES.household);

  for (const [method, summary] of patchAndPost('Rename or re-address the member’s household'))
    app.openapi(
      route(method, '/me/household/', summary, {
        ...door,
        json: memberHouseholdUpdateSchema,
        200: jsonAnswer(memberHouseholdSchema, 'The household'),
        303: FORM_POST,
      }),
      async (c) => {
        const household = await members.updateHousehold(deps, c.get('member').user, c.req.valid('json'));
        return formAnswer(c, household, 200, done(MY_PAGES.household, 'saved'));
      },
    );

  app.openapi(
    route(
      'post',
      '/me/household/people/',
      'Add a child, a spouse or anyone else to the member’s household (made if they have none)',
      { ...door, json: memberPersonSchema, 201: jsonAnswer(memberHouseholdSchema, 'The household'), 303: FORM_POST },
    ),
    async (c) => {
      const household = await members.addPerson(deps, c.get('member').user, c.req.valid('json'));
      return formAnswer(c, household, 201, done(MY_PAGES.household, 'person-added'));
    },
  );

  /** A person or a child account by {id}: changed alike (PATCH, or the form's POST), answering the household. */
  function changeById<J extends z.ZodType>(
    path: string,
    what: string,
    notFound: string,
    json: J,
    change: (deps: AppDeps, user: UserRow, id: number, input: z.infer<J>) => Promise<MemberHousehold>,
  ) {
    const params = z.object({ id: wholeId(notFound) });
    for (const [method, summary] of patchAndPost(what))
      app.openapi(
        route(method, path, summary, {
          ...door,
          params,
          json: json as z.ZodType,
          200: jsonAnswer(memberHouseholdSchema, 'The household'),
          303: FORM_POST,
        }),
        async (c) => {
          const { user } = c.get('member');
          const household = await change(deps, user, c.req.valid('param').id, c.req.valid('json') as z.infer<J>);
          return formAnswer(c, household, 200, done(MY_PAGES.household, 'person-saved'));
        },
      );
  }
  changeById(
    '/me/household/people/{id}/',
    'Change a person of the member’s own household',
    PERSON_NOT_FOUND,
    memberPersonUpdateSchema,
    members.updatePerson,
  );
  changeById(
    '/me/household/members/{id}/',
    'A child account’s allergies in the member’s own household (under 18)',
    HOUSEHOLD_TEXT.notMember,
    memberChildUpdateSchema,
    members.updateChild,
  );

  return app;
}
