import { taskInfo, taskLog } from '@backroom/contract';
import type { Kysely } from 'kysely';
import type { DbKind } from '../../core/config.js';
import { createEntityTable } from '../../core/db/ddl.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  await createEntityTable(db, kind, taskInfo);
  await createEntityTable(db, kind, taskLog);
  // The log page of one task, newest first.
  await db.schema.createIndex('idx_task_log_taskId_id').on('task_log').columns(['taskId', 'id']).execute();
}
