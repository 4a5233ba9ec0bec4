import type { Declaration } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { addBaseSeeds, adminHasDefaultPassword, defaultPasswordWarning } from './base.seed.js';
import { registerCodingRoutes } from './coding.routes.js';
import { createCodingService } from './coding.service.js';
import { registerCommRoutes } from './comm.routes.js';
import { createCommService } from './comm.service.js';
import { registerMessageRoutes } from './message.routes.js';
import { addMessageSeeds } from './message.seed.js';
import { createMessageService, registerBaseAlertKinds } from './message.service.js';
import { createNoticeService } from './notice.service.js';
import { registerOpenRoutes } from './open.routes.js';
import { createOpenService } from './open.service.js';
import { registerSysAuditRoutes } from './sys-audit.routes.js';
import { createSysAuditService } from './sys-audit.service.js';
import { registerSysDepartmentRoutes } from './sys-department.routes.js';
import { createSysDepartmentService } from './sys-department.service.js';
import { registerSysLogRoutes } from './sys-log.routes.js';
import { createSysLogService, logMaskingOf } from './sys-log.service.js';
import { registerSysMenuRoutes } from './sys-menu.routes.js';
import { createSysMenuService } from './sys-menu.service.js';
import { createMenuParseService } from './sys-menu-parse.service.js';
import { registerSysParamRoutes } from './sys-param.routes.js';
import { createSysParamService } from './sys-param.service.js';
import { registerSysRoleRoutes } from './sys-role.routes.js';
import { createSysRoleService } from './sys-role.service.js';
import { registerSysSessionRoutes } from './sys-session.routes.js';
import { createSysSessionService } from './sys-session.service.js';
import { registerSysUserRoutes } from './sys-user.routes.js';
import { createSysUserService } from './sys-user.service.js';
import { createTwoFactorService } from './two-factor.service.js';
import { createWecomProvider } from './wecom/wecom.provider.js';
import { registerWecomRoutes } from './wecom/wecom.routes.js';
import { createWecomService } from './wecom/wecom.service.js';

/**
 * The base module: sign-in, the signed-in user's calls, and users, roles, departments, menus,
 * parameters and the request log.
 */
export async function registerBase(app: FastifyInstance, ctx: AppContext, declarations: readonly Declaration[]) {
  const allPerms = declarations.flatMap((d) => d.endpoints.map((e) => e.perm).filter((p): p is string => p !== null));
  const menus = createSysMenuService(ctx, new Set(allPerms));
  const logs = createSysLogService(ctx, logMaskingOf(declarations));
  const params = createSysParamService(ctx);
  const sessions = createSysSessionService(ctx);

  const twoFactor = createTwoFactorService(ctx);

  const open = createOpenService(ctx, sessions, twoFactor);
  registerOpenRoutes(app, ctx, open, declarations);
  const wecom = ctx.config.wecom ? createWecomProvider(ctx.config.wecom, ctx.log) : undefined;
  registerWecomRoutes(app, ctx, createWecomService(ctx, wecom, open.finish));
  registerCommRoutes(app, ctx, createCommService(ctx, allPerms, sessions, twoFactor));
  registerSysUserRoutes(app, ctx, createSysUserService(ctx, sessions));
  registerSysRoleRoutes(app, ctx, createSysRoleService(ctx));
  registerSysDepartmentRoutes(app, ctx, createSysDepartmentService(ctx));
  registerSysMenuRoutes(app, ctx, menus, createMenuParseService(declarations, menus));
  registerCodingRoutes(app, ctx, createCodingService(ctx, declarations));
  registerSysParamRoutes(app, ctx, params);
  registerSysLogRoutes(app, ctx, logs);
  registerSysSessionRoutes(app, ctx, sessions);
  const messages = createMessageService(ctx);
  registerBaseAlertKinds(ctx);
  registerMessageRoutes(app, ctx, messages, createNoticeService(ctx));
  registerSysAuditRoutes(app, ctx, createSysAuditService(ctx, declarations), menus);

  addBaseSeeds(ctx, menus);
  addMessageSeeds(ctx, menus);
  // Once the seeds ran: an install whose admin still has the public default says where it works.
  ctx.onStart(async () => {
    if (await adminHasDefaultPassword(ctx.db.db)) ctx.log.warn(defaultPasswordWarning(ctx.config.port));
  });

  // Retention of the request log by its keep days: the task module runs it as a daily system task.
  ctx.taskHandlers.register({
    name: 'base:log-retention',
    label: { 'zh-cn': '请求日志保留清理', 'zh-tw': '請求日誌保留清理', en: 'Request log retention' },
    args: z.object({}).strict(),
    async run() {
      return { keepDays: await logs.getKeep(), removed: await logs.purge() };
    },
  });
  ctx.onClose(() => logs.stop());
  return { logs, menus, params, messages };
}
