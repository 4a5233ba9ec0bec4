import type { Generated } from 'kysely';

/** Columns every table has. Times are `YYYY-MM-DD HH:mm:ss` text on every dialect. */
type Base = { id: Generated<number>; createTime: string; updateTime: string };

/** Bool columns read back as 0/1 on SQLite and MySQL and as booleans on PostgreSQL. */
export type DbBool = boolean | number;

export type UserTable = Base & {
  departmentId: number | null;
  userId: number | null;
  name: string | null;
  username: string;
  password: string;
  passwordV: number;
  nickName: string | null;
  headImg: string | null;
  phone: string | null;
  email: string | null;
  remark: string | null;
  status: number;
  userLevel: string;
  socketId: string | null;
};

export type RoleTable = Base & {
  userId: number | null;
  name: string;
  label: string;
  remark: string | null;
  relevance: DbBool;
};

export type DepartmentTable = Base & {
  name: string;
  userId: number | null;
  parentId: number | null;
  orderNum: number;
};

export type MenuTable = Base & {
  parentId: number | null;
  name: string;
  router: string | null;
  perms: string | null;
  type: number;
  icon: string | null;
  orderNum: number;
  viewPath: string | null;
  keepAlive: DbBool;
  isShow: DbBool;
};

export type ParamTable = Base & {
  keyName: string;
  name: string;
  data: string | null;
  dataType: number;
  remark: string | null;
};

export type LogTable = Base & {
  userId: number | null;
  action: string;
  ip: string | null;
  params: string | null;
};

export type Database = {
  base_sys_user: UserTable;
  base_sys_role: RoleTable;
  base_sys_department: DepartmentTable;
  base_sys_menu: MenuTable;
  base_sys_param: ParamTable;
  base_sys_log: LogTable;
  base_sys_user_role: { id: Generated<number>; userId: number; roleId: number };
  base_sys_role_menu: { id: Generated<number>; roleId: number; menuId: number };
  base_sys_role_department: { id: Generated<number>; roleId: number; departmentId: number };
  /** Small key/value settings (log keep days…). */
  base_sys_conf: Base & { cKey: string; cValue: string };
  /** Sessions ended by logout, kept until their refresh token would have expired. */
  base_sys_revoked: { sid: string; expireAt: number };
};
