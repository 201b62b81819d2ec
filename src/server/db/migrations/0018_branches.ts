/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Branches (docs/API.md, Branches): one installation for a network of assemblies. A branch's place in the tree is
// its materialised path ('/1/4/9/': its ancestors' ids and its own), indexed, so "this branch and every branch
// below it" is one range of that index on both databases, never a recursive query (branches/scope.ts). The root
// branch is the church itself, named from the settings (the saved church name, else the site's own), and every
// row that belongs to a branch (accounts, households, ministries, events, gifts; what a broadcast, an outbox
// message and an audit entry concern) is put there: `branch_id` NOT NULL, defaulting to the root, so a single
// church is the one-branch case of the same data. `branch_history` keeps where a transferred account was and when.
// Shipped: never edit it; add the next migration instead (./index.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

/** Every table whose rows belong to a branch, and whether its branch is looked up often enough for an index. */
const BELONGING: [table: string, indexed: boolean][] = [
  ['users', true],
  ['households', true],
  ['ministries', true],
  ['events', true],
  ['gifts', true],
  ['broadcasts', false],
  ['outbox', false],
  ['audit_log', true],
];

/** The church's name: the one staff saved in the general settings, else the site's (settings.yaml). */
async function churchName(db: Kysely<any>): Promise<string> {
  const saved = await db.selectFrom('settings').select('value').where('key', '=', 'church_contact').executeTakeFirst();
  try {
    const name = saved ? String(JSON.parse(saved.value)?.name ?? '').trim() : '';
    if (name) return name;
  } catch {
    /* an unreadable setting: the site's name below */
  }
  try {
    // Loaded here, not at the top: every start imports the migrations, and YAML is a quarter megabyte of code.
    // yaml is CommonJS: Node's import() (and the server bundle's) hands its exports over as `default`.
    const { parse } = (await import('yaml')).default;
    const site = parse(readFileSync(join(process.cwd(), 'src/content/site/settings.yaml'), 'utf8'));
    const name = String(site?.name ?? '').trim();
    if (name) return name;
  } catch {
    /* no site settings here (a trimmed deployment) */
  }
  return 'Our church';
}

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '') || 'church';

export default ({ dialect, idType, id }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    // The path is compared byte by byte ('/1/4/' ≤ path < '/1/40'); PostgreSQL's default collation may ignore
    // punctuation, so its column is "C".
    const pathType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('branches')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('parent_id', 'integer', (c) => c.references('branches.id'))
      .addColumn('path', pathType, (c) => c.notNull().unique())
      .addColumn('kind', 'text')
      .addColumn('address', 'text')
      .addColumn('phone', 'text')
      .addColumn('service_times', 'text')
      .addColumn('paystack_subaccount', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    const name = await churchName(db);
    const now = new Date().toISOString();
    const root = await db
      .insertInto('branches')
      .values({ name, slug: slugOf(name), path: '/', kind: 'Headquarters', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rootId = Number(root.id);
    await db
      .updateTable('branches')
      .set({ path: `/${rootId}/` })
      .where('id', '=', rootId)
      .execute();

    // Existing rows go to the root through the column's default. SQLite refuses to add a column that references
    // another table with a default other than NULL while foreign keys are on, so there the branch services keep
    // the rule (a branch with anything in it is never deleted: branches/service.ts).
    for (const [table, indexed] of BELONGING) {
      await db.schema
        .alterTable(table)
        .addColumn('branch_id', 'integer', (c) => {
          const col = c.notNull().defaultTo(rootId);
          return dialect === 'postgres' ? col.references('branches.id') : col;
        })
        .execute();
      if (indexed) await db.schema.createIndex(`${table}_branch`).on(table).column('branch_id').execute();
    }

    await db.schema
      .createTable('branch_history')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The name is copied, like the audit log's (a deleted branch's stay is still told).
      .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
      .addColumn('branch_name', 'text', (c) => c.notNull())
      .addColumn('from_at', 'text', (c) => c.notNull())
      .addColumn('to_at', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('moved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('branch_history_user').on('branch_history').columns(['user_id', 'to_at']).execute();

    // A branch's name is part of every User answer, so a rename moves the users' data version like a write to users
    // (migration 0006): the kept answers (users/cached-answers.ts) never show the old name.
    if (dialect === 'postgres') {
      await sql`create trigger branches_version after insert or update or delete on branches
        for each statement execute function bump_users_version()`.execute(db);
      return;
    }
    for (const change of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`branches_version_${change}`)} after ${sql.raw(change)} on branches
        begin update data_versions set version = version + 1 where name = 'users'; end`.execute(db);
    }
  },
});
