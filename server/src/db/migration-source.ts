// The migration the declarations call for, as data and as its frozen file: what
// `npm run db:migration` writes (generate.ts) and what the coding helper previews and writes
// (base/coding). No side effects on import: the server bundles it.
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
