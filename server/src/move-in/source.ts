import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { mysqlPoolForKysely, pgPoolForKysely } from '../core/db/connections.js';

/** A row of the source as its driver gives it. */
export type SourceRow = Record<string, unknown>;

/**
 * The cool-admin database a move-in reads (docs/move-in.md). It is opened so that it cannot be
 * written: SQLite read-only, PostgreSQL with read-only transactions, MySQL/MariaDB with a read-only
 * session. Only SELECTs are ever sent.
 */
export type Source = {
  readonly kind: 'sqlite' | 'postgres' | 'mysql';
  /** Whether the source has the table. */
  has(table: string): boolean;
  /** The table's column names (empty when it has no such table). */
  columns(table: string): ReadonlySet<string>;
  /** Every row of the table, by id where it has one. */
  rows(table: string): Promise<SourceRow[]>;
  close(): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: the source's tables are known only at run time.
type AnyDb = Kysely<any>;

/** Opens a source from its address: `sqlite:<file>` (or a bare file path), `postgres://…`, `mysql://…`. */
export async function openSource(url: string): Promise<Source> {
  let db: AnyDb;
  let kind: Source['kind'];
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    kind = 'postgres';
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c default_transaction_read_only=on' });
    // A connection the source's server ends fails its read, never the process (core/db/connections.ts).
    db = new Kysely({ dialect: new PostgresDialect({ pool: pgPoolForKysely(pool) }) });
  } else if (url.startsWith('mysql://') || url.startsWith('mariadb://')) {
    kind = 'mysql';
    const { createPool } = await import('mysql2');
    const pool = createPool({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: 2,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      charset: 'utf8mb4',
    });
    pool.on('connection', (connection) => {
      connection.query('set session transaction read only');
    });
    db = new Kysely({ dialect: new MysqlDialect({ pool: mysqlPoolForKysely(pool) }) });
  } else {
    kind = 'sqlite';
    const file = url.replace(/^sqlite:(\/\/)?/, '');
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  const tables = new Map<string, Set<string>>();
  for (const table of await db.introspection.getTables()) {
    tables.set(table.name, new Set(table.columns.map((c) => c.name)));
  }
  const none: ReadonlySet<string> = new Set();
  return {
    kind,
    has: (table) => tables.has(table),
    columns: (table) => tables.get(table) ?? none,
    async rows(table) {
      const columns = tables.get(table);
      if (!columns) return [];
      let query = db.selectFrom(table).selectAll();
      if (columns.has('id')) query = query.orderBy('id');
      return (await query.execute()) as SourceRow[];
    },
    close: () => db.destroy(),
  };
}
