// The job runner (src/server/jobs/): a job runs once per period and only under its lease in job_leases; a failed
// run records its error and waits its period; a stopped runner runs nothing more. Over one PostgreSQL database two
// runners run a job once per period between them, and when one stops without giving its lease back (its run never
// ends) the other takes the job as soon as the lease has run out, not before; on SQLite (one process) a restarted
// runner takes a killed one's lease at once. The runner drives the outbox's poll, and takes no lease while no message is due. The clean-up job deletes only the
// rows past their expiry and the grace period, in every table that has them. Every job file is in the list.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_ENV, backends, freshPgUrl, startApi, type Backend, type TestApi } from './helpers';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import { createJobRunner, type Job, type JobRunner, type RunnerDeps } from '../../src/server/jobs/runner';
import { JOBS } from '../../src/server/jobs';
import { outboxJob } from '../../src/server/jobs/outbox';
import { GRACE_MS, deleteExpired } from '../../src/server/jobs/expired-rows';
import { queueEmail } from '../../src/server/outbox/queue';
import { startOutboxWorker } from '../../src/server/outbox/worker';
import { SECOND_STEP_WINDOW_MS } from '../../src/server/twofactor/guard';
import { RATE_WINDOW_MS } from '../../src/server/kernel/rate-limit';
import { MEMBER_SESSION_IDLE_DAYS } from '../../src/lib/shared/members/api';
import type { MailMessage } from '../../src/server/mail/mailer';

