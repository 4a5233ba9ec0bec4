import { dictInfo, dictType } from '@backroom/contract';
import type { Kysely } from 'kysely';
import type { DbKind } from '../../core/config.js';
import { createEntityTable } from '../../core/db/ddl.js';
import { insertStarterDictionaries } from '../../modules/dict/dict.seed.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await createEntityTable(db, kind, dictType);
  await createEntityTable(db, kind, dictInfo);
  // Once, with the tables: a dictionary the operator deletes later stays deleted.
  await insertStarterDictionaries(db, kind);
}
