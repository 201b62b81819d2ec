// A member's own passkeys at /my/details (passkeys.ts): the list, adding one (the script's ceremony), removing one
// (a plain form too). Mounted under /members/ by routes.ts.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../kernel/context';
import { DETAIL } from '../kernel/errors';
import { jsonAnswer } from '../kernel/contract';
import { route, wholeId } from '../kernel/routes';
import { formDone } from '../kernel/form-posts';
import { MY_PAGES, memberPasskeyAddSchema, memberPasskeySchema } from '../../lib/shared/members/api';
import { passkeyOptionsSchema } from '../../lib/shared/twofactor/passkeys';
import { requireMember } from './session';
import * as passkeys from './passkeys';
import { done, FORM_POST, formDoors, ownSite } from './forms';

const PasskeyId = z.object({ id: wholeId(DETAIL.notFound) });

export function passkeyRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const member = requireMember(deps);
  const guard = ownSite(deps);
  const formDoor = formDoors(deps);

  app.openapi(
    route('get', '/me/passkeys/', 'The account’s passkeys (name, added, last used), whichever door added them', {
      member,
      200: jsonAnswer(z.array(memberPasskeySchema), 'Oldest first'),
    }),
    async (c) => c.json(await passkeys.passkeysOf(deps, c.get('member').user), 200),
  );

  app.openapi(
    route(
      'post',
      '/me/passkeys/options/',
      'Options for adding a passkey (navigator.credentials.create()); the challenge lives 5 minutes',
      {
        ownSite: guard,
        member,
        refuses: [400],
        200: jsonAnswer(passkeyOptionsSchema, 'PublicKeyCredentialCreationOptionsJSON'),
      },
    ),
    async (c) => {
      const ceremony = passkeys.ceremonyOf(deps.config, c.req.header('origin'));
      return c.json(await passkeys.memberRegistrationOptions(deps, c.get('member').user, ceremony), 200);
    },
  );

  app.openapi(
    route('post', '/me/passkeys/', 'Add a passkey: its name and the authenticator’s answer to the options (audited)', {
      ownSite: guard,
      json: memberPasskeyAddSchema,
      member,
      201: jsonAnswer(memberPasskeySchema, 'The passkey'),
    }),
    async (c) => {
      const ceremony = passkeys.ceremonyOf(deps.config, c.req.header('origin'));
      return c.json(await passkeys.addMemberPasskey(deps, c.get('member').user, c.req.valid('json'), ceremony), 201);
    },
  );

  for (const [method, path] of [
    ['delete', '/me/passkeys/{id}/'],
    ['post', '/me/passkeys/{id}/delete/'],
  ] as const)
    app.openapi(
      route(
        method,
        path,
        method === 'delete'
          ? 'Remove one of the account’s own passkeys (any other id: 404; audited)'
          : 'The same as DELETE, for the remove form (303 to /my/details)',
        {
          ...formDoor(MY_PAGES.details),
          params: PasskeyId,
          204: { description: 'Removed' },
          303: FORM_POST,
        },
      ),
      async (c) => {
        await passkeys.removeMemberPasskey(deps, c.get('member').user, c.req.valid('param').id);
        return formDone(c, done(MY_PAGES.details, 'passkey-removed'));
      },
    );

  return app;
}
