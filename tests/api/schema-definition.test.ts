// One data definition: the table shapes Kysely is given (src/server/db/schema.ts, read here with the TypeScript
// compiler) are what the migrations make, on both databases. Every table the migrations make is in the `DB`
// interface and every table there exists; each table's columns are the interface's properties, no more, no fewer;
// and a column may hold NULL exactly when its type (the select type of a ColumnType, the inner type of Generated)
// says `null`. A migration that adds, renames or loosens a column without the types following fails here.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

interface Column {
  name: string;
  nullable: boolean;
}

/** Tables of the DB interface, each with its columns as schema.ts types them. */
function declaredTables(): Map<string, Column[]> {
  const file = 'src/server/db/schema.ts';
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts has no DB interface');
  const tables = new Map<string, Column[]>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = (member.name as ts.Identifier).text;
    const shape = interfaces.get(member.type.getText(source));
    if (!shape) throw new Error(`schema.ts: no interface ${member.type.getText(source)} for ${table}`);
    tables.set(
      table,
      shape.members.filter(ts.isPropertySignature).map((p) => ({
        name: (p.name as ts.Identifier).text,
        nullable: selectType(p.type!, source)
          .split('|')
          .some((part) => part.trim() === 'null'),
      })),
    );
  }
  return tables;
}

/** The type a select reads: ColumnType's first argument, Generated's inner type, or the type itself. */
function selectType(type: ts.TypeNode, source: ts.SourceFile): string {
  if (ts.isTypeReferenceNode(type) && type.typeArguments?.length) {
    const name = type.typeName.getText(source);
    if (name === 'ColumnType' || name === 'Generated') return type.typeArguments[0].getText(source);
  }
  return type.getText(source);
}

/** Tables and columns as the migrated database has them. */
async function migratedTables(api: TestApi): Promise<Map<string, Column[]>> {
  const db = api.database.db;
  const tables = new Map<string, Column[]>();
  if (api.database.dialect === 'sqlite') {
    const names = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    `.execute(db);
    for (const { name } of names.rows) {
      const columns = await sql<{ name: string; notnull: number; pk: number }>`
        select name, "notnull", pk from pragma_table_info(${name})
      `.execute(db);
      // A SQLite INTEGER PRIMARY KEY is never NULL whatever it declares.
      tables.set(
        name,
        columns.rows.map((c) => ({ name: c.name, nullable: !c.notnull && !c.pk })),
      );
    }
  } else {
    const rows = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'
      order by table_name, ordinal_position
    `.execute(db);
    for (const r of rows.rows) {
      if (!tables.has(r.table_name)) tables.set(r.table_name, []);
      tables.get(r.table_name)!.push({ name: r.column_name, nullable: r.is_nullable === 'YES' });
    }
  }
  return tables;
}

const byName = (columns: Column[]) =>
  Object.fromEntries(
    [...columns].sort((a, b) => a.name.localeCompare(b.name)).map((c) => [c.name, c.nullable ? 'null' : 'not null']),
  );

describe.each(backends())('the data definition on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
  });
  afterAll(() => api?.close());

  it('schema.ts names every table the migrations make, and no other', async () => {
    const declared = declaredTables();
    const migrated = await migratedTables(api);
    expect([...migrated.keys()].sort()).toEqual([...declared.keys()].sort());
  });

  it('each table has exactly the columns schema.ts types, NULL where the type allows it', async () => {
    const declared = declaredTables();
    const migrated = await migratedTables(api);
    for (const [table, columns] of declared) {
      expect(byName(migrated.get(table) ?? []), table).toEqual(byName(columns));
    }
  });
});
