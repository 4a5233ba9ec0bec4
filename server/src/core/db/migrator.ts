import { sql } from 'kysely';
import type { DbKind } from '../config.js';
import type { SchemaSession } from './schema-lock.js';
import type { SchemaChange } from './schema-model.js';

/**
 * A migration is frozen history: the literal SQL it runs on each dialect, written once by
 * `npm run db:migration` from the declarations as they were then, and the same change as data
 * (what the generator adds up to know the schema the migrations make). Nothing in it reads
 * today's declarations, so a later change to a declaration can never alter what it does.
 */
export type Migration = {
  readonly changes: readonly SchemaChange[];
  readonly sql: Readonly<Record<DbKind, readonly string[]>>;
};

/** Migrations by name (`<stamp>_<module>_<verb-noun>`), in the order they run. */
export type MigrationList = Readonly<Record<string, Migration>>;

/** Where the names of the migrations that ran are kept: the table release 0.1.0 (Kysely's migrator) made. */
export const MIGRATION_TABLE = 'kysely_migration';

/** Refuses a list whose names are not in order: the order of the names is the order of the schema's history. */
export function checkOrder(migrations: MigrationList): void {
  const names = Object.keys(migrations);
  for (let i = 1; i < names.length; i += 1) {
    if ((names[i - 1] as string) >= (names[i] as string)) {
      throw new Error(`migrations out of order: ${names[i - 1]} comes before ${names[i]}`);
    }
  }
}

/**
 * Runs the migrations the database has not run, each with its record in one transaction (MySQL
 * commits each DDL statement on its own: there a failed migration can leave part of itself, and
 * the error says which). Call it under the schema lock. Returns the names it ran.
 */
export async function migrate(session: SchemaSession, migrations: MigrationList): Promise<string[]> {
  checkOrder(migrations);
  const { db, kind } = session;
  await db.schema
    .createTable(MIGRATION_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
    .execute();
  const done = await sql<{ name: string }>`select ${sql.ref('name')} from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  const applied = new Set(done.rows.map((r) => r.name));
  const unknown = [...applied].filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new Error(
      `the database was migrated by a newer Backroom (${unknown.join(', ')}): start that version or a later one`,
    );
  }
  const ran: string[] = [];
  for (const [name, migration] of Object.entries(migrations)) {
    if (applied.has(name)) continue;
    try {
      await session.transaction(async (trx) => {
        for (const statement of migration.sql[kind]) await sql.raw(statement).execute(trx);
        await sql`insert into ${sql.table(MIGRATION_TABLE)} (${sql.ref('name')}, ${sql.ref('timestamp')}) values (${name}, ${new Date().toISOString()})`.execute(
          trx,
        );
      });
    } catch (error) {
      throw new Error(`migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    ran.push(name);
  }
  return ran;
}
