// First-timers' reminders: an assignee is emailed about an open card nobody touched for three days
// (src/server/first-timers/service.ts remindUntouched), looked at every hour; a card is reminded about once per
// untouched stretch (the outbox key names the time it was last touched), so overlapping runs send nothing twice.
import { remindUntouched } from '../first-timers/service';
import type { AppJob } from './runner';

export const firstTimerRemindersJob: AppJob = {
  name: 'first-timer-reminders',
  every: () => 60 * 60_000,
  leaseMs: 5 * 60_000,
  run: (deps) => remindUntouched(deps),
};
