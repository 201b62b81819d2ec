// The sample sermons and events, the one source of the demo data: src/server/seed/demo/sermons/*.md (frontmatter,
// with the Markdown body as notes) and src/server/seed/demo/events/*.yaml, checked by the schemas of
// content-schemas.ts (the public pages then read them from the database). Each event gets sample registrations adding up to its file's
// registered and waitlist figures. Only ids not yet in the database are added: re-seeding never duplicates
// and never overwrites what staff changed (a demo item staff deleted comes back).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { eventSchema, sermonSchema, validateContent } from '../../lib/shared/site/content-schemas';
import type { DB, EventRegistrationsTable } from '../db/schema';
import { iso } from '../db/time';
import { writeTags } from '../db/tags';

/** One YAML scalar as these files write them: quoted text, numbers, booleans, [a, b] lists, plain text. */
function scalar(raw: string): unknown {
  const v = raw.trim();
  if (v.startsWith('[') && v.endsWith(']')) {
    const inner = v.slice(1, -1).trim();
    return inner ? inner.split(',').map(scalar) : [];
  }
  if (v.startsWith('"') && v.endsWith('"')) return JSON.parse(v);
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^-?\d+$/.test(v)) return Number(v);
  return v;
}

/**
 * The flat "key: value" YAML of the content files (one key a line, no nesting, no multi-line values).
 * Anything else is not read silently: the schema check then names the file and the field.
 */
export function readFlatYaml(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!match) throw new Error(`Cannot read the line "${line}"`);
    out[match[1]] = scalar(match[2]);
  }
  return out;
}

/** Frontmatter and body of a Markdown file. */
function readMarkdown(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: readFlatYaml(match[1]), body: match[2].trim() };
}

export const filesIn = (dir: string, ext: RegExp) =>
  readdirSync(dir)
    .filter((f) => ext.test(f))
    .sort()
    .map((f) => ({ id: basename(f).replace(ext, ''), file: join(dir, f) }));

const SAMPLE_NAMES = ['Abena Asante', 'Kojo Osei', 'Efua Mensah', 'Kwesi Boateng', 'Adwoa Tetteh', 'Yaw Frimpong'];

/** Registrations of 1 to 4 seats adding up to exactly `seats`. */
function sampleRegistrations(eventId: string, seats: number, status: 'confirmed' | 'waitlisted', stamp: string) {
  const rows: Insertable<EventRegistrationsTable>[] = [];
  for (let left = seats, n = 0; left > 0; n++) {
    const take = Math.min(left, (n % 4) + 1);
    const name = SAMPLE_NAMES[n % SAMPLE_NAMES.length];
    rows.push({
      event_id: eventId,
      name,
      email: `${name.toLowerCase().replace(' ', '.')}+${eventId}-${status}-${n}@example.org`,
      phone: null,
      seats: take,
      status,
      created_at: stamp,
    });
    left -= take;
  }
  return rows;
}

export async function seedContent(
  db: Kysely<DB>,
  contentDir: string,
  nowMs: number,
): Promise<{ sermons: number; events: number }> {
  const stamp = iso(nowMs);
  const sermons = filesIn(join(contentDir, 'sermons'), /\.md$/).map(({ id, file }) => {
    const { data, body } = readMarkdown(readFileSync(file, 'utf8'));
    const s = validateContent(sermonSchema, file, data);
    return {
      id,
      title: s.title,
      speaker: s.speaker,
      date: s.date,
      category: s.category,
      duration: s.duration,
      description: s.description,
      thumbnail: s.thumbnail ?? null,
      audio_url: s.audioUrl ?? null,
      video_url: s.videoUrl ?? null,
      series: s.series ?? null,
      views: s.views,
      likes: s.likes,
      comments: s.comments,
      status: s.status,
      tags: writeTags(s.tags),
      notes: body,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  const events = filesIn(join(contentDir, 'events'), /\.ya?ml$/).map(({ id, file }) => {
    const e = validateContent(eventSchema, file, readFlatYaml(readFileSync(file, 'utf8')));
    return { id, e };
  });

  return db.transaction().execute(async (trx) => {
    const [haveSermons, haveEvents] = await Promise.all([
      trx.selectFrom('sermons').select('id').execute(),
      trx.selectFrom('events').select('id').execute(),
    ]);
    const oldSermons = new Set(haveSermons.map((r) => r.id));
    const oldEvents = new Set(haveEvents.map((r) => r.id));
    const newSermons = sermons.filter((s) => !oldSermons.has(s.id));
    const newEvents = events.filter(({ id }) => !oldEvents.has(id));
    if (newSermons.length) await trx.insertInto('sermons').values(newSermons).execute();
    if (newEvents.length) {
      await trx
        .insertInto('events')
        .values(
          newEvents.map(({ id, e }) => ({
            id,
            title: e.title,
            description: e.description,
            category: e.category,
            type: e.type,
            status: e.status,
            start_date: e.startDate,
            end_date: e.endDate,
            start_time: e.startTime,
            end_time: e.endTime,
            location: e.location,
            capacity: e.capacity,
            organizer: e.organizer,
            is_public: e.isPublic,
            requires_registration: e.requiresRegistration,
            tags: writeTags(e.tags),
            image_url: e.imageUrl ?? null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      const registrations = newEvents.flatMap(({ id, e }) => [
        ...sampleRegistrations(id, e.registered, 'confirmed', stamp),
        ...sampleRegistrations(id, e.waitlist, 'waitlisted', stamp),
      ]);
      // In chunks: one statement per few hundred rows stays under every driver's parameter limit.
      for (let i = 0; i < registrations.length; i += 500) {
        await trx
          .insertInto('event_registrations')
          .values(registrations.slice(i, i + 500))
          .execute();
      }
    }
    return { sermons: newSermons.length, events: newEvents.length };
  });
}
