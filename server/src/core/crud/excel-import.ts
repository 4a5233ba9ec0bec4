import {
  type Column,
  type Entity,
  EXCEL_IMPORT_MAX_ROWS,
  type ImportCellError,
  type ImportReportRow,
  type Label,
  LOCALES,
  type Locale,
} from '@backroom/contract';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Session } from '../auth/principal.js';
import { asLoose, type Db } from '../db/index.js';
import { AppError, badRequest } from '../errors.js';
import { messageOf, validationError } from '../http/validation.js';
import { translate } from '../i18n.js';
import type { CrudService, ImportWarning, ImportWarningRow } from './crud-types.js';
import {
  columnLetter,
  columnsOf,
  type Dictionaries,
  importValue,
  ownerUsernameOf,
  type Plain,
  plainOf,
  staffByUsernames,
} from './excel-cells.js';
import { InflatesTooLarge, readFirstSheet, type SheetLimits } from './excel-rows.js';
import { MAIN } from './query.js';

type Row = Record<string, unknown>;

/** One data row of an import file: its number in the sheet and its cells by column name. */
export type FileRow = { row: number; cells: Record<string, Plain> };
/**
 * An import file read: where each column sits (its letters) and the data rows; `ignored` the
 * headers of columns an export writes that the import does not read (told in the check's report,
 * not kept for the commit).
 */
export type ImportFile = { letters: Record<string, string>; rows: FileRow[]; ignored?: string[] };

/** The zip signature every .xlsx starts with. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whether the bytes are a zip (an .xlsx is one); the workbook reader then says whether it is a workbook. */
export function looksLikeXlsx(bytes: Buffer): boolean {
  return bytes.length > ZIP_MAGIC.length && bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
}

/** The column a header cell names: its key, or its label in any language. */
function headerLookup(columns: Array<[string, Column]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, column] of columns) {
    out.set(name.toLowerCase(), name);
    for (const locale of LOCALES) out.set(column.label[locale].trim().toLowerCase(), name);
  }
  return out;
}

/** The names of the columns an insert cannot do without (no default, not nullable). */
function requiredColumns(entity: Entity, names: readonly string[]): string[] {
  const shape = entity.schemas.create.shape as Record<string, z.ZodType>;
  return names.filter((name) => {
    const field = shape[name];
    return field !== undefined && !field.safeParse(undefined).success;
  });
}

const labelList = (labels: Label[], locale: Locale) => labels.map((l) => l[locale]).join(locale === 'en' ? ', ' : '、');

/** Whether a row read from a sheet holds any value. */
const hasValues = (values: unknown[]) =>
  values.some((v) => {
    const plain = plainOf(v as ExcelJS.CellValue);
    return plain !== null && !(typeof plain === 'string' && plain.trim() === '');
  });

/**
 * What an import file may inflate to (issue 23 §5): read from the zip's central directory before
 * anything is inflated, and held while inflating. A person's 10,000 rows of a dozen columns come to
 * a few MB of sheet XML; a small file that inflates far beyond (many sheets, a huge shared-strings
 * part) is refused as a whole before it costs memory or time.
 */
export const IMPORT_SHEET_LIMITS: SheetLimits = {
  inflatedBytes: 64 * 1024 * 1024,
  sharedStringsBytes: 16 * 1024 * 1024,
  entries: 1000,
};

/**
 * Reads the first sheet of an import file as a stream (excel-rows.ts readFirstSheet: only that
 * sheet, the shared strings and the styles are inflated, after their sizes were checked): row 1 is
 * the header (column labels in any language, or keys), the rows below are data. A file that is not
 * a workbook, inflates past the limits, has columns the import does not know or lacks required
 * ones, has no data, or more rows than allowed is refused as a whole; reading stops at the first
 * row past the limit.
 */
