// Children's check-in (docs/API.md, Children's check-in), mounted at /stations/ and /checkin/. Stations are set
// up by administrators; the check-in calls open the station door (a paired station's cookie, ./door.ts) and the
// bearer door (staff), never for a member's session or the public, so children's data reach only those two.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CHECKIN_TEXT,
  checkinAnswerSchema,
  checkinSchema,
  checkoutAnswerSchema,
  checkoutSchema,
  lookupAnswerSchema,
  lookupSchema,
  pairSchema,
  presentAnswerSchema,
  presentQuery,
  stationCreateSchema,
  stationCreatedSchema,
  stationSchema,
  stationSelfSchema,
} from '../../lib/shared/checkin/api';
import { API_PREFIX } from '../../lib/shared/constants';
import { canCountAttendance } from '../../lib/shared/permissions';
import type { AppDeps } from '../kernel/context';
import { jsonAnswer, detailAnswer } from '../kernel/contract';
import { ApiError, DETAIL } from '../kernel/errors';
import { DELETED, route, wholeId } from '../kernel/routes';
import { scopeOf, scopeOfBranch } from '../kernel/scope';
import { requireAuth } from '../kernel/sign-in';
import { checkIn, checkOut, present } from './checkin';
import { lookup } from './children';
import { mayCheckIn, ownSite, pairedStation, setStationCookie, type Caller, type CheckinEnv } from './door';
import { LABELS_CSP, labelsHtml, labelsOf, labelsZpl, type Labels } from './labels';
import { sendToPrinter } from './printer';
import { createStation, deleteStation, listStations, pairStation } from './stations';

const StationId = z.object({ id: wholeId(CHECKIN_TEXT.stationNotFound) });
const CheckinId = z.object({ id: wholeId(CHECKIN_TEXT.checkinNotFound) });
const labelsUrl = (id: number) => `${API_PREFIX}/checkin/labels/${id}/`;

async function callerOf(c: Context<CheckinEnv>, deps: AppDeps): Promise<Caller> {
  const station = c.get('station');
  if (station) {
    const scope = await scopeOfBranch(deps.database.db, Number(station.branch_id));
    if (!scope) throw new ApiError(401, CHECKIN_TEXT.stationUnpaired);
    return { station, scope };
  }
  return { userId: Number(c.get('user').id), scope: await scopeOf(c, deps) };
}

/**
 * Sends a check-in's labels to the station's printer and keeps the result ('ok' or the failure): those of a check-in
 * just made as it made them, else read again.
 */
async function printLabels(deps: AppDeps, caller: Caller, codeId: number, made?: Labels): Promise<string | null> {
  const printer = caller.station?.printer;
  if (!printer) return null;
  const labels = made ?? (await labelsOf(deps.database.db, caller.scope, codeId));
  if (!labels) throw new ApiError(404, CHECKIN_TEXT.checkinNotFound);
  const result = await sendToPrinter(printer, labelsZpl(labels));
  await deps.database.db.updateTable('checkin_codes').set({ print_result: result }).where('id', '=', codeId).execute();
  return result;
}

