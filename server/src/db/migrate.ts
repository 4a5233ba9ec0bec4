import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DbHandle } from '../core/db/index.js';
import * as baseCreateTables from './migrations/20261122000000_base_create-tables.js';
import * as recycleCreateTables from './migrations/20261122000300_recycle_create-tables.js';
import * as dictCreateTables from './migrations/20261122000400_dict_create-tables.js';
import * as taskCreateTables from './migrations/20261122000500_task_create-tables.js';
import * as spaceCreateTables from './migrations/20261122000600_space_create-tables.js';

type Step = { up: (db: DbHandle['loose'], kind: DbHandle['kind']) => Promise<void> };

/** Every migration in order; the key is its file name, which Kysely records once it has run. */
const STEPS: Record<string, Step> = {
  '20261122000000_base_create-tables': baseCreateTables,
  '20261122000300_recycle_create-tables': recycleCreateTables,
  '20261122000400_dict_create-tables': dictCreateTables,
  '20261122000500_task_create-tables': taskCreateTables,
  '20261122000600_space_create-tables': spaceCreateTables,
};

class ListProvider implements MigrationProvider {
  constructor(private readonly handle: DbHandle) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const kind = this.handle.kind;
    return Object.fromEntries(
      Object.entries(STEPS).map(([name, step]) => [name, { up: (db) => step.up(db, kind) } satisfies Migration]),
    );
  }
}

/** Brings the schema up to date; several instances starting at once are serialised by Kysely's lock. */
export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.loose, provider: new ListProvider(handle) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
