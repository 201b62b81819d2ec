// Headcounts typed on a phone at the church door survive a dropped connection (docs/PRODUCT.md, Attendance): the
// draft is kept on the device as it is typed, a headcount that could not be sent waits in a queue there, and the
// queue is sent when the browser is back online, once: one entry per service and date (a later one replaces it,
// as the server does), taken off before it is sent so two flushes never send it twice.
import { apiErrorInfo } from '../../../../lib/client/api-client';
import type { HeadcountAnswer } from '../../../../lib/shared/attendance/api';
import { postHeadcount, type HeadcountBody } from './api';

const QUEUE_KEY = 'gc-headcount-queue';
export const DRAFT_KEY = 'gc-headcount-draft';

const store = () => (typeof localStorage === 'undefined' ? null : localStorage);

export function queued(): HeadcountBody[] {
  try {
    const list = JSON.parse(store()?.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as HeadcountBody[]) : [];
  } catch {
    return [];
  }
}

function save(list: HeadcountBody[]) {
  store()?.setItem(QUEUE_KEY, JSON.stringify(list));
}

export function enqueue(body: HeadcountBody) {
  save([...queued().filter((q) => q.serviceId !== body.serviceId || q.date !== body.date), body]);
}

/** Whether a failure is the network's (no answer at all), so the headcount should wait, not be dropped. */
export const isOffline = (error: unknown) => apiErrorInfo(error).status === null;

let flushing = false;

/** Sends what waits, oldest first; answers what was sent (a refused one is dropped and reported too). */
export async function flush(): Promise<{ sent: HeadcountAnswer[]; refused: HeadcountBody[] }> {
  const done = { sent: [] as HeadcountAnswer[], refused: [] as HeadcountBody[] };
  if (flushing) return done;
  flushing = true;
  try {
    for (;;) {
      const [next, ...rest] = queued();
      if (!next) break;
      save(rest);
      try {
        done.sent.push(await postHeadcount(next));
      } catch (error) {
        if (isOffline(error)) {
          save([next, ...queued()]);
          break;
        }
        done.refused.push(next);
      }
    }
  } finally {
    flushing = false;
  }
  return done;
}
