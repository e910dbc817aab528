import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from './helper.js';

/**
 * db/schema.ts (the Kysely types every query is checked against) and the migrations (what the database
 * holds) are written by hand, apart: this holds one against the other on the dialect the suite runs on
 * (SQLite, or PostgreSQL with TEST_DB=pg), so a column added, renamed or made nullable on one side only
 * fails here, by its name, instead of at a seller's query.
 */

type Columns = Map<string, { nullable: boolean }>;

/** The tables and columns db/schema.ts declares, read by the TypeScript checker from its `Database` interface. */
function declaredSchema(): Map<string, Columns> {
  const file = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('db/schema.ts declares no `Database` interface');
  const tables = new Map<string, Columns>();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const columns: Columns = new Map();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      let type = checker.getTypeOfSymbol(column);
      // Generated<T> / ColumnType<S, I, U>: what a select reads is S.
      const selected = type.getProperty('__select__');
      if (selected) type = checker.getTypeOfSymbol(selected);
      const nullable = type.isUnion()
        ? type.types.some((t) => (t.flags & ts.TypeFlags.Null) !== 0)
        : (type.flags & ts.TypeFlags.Null) !== 0;
      columns.set(column.name, { nullable });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(() => app.close());

describe(`db/schema.ts against a freshly migrated database (${TEST_DB})`, () => {
  it('declares every table and column the migrations make, no other, with the same nullability', async () => {
    const declared = declaredSchema();
    expect([...declared.keys()]).toContain('finished');
    const migrated = new Map<string, Columns>();
    for (const table of await app.db.db.introspection.getTables()) {
      const primaryKey = new Set<string>();
      if (app.db.dialect === 'sqlite') {
        // SQLite reports an INTEGER PRIMARY KEY (the row id) as nullable; it never is.
        const info = await sql<{ name: string; pk: number }>`pragma table_info(${sql.table(table.name)})`.execute(app.db.db);
        for (const c of info.rows) if (c.pk > 0) primaryKey.add(c.name);
      }
      migrated.set(table.name, new Map(table.columns.map((c) => [c.name, { nullable: c.isNullable && !primaryKey.has(c.name) }])));
    }

    const problems: string[] = [];
    for (const [table, columns] of migrated) {
      const types = declared.get(table);
      if (!types) {
        problems.push(`table ${table}: in the database, not in db/schema.ts`);
        continue;
      }
      for (const [column, { nullable }] of columns) {
        const type = types.get(column);
        if (!type) problems.push(`${table}.${column}: in the database, not in db/schema.ts`);
        else if (type.nullable !== nullable)
          problems.push(
            `${table}.${column}: ${nullable ? 'nullable' : 'not null'} in the database, ${type.nullable ? 'nullable' : 'not null'} in db/schema.ts`,
          );
      }
      for (const column of types.keys())
        if (!columns.has(column)) problems.push(`${table}.${column}: in db/schema.ts, not in the database`);
    }
    for (const table of declared.keys()) if (!migrated.has(table)) problems.push(`table ${table}: in db/schema.ts, not in the database`);
    expect(problems).toEqual([]);
    // The TypeScript checker reads schema.ts with Kysely's types: seconds, not milliseconds.
  }, 60_000);
});
