import type { UserLevel } from '@backroom/contract';
import type { Db } from '../../core/db/index.js';

/** A staff user as the customer rules see them: who they are, where they sit, what level they hold. */
export type StaffRow = {
  id: number;
  name: string | null;
  username: string;
  userLevel: UserLevel;
  departmentId: number | null;
  status: number;
};

/** A department with what the store rules need of it. */
export type DepartmentRow = { id: number; parentId: number | null; name: string; isStore: boolean };

export async function findStaff(db: Db, id: number): Promise<StaffRow | undefined> {
  return db
    .selectFrom('base_sys_user')
    .select(['id', 'name', 'username', 'userLevel', 'departmentId', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every department: the tree is small (a chain's regions and stores), and the store walk needs its ancestors. */
export async function allDepartments(db: Db): Promise<DepartmentRow[]> {
  const rows = await db.selectFrom('base_sys_department').select(['id', 'parentId', 'name', 'isStore']).execute();
  // The flag reads back as 0/1 on SQLite and MySQL.
  return rows.map((r) => ({ ...r, isStore: Boolean(Number(r.isStore)) }));
}
