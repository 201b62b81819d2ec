/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Users, stats, activity, profile and avatars over real HTTP, on every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { backends, JPEG, PNG, snapshot, startApi, type TestApi } from './helpers';

const upload = (
  api: TestApi,
  path: string,
  token: string,
  file: Blob | string,
  field = 'avatar',
  name = 'photo.png',
) => {
  const form = new FormData();
  form.append(field, file as Blob, name);
  return fetch(api.url + '/api/v1' + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
};

describe.each(backends())('users on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  let superadmin: string;
  let pastor: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 20 });
    [admin, superadmin, pastor] = await Promise.all([
      api.tokenFor('admin'),
      api.tokenFor('superadmin'),
      api.tokenFor('pastor'),
    ]);
  });
  afterAll(() => api?.close());

  it('lists every user with the full User shape to any staff member', async () => {
    const res = await api.request('GET', '/auth/users/', { token: pastor });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(26);
    const withMinistry = res.body.find((u: any) => u.ministry_memberships.length);
    expect(Object.keys(withMinistry.ministry_memberships[0])).toEqual(
      expect.arrayContaining(['ministry_name', 'role', 'joined_date']),
    );
    expect(res.body.some((u: any) => u.family_members.length)).toBe(true);
    const member = res.body.find((u: any) => u.username === 'member0003');
    expect(typeof member.age).toBe('number');
    expect(typeof member.years_as_member).toBe('number');
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt\$/);
    expect((await api.request('GET', '/auth/users/')).status).toBe(401);
    // The list is sent gzipped to clients that accept it.
    const gz = await fetch(api.url + '/api/v1/auth/users/', {
      headers: { Authorization: `Bearer ${pastor}`, 'Accept-Encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.json()).toHaveLength(26);
    // A small answer goes as it is (its own gzip stream cost a millisecond to save a few hundred bytes), with its length.
    const small = await fetch(api.url + '/api/v1/auth/users/999999/', {
      headers: { Authorization: `Bearer ${pastor}`, 'Accept-Encoding': 'gzip' },
    });
    const bytes = await small.arrayBuffer();
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(bytes.byteLength).toBeLessThan(1024);
    expect(Number(small.headers.get('content-length'))).toBe(bytes.byteLength);
    // A large answer made as it is asked (a page of the list, not the kept whole) is gzipped on the way out.
    const page = await fetch(api.url + '/api/v1/auth/users/?limit=20', {
      headers: { Authorization: `Bearer ${pastor}`, 'Accept-Encoding': 'gzip' },
    });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('x-total-count')).toBe('26');
    expect(await page.json()).toHaveLength(20);
  });

  it('answers the stats', async () => {
    const res = await api.request('GET', '/auth/users/stats/', { token: pastor });
    expect(res.status).toBe(200);
    const rows = await api.database.db.selectFrom('users').selectAll().execute();
    expect(res.body.total_users).toBe(rows.length);
    expect(res.body.active_users).toBe(rows.filter((u) => u.is_active && !u.is_suspended).length);
    expect(res.body.suspended_users).toBe(rows.filter((u) => Boolean(u.is_suspended)).length);
    expect(res.body.current_month_users).toBeGreaterThanOrEqual(6); // demo accounts joined now
    expect(typeof res.body.growth_percentage).toBe('number');
  });

  it('reads one user, 404 for unknown or malformed ids', async () => {
    const id = (
      await api.database.db.selectFrom('users').select('id').where('username', '=', 'member').executeTakeFirstOrThrow()
    ).id;
    const res = await api.request('GET', `/auth/users/${id}/`, { token: pastor });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('member');
    for (const bad of ['999999', 'abc', '0', '-1', '1e3', "1' OR '1'='1"]) {
      expect((await api.request('GET', `/auth/users/${encodeURIComponent(bad)}/`, { token: pastor })).status).toBe(404);
    }
  });

  it('creates a user (201), refuses taken names and bad payloads (400) and lower ranks (403)', async () => {
    const body = {
      username: 'newmember',
      email: 'New.Member@test.example.org',
      first_name: 'Efua',
      last_name: 'Sarpong',
      role: 'MEMBER',
      password: 'Initial123!',
      phone_number: '+233244000111',
    };
    const created = await api.request('POST', '/auth/users/', { token: admin, body });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe('new.member@test.example.org');
    expect(created.body.can_access_web).toBe(false);
    expect(created.body).not.toHaveProperty('password');
    const again = await api.request('POST', '/auth/users/', { token: admin, body });
    expect(again.status).toBe(400);
    expect(again.body.errors.username).toBeDefined();
    const sameEmail = await api.request('POST', '/auth/users/', { token: admin, body: { ...body, username: 'other' } });
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body.errors.email).toBeDefined();
    const bad = await api.request('POST', '/auth/users/', {
      token: admin,
      body: { ...body, username: 'x', email: 'nope', first_name: 'A', role: 'KING', password: '123', extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['username', 'email', 'first_name', 'role', 'password']),
    );
    expect(bad.body.errors.first_name).toEqual(['Minimum 2 characters required']);
    // ADMIN cannot create ADMIN; PASTOR cannot create anyone; SUPERADMIN can create SUPERADMIN.
    expect(
      (
        await api.request('POST', '/auth/users/', {
          token: admin,
          body: { ...body, username: 'admin2', email: 'a2@x.org', role: 'ADMIN' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api.request('POST', '/auth/users/', {
          token: pastor,
          body: { ...body, username: 'm2', email: 'm2@x.org' },
        })
      ).status,
    ).toBe(403);
    const sa = await api.request('POST', '/auth/users/', {
      token: superadmin,
      body: { ...body, username: 'super2', email: 's2@x.org', role: 'SUPERADMIN' },
    });
    expect(sa.status).toBe(201);
    expect(sa.body.can_access_web).toBe(true);
    // The new account can sign in with its initial password.
    expect((await api.login('super2', 'Initial123!')).user.role).toBe('SUPERADMIN');
  });

  it('takes a phone however a Ghanaian writes it, stored whole; a foreign one needs its + (issue 28, 2)', async () => {
    const body = { first_name: 'Kwesi', last_name: 'Appiah', role: 'MEMBER', password: 'Initial123!' };
    const written = ['0244123456', '024 412 3456', '+233 24 412 3456', '00233244123456'];
    let id = 0;
    for (const [i, phone_number] of written.entries()) {
      const res = await api.request('POST', '/auth/users/', {
        token: admin,
        body: { ...body, username: `kwesi${i}`, email: `kwesi${i}@example.org`, phone_number },
      });
      expect(res.status, phone_number).toBe(201);
      expect(res.body.phone_number).toBe('+233244123456');
      id = res.body.id;
    }
    const uk = await api.request('PATCH', `/auth/users/${id}/`, {
      token: admin,
      body: { phone_number: '+44 7700 900123' },
    });
    expect(uk.body.phone_number).toBe('+447700900123');
    const guess = await api.request('PATCH', `/auth/users/${id}/`, {
      token: admin,
      body: { phone_number: '7700 900123' },
    });
    expect(guess.status).toBe(400);
    expect(guess.body.errors.phone_number).toEqual(['Please enter a valid phone number']);
  });

  it('edits another user (PATCH) within the rules and validates fields', async () => {
    const id = await api.createUser({ username: 'editme', role: 'MEMBER' });
    const ok = await api.request('PATCH', `/auth/users/${id}/`, {
      token: pastor,
      body: { first_name: 'Kojo', address: '12 Ring Road, Accra', date_of_birth: '1990-05-01' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.first_name).toBe('Kojo');
    expect(ok.body.age).toBeGreaterThanOrEqual(35);
    const bad = await api.request('PATCH', `/auth/users/${id}/`, {
      token: pastor,
      body: { phone_number: '0abc', address: 'x'.repeat(201), role: 'ADMIN' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.phone_number).toEqual(['Please enter a valid phone number']);
    expect(bad.body.errors.address).toEqual(['Maximum 200 characters allowed']);
    const me = (await api.login('pastor')).user.id;
    const before = await snapshot(api);
    expect(
      (await api.request('PATCH', `/auth/users/${me}/`, { token: pastor, body: { first_name: 'Self' } })).status,
    ).toBe(403);
    expect(await snapshot(api)).toBe(before);
  });

  it('refuses impossible or future dates and changes nothing', async () => {
    const id = await api.createUser({ username: 'datecheck', role: 'MEMBER' });
    const before = await snapshot(api);
    for (const date_of_birth of ['2020-02-30', '0000-01-01', '1899-12-31', '2999-01-01', '2021-13-01']) {
      const res = await api.request('PATCH', `/auth/users/${id}/`, { token: admin, body: { date_of_birth } });
      expect(res.status, date_of_birth).toBe(400);
      expect(res.body.errors.date_of_birth).toEqual(['Please enter a valid date']);
    }
    expect(await snapshot(api)).toBe(before);
    const leap = await api.request('PATCH', `/auth/users/${id}/`, {
      token: admin,
      body: { date_of_birth: '2000-02-29' },
    });
    expect(leap.status).toBe(200);
  });

  it('creates a user with the settable fields of the User entity', async () => {
    const res = await api.request('POST', '/auth/users/', {
      token: admin,
      body: {
        username: 'fullshape',
        password: 'Initial123!',
        email: 'full@x.org',
        first_name: 'Efua',
        last_name: 'Sarpong',
        role: 'MEMBER',
        is_active: false,
        is_suspended: true,
        suspension_reason: 'Moved away',
        sms_notifications: true,
        email_notifications: false,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      is_active: false,
      is_suspended: true,
      suspension_reason: 'Moved away',
      sms_notifications: true,
      email_notifications: false,
    });
  });

  it('deletes (204) and writes the audit log that /auth/activity/ answers', async () => {
    const id = await api.createUser({ username: 'deleteme', role: 'PASTOR' });
    const del = await api.request('DELETE', `/auth/users/${id}/`, { token: admin });
    expect(del.status).toBe(204);
    expect(await api.userRow(id)).toBeUndefined();
    const activity = await api.request('GET', '/auth/activity/?limit=3', { token: pastor });
    expect(activity.status).toBe(200);
    expect(activity.body).toHaveLength(3);
    expect(activity.body[0]).toMatchObject({ type: 'user', action: 'deleted Test deleteme', user: 'Ama Owusu' });
    expect(Date.parse(activity.body[0].timestamp)).toBeGreaterThan(0);
    expect(activity.body[0].id).toBeGreaterThan(activity.body[1].id);
    expect((await api.request('GET', '/auth/activity/', { token: pastor })).body.length).toBeLessThanOrEqual(10);
    expect((await api.request('GET', '/auth/activity/?limit=500', { token: pastor })).body.length).toBeLessThanOrEqual(
      50,
    );
    expect((await api.request('GET', '/auth/activity/?limit=abc', { token: pastor })).status).toBe(400);
  });

  it('suspends with the reason (default "No reason provided"), reactivates, and logs both', async () => {
    const id = await api.createUser({ username: 'suspendme', role: 'MEMBER' });
    const s = await api.request('POST', `/auth/users/${id}/suspend_user/`, { token: pastor, body: {} });
    expect(s.status).toBe(200);
    expect(s.body.is_suspended).toBe(true);
    expect(s.body.suspension_reason).toBe('No reason provided');
    const row = await api.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'suspend_user', reason: 'No reason provided', target_id: id });
    const r = await api.request('POST', `/auth/users/${id}/reactivate_user/`, { token: pastor });
    expect(r.status).toBe(200);
    expect(r.body.is_suspended).toBe(false);
    expect(r.body.suspension_reason).toBeNull();
  });

  it('promotes and demotes through promote_role within assignable roles', async () => {
    const id = await api.createUser({ username: 'climber', role: 'MEMBER' });
    const up = await api.request('POST', `/auth/users/${id}/promote_role/`, { token: admin, body: { role: 'PASTOR' } });
    expect(up.status).toBe(200);
    expect(up.body.role).toBe('PASTOR');
    expect(
      (await api.request('POST', `/auth/users/${id}/promote_role/`, { token: admin, body: { role: 'ADMIN' } })).status,
    ).toBe(403);
    // The current role again is never offered by the screen: refused like any call it would not make.
    expect(
      (await api.request('POST', `/auth/users/${id}/promote_role/`, { token: admin, body: { role: 'PASTOR' } })).status,
    ).toBe(403);
    expect(
      (await api.request('POST', `/auth/users/${id}/promote_role/`, { token: admin, body: { role: 'POPE' } })).status,
    ).toBe(400);
    const down = await api.request('POST', `/auth/users/${id}/promote_role/`, {
      token: superadmin,
      body: { role: 'MEMBER' },
    });
    expect(down.body.role).toBe('MEMBER');
  });

  it('reads and updates the own profile, including the notification flags', async () => {
    const token = await api.tokenFor('pastor');
    const me = await api.request('GET', '/auth/profile/', { token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('pastor');
    expect(me.body.email_notifications).toBe(true);
    expect(me.body.sms_notifications).toBe(false);
    const upd = await api.request('PATCH', '/auth/profile/', {
      token,
      body: { first_name: 'Sam', phone_number: '', sms_notifications: true },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.first_name).toBe('Sam');
    expect(upd.body.phone_number).toBeNull();
    expect(upd.body.sms_notifications).toBe(true);
    const taken = await api.request('PATCH', '/auth/profile/', {
      token,
      body: { email: 'ADMIN@gracechapel.example.org' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.email).toBeDefined();
    const bad = await api.request('PATCH', '/auth/profile/', {
      token,
      body: { role: 'SUPERADMIN', is_suspended: false, email: 'no spaces@x.org' },
    });
    expect(bad.status).toBe(400);
    expect((await api.request('GET', '/auth/profile/', { token })).body.role).toBe('PASTOR');
  });

  it('refuses SMS to a phone no SMS can reach, and takes a number in international form', async () => {
    const token = await api.tokenFor('pastor');
    const refused = await api.request('PATCH', '/auth/profile/', {
      token,
      body: { phone_number: '5550100', sms_notifications: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.phone_number).toEqual(['Please enter a valid phone number']);
    expect((await api.request('GET', '/auth/profile/', { token })).body.phone_number).not.toBe('5550100');
    const taken = await api.request('PATCH', '/auth/profile/', {
      token,
      body: { phone_number: '+233245550100', sms_notifications: true },
    });
    expect(taken.status).toBe(200);
    // One phone rule (issue 28, 2): a number that is not one is refused with SMS off too; any way a Ghanaian
    // writes one is taken, and stored whole.
    const off = await api.request('PATCH', '/auth/profile/', {
      token,
      body: { phone_number: '5550100', sms_notifications: false },
    });
    expect(off.status).toBe(400);
    for (const written of ['024 555 0101', '0245550101', '+233 24 555 0101', '00233 24 555 0101']) {
      const res = await api.request('PATCH', '/auth/profile/', { token, body: { phone_number: written } });
      expect(res.status, written).toBe(200);
      expect(res.body.phone_number).toBe('+233245550101');
    }
  });

  it('uploads avatars (checked by content), serves them immutable, and removes the old file', async () => {
    const token = await api.tokenFor('pastor');
    const first = await upload(api, '/auth/profile/', token, new Blob([PNG], { type: 'image/png' }));
    expect(first.status).toBe(200);
    const user = await first.json();
    expect(user.avatar).toMatch(/^\/api\/v1\/media\/[a-f0-9]{32}\.png$/);
    const media = await fetch(api.url + user.avatar);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(media.headers.get('cache-control')).toContain('immutable');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);

    const second = await (
      await upload(api, '/auth/profile/', token, new Blob([JPEG], { type: 'image/png' }), 'avatar', 'x.png')
    ).json();
    expect(second.avatar).toMatch(/\.jpg$/);
    expect(readdirSync(api.config.uploadsDir)).toEqual([second.avatar.split('/').pop()]);
    expect((await fetch(api.url + user.avatar)).status).toBe(404);

    // Not an image (whatever its name or declared type), empty, too big, wrong field: 400, nothing stored.
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    expect((await upload(api, '/auth/profile/', token, html, 'avatar', 'evil.png')).status).toBe(400);
    expect((await upload(api, '/auth/profile/', token, new Blob([]), 'avatar', 'empty.png')).status).toBe(400);
    const big = new Uint8Array(10_485_761);
    big.set(PNG);
    expect((await upload(api, '/auth/profile/', token, new Blob([big]), 'avatar', 'big.png')).status).toBe(400);
    const exact = new Uint8Array(10_485_760);
    exact.set(PNG);
    expect((await upload(api, '/auth/profile/', token, new Blob([exact]), 'avatar', 'max.png')).status).toBe(200);
    expect((await upload(api, '/auth/profile/', token, new Blob([PNG]), 'picture')).status).toBe(400);
    const huge = new Uint8Array(11 * 1024 * 1024);
    expect((await upload(api, '/auth/profile/', token, new Blob([huge]), 'avatar', 'huge.png')).status).toBe(400);
    expect(readdirSync(api.config.uploadsDir)).toHaveLength(1);
    expect((await api.request('POST', '/auth/profile/', { token, body: { avatar: 'x' } })).status).toBe(400);
    expect((await fetch(api.url + '/api/v1/media/..%2F..%2Fchurch.db')).status).toBe(404);
  });

  it('lets staff upload an avatar for a user they may edit, and not for others', async () => {
    const id = await api.createUser({ username: 'photo', role: 'MEMBER' });
    const ok = await upload(api, `/auth/users/${id}/`, pastor, new Blob([PNG]));
    expect(ok.status).toBe(200);
    const file = (await ok.json()).avatar.split('/').pop();
    expect(existsSync(`${api.config.uploadsDir}/${file}`)).toBe(true);
    const adminId = (await api.login('admin')).user.id;
    expect((await upload(api, `/auth/users/${adminId}/`, pastor, new Blob([PNG]))).status).toBe(403);
    // Deleting the user removes the file.
    expect((await api.request('DELETE', `/auth/users/${id}/`, { token: admin })).status).toBe(204);
    expect(existsSync(`${api.config.uploadsDir}/${file}`)).toBe(false);
  });
});
