// Every background job, each in its own file beside this one; the runner (./runner.ts) runs the ones listed here.
// A new job is a new file exporting an AppJob (what it does, how often, how long a run may hold it) and its line
// below; tests/api/jobs.test.ts fails on a job file left out of the list.
import type { AppJob } from './runner';
import { outboxJob } from './outbox';
import { givingCheckJob } from './giving-check';
import { expiredRowsJob } from './expired-rows';
import { firstTimerRemindersJob } from './first-timer-reminders';

export const JOBS: readonly AppJob[] = [outboxJob, givingCheckJob, expiredRowsJob, firstTimerRemindersJob];
