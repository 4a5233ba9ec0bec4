import {
  type AuditEvent,
  type AuditPage,
  DEFAULT_AUDIT_KEEP_DAYS,
  type Declaration,
  type Entity,
  type Locale,
  sysAudit,
} from '@backroom/contract';
import { holds, type Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { readableEvents } from './sys-audit.readable.js';
import {
  type AuditFilters,
  auditBatch,
  auditCount,
  auditPage,
  deleteEventsBefore,
  readAuditKeep,
  rowExists,
} from './sys-audit.repository.js';

export type SysAuditService = {
  /** One record's history, newest first, for whoever may see the record (404 otherwise). */
  record(
    input: { entity: string; id: number; page: number; size: number },
    session: Session,
    locale: Locale,
  ): Promise<AuditPage>;
  page(input: AuditFilters & { page: number; size: number }, session: Session, locale: Locale): Promise<AuditPage>;
  /** Events a batch at a time, newest first, readable: what the export writes. */
  scan(filters: AuditFilters, session: Session, locale: Locale, batch: number): AsyncGenerator<AuditEvent[]>;
  count(filters: AuditFilters): Promise<number>;
  entities: ReadonlyMap<string, Entity>;
  /** Days events are kept (`auditKeepDays`; 0 keeps them for ever; 365 when unset or invalid). */
  getKeep(): Promise<number>;
  /** Deletes events older than the keep days, in batches; how many went. */
  purge(now?: Date, signal?: AbortSignal): Promise<number>;
};

export function createSysAuditService(ctx: AppContext, declarations: readonly Declaration[]): SysAuditService {
  const entities = new Map<string, Entity>();
  for (const d of declarations) if (d.kind === 'entity') entities.set(`${d.module}/${d.path}`, d);
  const db = ctx.db.db;

  /**
   * Whether the session may read this record's history: the entity's page or info permission and
   * its data scope (the factory's touchable: 404 for a hidden row as for a missing one). A record
   * that is gone (deleted) is the audit screen's: its history needs base:sys:audit:page.
   */
  async function assertSees(key: string, id: number, session: Session) {
    // One's own account's history (password changes, forced logouts) is one's own to read.
    if (key === 'base/sys/user' && id === session.userId) return;
    const reader = ctx.history.readerOf(key);
    const entity = reader?.entity ?? entities.get(key);
    if (!entity) throw notFound();
    if (await rowExists(db, entity.table, id)) {
      const perms = entity.perms as Record<string, string>;
      const allowed = [perms.page, perms.info, perms.list].some((p) => p !== undefined && holds(session, p));
      if (!allowed || !reader) throw notFound();
      await reader.sees(db, id, session);
    } else if (!holds(session, sysAudit.perms.page)) {
      throw notFound();
    }
  }

  async function answer(filters: AuditFilters, page: number, size: number, session: Session, locale: Locale) {
    // The events still in SQLite's inbox first: every reader reads its own writes (core/history.ts).
    await ctx.history.settle(db);
    const [rows, total] = await Promise.all([auditPage(db, filters, page, size), auditCount(db, filters)]);
    const list = await readableEvents(ctx.db.loose, rows, entities, session, locale);
    return { list, pagination: { page, size, total } };
  }

  return {
    entities,
    async record(input, session, locale) {
      await assertSees(input.entity, input.id, session);
      return answer({ entity: input.entity, recordId: input.id }, input.page, input.size, session, locale);
    },
    page(input, session, locale) {
      const { page, size, ...filters } = input;
      const order = (input as { order?: string }).order;
      if (order !== undefined && !sysAudit.orderable.has(order) && order !== 'id')
        throw badRequest('validation.order', { field: order });
      return answer(filters, page, size, session, locale);
    },
    async count(filters) {
      await ctx.history.settle(db);
      return auditCount(db, filters);
    },
    async *scan(filters, session, locale, batch) {
      await ctx.history.settle(db);
      let before: number | null = null;
      for (;;) {
        const rows = await auditBatch(db, filters, before, batch);
        if (rows.length === 0) return;
        yield await readableEvents(ctx.db.loose, rows, entities, session, locale);
        before = Number(rows[rows.length - 1]?.id);
        if (rows.length < batch) return;
      }
    },
    async getKeep() {
      const text = (await readAuditKeep(db))?.trim();
      const value = Number(text);
      return text !== undefined && text !== '' && Number.isInteger(value) && value >= 0
        ? value
        : DEFAULT_AUDIT_KEEP_DAYS;
    },
    async purge(now = new Date(), signal) {
      const days = await this.getKeep();
      if (days === 0) return 0;
      await ctx.history.settle(db);
      return deleteEventsBefore(db, formatTime(new Date(now.getTime() - days * 86_400_000)), signal);
    },
  };
}