export async function readImportFile(
  entity: Entity,
  bytes: Buffer,
  locale: Locale,
  limits: SheetLimits = IMPORT_SHEET_LIMITS,
): Promise<ImportFile> {
  const excel = entity.excel;
  if (!excel) throw new Error(`${entity.prefix} declares no excel option`);
  if (!looksLikeXlsx(bytes)) throw badRequest('excel.notXlsx');
  const columns = columnsOf(entity, excel.importColumns);
  const lookup = headerLookup(columns);
  // What an export writes and no import sets: a file exported from the list comes back as it is.
  const exportOnly = headerLookup(columnsOf(entity, excel.columns).filter(([name]) => !lookup.has(name.toLowerCase())));
  const ignored: string[] = [];
  let positions: Array<string | undefined> | undefined;
  const letters: Record<string, string> = {};
  const rows: FileRow[] = [];
  try {
    await readFirstSheet(bytes, limits, (row, values) => {
      if (!positions) {
        if (!hasValues(values)) return true;
        positions = readHeader(values, { lookup, exportOnly, ignored }, columns, entity, locale);
        positions.forEach((name, i) => {
          if (name) letters[name] = columnLetter(i - 1);
        });
        return true;
      }
      const cells: Record<string, Plain> = {};
      positions.forEach((name, i) => {
        if (name) cells[name] = plainOf(values[i] as ExcelJS.CellValue);
      });
      if (!hasValues(Object.values(cells))) return true;
      if (rows.length >= EXCEL_IMPORT_MAX_ROWS) throw badRequest('excel.tooManyRows', { max: EXCEL_IMPORT_MAX_ROWS });
      rows.push({ row, cells });
      return true;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof InflatesTooLarge) {
      throw error.part === 'sharedStrings'
        ? badRequest('excel.sharedStringsTooLarge', { mb: limits.sharedStringsBytes / 1024 / 1024 })
        : badRequest('excel.inflatedTooLarge', { mb: limits.inflatedBytes / 1024 / 1024 });
    }
    throw badRequest('excel.notXlsx');
  }
  if (!positions) throw badRequest('excel.emptyFile');
  if (rows.length === 0) throw badRequest('excel.emptyFile');
  return { letters, rows, ignored };
}

/** How header texts name columns: those the import reads, and those only an export writes (set aside in `ignored`). */
type HeaderNames = { lookup: Map<string, string>; exportOnly: Map<string, string>; ignored: string[] };

/**
 * Header cells to column names by position (1-based, as exceljs gives row values); refuses unknown,
 * missing and repeated columns, and sets aside the export's columns the import does not read.
 */
function readHeader(
  values: unknown[],
  { lookup, exportOnly, ignored }: HeaderNames,
  columns: Array<[string, Column]>,
  entity: Entity,
  locale: Locale,
): Array<string | undefined> {
  const positions: Array<string | undefined> = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  values.forEach((value, i) => {
    const text = plainOf(value as ExcelJS.CellValue);
    const header = text === null ? '' : String(text).trim();
    if (header === '') return;
    const name = lookup.get(header.toLowerCase());
    if (!name) {
      if (exportOnly.has(header.toLowerCase())) ignored.push(header);
      else unknown.push(header);
      return;
    }
    if (seen.has(name)) {
      throw badRequest('excel.duplicateColumns', { column: entity.columns[name]?.label ?? name });
    }
    seen.add(name);
    positions[i] = name;
  });
  if (unknown.length > 0) throw badRequest('excel.unknownColumns', { columns: unknown.join(', ') });
  const required = requiredColumns(
    entity,
    columns.map(([name]) => name),
  ).filter((name) => !seen.has(name));
  if (required.length > 0) {
    throw badRequest('excel.missingColumns', {
      columns: labelList(
        required.map((name) => entity.columns[name]?.label as Label),
        locale,
      ),
    });
  }
  return positions;
}

/** What one row of a batch did or would do. */
export type Outcome = ImportReportRow & { id?: number };

export type BatchResult = {
  outcomes: Outcome[];
  /** Ids of the rows added. */
  inserted: number[];
  /** The updated rows exactly as stored before, for the recycle bin. */
  previous: Row[];
  /** What each row that passed writes, for the module's warnings (CrudService.importWarnings). */
  writes: ImportWarningRow[];
};

type Planned = { file: FileRow; errors: ImportCellError[]; values: Row; key?: string };

/**
 * Runs an import batch in the caller's transaction through the entity's own write path (add's and
 * update's: beforeWrite, unique checks, afterWrite): updates row by row, new rows together in
 * multi-row inserts (insertManyIn), then checks every written row is
 * within the operator's scope. `only` limits it to these rows (a commit applies what its check
 * passed). Rows that break a rule are reported with their cell; nothing here commits or rolls back.
 */
export async function runBatch(options: {
  trx: Db;
  service: CrudService;
  session: Session;
  locale: Locale;
  file: ImportFile;
  dicts: Dictionaries;
  only?: ReadonlySet<number>;
}): Promise<BatchResult> {
  const { trx, service, session, locale, file, dicts, only } = options;
  const entity = service.entity;
  const excel = entity.excel;
  if (!excel) throw new Error(`${entity.prefix} declares no excel option`);
  const labels = Object.fromEntries(Object.entries(entity.columns).map(([name, c]) => [name, c.label]));
  const cellOf = (name: string, row: number) => `${file.letters[name] ?? 'A'}${row}`;
  const columnLabel = (name: string) => entity.columns[name]?.label[locale] ?? name;
  const rows = only ? file.rows.filter((r) => only.has(r.row)) : file.rows;
  // The owner column names a staff user (ownerUsernameOf); the ids are looked up for all rows at once.
  const ownerColumn = entity.ownership?.owner ?? null;
  const ownerText = (cell: Plain) => {
    const text = cell === null ? '' : String(cell).trim();
    return text === '' ? undefined : ownerUsernameOf(text);
  };
  const owners =
    ownerColumn === null
      ? new Map<string, number[]>()
      : await staffByUsernames(
          asLoose(trx),
          rows.map((r) => ownerText(r.cells[ownerColumn] ?? null)).filter((u): u is string => u !== undefined),
        );

  const planned: Planned[] = rows.map((fileRow) => {
    const errors: ImportCellError[] = [];
    const values: Row = {};
    for (const [name, cell] of Object.entries(fileRow.cells)) {
      const column = entity.columns[name];
      if (!column) continue;
      if (name === ownerColumn) {
        const username = ownerText(cell);
        if (username === undefined) continue;
        const ids = owners.get(username) ?? [];
        if (ids.length === 1) values[name] = ids[0];
        else {
          const key = ids.length === 0 ? 'excel.ownerNotFound' : 'excel.ownerAmbiguous';
          const message = translate(locale, key, { field: column.label, value: String(cell) });
          errors.push({ cell: cellOf(name, fileRow.row), column: columnLabel(name), message });
        }
        continue;
      }
      const parsed = importValue(column, cell, dicts);
      if (parsed === undefined) continue;
      if (parsed.ok) values[name] = parsed.value;
      else {
        const message =
          parsed.problem === 'dict'
            ? translate(locale, 'excel.notInDict', { field: column.label, value: parsed.text })
            : messageOf(
                new AppError(400, 'validation.type', {
                  field: column.label,
                  type: column.kind === 'bool' ? 'boolean' : 'number',
                }),
                locale,
              );
        errors.push({ cell: cellOf(name, fileRow.row), column: columnLabel(name), message });
      }
    }
    const keyName = excel.importKey;
    const key = keyName !== null && values[keyName] !== undefined ? String(values[keyName]) : undefined;
    return { file: fileRow, errors, values, key };
  });

  // The rows the keys name, and which of them the operator may see.
  const keyName = excel.importKey;
  const existing = new Map<string, Row>();
  const visible = new Set<number>();
  if (keyName !== null) {
    const keys = [...new Set(planned.map((p) => p.key).filter((k): k is string => k !== undefined))];
    for (let i = 0; i < keys.length; i += 500) {
      const slice = keys.slice(i, i + 500);
      const found = (await asLoose(trx)
        .selectFrom(entity.table)
        .selectAll()
        .where(keyName, 'in', slice)
        .execute()) as Row[];
      for (const row of found) existing.set(String(row[keyName]), row);
      const ids = found.map((r) => Number(r.id));
      if (ids.length === 0) continue;
      const seen = await service
        .scopedQuery(session, trx)
        .select(`${MAIN}.id`)
        .where(`${MAIN}.id`, 'in', ids)
        .execute();
      for (const row of seen as Row[]) visible.add(Number(row.id));
    }
  }

  const outcomes: Outcome[] = [];
  const inserted: number[] = [];
  const previous: Row[] = [];
  const writes: ImportWarningRow[] = [];
  const firstRowOfKey = new Map<string, number>();
  /** New rows, written together after the loop (insertManyIn). */
  const adds: Array<{ outcome: Outcome; data: Row }> = [];
  for (const plan of planned) {
    const { file: fileRow, errors, values, key } = plan;
    const outcome: Outcome = { row: fileRow.row, action: 'insert', ...(key !== undefined ? { key } : {}) };
    outcomes.push(outcome);
    const fail = (more: ImportCellError[]) => {
      outcome.action = 'error';
      outcome.errors = [...errors, ...more];
    };
    const keyCell = keyName !== null ? cellOf(keyName, fileRow.row) : '';
    const keyError = (messageKey: 'excel.keyNotFound' | 'excel.keyTwice', row?: number) => ({
      cell: keyCell,
      column: keyName !== null ? columnLabel(keyName) : '',
      message: translate(locale, messageKey, {
        field: keyName !== null ? (entity.columns[keyName]?.label ?? keyName) : '',
        value: key ?? '',
        ...(row !== undefined ? { row } : {}),
      }),
    });
    let target: Row | undefined;
    if (key !== undefined) {
      const first = firstRowOfKey.get(key);
      if (first !== undefined) {
        fail([keyError('excel.keyTwice', first)]);
        continue;
      }
      firstRowOfKey.set(key, fileRow.row);
      target = existing.get(key);
      // Only rows the operator may see are updated; a row outside the scope is an error, never
      // overwritten, told as a key nobody has, so a file cannot probe which codes exist.
      if (!target || !visible.has(Number(target.id))) {
        fail([keyError('excel.keyNotFound')]);
        continue;
      }
    }
    const data = target ? await changedValues(service, session, target, values) : values;
    if (target && Object.keys(data).length === 0 && errors.length === 0) {
      outcome.action = 'skip';
      continue;
    }
    const schema = target ? entity.schemas.create.partial() : entity.schemas.create;
    const parsed = schema.safeParse(data);
    const schemaErrors = parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const name = String(issue.path[0] ?? '');
          return {
            cell: cellOf(name, fileRow.row),
            column: columnLabel(name),
            message: messageOf(validationError(new z.ZodError([issue]), labels, locale), locale),
          };
        });
    if (errors.length > 0 || schemaErrors.length > 0 || !parsed.success) {
      fail(schemaErrors);
      continue;
    }
    if (!target) {
      adds.push({ outcome, data: parsed.data as Row });
      writes.push({ row: fileRow.row, values: parsed.data as Row });
      continue;
    }
    try {
      const id = Number(target.id);
      await service.updateIn(trx, { ...(parsed.data as Row), id }, session, 'import');
      outcome.action = 'update';
      outcome.id = id;
      previous.push(target);
      writes.push({ row: fileRow.row, values: parsed.data as Row, id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fail([{ cell: `A${fileRow.row}`, column: '', message: messageOf(error, locale) }]);
    }
  }

  const added = await service.insertManyIn(
    trx,
    adds.map((a) => a.data),
    session,
    'import',
  );
  for (const [i, { outcome }] of adds.entries()) {
    const result = added[i];
    if (typeof result === 'number') {
      outcome.id = result;
      inserted.push(result);
      continue;
    }
    outcome.action = 'error';
    outcome.errors = [
      ...(outcome.errors ?? []),
      { cell: `A${outcome.row}`, column: '', message: messageOf(result as AppError, locale) },
    ];
  }

  // Whatever beforeWrite made of them, the written rows must be rows the operator may see.
  const written = outcomes.filter((o) => o.id !== undefined && o.action !== 'error');
  const stillVisible = new Set<number>();
  for (let i = 0; i < written.length; i += 500) {
    const ids = written.slice(i, i + 500).map((o) => o.id as number);
    const seen = await service.scopedQuery(session, trx).select(`${MAIN}.id`).where(`${MAIN}.id`, 'in', ids).execute();
    for (const row of seen as Row[]) stillVisible.add(Number(row.id));
  }
  for (const outcome of written) {
    if (stillVisible.has(outcome.id as number)) continue;
    outcome.action = 'error';
    outcome.errors = [{ cell: `A${outcome.row}`, column: '', message: translate(locale, 'excel.outOfScope') }];
  }
  const passed = new Set(outcomes.filter((o) => o.action !== 'error').map((o) => o.row));
  return { outcomes, inserted, previous, writes: writes.filter((w) => passed.has(w.row)) };
}

/** The module's warnings on the rows of a check's outcomes, each with its cell and column label. */
export function attachWarnings(
  entity: Entity,
  file: ImportFile,
  outcomes: Outcome[],
  warnings: readonly ImportWarning[],
  locale: Locale,
): void {
  const byRow = new Map(outcomes.map((o) => [o.row, o]));
  for (const warning of warnings) {
    const outcome = byRow.get(warning.row);
    if (!outcome || outcome.action === 'error') continue;
    const column = entity.columns[warning.column];
    outcome.warnings = [
      ...(outcome.warnings ?? []),
      {
        cell: `${file.letters[warning.column] ?? 'A'}${warning.row}`,
        column: column?.label[locale] ?? warning.column,
        message: warning.message,
      },
    ];
  }
}

/**
 * The values of an update row that differ from the row as the operator sees it. A cell equal to
 * what the operator was shown (a masked phone exported and imported back) changes nothing.
 */
async function changedValues(service: CrudService, session: Session, target: Row, values: Row): Promise<Row> {
  const [shown] = await service.read([{ ...target }], session);
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === service.entity.excel?.importKey) continue;
    const before = shown?.[name];
    const same =
      typeof value === 'object'
        ? JSON.stringify(value) === JSON.stringify(before)
        : String(before ?? '') === String(value);
    if (!same) out[name] = value;
  }
  return out;
}
