// The one runner of background work. A job (one file in this folder, listed in ./index.ts) says what it does, how
// often and how long a run may hold it; the runner looks at each job on its own timer and runs it only after taking
// the job's lease in `job_leases` (migration 0017) with one conditional UPDATE: the job is due (`next_run_at`) and
// nobody holds an unexpired lease. So instances on one PostgreSQL run each job once per period between them; a run
// that ends sets the next time from its start and gives the lease back; an instance killed mid-run leaves its
// lease to run out, and whichever instance looks next after that runs the job. A lease can also run out under a
// slow run, so every job must be harmless if two runs overlap (the outbox and the giving check claim their rows
// one by one; a clean-up deletes what is expired either way). SQLite is one process, so a killed one's leases are
// given back when the next starts, as the outbox worker gives back its rows.
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { iso } from '../db/time';
import type { AppDeps } from '../kernel/context';
import type { OutboxWorker } from '../outbox/worker';

/** What the runner itself needs of its dependencies. */
export interface RunnerDeps {
  database: Database;
  config: ServerConfig;
  now: () => number;
}

/** What the product's jobs reach: the app's dependencies, and this process's outbox worker (for its poll). */
export type JobDeps = AppDeps & { outbox: OutboxWorker };

export interface Job<D extends RunnerDeps> {
  /** Its row in job_leases: never renamed once shipped (the old row would linger, the job start afresh). */
  name: string;
  /** How often it runs, in ms: measured from one run's start to the next. */
  every(config: ServerConfig): number;
  /** Longer than a run may take: past it, the holder is taken for dead and another instance runs the job. */
  leaseMs: number;
  /**
   * A read saying whether a run would find anything to do. When it answers false the runner takes no lease and looks
   * again after the period: a job that looks often (the outbox, every second) writes nothing while the church sleeps.
   */
  due?(deps: D, nowMs: number): Promise<boolean>;
  run(deps: D): Promise<unknown>;
}

/** One of the product's jobs (./index.ts lists them). */
export type AppJob = Job<JobDeps>;

export interface JobRunner {
  /**
   * Starts each job's timer: a first look after `firstLookMs` (0: at once), then each after its period (the host does
   * this once).
   */
  start(firstLookMs?: number): void;
  /** Looks at every job once now and runs those whose lease it takes; answers their names (tests). */
  runDue(): Promise<string[]>;
  /** Stops the timers and waits for the runs under way, which give their leases back. */
  close(): Promise<void>;
}

/** A look that found the job held or not due comes back no sooner than this. */
const MIN_WAIT_MS = 50;

export function createJobRunner<D extends RunnerDeps>(deps: D, jobs: readonly Job<D>[]): JobRunner {
  const db = deps.database.db;
  const ready = prepare(
    deps,
    jobs.map((job) => job.name),
  );
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const under = new Set<Promise<unknown>>();
  let closed = false;

  /** Runs the job if its lease can be taken; answers whether it ran and when to look again. */
  async function attempt(job: Job<D>): Promise<{ ran: boolean; waitMs: number }> {
    await ready;
    const every = job.every(deps.config);
    const startMs = deps.now();
    if (job.due && !(await job.due(deps, startMs))) return { ran: false, waitMs: every };
    const holder = randomUUID();
    const taken = await db
      .updateTable('job_leases')
      .set({ holder, leased_until: iso(startMs + job.leaseMs) })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', iso(startMs))
      .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', iso(startMs))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return { ran: false, waitMs: await untilFree(job, startMs, every) };
    let error: string | null = null;
    try {
      await job.run(deps);
    } catch (err) {
      error = String((err as Error)?.message ?? err).slice(0, 1000);
      console.error(JSON.stringify({ level: 'error', msg: 'job failed', job: job.name, error }));
    }
    const given = await db
      .updateTable('job_leases')
      .set({ holder: null, leased_until: null, next_run_at: iso(startMs + every), last_error: error })
      .where('name', '=', job.name)
      .where('holder', '=', holder)
      .executeTakeFirst();
    // Another instance took the job when this run outlived its lease: the lease is too short for this job.
    if (Number(given.numUpdatedRows) !== 1)
      console.error(JSON.stringify({ level: 'warn', msg: 'job outlived its lease', job: job.name }));
    return { ran: true, waitMs: Math.max(0, startMs + every - deps.now()) };
  }

  /** How long until the job may be free: its next run or the end of the holder's lease, at most one period. */
  async function untilFree(job: Job<D>, nowMs: number, every: number): Promise<number> {
    const row = await db
      .selectFrom('job_leases')
      .select(['next_run_at', 'leased_until'])
      .where('name', '=', job.name)
      .executeTakeFirst();
    const free = Math.max(Date.parse(row?.next_run_at ?? ''), Date.parse(row?.leased_until ?? '')) || nowMs;
    return Math.min(every, Math.max(MIN_WAIT_MS, free - nowMs));
  }

  /** One look at the job, followed, or the error logged (the job is looked at again after its period). */
  function look(job: Job<D>): Promise<{ ran: boolean; waitMs: number }> {
    const p = attempt(job).catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'error', msg: 'job lease failed', job: job.name, error: String(err) }));
      return { ran: false, waitMs: job.every(deps.config) };
    });
    under.add(p);
    void p.finally(() => under.delete(p));
    return p;
  }

  function schedule(job: Job<D>, waitMs: number) {
    if (closed) return;
    const timer = setTimeout(() => void look(job).then(({ waitMs }) => schedule(job, waitMs)), waitMs);
    // The HTTP server keeps the process alive, not the jobs: a stopped server is never held up by a timer.
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    start(firstLookMs = 0) {
      for (const job of jobs) schedule(job, firstLookMs);
    },
    async runDue() {
      const looks = await Promise.all(jobs.map(look));
      return jobs.filter((_, i) => looks[i].ran).map((job) => job.name);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await ready.catch(() => undefined);
      await Promise.all(under);
    },
  };
}

/** A row for every job (due at once), and on SQLite the leases of a killed process given back. */
async function prepare(deps: RunnerDeps, names: string[]) {
  const db = deps.database.db;
  const now = iso(deps.now());
  for (const name of names)
    await db
      .insertInto('job_leases')
      .values({ name, next_run_at: now, holder: null, leased_until: null, last_error: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  if (deps.database.dialect === 'sqlite')
    await db.updateTable('job_leases').set({ holder: null, leased_until: null }).execute();
}
