// What the sermon and event slices share: the {id} they take, who is asking, the rank check of CONTENT_RULES
// (permissions.ts) made before any input is read, and how a change is written, recorded and announced.
import type { Context } from 'hono';
import type { Insertable, Transaction, Updateable } from 'kysely';
import { z } from 'zod';
import { canManageContent, type ContentAction, type TypedAuditAction } from '../../lib/shared/permissions';
import type { ContentCollection, LiveTag } from '../../lib/shared/live/types';
import type { AppDeps, AppEnv } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { withFreshSlug } from '../db/slugs';
import { audited } from '../activity/audit';
import { allowed } from '../kernel/routes';
import type { UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';

/** The answer to an id that names no sermon or event the caller may see. */
export const NOT_FOUND = { sermons: 'Sermon not found.', events: 'Event not found.' } as const;

/** The {id} of /sermons/{id}/ and /events/{id}/: a slug; anything else names nothing, so it is a 404. */
export const contentId = (notFound: string) =>
  z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, notFound) });

/** The signed-in staff member behind optionalAuth, or undefined for an anonymous visitor. */
export const viewerOf = (c: Context<AppEnv>): UserRow | undefined => c.get('user') as UserRow | undefined;

/** Route middleware after requireAuth: 403 unless the caller's rank allows this action on the collection. */
export const mayManage = (collection: ContentCollection) => (action: ContentAction) =>
  allowed((user) => canManageContent(user, collection, action));

/**
 * Writes a change and its audit entry (the item's title as its target, its id as details) in one transaction,
 * then tells the content hook which pages show it (a sermon, an event, the prayer wall); a refused or failed
 * change records and announces nothing.
 */
export async function recorded(
  deps: AppDeps,
  shownOn: LiveTag,
  actor: UserRow,
  entry: { action: TypedAuditAction; title: string; id: string | number },
  change: (trx: Transaction<DB>, stamp: string) => Promise<unknown>,
): Promise<void> {
  const stamp = deps.now();
  const audit = { actor, target: null, targetName: entry.title, action: entry.action, details: String(entry.id) };
  await audited(deps.database.db, audit, stamp, (trx) => change(trx, iso(stamp)));
  deps.content?.changed([shownOn]);
}

/**
 * Adds a sermon or an event under a fresh slug of its title (db/slugs.ts) with its times of creation, recorded as
 * the entry says; answers its id.
 */
export function insertItem<C extends ContentCollection>(
  deps: AppDeps,
  collection: C,
  actor: UserRow,
  values: Omit<Insertable<DB[C]>, 'id' | 'created_at' | 'updated_at'> & { title: string },
  entry: { action: TypedAuditAction; title: string },
): Promise<string> {
  return withFreshSlug(deps.database.db, collection, values.title, async (id) => {
    await recorded(deps, collection, actor, { ...entry, id }, (trx, now) =>
      trx
        .insertInto(collection as ContentCollection)
        .values({ ...values, id, created_at: now, updated_at: now } as Insertable<DB[ContentCollection]>)
        .execute(),
    );
    return id;
  });
}

/**
 * Writes these columns of a sermon or an event with its time of change; 404 when someone deleted it since it was
 * read, so the change records nothing.
 */
export async function updateItem<C extends ContentCollection>(
  trx: Transaction<DB>,
  collection: C,
  id: string,
  columns: Updateable<DB[C]>,
  stamp: string,
): Promise<void> {
  const result = await trx
    .updateTable(collection as ContentCollection)
    .set({ ...columns, updated_at: stamp })
    .where('id', '=', id)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw new ApiError(404, NOT_FOUND[collection]);
}

/** Deletes a sermon or an event; 404 when someone deleted it meanwhile. */
export async function deleteItem(trx: Transaction<DB>, collection: ContentCollection, id: string): Promise<void> {
  const result = await trx.deleteFrom(collection).where('id', '=', id).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw new ApiError(404, NOT_FOUND[collection]);
}
