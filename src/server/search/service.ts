// The portal's search: a few of each kind whose words contain the query, case-insensitive on SQLite and
// PostgreSQL alike (lower() on both sides), % and _ matched literally. Staff see every account, sermon and event
// (drafts and private ones too, as their screens show them); prayer requests only if their role may handle them.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { UserRow } from '../kernel/context';
import { canHandleVisitorData, ROLE_LABELS } from '../../lib/shared/permissions';
import { fullName } from '../../lib/shared/format';
import { SEARCH_PER_KIND, screenSearchHref, type SearchResult } from '../../lib/shared/search/api';

/** `%text%` with LIKE's own characters escaped (ESCAPE '\'). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function anyContains(columns: string[], pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** Accounts and events of the caller's scope only (docs/API.md, Branches); sermons and prayers are the church's. */
export async function search(deps: AppDeps, actor: UserRow, scope: Scope, text: string): Promise<SearchResult[]> {
  const db = deps.database.db;
  const pattern = likePattern(text);
  const [people, sermons, events, prayers] = await Promise.all([
    inScope(db.selectFrom('users'), scope, 'branch_id')
      .select(['id', 'first_name', 'last_name', 'username', 'email', 'role'])
      .where(anyContains(['first_name', 'last_name', 'username', 'email'], pattern))
      .orderBy('first_name')
      .orderBy('last_name')
      .limit(SEARCH_PER_KIND)
      .execute(),
    db
      .selectFrom('sermons')
      .select(['id', 'title', 'speaker', 'date', 'status'])
      .where(anyContains(['title', 'speaker', 'series', 'description'], pattern))
      .orderBy('date', 'desc')
      .limit(SEARCH_PER_KIND)
      .execute(),
    inScope(db.selectFrom('events'), scope, 'branch_id')
      .select(['id', 'title', 'start_date', 'location'])
      .where(anyContains(['title', 'location', 'description'], pattern))
      .orderBy('start_date', 'desc')
      .limit(SEARCH_PER_KIND)
      .execute(),
    canHandleVisitorData(actor, 'prayers', 'read')
      ? db
          .selectFrom('prayer_requests')
          .select(['id', 'title', 'requester', 'category', 'status'])
          .where(anyContains(['title', 'requester', 'description'], pattern))
          .orderBy('date_requested', 'desc')
          .limit(SEARCH_PER_KIND)
          .execute()
      : Promise.resolve([]),
  ]);
  return [
    ...people.map((u) => ({
      kind: 'person' as const,
      id: String(u.id),
      title: fullName(u),
      detail: `${ROLE_LABELS[u.role]} · ${u.email}`,
      href: screenSearchHref('/users', u.username),
    })),
    ...sermons.map((s) => ({
      kind: 'sermon' as const,
      id: s.id,
      title: s.title,
      detail: `${s.speaker} · ${s.date}${s.status === 'published' ? '' : ` · ${s.status}`}`,
      href: screenSearchHref('/sermons', s.title),
    })),
    ...events.map((e) => ({
      kind: 'event' as const,
      id: e.id,
      title: e.title,
      detail: `${e.start_date} · ${e.location}`,
      href: screenSearchHref('/events', e.title),
    })),
    ...prayers.map((p) => ({
      kind: 'prayer' as const,
      id: String(p.id),
      title: p.title,
      detail: `${p.requester} · ${p.category} · ${p.status}`,
      href: screenSearchHref('/prayers', p.title),
    })),
  ];
}
