import { baseComm } from './base/comm.js';
import { baseOpen } from './base/open.js';
import { sysDepartment } from './base/sys-department.js';
import { sysLog } from './base/sys-log.js';
import { sysMenu } from './base/sys-menu.js';
import { sysParam } from './base/sys-param.js';
import { sysRole } from './base/sys-role.js';
import { sysUser } from './base/sys-user.js';
import type { Declaration } from './core/entity.js';
import { dictInfo } from './dict/dict-info.js';
import { dictType } from './dict/dict-type.js';
import { recycleData } from './recycle/recycle-data.js';
import { spaceInfo } from './space/space-info.js';
import { spaceType } from './space/space-type.js';
import { taskInfo } from './task/task-info.js';

/**
 * Every controller and entity the product serves. The server mounts exactly these, EPS and
 * OpenAPI list exactly these, and the seeded permissions are derived from them.
 */
export const declarations: readonly Declaration[] = [
  baseComm,
  baseOpen,
  sysDepartment,
  sysLog,
  sysMenu,
  sysParam,
  sysRole,
  sysUser,
  recycleData,
  dictType,
  dictInfo,
  taskInfo,
  spaceInfo,
  spaceType,
] as unknown as readonly Declaration[];
