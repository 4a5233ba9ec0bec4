import { type Locale, label, sysAudit } from '@backroom/contract';
import type { FastifyReply } from 'fastify';
import type { Session } from '../../core/auth/principal.js';
import { attachment, loadExcelJS, safeText, sheetName, XLSX_TYPE } from '../../core/crud/excel-cells.js';
import { DEFAULT_EXPORT_CAP } from '../../core/crud/excel-export.js';
import { refused } from '../../core/errors.js';
import type { AuditFilters } from './sys-audit.repository.js';
import type { SysAuditService } from './sys-audit.service.js';

const HEAD = [
  label('时间', '時間', 'Time'),
  label('操作人', '操作人', 'Operator'),
  label('对象', '對象', 'Entity'),
  label('记录', '記錄', 'Record'),
  label('操作', '操作', 'Action'),
  label('变更', '變更', 'Changes'),
  label('IP', 'IP', 'IP'),
  label('请求标识', '請求標識', 'Request id'),
];
const CHANGED = label('已修改', '已修改', 'changed');
const BATCH = 1000;

function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace(/[-:T]/g, '');
}

/**
 * The audit screen's export: the events the filters give, newest first, streamed a batch at a
 * time as the entities' exports are (core/crud/excel-export.ts), each change as `label: old → new`
 * ("changed" for a value the reader may not see). Refused above the default export cap.
 */
export async function exportAudit(
  audit: SysAuditService,
  filters: AuditFilters,
  session: Session,
  locale: Locale,
  reply: FastifyReply,
) {
  const total = await audit.count(filters);
  if (total > DEFAULT_EXPORT_CAP) throw refused('excel.rowCap', { cap: DEFAULT_EXPORT_CAP, count: total });
  const ExcelJS = await loadExcelJS();
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${sysAudit.label[locale]}-${stamp(new Date())}.xlsx`))
    .header('cache-control', 'no-store');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(sysAudit.label[locale]));
  sheet.addRow(HEAD.map((h) => h[locale])).commit();
  const actions = sysAudit.columns.action.valueLabels;
  const written = (async () => {
    for await (const events of audit.scan(filters, session, locale, BATCH)) {
      for (const e of events) {
        const changes = e.changes
          .map((c) => `${c.label}: ${c.withheld ? CHANGED[locale] : `${c.old ?? '—'} → ${c.new ?? '—'}`}`)
          .join('\n');
        sheet
          .addRow([
            e.createTime,
            safeText(e.userName ?? ''),
            e.entityLabel,
            safeText(e.recordName ?? `#${e.recordId}`),
            actions?.[e.action]?.[locale] ?? e.action,
            safeText(changes),
            e.ip ?? '',
            e.reqId ?? '',
          ])
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })();
  written.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return reply.send(stream);
}
