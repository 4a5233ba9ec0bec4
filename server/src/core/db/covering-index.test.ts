import { col, type TableDecl } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { renderChanges } from './ddl.js';
import { declaredSchema, diffSchemas, foldChanges, heldBy } from './schema-model.js';

// An index's covering columns (IndexDecl.covering): held after its own columns on SQLite, so that a
// condition on them is decided from the index; the declared columns alone elsewhere.

const label = { 'zh-cn': '名', 'zh-tw': '名', en: 'Name' };
function shops(covering?: readonly string[]): TableDecl {
  return {
    table: 'shops',
    base: 'entity',
    columns: {
      ownerId: col.int({ label }),
      name: col.string({ label, max: 50 }),
      note: col.string({ label, nullable: true, max: 200 }),
    },
    indexes: [{ name: 'idx_shops_owner', columns: ['ownerId', 'id'], ...(covering ? { covering } : {}) }],
  };
}

describe('an index with covering columns', () => {
  it('is declared with them, and only with columns the table has', () => {
    expect(declaredSchema([shops(['name', 'note'])]).shops?.indexes).toEqual([
      { name: 'idx_shops_owner', columns: ['ownerId', 'id'], unique: false, covering: ['name', 'note'] },
    ]);
    expect(declaredSchema([shops()]).shops?.indexes[0]).not.toHaveProperty('covering');
    expect(() => declaredSchema([shops(['name', 'phone'])])).toThrow(/idx_shops_owner names phone, no column/);
    // On SQLite a unique index with them would hold its columns and them together unique, no more.
    const unique: TableDecl = {
      ...shops(),
      indexes: [{ columns: ['ownerId', 'name'], unique: true, covering: ['note'] }],
    };
    expect(() => declaredSchema([unique])).toThrow(/unique index uq_shops_ownerId_name cannot have covering columns/);
  });

  it('differs from the same index without them: dropped and made again, adding up to the declared schema', () => {
    const plain = declaredSchema([shops()]);
    const covered = declaredSchema([shops(['name', 'note'])]);
    const changes = diffSchemas(plain, covered);
    expect(changes.map((c) => c.op)).toEqual(['dropIndex', 'createIndex']);
    expect(foldChanges(plain, changes)).toEqual(covered);
    expect(diffSchemas(covered, covered)).toEqual([]);
  });

  it('holds them after its own columns on SQLite alone', () => {
    const plain = declaredSchema([shops()]);
    const changes = diffSchemas(plain, declaredSchema([shops(['name', 'note'])]));
    expect(renderChanges('sqlite', changes, plain)[1]).toBe(
      'create index "idx_shops_owner" on "shops" ("ownerId", "id", "name", "note")',
    );
    expect(renderChanges('postgres', changes, plain)[1]).toBe(
      'create index "idx_shops_owner" on "shops" ("ownerId", "id")',
    );
    expect(renderChanges('mysql', changes, plain)[1]).toBe(
      'create index `idx_shops_owner` on `shops` (`ownerId`, `id`)',
    );
  });

  it('is what each dialect reads back from a live database: its columns with them on SQLite, without elsewhere', () => {
    const covered = declaredSchema([shops(['name', 'note'])]);
    expect(heldBy('sqlite', covered).shops?.indexes).toEqual([
      { name: 'idx_shops_owner', columns: ['ownerId', 'id', 'name', 'note'], unique: false },
    ]);
    for (const kind of ['postgres', 'mysql'] as const) {
      expect(heldBy(kind, covered).shops?.indexes).toEqual([
        { name: 'idx_shops_owner', columns: ['ownerId', 'id'], unique: false },
      ]);
    }
  });
});