const EVERY = 60_000;
const LEASE = 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function testConfig(databaseUrl: string): ServerConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'church-jobs-'));
  return loadConfig({ ...TEST_ENV, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
}

/** A job that counts its runs; `hold` makes a run wait until released (a run that never ends, for now). */
function countingJob(opts: { every?: number; leaseMs?: number; fail?: boolean } = {}) {
  const runs: number[] = [];
  let hold: Promise<void> | undefined;
  let release = () => {};
  const job: Job<RunnerDeps> = {
    name: 'counting',
    every: () => opts.every ?? EVERY,
    leaseMs: opts.leaseMs ?? LEASE,
    async run(deps) {
      runs.push(deps.now());
      const held = hold;
      hold = undefined;
      await held;
      if (opts.fail) throw new Error('the job broke');
    },
  };
  return {
    job,
    runs,
    /** The next run waits for release(). */
    holdNext() {
      hold = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

/** A shared fake clock. */
function clock(start = Date.parse('2026-03-01T09:00:00.000Z')) {
  return {
    ms: start,
    now() {
      return this.ms;
    },
  };
}

async function leaseRow(database: Database, name: string) {
  return database.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

describe('the list of jobs', () => {
  it('names every job file of src/server/jobs once, under a name of its own', async () => {
    const files = readdirSync('src/server/jobs').filter((f) => !['runner.ts', 'index.ts'].includes(f));
    const listed = new Set<unknown>(JOBS);
    for (const file of files) {
      const module = (await import(`../../src/server/jobs/${file}`)) as Record<string, unknown>;
      const jobs = Object.values(module).filter((v) => typeof v === 'object' && v !== null && 'run' in v);
      expect(jobs, `${file} exports a job`).toHaveLength(1);
      expect(listed.has(jobs[0]), `${file}'s job is in JOBS (src/server/jobs/index.ts)`).toBe(true);
    }
    expect(JOBS).toHaveLength(files.length);
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
  });
});

describe.each(backends())('the job runner on %s', (backend: Backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
  });
  afterAll(() => api?.close());

  it('runs a job once per period, and a failed run records its error and waits its period too', async () => {
    const time = clock();
    const deps = { database: api.database, config: api.config, now: () => time.now() };
    const counting = countingJob();
    const runner = createJobRunner(deps, [counting.job]);
    try {
      expect(await runner.runDue()).toEqual(['counting']);
      time.ms += EVERY - 1;
      expect(await runner.runDue()).toEqual([]);
      time.ms += 1;
      expect(await runner.runDue()).toEqual(['counting']);
      expect(counting.runs).toHaveLength(2);
      expect(await leaseRow(api.database, 'counting')).toMatchObject({
        holder: null,
        leased_until: null,
        next_run_at: iso(time.ms + EVERY),
        last_error: null,
      });
    } finally {
      await runner.close();
    }
    const failing = countingJob({ fail: true });
    const broken = createJobRunner(deps, [{ ...failing.job, name: 'failing' }]);
    try {
      expect(await broken.runDue()).toEqual(['failing']);
      expect(await leaseRow(api.database, 'failing')).toMatchObject({
        holder: null,
        next_run_at: iso(time.ms + EVERY),
        last_error: 'the job broke',
      });
      time.ms += EVERY - 1;
      expect(await broken.runDue()).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  it('on its own timers runs a job at once and then each period, and nothing after it stops', async () => {
    const counting = countingJob({ every: 100 });
    const runner = createJobRunner({ database: api.database, config: api.config, now: Date.now }, [
      { ...counting.job, name: 'timed' },
    ]);
    const started = Date.now();
    runner.start();
    await expect.poll(() => counting.runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await runner.close();
    const stopped = Date.now();
    const after = counting.runs.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(counting.runs).toHaveLength(after);
    // Each run took its lease at least a period after the one before.
    expect(after).toBeLessThanOrEqual(Math.floor((stopped - started) / 100) + 1);
  });

  it("drives the outbox: a row queued without a wake (another instance's) is sent by the outbox job", async () => {
    const received: MailMessage[] = [];
    const outbox = await startOutboxWorker({
      database: api.database,
      mailer: { send: async (m) => void received.push(m) },
      now: Date.now,
    });
    const runner = createJobRunner({ database: api.database, config: api.config, now: Date.now, outbox }, [outboxJob]);
    try {
      await queueEmail(
        api.database.db,
        'jobs:outbox',
        { to: 'a@example.org', subject: 'Hi', text: 'Body' },
        Date.now(),
      );
      expect(received).toHaveLength(0);
      expect(await runner.runDue()).toEqual(['outbox']);
      expect(received.map((m) => m.key)).toEqual(['jobs:outbox']);
    } finally {
      await runner.close();
      await outbox.close();
    }
  });

  it('takes no lease and writes nothing while no message is due, and runs as soon as one is', async () => {
    const time = clock(Date.now());
    const sent: string[] = [];
    const outbox = await startOutboxWorker({
      database: api.database,
      mailer: { send: async (m) => void sent.push(m.key ?? '') },
      now: () => time.now(),
    });
    const runner = createJobRunner({ database: api.database, config: api.config, now: () => time.now(), outbox }, [
      outboxJob,
    ]);
    try {
      await runner.runDue(); // the row is made, and whatever earlier tests left is sent
      const before = await leaseRow(api.database, 'outbox');
      time.ms += 5_000;
      expect(await runner.runDue()).toEqual([]);
      expect(await leaseRow(api.database, 'outbox')).toEqual(before);
      await queueEmail(api.database.db, 'jobs:idle', { to: 'b@example.org', subject: 'Hi', text: 'Body' }, time.ms);
      expect(await runner.runDue()).toEqual(['outbox']);
      expect(sent).toContain('jobs:idle');
      expect((await leaseRow(api.database, 'outbox')).next_run_at).not.toBe(before.next_run_at);
    } finally {
      await runner.close();
      await outbox.close();
    }
  });

  it.runIf(backend === 'sqlite')(
    "a restarted runner takes a killed one's lease at once (SQLite is one process)",
    async () => {
      const time = clock();
      const deps = { database: api.database, config: api.config, now: () => time.now() };
      const killed = countingJob();
      const first = createJobRunner(deps, [{ ...killed.job, name: 'restarted' }]);
      killed.holdNext();
      const stuck = first.runDue();
      await expect.poll(() => killed.runs.length).toBe(1);
      const again = countingJob();
      const second = createJobRunner(deps, [{ ...again.job, name: 'restarted' }]);
      try {
        expect(await second.runDue()).toEqual(['restarted']);
      } finally {
        killed.release();
        await stuck;
        await first.close();
        await second.close();
      }
    },
  );
});

describe.runIf(inject('pgUrl'))('two job runners over one PostgreSQL database', () => {
  let a: Database;
  let b: Database;
  let config: ServerConfig;
  beforeAll(async () => {
    const url = await freshPgUrl(inject('pgUrl'));
    [a, b] = [await openDatabase(url), await openDatabase(url)];
    await migrateToLatest(a.db, a.dialect);
    config = testConfig(url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  function pair(name: string, opts: { leaseMs?: number } = {}) {
    const time = clock();
    const counting = countingJob(opts);
    const job = { ...counting.job, name };
    const runners: JobRunner[] = [a, b].map((database) =>
      createJobRunner({ database, config, now: () => time.now() }, [job]),
    );
    return { time, counting, runners };
  }

  it('run a job once per period between them, looking at the same moments', async () => {
    const { time, counting, runners } = pair('shared');
    try {
      const ran: string[][] = [];
      for (let period = 0; period < 10; period++) {
        // Each looks three times within the period, both at once.
        for (const step of [0, EVERY / 3, EVERY / 3]) {
          time.ms += step;
          const looks = await Promise.all(runners.map((r) => r.runDue()));
          ran.push(looks.flat());
        }
        time.ms += EVERY / 3;
      }
      expect(counting.runs).toHaveLength(10);
      expect(ran.filter((names) => names.length > 1)).toEqual([]);
      expect(new Set(counting.runs).size).toBe(10);
    } finally {
      await Promise.all(runners.map((r) => r.close()));
    }
  });

  it('when one stops without giving its lease back, the other takes the job once the lease has run out', async () => {
    const { time, counting, runners } = pair('taken-over', { leaseMs: LEASE });
    const [dead, alive] = runners;
    counting.holdNext();
    // The dead runner's run never ends: its lease stays in the database.
    const stuck = dead.runDue();
    await expect.poll(() => counting.runs.length).toBe(1);
    const started = time.ms;
    try {
      time.ms = started + EVERY;
      expect(await alive.runDue()).toEqual([]);
      time.ms = started + LEASE - 1;
      expect(await alive.runDue()).toEqual([]);
      time.ms = started + LEASE;
      expect(await alive.runDue()).toEqual(['taken-over']);
      expect(counting.runs).toEqual([started, started + LEASE]);
      const afterTakeOver = await leaseRow(a, 'taken-over');
      expect(afterTakeOver).toMatchObject({ holder: null, next_run_at: iso(started + LEASE + EVERY) });
      // The dead one's run ends late: it finds its lease gone and leaves the other's schedule alone.
      counting.release();
      await stuck;
      expect(await leaseRow(a, 'taken-over')).toEqual(afterTakeOver);
      expect(await dead.runDue()).toEqual([]);
    } finally {
      counting.release();
      await Promise.all(runners.map((r) => r.close()));
    }
  });
});

describe.each(backends())('the clean-up job on %s', (backend: Backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
  });
  afterAll(() => api?.close());

  it('deletes the rows past their expiry and the grace period, and only those', async () => {
    const db = api.database.db;
    const now = Date.parse('2026-03-01T09:00:00.000Z');
    const gone = now - GRACE_MS - 1_000;
    const inGrace = now - GRACE_MS + 1_000;
    const live = now + 60_000;
    const user = await api.createUser({ username: 'jobs_user', role: 'MEMBER' });
    const guarded: number[] = [];
    for (const u of ['g1', 'g2', 'g3', 'g4'])
      guarded.push(await api.createUser({ username: `jobs_${u}`, role: 'ADMIN' }));
    const at = { gone, inGrace, live };
    for (const [label, expires] of Object.entries(at)) {
      await db
        .insertInto('sign_in_challenges')
        .values({
          kind: 'mfa',
          token_hash: `c-${label}`,
          user_id: user,
          challenge: null,
          created_at: iso(expires - 300_000),
          expires_at: iso(expires),
          used_at: null,
        })
        .execute();
      await db
        .insertInto('member_codes')
        .values({
          user_id: user,
          channel: 'email',
          destination: 'a@example.org',
          purpose: 'sign-in',
          code_hash: `m-${label}`,
          created_at: iso(expires - 600_000),
          expires_at: iso(expires),
          used_at: null,
        })
        .execute();
      await db
        .insertInto('password_reset_tokens')
        .values({
          user_id: user,
          token_hash: `p-${label}`,
          created_at: iso(expires - 3_600_000),
          expires_at: iso(expires),
          used_at: null,
        })
        .execute();
      await db
        .insertInto('refresh_tokens')
        .values({
          user_id: user,
          family_id: 'staff-live',
          token_hash: `r-${label}`,
          created_at: iso(expires - 3_600_000),
          expires_at: iso(expires),
          used_at: label === 'live' ? null : iso(expires - 1_000),
          revoked_at: null,
        })
        .execute();
    }
    const idle = MEMBER_SESSION_IDLE_DAYS * 86_400_000;
    const access = api.config.accessTtlSeconds * 1000;
    const sessions: [string, 'staff' | 'member', { created: number; used: number; ended?: number }][] = [
      ['ended-gone', 'staff', { created: now - 3 * GRACE_MS, used: now - 3 * GRACE_MS, ended: gone - access }],
      ['ended-kept', 'member', { created: now - 3 * GRACE_MS, used: now - 3 * GRACE_MS, ended: now - 1_000 }],
      ['member-idle-gone', 'member', { created: gone - idle, used: gone - idle }],
      ['member-idle-kept', 'member', { created: inGrace - idle, used: inGrace - idle }],
      ['member-live', 'member', { created: now - 3 * GRACE_MS, used: now - 1_000 }],
      ['staff-tokenless-gone', 'staff', { created: gone, used: gone }],
      ['staff-live', 'staff', { created: now - 3 * GRACE_MS, used: now - 3 * GRACE_MS }],
      ['staff-new', 'staff', { created: now - 1_000, used: now - 1_000 }],
    ];
    for (const [id, kind, times] of sessions) {
      await db
        .insertInto('sessions')
        .values({
          family_id: id,
          user_id: user,
          kind,
          device: 'Firefox on Linux',
          address: null,
          created_at: iso(times.created),
          last_used_at: iso(times.used),
          ended_at: times.ended === undefined ? null : iso(times.ended),
          token_hash: kind === 'member' ? `s-${id}` : null,
        })
        .execute();
    }
    const guards = [
      { window_start: iso(gone - 60_000), locked_until: iso(gone) },
      { window_start: iso(now - 120_000), locked_until: iso(now - 1_000) },
      { window_start: iso(gone - SECOND_STEP_WINDOW_MS), locked_until: null },
      { window_start: iso(now - 60_000), locked_until: null },
    ];
    for (const [i, guard] of guards.entries())
      await db
        .insertInto('second_step_guards')
        .values({ user_id: guarded[i], failures: 3, ...guard })
        .execute();
    const lookBack = api.config.lockout.windowMs + api.config.lockout.lockMs;
    for (const [label, t] of Object.entries({ gone: gone - lookBack, kept: inGrace - lookBack })) {
      await db
        .insertInto('login_attempts')
        .values({ username: `attempt-${label}`, attempted_at: iso(t), succeeded: false })
        .execute();
    }
    const windowed = { gone: gone - RATE_WINDOW_MS, kept: inGrace - RATE_WINDOW_MS };
    for (const [label, t] of Object.entries(windowed))
      await db
        .insertInto('public_submissions')
        .values({ kind: 'contact', client_key: `key-${label}`, created_at: iso(t) })
        .execute();

    const deleted = await deleteExpired({ database: api.database, config: api.config, now: () => now });

    expect(deleted).toEqual({
      sign_in_challenges: 1,
      member_codes: 1,
      password_reset_tokens: 1,
      refresh_tokens: 1,
      sessions: 3,
      second_step_guards: 2,
      login_attempts: 1,
      public_submissions: 1,
    });
    const left = async (table: 'sign_in_challenges' | 'password_reset_tokens' | 'refresh_tokens'): Promise<string[]> =>
      (await db.selectFrom(table).select('token_hash').execute()).map((r) => r.token_hash).sort();
    expect(await left('sign_in_challenges')).toEqual(['c-inGrace', 'c-live']);
    expect(await left('password_reset_tokens')).toEqual(['p-inGrace', 'p-live']);
    expect(await left('refresh_tokens')).toEqual(['r-inGrace', 'r-live']);
    const codes = await db.selectFrom('member_codes').select('code_hash').execute();
    expect(codes.map((r) => r.code_hash).sort()).toEqual(['m-inGrace', 'm-live']);
    const kept = await db.selectFrom('sessions').select('family_id').execute();
    expect(kept.map((r) => r.family_id).sort()).toEqual([
      'ended-kept',
      'member-idle-kept',
      'member-live',
      'staff-live',
      'staff-new',
    ]);
    const guardsLeft = await db.selectFrom('second_step_guards').select('user_id').orderBy('user_id').execute();
    expect(guardsLeft.map((r) => Number(r.user_id))).toEqual([guarded[1], guarded[3]]);
    const attempts = await db.selectFrom('login_attempts').select('username').execute();
    expect(attempts.map((r) => r.username)).toEqual(['attempt-kept']);
    const calls = await db.selectFrom('public_submissions').select('client_key').execute();
    expect(calls.map((r) => r.client_key)).toEqual(['key-kept']);

    // A second pass finds nothing more.
    const again = await deleteExpired({ database: api.database, config: api.config, now: () => now });
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});
