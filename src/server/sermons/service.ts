// Sermons: who sees which (docs/PRODUCT.md (States)), and every change by staff, written to the audit log in the
// same transaction and announced to the content hook once it is committed.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { SermonAnswer, SermonCreate, SermonUpdate } from '../../lib/shared/live/api';
import type { Visibility } from '../../lib/shared/live/registry';
import type { SermonStatus } from '../../lib/shared/live/types';
import type { TypedAuditAction } from '../../lib/shared/permissions';
import type { AppDeps } from '../kernel/context';
import type { DB, SermonsTable } from '../db/schema';
import { iso } from '../db/time';
import { writeTags } from '../db/tags';
import { ApiError } from '../kernel/errors';
import { NOT_FOUND, deleteItem, insertItem, recorded, updateItem } from '../content/access';
import { MEDIA_PATH } from '../media/storage';
import type { UserRow } from '../kernel/context';

import { toSermonAnswer, type SermonRow } from './answers';

export type { SermonRow } from './answers';

export const SERMON_NOT_FOUND = NOT_FOUND.sermons;

/** The calendar day (UTC) of the injected clock: a scheduled sermon goes public when its date has come. */
const todayUtc = (nowMs: number) => iso(nowMs).slice(0, 10);

/** Staff (any signed-in caller) see every sermon; visitors what docs/PRODUCT.md (States) makes public. */
const visibilityOf = (viewer: UserRow | undefined): Visibility => (viewer ? 'staff' : 'public');

/** Sermons this visibility may see: staff everything, visitors the published ones and the scheduled ones now due. */
function visible(db: Kysely<DB>, visibility: Visibility, nowMs: number) {
  const query = db.selectFrom('sermons').selectAll();
  if (visibility === 'staff') return query;
  return query.where((eb) =>
    eb.or([
      eb('status', '=', 'published'),
      eb.and([eb('status', '=', 'scheduled'), eb('date', '<=', todayUtc(nowMs))]),
    ]),
  );
}

/** Newest first: the API's list and the public pages (through the content registry) alike. */
export async function readSermons(deps: AppDeps, visibility: Visibility): Promise<SermonAnswer[]> {
  const rows = await visible(deps.database.db, visibility, deps.now()).orderBy('date', 'desc').orderBy('id').execute();
  return rows.map(toSermonAnswer);
}

/** One sermon, or undefined when it does not exist or this visibility may not see it. */
export async function readSermon(deps: AppDeps, visibility: Visibility, id: string): Promise<SermonAnswer | undefined> {
  const row = await visible(deps.database.db, visibility, deps.now()).where('id', '=', id).executeTakeFirst();
  return row && toSermonAnswer(row);
}

export function listSermons(deps: AppDeps, viewer: UserRow | undefined): Promise<SermonAnswer[]> {
  return readSermons(deps, visibilityOf(viewer));
}

/** One sermon, or 404 when it does not exist or the caller may not see it (a visitor and a draft alike). */
export async function getSermon(deps: AppDeps, viewer: UserRow | undefined, id: string): Promise<SermonAnswer> {
  const sermon = await readSermon(deps, visibilityOf(viewer), id);
  if (!sermon) throw new ApiError(404, SERMON_NOT_FOUND);
  return sermon;
}

// ---- Changes ----

/** What Recent Activity says of a sermon given this status: published, scheduled or saved as a draft. */
const STATUS_ACTION: Record<SermonStatus, TypedAuditAction> = {
  published: 'publish_sermon',
  scheduled: 'schedule_sermon',
  draft: 'draft_sermon',
};

