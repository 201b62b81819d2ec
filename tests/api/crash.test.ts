// Crash safety: a separate server process takes writes in a loop and is killed with SIGKILL in the
// middle of them; after a restart every write it acknowledged is there and the database is intact.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TEST_ENV } from './helpers';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

// `node --import tsx`: the pid we hold is the server itself (the tsx CLI would run it in a child process
// that a kill of the CLI leaves running, with the database open).
async function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/host/main.ts'], {
    env: { ...process.env, ...TEST_ENV, ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health/`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

/** True while a process with this pid exists (signal 0 only checks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('crash safety (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'church-crash-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write across kill -9 and restart', { timeout: 120_000 }, async () => {
    const port = String(await freePort());
    const env = { PORT: port, HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'church.db')}` };
    child = await startChild(env);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const login = await (
      await fetch(`${base}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Demo1234!' }),
      })
    ).json();
    const acked: string[] = [];
    const failures: string[] = [];
    let stop = false;
    let alive = 3;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const username = `crash_${w}_${i}`;
        try {
          const res = await fetch(`${base}/auth/users/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access}` },
            body: JSON.stringify({
              username,
              email: `${username}@x.org`,
              first_name: 'Crash',
              last_name: 'Test',
              role: 'MEMBER',
              password: 'Crash1234!',
            }),
          });
          if (res.status === 201) acked.push(username);
          else if (!stop) failures.push(`${res.status} ${await res.text()}`);
        } catch {
          break; // the server died mid-request: this write was never acknowledged
        }
      }
      alive--;
    };
    const writers = [writer(1), writer(2), writer(3)];
    while (acked.length < 40 && alive === 3 && !failures.length) await new Promise((r) => setTimeout(r, 10));
    expect(failures).toEqual([]);
    const pid = child.pid!;
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(child);
    // The process that held the database is gone and nothing answers on its port any more: the restart
    // below really starts from what reached the disk.
    expect(child.signalCode).toBe('SIGKILL');
    expect(isAlive(pid)).toBe(false);
    await expect(fetch(`${base}/health/`)).rejects.toThrow();

    child = await startChild(env);
    const token = (
      await (
        await fetch(`${base}/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'Demo1234!' }),
        })
      ).json()
    ).access;
    const users: { username: string }[] = await (
      await fetch(`${base}/auth/users/`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const present = new Set(users.map((u) => u.username));
    expect(acked.length).toBeGreaterThanOrEqual(40);
    expect(acked.filter((u) => !present.has(u))).toEqual([]);
    child.kill('SIGTERM');
    await exited(child);
    child = undefined;
    const db = new DatabaseSync(join(dir, 'church.db'), { readOnly: true });
    expect((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
    db.close();
  });

  it('keeps every acknowledged registration across kill -9, never over capacity', { timeout: 120_000 }, async () => {
    const port = String(await freePort());
    const sub = join(dir, 'registrations');
    const env = {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: sub,
      DATABASE_URL: `file:${join(sub, 'church.db')}`,
      PUBLIC_RATE_LIMIT: '100000',
    };
    child = await startChild(env);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const adminToken = async () =>
      (
        await (
          await fetch(`${base}/auth/login/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: 'Demo1234!' }),
          })
        ).json()
      ).access as string;
    let token = await adminToken();
    const created = await fetch(`${base}/events/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Crash Test Conference',
        category: 'special',
        type: 'one-time',
        startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        startTime: '09:00',
        location: 'Main Sanctuary',
        capacity: 25,
        requiresRegistration: true,
      }),
    });
    expect(created.status).toBe(201);
    const eventId = (await created.json()).id as string;
    const acked = new Map<number, string>();
    const failures: string[] = [];
    let stop = false;
    let alive = 3;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${base}/events/${eventId}/registrations/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Guest ${w}-${i}`, email: `g${w}.${i}@example.org`, seats: 1 }),
          });
          if (res.status === 201) {
            const body = await res.json();
            acked.set(body.id, body.status);
          } else if (!stop) failures.push(`${res.status} ${await res.text()}`);
        } catch {
          break; // the server died mid-request: this registration was never acknowledged
        }
      }
      alive--;
    };
    const writers = [writer(1), writer(2), writer(3)];
    while (acked.size < 40 && alive === 3 && !failures.length) await new Promise((r) => setTimeout(r, 10));
    expect(failures).toEqual([]);
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');

    child = await startChild(env);
    token = await adminToken();
    const stored: { id: number; status: string; seats: number }[] = await (
      await fetch(`${base}/events/${eventId}/registrations/`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const byId = new Map(stored.map((r) => [r.id, r.status]));
    expect(acked.size).toBeGreaterThanOrEqual(40);
    // Every acknowledged registration is there, with the status its registrant was told.
    expect([...acked].filter(([id, status]) => byId.get(id) !== status)).toEqual([]);
    const confirmed = stored.filter((r) => r.status === 'confirmed').reduce((sum, r) => sum + r.seats, 0);
    expect(confirmed).toBe(25);
    child.kill('SIGTERM');
    await exited(child);
    child = undefined;
  });
});
