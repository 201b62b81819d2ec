// The change hook of the church content: every successful write to sermons or events calls changed() once with
// the collections it touched, and whoever keeps copies of them (the public pages' route cache, PostgreSQL NOTIFY
// for other instances) subscribes here. A listener's failure is logged and never fails the write that fired it.
import type { ContentEvents, ContentListener } from '../kernel/ports';

export type { ContentEvents, ContentListener } from '../kernel/ports';

export function createContentEvents(): ContentEvents {
  const listeners = new Set<ContentListener>();
  const report = (err: unknown) =>
    console.error(JSON.stringify({ level: 'error', msg: 'content listener failed', error: String(err) }));
  return {
    changed(collections) {
      for (const listener of listeners) {
        try {
          void Promise.resolve(listener(collections)).catch(report);
        } catch (err) {
          report(err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