/** The columns of the fields sent; fields left out are absent (undefined), so an UPDATE leaves them alone. */
function columnsOf(input: SermonUpdate): Updateable<SermonsTable> {
  const columns: Updateable<SermonsTable> = {
    title: input.title,
    speaker: input.speaker,
    date: input.date,
    category: input.category,
    status: input.status,
    description: input.description,
    duration: input.duration,
    series: input.series === undefined ? undefined : input.series || null,
    tags: input.tags && writeTags(input.tags),
    video_url: input.videoUrl,
    thumbnail: input.thumbnail,
    notes: input.notes,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

async function loadSermon(db: Kysely<DB>, id: string): Promise<SermonRow> {
  const row = await db.selectFrom('sermons').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, SERMON_NOT_FOUND);
  return row;
}

/** What a new sermon starts with where the form gives nothing. */
const NEW_SERMON = {
  duration: '',
  description: '',
  thumbnail: null,
  audio_url: null,
  video_url: null,
  series: null,
  views: 0,
  likes: 0,
  comments: 0,
  tags: '[]',
  notes: '',
};

export async function createSermon(deps: AppDeps, actor: UserRow, input: SermonCreate): Promise<SermonAnswer> {
  const values = { ...NEW_SERMON, ...(columnsOf(input) as Insertable<SermonsTable>) };
  const id = await insertItem(deps, 'sermons', actor, values, {
    action: STATUS_ACTION[input.status],
    title: input.title,
  });
  return toSermonAnswer(await loadSermon(deps.database.db, id));
}

/**
 * Two staff editing one sermon: each PATCH writes only the fields it sent, in one UPDATE, so the last write wins
 * field by field and nobody's untouched fields are overwritten with what they loaded. A status change is
 * recorded as publishing, scheduling or saving a draft; anything else as an update.
 */
export async function updateSermon(
  deps: AppDeps,
  actor: UserRow,
  id: string,
  input: SermonUpdate,
): Promise<SermonAnswer> {
  const db = deps.database.db;
  const before = await loadSermon(db, id);
  const columns = columnsOf(input);
  if (!Object.keys(columns).length) return toSermonAnswer(before);
  const action = input.status && input.status !== before.status ? STATUS_ACTION[input.status] : 'update_sermon';
  await recorded(deps, 'sermons', actor, { action, title: input.title ?? before.title, id }, (trx, now) =>
    updateItem(trx, 'sermons', id, columns, now),
  );
  return toSermonAnswer(await loadSermon(db, id));
}

export async function deleteSermon(deps: AppDeps, actor: UserRow, id: string): Promise<void> {
  const before = await loadSermon(deps.database.db, id);
  await recorded(deps, 'sermons', actor, { action: 'delete_sermon', title: before.title, id }, (trx) =>
    deleteItem(trx, 'sermons', id),
  );
}

/**
 * Points the sermon at a freshly stored audio file (`name` in the media storage) and removes the file it had.
 * If the sermon cannot be updated (deleted meanwhile, database down), the new file is removed: no object is
 * left that nothing points at, and no sermon points at a file that is not whole (the storage only shows a file
 * once its last byte has arrived).
 */
export async function setSermonAudio(deps: AppDeps, actor: UserRow, id: string, name: string): Promise<SermonAnswer> {
  const db = deps.database.db;
  try {
    const before = await loadSermon(db, id);
    await recorded(deps, 'sermons', actor, { action: 'update_sermon', title: before.title, id }, (trx, now) =>
      updateItem(trx, 'sermons', id, { audio_url: MEDIA_PATH + name }, now),
    );
    if (before.audio_url?.startsWith(MEDIA_PATH)) {
      await deps.media.delete(before.audio_url.slice(MEDIA_PATH.length)).catch(() => undefined);
    }
  } catch (err) {
    await deps.media.delete(name).catch(() => undefined);
    throw err;
  }
  return toSermonAnswer(await loadSermon(db, id));
}

/**
 * What a podcast feed says of a sermon's audio: the uploaded file's length and proved type from the media
 * storage, or, for a file the site ships under public/ (the sample sermons), its size on disk.
 */
export async function audioFile(deps: AppDeps, audioUrl: string): Promise<{ size: number; type: string } | undefined> {
  if (audioUrl.startsWith(MEDIA_PATH)) return (await deps.media.head(audioUrl.slice(MEDIA_PATH.length))) ?? undefined;
  if (!/^\/[\w/.-]+\.(mp3|m4a)$/.test(audioUrl) || audioUrl.includes('..')) return undefined;
  try {
    // The server runs from the project root (scripts/start.mjs), where public/ is.
    const { size } = await stat(join(process.cwd(), 'public', audioUrl));
    return { size, type: audioUrl.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg' };
  } catch {
    return undefined;
  }
}