export function stationRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<CheckinEnv>();
  const auth = requireAuth(deps);

  app.openapi(
    route('get', '/', 'The check-in stations of your scope, with their last activity (staff)', {
      signedIn: auth,
      200: jsonAnswer(z.array(stationSchema.openapi('Station')), 'By name'),
    }),
    async (c) => {
      if (!canCountAttendance(c.get('user'))) throw new ApiError(403, DETAIL.forbidden);
      return c.json(await listStations(deps, await scopeOf(c, deps)), 200);
    },
  );

  app.openapi(
    route('post', '/', 'Add a station and get its pairing code: 8 characters, one use, 24 hours (ADMIN and above)', {
      signedIn: auth,
      json: stationCreateSchema,
      201: jsonAnswer(stationCreatedSchema, 'Created'),
    }),
    async (c) => c.json(await createStation(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json')), 201),
  );

  app.openapi(
    route('post', '/pair/', 'Pair this device with a pairing code: sets the httpOnly station cookie', {
      ownSite: ownSite(deps),
      json: pairSchema,
      200: jsonAnswer(stationSelfSchema, 'Paired'),
    }),
    async (c) => {
      const { token, station } = await pairStation(deps, c.req.valid('json').pairingCode);
      setStationCookie(c, deps, token);
      return c.json({ id: Number(station.id), name: station.name, branchId: Number(station.branch_id) }, 200);
    },
  );

  app.openapi(
    route('get', '/me/', 'The station this device is (by its cookie); 401 when it is not paired', {
      ownSite: ownSite(deps),
      station: pairedStation(deps),
      200: jsonAnswer(stationSelfSchema, 'Paired'),
      401: detailAnswer('Not a paired station'),
    }),
    async (c) => {
      const station = c.get('station')!;
      return c.json({ id: Number(station.id), name: station.name, branchId: Number(station.branch_id) }, 200);
    },
  );

  app.openapi(
    route('delete', '/{id}/', 'Unpair and remove a station (ADMIN and above): its cookie opens nothing after', {
      signedIn: auth,
      params: StationId,
      ...DELETED,
    }),
    async (c) => {
      await deleteStation(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
  return app;
}

export function checkinRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<CheckinEnv>();
  // Each check-in call: a paired station, or staff who may count attendance; from the church's own site only, as
  // every cookie door's calls (kernel/doors.ts ownSiteOnly).
  const doors = { ownSite: ownSite(deps), station: pairedStation(deps), signedIn: [requireAuth(deps), mayCheckIn] };

  app.openapi(
    route('post', '/lookup/', "A household's children by a guardian's phone (a station or staff)", {
      ...doors,
      json: lookupSchema,
      200: jsonAnswer(lookupAnswerSchema, 'The household and its children'),
      404: detailAnswer('No household has an account with that phone'),
    }),
    async (c) => {
      const { phone, serviceId } = c.req.valid('json');
      return c.json(await lookup(deps, await callerOf(c, deps), phone, serviceId), 200);
    },
  );

  app.openapi(
    route('post', '/', 'Check children in to a service today under one new security code (a station or staff)', {
      ...doors,
      json: checkinSchema,
      201: jsonAnswer(checkinAnswerSchema, 'Checked in'),
      409: detailAnswer('A child is already checked in to that service today'),
    }),
    async (c) => {
      const caller = await callerOf(c, deps);
      const key = c.req.header('idempotency-key')?.slice(0, 100) || undefined;
      const made = await checkIn(deps, caller, c.req.valid('json'), key);
      const print = made.printer ? await printLabels(deps, caller, made.id, made.labels) : null;
      return c.json(
        {
          id: made.id,
          securityCode: made.securityCode,
          children: made.children,
          labelsUrl: labelsUrl(made.id),
          print,
          sms: made.sms,
        },
        201,
      );
    },
  );

  app.openapi(
    route('post', '/{id}/print/', "Send a check-in's labels to the station's printer again (a station)", {
      ...doors,
      params: CheckinId,
      200: jsonAnswer(z.object({ print: z.string().nullable() }), "'ok', the failure, or null without a printer"),
    }),
    async (c) => c.json({ print: await printLabels(deps, await callerOf(c, deps), c.req.valid('param').id) }, 200),
  );

  app.openapi(
    route(
      'get',
      '/labels/{id}/',
      "A check-in's labels as a printable page for 62 × 29 mm labels (a station or staff)",
      {
        ...doors,
        params: CheckinId,
        200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } },
      },
    ),
    async (c) => {
      const labels = await labelsOf(deps.database.db, (await callerOf(c, deps)).scope, c.req.valid('param').id);
      if (!labels) throw new ApiError(404, CHECKIN_TEXT.checkinNotFound);
      return c.html(labelsHtml(labels), 200, {
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': LABELS_CSP,
      });
    },
  );

  app.openapi(
    route('post', '/checkout/', "Release the children of today's security code (a station or staff)", {
      ...doors,
      json: checkoutSchema,
      200: jsonAnswer(checkoutAnswerSchema, 'Collected'),
      409: detailAnswer('Already collected'),
    }),
    async (c) => c.json(await checkOut(deps, await callerOf(c, deps), c.req.valid('json').securityCode), 200),
  );

  app.openapi(
    route(
      'get',
      '/present/',
      'The children checked in to a service on a date and not collected, with allergies (staff)',
      {
        signedIn: requireAuth(deps),
        query: presentQuery,
        200: jsonAnswer(presentAnswerSchema, 'In the building now'),
      },
    ),
    async (c) => {
      if (!canCountAttendance(c.get('user'))) throw new ApiError(403, CHECKIN_TEXT.checkinDenied);
      const { serviceId, date } = c.req.valid('query');
      return c.json(await present(deps, await scopeOf(c, deps), serviceId, date), 200);
    },
  );
  return app;
}
