// `npm run db:migration -- <module> <verb-noun>`: writes the migration that brings the schema the
// migrations make up to the table declarations (packages/contract), as frozen literal SQL for
// SQLite, PostgreSQL and MySQL/MariaDB. `npm run db:migration -- --check` only says whether one
// is due (and exits 1 when it is). See docs/architecture.md, "Migrations".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tables } from '@backroom/contract';
import { declaredSchema, describeDifferences } from '../core/db/schema-model.js';
import { indexWithMigration, migratedSchema, nextMigration, pendingChanges } from './migration-source.js';

export { buildMigration, migratedSchema, migrationSource, nextMigration, pendingChanges } from './migration-source.js';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');
const INDEX_FILE = path.join(MIGRATIONS_DIR, 'index.ts');

/** Adds the new migration to the list in migrations/index.ts. */
function register(name: string): void {
  fs.writeFileSync(INDEX_FILE, indexWithMigration(fs.readFileSync(INDEX_FILE, 'utf8'), name));
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
