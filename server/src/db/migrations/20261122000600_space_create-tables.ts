import { spaceInfo, spaceType } from '@backroom/contract';
import type { Kysely } from 'kysely';
import type { DbKind } from '../../core/config.js';
import { createEntityTable } from '../../core/db/ddl.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await createEntityTable(db, kind, spaceType);
  await createEntityTable(db, kind, spaceInfo);
}
