// Outbox delivery's poll: what other instances queued and the retries that came due (src/server/outbox/worker.ts).
// A process sends its own messages the moment it queues them (the worker's wake), so this poll is for the rest;
// its rows keep their own leases, so a run that outlives this job's lease sends nothing twice.
import { LEASE_MS, hasDue, type OutboxWorker } from '../outbox/worker';
import type { Job, RunnerDeps } from './runner';

export const outboxJob: Job<RunnerDeps & { outbox: OutboxWorker }> = {
  name: 'outbox',
  every: () => 1_000,
  // As long as a row's claim: a dead instance's poll and the rows it held come back together.
  leaseMs: LEASE_MS,
  due: (deps, nowMs) => hasDue(deps.database, nowMs),
  run: (deps) => deps.outbox.poll(),
};
