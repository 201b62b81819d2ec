// Sermon page views and audio plays, counted on the server (no cookie, no script, no third party) and kept as
// one row per day, kind and sermon. Counting is in memory and written every few seconds (and when the server
// stops), so a busy Sunday adds no write per visit; each write adds to the row, so several instances agree.
import type { IncomingMessage } from 'node:http';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { dayOf } from '../../lib/shared/analytics/periods';
import { MEDIA_PATH } from '../media/storage';
import type { ViewCounter } from '../kernel/ports';

export const VIEW_KINDS = { view: 'sermon_view', play: 'audio_play' } as const;
const FLUSH_MS = 5_000;
const SERMON_PAGE = /^\/sermons\/([a-z0-9][a-z0-9-]*)\/?$/;
/** Link previews and crawlers are not people listening to a sermon. */
const NOT_A_VISIT = /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|curl|wget|lighthouse/i;

export type { ViewCounter } from '../kernel/ports';

export function isVisit(headers: IncomingMessage['headers']): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''}${headers['purpose'] ?? ''}`;
  return !/prefetch|prerender/i.test(purpose) && !NOT_A_VISIT.test(headers['user-agent'] ?? '');
}

export function createViewCounter(db: Kysely<DB>, now: () => number = Date.now): ViewCounter {
  let views = new Map<string, number>(); // "day|sermon id"
  let plays = new Map<string, number>(); // "day|media name"
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  async function flush() {
    const [v, p] = [views, plays];
    views = new Map();
    plays = new Map();
    const rows: DB['content_views'][] = [];
    for (const [key, count] of v) {
      const [day, id] = key.split('|');
      rows.push({ day, kind: VIEW_KINDS.view, item_id: id, count });
    }
    if (p.size) {
      const names = [...new Set([...p.keys()].map((key) => key.split('|')[1]))];
      const sermons = await db
        .selectFrom('sermons')
        .select(['id', 'audio_url'])
        .where(
          'audio_url',
          'in',
          names.map((n) => MEDIA_PATH + n),
        )
        .execute();
      const sermonOf = new Map(sermons.map((s) => [s.audio_url?.slice(MEDIA_PATH.length), s.id]));
      for (const [key, count] of p) {
        const [day, name] = key.split('|');
        const id = sermonOf.get(name);
        if (id) rows.push({ day, kind: VIEW_KINDS.play, item_id: id, count });
      }
    }
    if (!rows.length) return;
    // Several sermons of one day in one statement; a row already there is added to.
    await db
      .insertInto('content_views')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['day', 'kind', 'item_id']).doUpdateSet({ count: sql`content_views.count + excluded.count` }),
      )
      .execute();
  }

  let writing: Promise<void> = Promise.resolve();
  const write = () =>
    (writing = writing
      .then(flush)
      .catch((err) =>
        console.error(JSON.stringify({ level: 'error', msg: 'view counts not written', error: String(err) })),
      ));
  const timer = setInterval(write, FLUSH_MS);
  timer.unref();

  return {
    observePage(req, res) {
      if (req.method !== 'GET') return;
      const match = SERMON_PAGE.exec((req.url ?? '').split('?')[0]);
      if (!match || !isVisit(req.headers)) return;
      const id = match[1];
      res.once('finish', () => {
        if (res.statusCode === 200) add(views, `${dayOf(now())}|${id}`);
      });
    },
    audioPlay(name) {
      add(plays, `${dayOf(now())}|${name}`);
    },
    flush: write,
    async close() {
      clearInterval(timer);
      await write();
    },
  };
}
