// Attendance (docs/API.md, Services and attendance), mounted at /attendance/: every staff role reads the report;
// PASTOR and above enter headcounts, mark people present, show the day's check-in code and care for absentees.
// Everything follows the caller's scope (kernel/scope.ts): `?branch=` narrows it, outside it is a 404.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ATTENDANCE_TEXT,
  absentMessageSchema,
  absentQuery,
  absenteeSchema,
  attendanceQuery,
  attendanceRowSchema,
  attendanceWeekSchema,
  checkinAnswerSchema,
  checkinCodeSchema,
  checkinSchema,
  codeQuery,
  followupAnswerSchema,
  followupSchema,
  headcountAnswerSchema,
  headcountSchema,
  weeklyQuery,
} from '../../lib/shared/attendance/api';
import { BRANCH_NOT_FOUND } from '../../lib/shared/branches/api';
import { broadcastResultSchema } from '../../lib/shared/broadcasts/api';
import { STAFF_ROLES, canCountAttendance } from '../../lib/shared/permissions';
import type { AppDeps, AppEnv } from '../kernel/context';
import { csvFile, jsonAnswer, jsonOrCsvAnswer } from '../kernel/contract';
import { ApiError, fieldError } from '../kernel/errors';
import { allowed, route, wholeId } from '../kernel/routes';
import { requireAuth } from '../kernel/sign-in';
import { narrowScope, scopeOf } from '../kernel/scope';
import { serviceInScope } from '../services/service';
import { absentees, messageAbsentees, recordFollowup } from './absentees';
import { markPresent } from './checkins';
import { todaysCode } from './codes';
import { attendanceCsv, attendanceReport, attendanceWeeks, recordHeadcount } from './headcounts';

const staff = allowed((user) => STAFF_ROLES.includes(user.role));
const counter = allowed(canCountAttendance);
const Row = attendanceRowSchema.openapi('AttendanceRow');
const Week = attendanceWeekSchema.openapi('AttendanceWeek');
const PersonId = z.object({ id: wholeId('Person not found.') });

export function attendanceRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const auth = requireAuth(deps);
  const db = deps.database.db;

  /** The caller's scope, narrowed to `?branch=` when given (outside it: 404). */
  async function scopeFor(c: Context<AppEnv>, branch: number | undefined) {
    const scope = await scopeOf(c, deps);
    if (branch === undefined) return scope;
    const narrowed = await narrowScope(db, scope, branch);
    if (!narrowed) throw new ApiError(404, BRANCH_NOT_FOUND);
    return narrowed;
  }

  app.openapi(
    route('post', '/', 'Enter the headcount of a service and date (PASTOR and above); the same again replaces it', {
      signedIn: [auth, counter],
      json: headcountSchema,
      201: jsonAnswer(headcountAnswerSchema, 'Saved'),
      200: jsonAnswer(headcountAnswerSchema, 'Saved, replacing the one for that service and date'),
    }),
    async (c) => {
      const { row, replaced } = await recordHeadcount(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json'));
      return replaced ? c.json({ ...row, replaced }, 200) : c.json({ ...row, replaced }, 201);
    },
  );

  app.openapi(
    route(
      'get',
      '/',
      'Per service and date: the counts and named check-ins, newest first (staff); ?format=csv, ?limit=',
      {
        signedIn: [auth, staff],
        query: attendanceQuery,
        200: jsonOrCsvAnswer(Row, 'The rows (or the CSV)'),
      },
    ),
    async (c) => {
      const query = c.req.valid('query');
      const rows = await attendanceReport(deps, await scopeFor(c, query.branch), query);
      if (query.format === 'csv') return csvFile(c, attendanceCsv(rows), 'attendance.csv');
      return c.json(rows, 200);
    },
  );

  app.openapi(
    route('get', '/weekly/', 'The rows of GET /attendance/ summed by week (its Sunday), oldest first (staff)', {
      signedIn: [auth, staff],
      query: weeklyQuery,
      200: jsonAnswer(z.array(Week), 'The weeks that have counts or check-ins'),
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await attendanceWeeks(deps, await scopeFor(c, query.branch), query), 200);
    },
  );

  app.openapi(
    route(
      'post',
      '/checkins/',
      'Mark a person present at a service and date (PASTOR and above); again changes nothing',
      {
        signedIn: [auth, counter],
        json: checkinSchema,
        201: jsonAnswer(checkinAnswerSchema, 'Checked in'),
        200: jsonAnswer(checkinAnswerSchema, 'Already checked in: nothing changed'),
      },
    ),
    async (c) => {
      const done = await markPresent(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json'));
      return done.created ? c.json(done, 201) : c.json(done, 200);
    },
  );

  app.openapi(
    route('get', '/code/', "Today's check-in code of a service, its link and QR code (PASTOR and above)", {
      signedIn: [auth, counter],
      query: codeQuery,
      200: jsonAnswer(checkinCodeSchema, 'The code of today'),
    }),
    async (c) => {
      const { serviceId } = c.req.valid('query');
      if (!(await serviceInScope(db, await scopeOf(c, deps), serviceId)))
        throw fieldError('serviceId', ATTENDANCE_TEXT.service);
      return c.json(await todaysCode(deps, serviceId), 200);
    },
  );

  app.openapi(
    route('get', '/absent/', 'People who came on 3 of the 8 weeks before the last ?weeks= weeks and not since', {
      signedIn: [auth, counter],
      query: absentQuery,
      200: jsonAnswer(z.array(absenteeSchema), 'Last seen most recently first'),
    }),
    async (c) => {
      const { weeks, branch } = c.req.valid('query');
      return c.json(await absentees(deps, await scopeFor(c, branch), weeks), 200);
    },
  );

  app.openapi(
    route('post', '/absent/{id}/followups/', 'Record a visit or a call to an absentee (PASTOR and above)', {
      signedIn: [auth, counter],
      params: PersonId,
      json: followupSchema,
      201: jsonAnswer(followupAnswerSchema, 'Recorded'),
    }),
    async (c) => {
      const scope = await scopeOf(c, deps);
      return c.json(
        await recordFollowup(deps, c.get('user'), scope, c.req.valid('param').id, c.req.valid('json')),
        201,
      );
    },
  );

  app.openapi(
    route('post', '/absent/message/', 'Send chosen absentees an SMS or email through the outbox (PASTOR and above)', {
      signedIn: [auth, counter],
      json: absentMessageSchema,
      200: jsonAnswer(broadcastResultSchema, 'Queued, with the broadcasts’ consent rules'),
    }),
    async (c) => c.json(await messageAbsentees(deps, c.get('user'), await scopeOf(c, deps), c.req.valid('json')), 200),
  );

  return app;
}
