// `npm run db:migration -- <module> <verb-noun>`: writes the migration that brings the schema the
// migrations make up to the table declarations (packages/contract), as frozen literal SQL for
// SQLite, PostgreSQL and MySQL/MariaDB. `npm run db:migration -- --check` only says whether one
// is due (and exits 1 when it is). See docs/architecture.md, "Migrations".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type TableDecl, tables } from '@backroom/contract';
import type { DbKind } from '../core/config.js';
import { renderChanges } from '../core/db/ddl.js';
import type { Migration, MigrationList } from '../core/db/migrator.js';
import {
  declaredSchema,
  describeDifferences,
  diffSchemas,
  foldChanges,
  type SchemaChange,
  type SchemaModel,
} from '../core/db/schema-model.js';
import { MIGRATIONS } from './migrations/index.js';

const DIALECTS: readonly DbKind[] = ['sqlite', 'postgres', 'mysql'];
const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
const INDEX_FILE = path.join(MIGRATIONS_DIR, 'index.ts');

/** The schema the migrations make, added up from the changes each one records. */
export function migratedSchema(migrations: MigrationList = MIGRATIONS): SchemaModel {
  return foldChanges(
    {},
    Object.values(migrations).flatMap((m) => m.changes),
  );
}

/** What the declarations ask for that the migrations do not make yet. */
export function pendingChanges(migrations: MigrationList = MIGRATIONS): SchemaChange[] {
  const decls: readonly TableDecl[] = Object.values(tables);
  return diffSchemas(migratedSchema(migrations), declaredSchema(decls));
}

/** The migration for the pending changes: the changes as data and their SQL on every dialect. */
export function buildMigration(changes: readonly SchemaChange[], before: SchemaModel): Migration {
  const sql = Object.fromEntries(DIALECTS.map((kind) => [kind, renderChanges(kind, changes, before)])) as Record<
    DbKind,
    string[]
  >;
  return { changes, sql };
}

function stamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** JSON with each flat object (a column, an index) on one line, as the migrations read best. */
function toSource(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\{\n((?:[ \t]+[^{}\n]*[^[{\n]\n)+?)[ \t]*\}/g, (_m, body: string) => {
    const parts = body
      .trim()
      .split('\n')
      .map((line) => line.trim());
    return `{ ${parts.join(' ').replace(/,$/, '')} }`;
  });
}

export function migrationSource(name: string, migration: Migration, written: Date): string {
  return `// ${name}: written ${written.toISOString().slice(0, 10)} by \`npm run db:migration\`
// from the declarations as they were then. Frozen: never edit it; a later change to a declaration
// gets a migration of its own (docs/architecture.md, "Migrations").
import type { Migration } from '../../core/db/migrator.js';

export const migration: Migration = ${toSource(migration)};
`;
}

/** migrations/index.ts with the new migration added to the list, after the others. */
export function indexWithMigration(source: string, name: string): string {
  const id = `m${name.slice(0, 14)}`;
  const withImport = source.replace(
    '\n/** Every migration',
    `import { migration as ${id} } from './${name}.js';\n\n/** Every migration`,
  );
  const withEntry = withImport.replace(/\n};\s*$/, `\n  '${name}': ${id},\n};\n`);
  if (withEntry === source || !withEntry.includes(`'${name}': ${id}`)) {
    throw new Error(`could not add ${name} to migrations/index.ts`);
  }
  return withEntry.replace(/\n\n(import \{ migration as)/g, '\n$1');
}

/** Adds the new migration to the list in migrations/index.ts. */
function register(name: string): void {
  fs.writeFileSync(INDEX_FILE, indexWithMigration(fs.readFileSync(INDEX_FILE, 'utf8'), name));
}

/**
 * The migration the declarations call for (the registry's, or `decls` given: the coding helper
 * adds an entity not written yet), named after the module and action and rendered as its file;
 * null when the migrations make the declared schema already.
 */
export function nextMigration(
  module: string,
  action: string,
  decls: readonly TableDecl[] = Object.values(tables),
  now = new Date(),
): { name: string; source: string; lines: string[]; drops: boolean } | null {
  const before = migratedSchema();
  const declared = declaredSchema(decls);
  const changes = diffSchemas(before, declared);
  if (changes.length === 0) return null;
  const migration = buildMigration(changes, before);
  const last = Object.keys(MIGRATIONS).at(-1) ?? '';
  let name = `${stamp(now)}_${module}_${action}`;
  if (name <= last) name = `${String(Number(last.slice(0, 14)) + 1)}_${module}_${action}`;
  return {
    name,
    source: migrationSource(name, migration, now),
    lines: describeDifferences(before, declared),
    drops: changes.some((c) => c.op === 'dropColumn' || c.op === 'dropTable'),
  };
}

function main(argv: readonly string[]): number {
  const changes = pendingChanges();
  if (argv.includes('--check')) {
    if (changes.length === 0) {
      console.log('The migrations make exactly the declared schema.');
      return 0;
    }
    const lines = describeDifferences(migratedSchema(), declaredSchema(Object.values(tables)));
    console.error(`A migration is due (npm run db:migration -- <module> <verb-noun>):\n  ${lines.join('\n  ')}`);
    return 1;
  }
  const [module, action] = argv.filter((a) => !a.startsWith('--'));
  if (!module || !action || !/^[a-z]+$/.test(module) || !/^[a-z]+(-[a-z]+)*$/.test(action)) {
    console.error('usage: npm run db:migration -- <module> <verb-noun>   (e.g. customer create-tables)');
    return 2;
  }
  const next = nextMigration(module, action);
  if (next === null) {
    console.log('Nothing to write: the migrations already make the declared schema.');
    return 0;
  }
  const file = path.join(MIGRATIONS_DIR, `${next.name}.ts`);
  fs.writeFileSync(file, next.source);
  register(next.name);
  // The house format (biome), so the new files read like the rest.
  execFileSync('npx', ['biome', 'format', '--write', file, INDEX_FILE], { stdio: 'ignore' });
  console.log(`Wrote ${path.relative(process.cwd(), file)}:`);
  for (const line of next.lines) console.log(`  ${line}`);
  if (next.drops) {
    console.log('It drops data: a rename reads as a drop and an add; rewrite those by hand before it runs anywhere.');
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = main(process.argv.slice(2));
}
