import type { Columns } from './columns.js';

/** An index of more than one column, or one whose name is fixed by history. */
export type IndexDecl = {
  readonly columns: readonly string[];
  readonly unique?: boolean;
  /** `uq_<table>_<columns>` or `idx_<table>_<columns>` when absent. */
  readonly name?: string;
  /**
   * Columns SQLite's index also holds after its own, so that a condition on them is decided from
   * the index before the row is read (SQLite seeks the row only once the index has said yes): a
   * LIKE over a clerk's customers then reads their index entries, side by side, instead of a row
   * at its own place in the table for each. PostgreSQL and MySQL read the row for a filter of a
   * plain index scan anyway, so there the index is the declared columns alone.
   */
  readonly covering?: readonly string[];
};

/**
 * What one table is: its name, columns and indexes. Every entity is one (with endpoints besides);
 * a few tables are the server's alone (join rows, settings) and are declared with defineTable.
 * The migrations must create exactly what these say: the schema drift test compares a migrated
 * database with every declaration, and `npm run db:migration` writes the migration for a change.
 */
export type TableBase = 'entity' | 'id' | 'none';

export type TableDecl<C extends Columns = Columns, B extends TableBase = TableBase> = {
  readonly table: string;
  readonly columns: C;
  /**
   * The columns every row has besides the declared ones: `entity` an auto-increment `id` and the
   * `createTime`/`updateTime` texts, `id` only the id (join rows), `none` nothing (`primaryKey`
   * names one of the columns).
   */
  readonly base: B;
  readonly primaryKey?: string;
  /**
   * The `id` (base `entity` or `id`) is SQLite's plain rowid, without AUTOINCREMENT: no write to
   * `sqlite_sequence` per insert, but the id of the last deleted row may be given again. For a
   * table that is filled and emptied (base_sys_audit_inbox), never for one whose ids are kept
   * elsewhere. PostgreSQL and MySQL hold the same `serial` / `auto_increment` id as any table.
   */
  readonly rowid?: boolean;
  /** Indexes beyond the per-column `unique` and `index` flags. */
  readonly indexes: readonly IndexDecl[];
  /**
   * Columns searched for any part of their text through one text index: SQLite's FTS5 trigram
   * table kept by triggers, PostgreSQL's pg_trgm GIN indexes; MySQL/MariaDB have none (LIKE scans).
   */
  readonly textIndex?: readonly string[];
  /**
   * Keyword columns of the text index that hold codes and numbers: kept as every 6-character piece
   * of their text (lower-cased; shorter at the end) in a table of their own with a B-tree on it.
   */
  readonly textIdentifiers?: readonly string[];
  /**
   * Columns of the text index also kept as every 2-character piece of their text (lower-cased; one
   * character at the end) in a table of their own with a B-tree on it: what a keyword of one or
   * two characters, which has no trigram, is looked up in.
   */
  readonly textPairs?: readonly string[];
};

export function defineTable<C extends Columns, const B extends TableBase>(options: {
  readonly table: string;
  readonly columns: C;
  readonly base: B;
  readonly primaryKey?: Extract<keyof C, string>;
  readonly rowid?: boolean;
  readonly indexes?: readonly IndexDecl[];
}): TableDecl<C, B> {
  if (options.base === 'none' && !options.primaryKey) {
    throw new Error(`${options.table}: a table without an id names its primaryKey`);
  }
  return { ...options, indexes: options.indexes ?? [] };
}
