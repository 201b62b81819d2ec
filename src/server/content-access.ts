// What the sermon and event routes share: the {id} they take, who is asking, and the rank check of
// CONTENT_RULES (permissions.ts) made before any input is read.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { canManageContent, type ContentAction } from '../lib/shared/permissions';
import type { ContentCollection } from '../lib/shared/content-types';
import type { AppEnv } from './context';
import { ApiError, DETAIL } from './http/errors';
import type { UserRow } from './users/serialize';

/** The {id} of /sermons/{id}/ and /events/{id}/: a slug; anything else names nothing, so it is a 404. */
export const contentId = (notFound: string) =>
  z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, notFound) });

/** The signed-in staff member behind optionalAuth, or undefined for an anonymous visitor. */
export const viewerOf = (c: Context<AppEnv>): UserRow | undefined => c.get('user') as UserRow | undefined;

/** Route middleware after requireAuth: 403 unless the caller's rank allows this action on the collection. */
export const mayManage =
  (collection: ContentCollection) =>
  (action: ContentAction): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!canManageContent(c.get('user'), collection, action)) throw new ApiError(403, DETAIL.forbidden);
    await next();
  };
