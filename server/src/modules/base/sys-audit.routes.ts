import { AUDIT_KEEP_PARAM, baseAuditMenus, DEFAULT_AUDIT_KEEP_DAYS, label, sysAudit } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { paramSeed } from '../../core/db/seeds.js';
import { endpointOf, mount } from '../../core/http/server.js';
import { menuSeed } from './base.seed.js';
import { exportAudit } from './sys-audit.export.js';
import type { AuditFilters } from './sys-audit.repository.js';
import type { SysAuditService } from './sys-audit.service.js';
import type { SysMenuService } from './sys-menu.service.js';

/**
 * The audit trail's calls (record, page, export), its menu and keep parameter, and the daily
 * `base:audit-retention` task.
 */
export function registerSysAuditRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  audit: SysAuditService,
  menus: SysMenuService,
) {
  mount(app, ctx.gate, endpointOf(sysAudit, 'record'), ({ input, session, locale }) =>
    audit.record(input, session, locale),
  );
  mount(app, ctx.gate, endpointOf(sysAudit, 'page'), ({ input, session, locale }) =>
    audit.page(input as AuditFilters & { page: number; size: number }, session, locale),
  );
  mount(app, ctx.gate, endpointOf(sysAudit, 'export'), ({ input, session, locale, reply }) =>
    exportAudit(audit, input, session, locale, reply),
  );

  ctx.taskHandlers.register({
    name: 'base:audit-retention',
    label: { 'zh-cn': '操作审计保留清理', 'zh-tw': '操作稽核保留清理', en: 'Audit retention' },
    args: z.unknown(),
    async run(_args, signal) {
      return { keepDays: await audit.getKeep(), removed: await audit.purge(new Date(), signal) };
    },
  });
  ctx.seeds.add(menuSeed(baseAuditMenus, menus));
  ctx.seeds.add(
    paramSeed(
      'base',
      'param-audit-keep-days',
      {
        keyName: AUDIT_KEEP_PARAM,
        name: label('操作审计保存天数', '操作稽核保存天數', 'Audit keep days'),
        dataType: 0,
        data: String(DEFAULT_AUDIT_KEEP_DAYS),
        remark: label(
          '操作审计事件保存的天数，0 为永久保存',
          '操作稽核事件保存的天數，0 為永久保存',
          'Days audit events are kept; 0 keeps them for ever',
        ),
      },
      ctx.config.seedLocale,
    ),
  );
}
