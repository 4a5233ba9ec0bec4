import type { Locale } from '@backroom/contract';
import { type MessageKey, type MessageParam, translate } from '../core/i18n.js';

/** Why rows were skipped, or what the operator should know: a message and its parameters. */
export type Said = { readonly key: MessageKey; readonly params?: Record<string, MessageParam> };

/** What a move-in did (or, in a dry run, would do) to one table. */
export type TableReport = {
  readonly table: string;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Skip reasons, each with how many rows it held back. */
  readonly reasons: Map<string, { said: Said; count: number }>;
};

export type MoveInReport = {
  readonly dryRun: boolean;
  readonly tables: TableReport[];
  /** Things listed for the operator: menus without a counterpart, stores created, tasks not run. */
  readonly notes: Said[];
};

export function tableReport(report: MoveInReport, table: string): TableReport {
  let entry = report.tables.find((t) => t.table === table);
  if (!entry) {
    entry = { table, read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, reasons: new Map() };
    report.tables.push(entry);
  }
  return entry;
}

export function skip(entry: TableReport, said: Said, count = 1): void {
  entry.skipped += count;
  const key = `${said.key}:${JSON.stringify(said.params ?? {})}`;
  const seen = entry.reasons.get(key);
  if (seen) seen.count += count;
  else entry.reasons.set(key, { said, count });
}

/** The report as text: one line per table, its skip reasons under it, then the notes. */
export function renderReport(report: MoveInReport, locale: Locale): string {
  const say = (said: Said) => translate(locale, said.key, said.params);
  const head = [
    translate(locale, 'moveIn.col.table'),
    translate(locale, 'moveIn.col.read'),
    translate(locale, 'moveIn.col.created'),
    translate(locale, 'moveIn.col.updated'),
    translate(locale, 'moveIn.col.unchanged'),
    translate(locale, 'moveIn.col.skipped'),
  ];
  const rows = report.tables.map((t) => [
    t.table,
    String(t.read),
    String(t.created),
    String(t.updated),
    String(t.unchanged),
    String(t.skipped),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const out = [translate(locale, report.dryRun ? 'moveIn.dryRunTitle' : 'moveIn.title'), line(head)];
  for (const [i, t] of report.tables.entries()) {
    out.push(line(rows[i] ?? []));
    for (const { said, count } of t.reasons.values()) out.push(`    - ${say(said)} (${count})`);
  }
  if (report.notes.length > 0) {
    out.push('', translate(locale, 'moveIn.notes'));
    for (const note of report.notes) out.push(`  - ${say(note)}`);
  }
  return out.join('\n');
}
