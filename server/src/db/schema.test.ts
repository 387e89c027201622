/**
 * schema.ts is written by hand beside the SQL migrations; this keeps the two from drifting. It
 * reads the `DB` interface of schema.ts with the TypeScript compiler and a freshly migrated
 * database's columns from information_schema, and compares them table by table: the same
 * columns, null allowed in exactly the nullable ones, and a type of the right kind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type DatabaseKind, testDatabaseKinds } from '../../../test-support/testApp';
import type { DatabaseHandle } from './database';

const schemaFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');

/** Tables that are the migrator's own, not the service's. */
const notInSchema = new Set(['schema_migrations']);

interface DeclaredColumn {
  /** The type a select gives: ColumnType's first argument, Generated's argument, or the type. */
  selectType: string;
}

/** The tables of `DB` in schema.ts, each with its columns' select types as written. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const source = ts.createSourceFile(
    schemaFile,
    readFileSync(schemaFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });
  const selectTypeOf = (type: ts.TypeNode): string => {
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      const [first] = type.typeArguments ?? [];
      if ((name === 'ColumnType' || name === 'Generated') && first) return selectTypeOf(first);
      const alias = aliases.get(name);
      if (alias) return selectTypeOf(alias);
    }
    if (ts.isUnionTypeNode(type)) return type.types.map(selectTypeOf).join(' | ');
    return type.getText(source);
  };
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of interfaces.get('DB')!.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = interfaces.get(member.type.getText(source))!;
    const columns = new Map<string, DeclaredColumn>();
    for (const column of table.members) {
      if (ts.isPropertySignature(column) && column.type)
        columns.set(column.name.getText(source), { selectType: selectTypeOf(column.type) });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

/** What a select of a column of this SQL type gives in TypeScript, as schema.ts may write it. */
const typeKinds: Record<string, RegExp> = {
  integer: /\bnumber\b/,
  smallint: /\bnumber\b/,
  bigint: /\bstring\b|\bnumber\b/,
  numeric: /\bstring\b/,
  text: /\bstring\b|'[^']*'|\b[A-Z]\w+\b/,
  'character varying': /\bstring\b/,
  boolean: /\bboolean\b/,
  'timestamp with time zone': /\bDate\b/,
  date: /\bDate\b/,
  json: /\bunknown\b|\[\]/,
  // Or the named type of what the column holds (a ChosenMapping, a SavedChoice's columns).
  jsonb: /\bunknown\b|\[\]|\b[A-Z]\w+\b/,
  bytea: /\bUint8Array\b|\bBuffer\b/,
  ARRAY: /\[\]|Array</,
};

describe.each(testDatabaseKinds)('schema.ts against the migrated database on %s', (kind: DatabaseKind) => {
  let database: DatabaseHandle;
  let actual: Map<string, Map<string, { dataType: string; nullable: boolean }>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const rows = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
    }>`
      select table_name, column_name, data_type, is_nullable from information_schema.columns
      where table_schema = current_schema()
        and table_name in (select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE')`.execute(database.db);
    actual = new Map();
    for (const row of rows.rows) {
      if (notInSchema.has(row.table_name)) continue;
      const columns = actual.get(row.table_name) ?? new Map();
      columns.set(row.column_name, { dataType: row.data_type, nullable: row.is_nullable === 'YES' });
      actual.set(row.table_name, columns);
    }
  });
  afterAll(() => database?.close());

  it('has a type for every table, and no type for a table that does not exist', () => {
    expect([...declaredTables().keys()].sort()).toEqual([...actual.keys()].sort());
  });

  it('gives every table exactly its columns, null where the column allows it, of the right kind', () => {
    const problems: string[] = [];
    for (const [table, declared] of declaredTables()) {
      const columns = actual.get(table) ?? new Map();
      for (const name of columns.keys())
        if (!declared.has(name)) problems.push(`${table}.${name}: in the database, not in schema.ts`);
      for (const [name, { selectType }] of declared) {
        const column = columns.get(name);
        if (!column) {
          problems.push(`${table}.${name}: in schema.ts, not in the database`);
          continue;
        }
        const allowsNull = /\bnull\b/.test(selectType);
        if (allowsNull !== column.nullable)
          problems.push(
            `${table}.${name}: ${column.nullable ? 'nullable' : 'not null'}, typed ${selectType}`,
          );
        const kindOf = typeKinds[column.dataType];
        if (!kindOf) problems.push(`${table}.${name}: no rule for the SQL type ${column.dataType}`);
        else if (!kindOf.test(selectType.replace(/\bnull\b/g, '')))
          problems.push(`${table}.${name}: ${column.dataType}, typed ${selectType}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
