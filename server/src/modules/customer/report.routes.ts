import { customerReport } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mount } from '../../core/http/server.js';
import type { ReportService } from './report.service.js';
import { exportReport } from './report-export.js';

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext, reports: ReportService) {
  const { api } = customerReport;
  mount(app, ctx.gate, api.invitations, ({ input, session }) => reports.invitations(input, session));
  mount(app, ctx.gate, api.customers, ({ input, session }) => reports.customers(input, session));
  mount(app, ctx.gate, api.activities, ({ input, session }) => reports.activities(input, session));
  mount(app, ctx.gate, api.conversion, ({ input, session }) => reports.conversion(input, session));
  mount(app, ctx.gate, api.export, ({ input, session, locale, reply }) =>
    exportReport(ctx.db.db, reports, input, session, locale, reply),
  );
}
