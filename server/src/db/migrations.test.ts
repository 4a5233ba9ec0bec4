import fs from 'node:fs';
import path from 'node:path';
import { type TableDecl, tables } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { checkOrder } from '../core/db/migrator.js';
import { declaredSchema, describeDifferences } from '../core/db/schema-model.js';
import { migratedSchema, pendingChanges } from './generate.js';
import { MIGRATIONS } from './migrations/index.js';

const DIR = path.join(import.meta.dirname, 'migrations');

describe('the migrations', () => {
  it('make exactly the declared schema: a declaration changed without a migration fails here', () => {
    const differences = describeDifferences(migratedSchema(), declaredSchema(Object.values(tables)));
    // On failure: run `npm run db:migration -- <module> <verb-noun>` (docs/architecture.md).
    expect(differences).toEqual([]);
    expect(pendingChanges()).toEqual([]);
  });

  it('are listed in order, one file each, named <stamp>_<module>_<verb-noun>', () => {
    const names = Object.keys(MIGRATIONS);
    expect(() => checkOrder(MIGRATIONS)).not.toThrow();
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z]+_[a-z]+(-[a-z]+)*$/);
    const files = fs
      .readdirSync(DIR)
      .filter((f) => f !== 'index.ts' && f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual(names);
  });

  it('are frozen: each holds its own SQL and reads nothing from the declarations or the modules', () => {
    for (const name of Object.keys(MIGRATIONS)) {
      const source = fs.readFileSync(path.join(DIR, `${name}.ts`), 'utf8');
      const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      expect(imports, name).toEqual(['../../core/db/migrator.js']);
      const migration = MIGRATIONS[name];
      for (const kind of ['sqlite', 'postgres', 'mysql'] as const) {
        // MySQL/MariaDB make no text index, and SQLite holds PostgreSQL's two forms of one alike:
        // a migration of text indexes alone may run nothing there.
        const textOnly =
          kind !== 'postgres' &&
          migration?.changes.every((c) => c.op === 'createTextIndex' || c.op === 'dropTextIndex');
        if (!textOnly) expect(migration?.sql[kind].length, `${name} on ${kind}`).toBeGreaterThan(0);
      }
    }
  });

  it('catch a declaration that changes: one more column reads as a migration due', () => {
    const extra = { ...tables.dict_type.columns.name, nullable: true };
    const changed = Object.values(tables).map(
      (decl): TableDecl => (decl.table === 'dict_type' ? { ...decl, columns: { ...decl.columns, extra } } : decl),
    );
    expect(describeDifferences(migratedSchema(), declaredSchema(changed))).toEqual([
      'dict_type.extra is missing (declared varchar(100) null)',
    ]);
  });
});
