/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The cross-household matrix of the members' door: two members in two households, each with a person, a
// registration and a prayer request. Every id of the other's that a member route takes is tried by each member:
// all refused, and nothing of the other's changed. A bearer token opens no member route; the cookie no bearer one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';
import { iso } from '../../src/server/db/time';
import { issueCode } from '../../src/server/members/codes';

for (const backend of backends()) {
  describe(`members' door: one household never reaches another's (${backend})`, () => {
    let api: TestApi;
    const side: Record<
      'a' | 'b',
      { id: number; cookie: string; person: number; registration: number; prayer: number }
    > = {} as any;

    /** A snapshot of everything of the member's that a route could change. */
    async function state(id: number) {
      const db = api.database.db;
      const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const household = user.household_id
        ? await db.selectFrom('households').selectAll().where('id', '=', user.household_id).executeTakeFirst()
        : null;
      const people = user.household_id
        ? await db.selectFrom('household_people').selectAll().where('household_id', '=', user.household_id).execute()
        : [];
      const registrations = await db
        .selectFrom('event_registrations')
        .selectAll()
        .where('email', '=', user.email)
        .execute();
      const prayers = await db.selectFrom('prayer_requests').selectAll().where('email', '=', user.email).execute();
      return JSON.stringify({ user: { ...user, last_seen: null }, household, people, registrations, prayers });
    }

    beforeAll(async () => {
      api = await startApi(backend);
      const db = api.database.db;
      const event = await db
        .insertInto('events')
        .values({
          id: 'matrix-supper',
          title: 'Matrix supper',
          description: 'A test event',
          category: 'fellowship' as any,
          type: 'in-person' as any,
          status: 'upcoming' as any,
          start_date: iso(api.clock.now + 7 * 86400_000).slice(0, 10),
          end_date: iso(api.clock.now + 7 * 86400_000).slice(0, 10),
          start_time: '18:00',
          end_time: '20:00',
          location: 'Hall',
          capacity: 50,
          organizer: 'Office',
          is_public: true,
          requires_registration: true,
          tags: '[]',
          image_url: null,
          created_at: iso(api.clock.now),
          updated_at: iso(api.clock.now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const key of ['a', 'b'] as const) {
        const email = `${key}@matrix.example.org`;
        const id = await api.createUser({ username: `matrix-${key}`, role: 'MEMBER', email });
        // Signed in through the route, with a code issued as the route does (the mail is another test's matter).
        const { code } = await issueCode(
          db,
          api.config,
          { userId: id, channel: 'email', destination: email, purpose: 'sign-in' },
          api.clock.now,
        );
        const res = await api.request('POST', '/members/session/', { body: { email, code } });
        expect(res.status).toBe(200);
        const cookie = res.headers.get('set-cookie')!.split(';')[0];
        const added = await api.request('POST', '/members/me/household/people/', {
          body: { name: `Child of ${key}`, relationship: 'Child' },
          headers: { cookie },
        });
        expect(added.status).toBe(201);
        const person = added.body.people.find((p: any) => p.kind === 'person').id;
        const registered = await api.request('POST', `/events/${event.id}/registrations/`, {
          body: { name: `Member ${key}`, email, seats: 1 },
        });
        expect(registered.status).toBe(201);
        const prayer = await db
          .insertInto('prayer_requests')
          .values({
            title: `Prayer of ${key}`,
            requester: `Member ${key}`,
            email,
            phone: null,
            category: 'family',
            priority: 'medium',
            status: 'active',
            description: 'Please pray for my family',
            is_public: false,
            approved: false,
            assigned_to_id: null,
            assigned_to: null,
            supporters: 0,
            tags: '[]',
            source: 'prayer-form',
            date_requested: iso(api.clock.now),
            last_updated: iso(api.clock.now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        side[key] = { id, cookie, person, registration: registered.body.id, prayer: Number(prayer.id) };
      }
    });
    afterAll(() => api?.close());

    it('reads only its own household, registrations and prayer requests', async () => {
      for (const [me, other] of [
        ['a', 'b'],
        ['b', 'a'],
      ] as const) {
        const mine = await api.request('GET', '/members/me/', { headers: { cookie: side[me].cookie } });
        const text = JSON.stringify(mine.body);
        expect(text).not.toContain(`${other}@matrix.example.org`);
        expect(text).not.toContain(`Child of ${other}`);
        expect(text).not.toContain(`Prayer of ${other}`);
        expect(mine.body.registrations.map((r: any) => r.id)).toEqual([side[me].registration]);
        expect(mine.body.prayerRequests.map((p: any) => p.id)).toEqual([side[me].prayer]);
        const exported = JSON.stringify(
          (await api.request('GET', '/members/me/export/', { headers: { cookie: side[me].cookie } })).body,
        );
        expect(exported).not.toContain(`${other}@matrix.example.org`);
        expect(exported).not.toContain(`Child of ${other}`);
      }
    });

    it('refuses every id of the other household on every member route, and changes nothing of theirs', async () => {
      for (const [me, other] of [
        ['a', 'b'],
        ['b', 'a'],
      ] as const) {
        const before = await state(side[other].id);
        const cookie = side[me].cookie;
        const theirs = side[other];
        const tries: [string, string, unknown][] = [
          ['PATCH', `/members/me/household/people/${theirs.person}/`, { name: 'Taken' }],
          ['POST', `/members/me/household/people/${theirs.person}/`, { name: 'Taken' }],
          ['POST', `/members/me/registrations/${theirs.registration}/cancel/`, undefined],
          // Ids of the other kind in the places an id goes: a person id is never a registration and so on.
          ['PATCH', `/members/me/household/people/${theirs.registration}/`, { name: 'Taken' }],
          ['PATCH', `/members/me/household/people/${theirs.prayer}/`, { name: 'Taken' }],
          ['POST', `/members/me/registrations/${theirs.prayer}/cancel/`, undefined],
          ['POST', `/members/me/registrations/${theirs.person}/cancel/`, undefined],
        ];
        for (const [method, path, body] of tries) {
          const res = await api.request(method, path, { headers: { cookie }, body });
          expect([404, 409], `${me}: ${method} ${path}`).toContain(res.status);
          if (res.status === 409) throw new Error(`${method} ${path} reached the other's row`);
        }
        // Fields that would name another's record are not taken at all.
        for (const [method, path, body] of [
          ['PATCH', '/members/me/', { id: theirs.id, first_name: 'Taken' }],
          ['PATCH', '/members/me/', { user_id: theirs.id }],
          ['PATCH', '/members/me/household/', { id: 1, name: 'Taken' }],
          ['POST', '/members/me/household/people/', { name: 'X', relationship: 'Child', household_id: 1 }],
        ] as const) {
          const res = await api.request(method, path, { headers: { cookie }, body });
          expect(res.status, `${method} ${path}`).toBe(400);
        }
        expect(await state(side[other].id)).toBe(before);
      }
    });

    it('refuses to cancel the own registration once its event has ended (as /my no longer offers it)', async () => {
      const db = api.database.db;
      const yesterday = iso(api.clock.now - 86400_000).slice(0, 10);
      await db
        .updateTable('events')
        .set({ start_date: yesterday, end_date: yesterday })
        .where('id', '=', 'matrix-supper')
        .execute();
      try {
        const cookie = side.a.cookie;
        const mine = await api.request('GET', '/members/me/', { headers: { cookie } });
        expect(mine.body.registrations[0].canCancel).toBe(false);
        const before = await state(side.a.id);
        const res = await api.request('POST', `/members/me/registrations/${side.a.registration}/cancel/`, {
          headers: { cookie },
        });
        expect(res.status).toBe(409);
        expect(res.body.detail).toBe('A registration for an event that has ended can no longer be cancelled.');
        expect(await state(side.a.id)).toBe(before);
      } finally {
        const ahead = iso(api.clock.now + 7 * 86400_000).slice(0, 10);
        await db
          .updateTable('events')
          .set({ start_date: ahead, end_date: ahead })
          .where('id', '=', 'matrix-supper')
          .execute();
      }
    });

    it('a bearer token opens no member route, and the cookie no bearer route', async () => {
      const token = await api.tokenFor('admin');
      for (const [method, path] of [
        ['GET', '/members/me/'],
        ['GET', '/members/me/export/'],
        ['GET', '/members/directory/'],
        ['PATCH', '/members/me/'],
        ['DELETE', '/members/session/'],
      ])
        expect((await api.request(method, path, { token, body: method === 'PATCH' ? {} : undefined })).status).toBe(
          401,
        );
      const cookie = side.a.cookie;
      for (const path of ['/auth/profile/', '/auth/users/', '/members/removal-requests/', '/auth/sessions/'])
        expect((await api.request('GET', path, { headers: { cookie } })).status).toBe(401);
    });
  });
}
