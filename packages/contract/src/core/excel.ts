/**
 * An entity's Excel export and import (EntityOptions.excel): the option, its calls and what an
 * import check and commit answer. The server side is server/src/core/crud's Excel part.
 */
import { z } from 'zod';
import type { ListOf, QueryOptions, Shape } from './bodies.js';
import type { Columns } from './columns.js';
import { type Endpoint, type EndpointDef, returns } from './endpoints.js';
import type { Label } from './i18n.js';

/**
 * Excel export and import of an entity. `columns` are those a file may hold (every visible column
 * when absent), in the file's order; `importColumns` those an import reads (the same when absent);
 * an import row whose `importKey` names an existing row updates it, a row without one is added.
 */
export type ExcelOption<K extends string = string> = {
  readonly columns?: readonly K[];
  readonly importColumns?: readonly K[];
  readonly importKey?: K;
  /** false: an export only (no template, no import calls or permissions); an import too when absent. */
  readonly import?: boolean;
  /** The example row of the import template (cells as a person types them); a neutral one when absent. */
  readonly example?: Readonly<Partial<Record<K, string | number>>>;
};

/** Excel export and import, resolved: the columns a file holds, those an import reads, its key. */
export type ResolvedExcel = {
  readonly columns: readonly string[];
  readonly importColumns: readonly string[];
  readonly importKey: string | null;
  /** Whether the import calls exist (false for an export-only option). */
  readonly importable: boolean;
  readonly example: Readonly<Record<string, string | number>>;
};

/** The calls the excel option adds; their permissions follow the url as any other's. */
export const EXCEL_ACTIONS = ['export', 'import', 'importCheck', 'importCommit'] as const;
export type ExcelAction = (typeof EXCEL_ACTIONS)[number];

/** The most rows one import file may hold (a larger file is refused as a whole). */
export const EXCEL_IMPORT_MAX_ROWS = 10_000;
/** The largest import file, in bytes. */
export const EXCEL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most report rows an import check lists (the counts cover every row). */
export const EXCEL_REPORT_MAX_ROWS = 500;

/** One problem of an import row: the cell (`C5`), its column and the message in the request's language. */
export type ImportCellError = { cell: string; column: string; message: string };
export type ImportRowAction = 'insert' | 'update' | 'skip' | 'error';
/**
 * One row of an import check: what a commit would do with it, the problems that stop it (`errors`)
 * and what the operator should know before committing it (`warnings`: a phone another customer has).
 */
export type ImportReportRow = {
  row: number;
  action: ImportRowAction;
  key?: string;
  errors?: ImportCellError[];
  warnings?: ImportCellError[];
};
/**
 * What an import check answers: what a commit would do with each row, nothing written. The token
 * names the checked batch for importCommit (single use, for a limited time); null when no row may be committed.
 */
export type ImportReport = {
  token: string | null;
  counts: Record<ImportRowAction, number>;
  rows: ImportReportRow[];
  /** Whether rows were left out of `rows` (the counts still cover them). */
  truncated: boolean;
  /**
   * The file's columns the import reads nothing from, as their headers: columns an export writes
   * that no import sets (a customer's store name follows the owner), so an exported file comes back as it is.
   */
  ignoredColumns: string[];
};
export type ImportResult = { inserted: number; updated: number };

/** The filters of a list, and the columns an export writes (at least one: they are chosen first). */
type ExportInput<C extends Columns, Q extends QueryOptions<C>, F extends Shape> = ListOf<C, Q, F> & {
  columns: Extract<keyof C, string>[];
};

type ExcelApi<C extends Columns, Q extends QueryOptions<C>, F extends Shape> = {
  readonly export: Endpoint<'export', z.ZodType<ExportInput<C, Q, F>, ExportInput<C, Q, F>>, Blob>;
  readonly import: Endpoint<'import', undefined, Blob>;
  /** A multipart upload of the filled template (no JSON body). */
  readonly importCheck: Endpoint<'importCheck', undefined, ImportReport>;
  readonly importCommit: Endpoint<'importCommit', z.ZodType<{ token: string }, { token: string }>, ImportResult>;
};

/** The typed Excel calls of an entity, none when its declaration has no excel option. */
export type ExcelApiOf<C extends Columns, Q extends QueryOptions<C>, F extends Shape, XL> = [XL] extends [undefined]
  ? Record<never, never>
  : [XL] extends [{ readonly import: false }]
    ? Pick<ExcelApi<C, Q, F>, 'export'>
    : ExcelApi<C, Q, F>;
export type ExcelPermsOf<XL> = [XL] extends [undefined]
  ? never
  : [XL] extends [{ readonly import: false }]
    ? 'export'
    : ExcelAction;

/** The calls a resolved excel option adds: all four, or the export alone. */
export function excelActions(excel: ResolvedExcel): readonly ExcelAction[] {
  return excel.importable ? EXCEL_ACTIONS : ['export'];
}

/** The excel option with its defaults: every visible column, the import reading what the export writes. */
export function resolveExcel(columns: Columns, option: ExcelOption, joined: readonly string[] = []): ResolvedExcel {
  const visible = Object.keys(columns).filter((name) => !columns[name]?.hidden);
  const known = (names: readonly string[], extra: readonly string[] = []) => {
    for (const name of names) {
      if (!visible.includes(name) && !extra.includes(name)) throw new Error(`excel: "${name}" is not a visible column`);
    }
    return names;
  };
  const importable = option.import !== false;
  // An export-only file may also hold joined fields (read only: nothing imports them), as page answers them.
  const fileColumns = known(option.columns ?? visible, importable ? [] : joined);
  const importColumns = importable ? known(option.importColumns ?? fileColumns) : [];
  if (option.importKey !== undefined && !importColumns.includes(option.importKey)) {
    throw new Error(`excel: the import key "${option.importKey}" must be one of the import columns`);
  }
  const example: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(option.example ?? {})) if (value !== undefined) example[name] = value;
  return { columns: fileColumns, importColumns, importKey: option.importKey ?? null, importable, example };
}

const EXCEL_SUMMARIES: Record<ExcelAction, Label> = {
  export: { 'zh-cn': '导出', 'zh-tw': '匯出', en: 'Export' },
  import: { 'zh-cn': '导入模板', 'zh-tw': '匯入範本', en: 'Import template' },
  importCheck: { 'zh-cn': '导入检查', 'zh-tw': '匯入檢查', en: 'Check an import' },
  importCommit: { 'zh-cn': '导入提交', 'zh-tw': '匯入提交', en: 'Commit an import' },
};

/** The calls of the excel option: export (POST, the list filters and the chosen columns), the template and the import. */
export function excelEndpoints(
  list: z.ZodObject,
  columns: readonly string[],
  importable = true,
): Partial<Record<ExcelAction, EndpointDef>> {
  const [first, ...rest] = columns;
  if (first === undefined) throw new Error('excel: no columns to export');
  const calls: Record<ExcelAction, EndpointDef> = {
    export: {
      method: 'post',
      summary: EXCEL_SUMMARIES.export,
      input: list.extend({
        columns: z
          .array(z.enum([first, ...rest]))
          .min(1)
          .max(columns.length),
      }),
    },
    import: { method: 'get', summary: EXCEL_SUMMARIES.import },
    importCheck: { method: 'post', summary: EXCEL_SUMMARIES.importCheck, output: returns<ImportReport>() },
    importCommit: {
      method: 'post',
      summary: EXCEL_SUMMARIES.importCommit,
      input: z.object({ token: z.string().min(1).max(100) }),
      output: returns<ImportResult>(),
    },
  };
  return importable ? calls : { export: calls.export };
}
