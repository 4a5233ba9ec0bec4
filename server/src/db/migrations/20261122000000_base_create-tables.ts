import { sysDepartment, sysLog, sysMenu, sysParam, sysRole, sysUser } from '@backroom/contract';
import type { Kysely } from 'kysely';
import type { DbKind } from '../../core/config.js';
import { createEntityTable, tableOptions, withBaseColumns } from '../../core/db/ddl.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists.
export async function up(db: Kysely<any>, kind: DbKind): Promise<void> {
  for (const entity of [sysUser, sysRole, sysDepartment, sysMenu, sysParam, sysLog]) {
    await createEntityTable(db, kind, entity);
  }
  const joins = [
    ['base_sys_user_role', 'userId', 'roleId'],
    ['base_sys_role_menu', 'roleId', 'menuId'],
    ['base_sys_role_department', 'roleId', 'departmentId'],
  ] as const;
  for (const [table, left, right] of joins) {
    const id = kind === 'postgres' ? ('serial' as const) : ('integer' as const);
    await tableOptions(
      kind,
      db.schema
        .createTable(table)
        .addColumn('id', id, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn(left, 'integer', (c) => c.notNull())
        .addColumn(right, 'integer', (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex(`uq_${table}`).on(table).columns([left, right]).unique().execute();
    await db.schema.createIndex(`idx_${table}_${right}`).on(table).column(right).execute();
  }
  await tableOptions(
    kind,
    withBaseColumns(kind, db.schema.createTable('base_sys_conf'))
      .addColumn('cKey', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('cValue', 'varchar(2000)', (c) => c.notNull()),
  ).execute();
  await tableOptions(
    kind,
    db.schema
      .createTable('base_sys_revoked')
      .addColumn('sid', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('expireAt', 'bigint', (c) => c.notNull()),
  ).execute();
}
