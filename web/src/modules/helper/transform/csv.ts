import { ERRORS, positionAt, TransformError } from './errors';
import { parseJson } from './json-text';
import { type Cell, checkHeader, flattenJson, restoreEmpty, unflattenRow } from './table';

export type Delimiter = ',' | ';' | '\t';

/** A field is quoted when it holds the delimiter, a quote, a line break or edge spaces (RFC 4180). */
function csvField(cell: Cell, delimiter: Delimiter): string {
  if (cell === null) return '';
  const text = String(cell);
  return text.includes(delimiter) || /["\r\n]/.test(text) || text.trim() !== text
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

/** JSON (an array of objects, nested or not) → CSV with a header row; lines end in CRLF as RFC 4180 says. */
export function jsonToCsv(input: string, delimiter: Delimiter = ','): string {
  const { columns, rows } = flattenJson(parseJson(input));
  const line = (cells: readonly Cell[]) => cells.map((cell) => csvField(cell, delimiter)).join(delimiter);
  return [line(columns), ...rows.map(line)].map((l) => `${l}\r\n`).join('');
}

/** A parsed record: its fields and the offset where it starts (for messages). */
type CsvRecord = { fields: string[]; offset: number };

/**
 * Splits CSV text into records (RFC 4180: quoted fields may hold delimiters, doubled quotes and
 * line breaks; lines end in LF or CRLF). A quote that opens and never closes, or one inside an
 * unquoted field, is an error at its place. Blank lines are skipped.
 */
export function parseCsv(input: string, delimiter: Delimiter = ','): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const shift = input.length - text.length;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  // Whether the field was quoted: nothing may follow its closing quote but a delimiter or a line end.
  let quoted = false;
  let recordStart = 0;
  let i = 0;
  const endField = () => {
    fields.push(field);
    field = '';
    quoted = false;
  };
  const endRecord = () => {
    const blank = fields.length === 0 && field === '' && !quoted;
    endField();
    if (!blank) records.push({ fields, offset: recordStart + shift });
    fields = [];
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '"' && field === '' && !quoted) {
      const open = i;
      i++;
      for (;;) {
        if (i >= text.length) throw new TransformError(ERRORS.csvQuote, {}, positionAt(input, open + shift));
        const q = text.charAt(i);
        i++;
        if (q !== '"') field += q;
        else if (text.charAt(i) === '"') {
          field += '"';
          i++;
        } else break;
      }
      quoted = true;
      const next = text.charAt(i);
      if (next !== '' && next !== delimiter && next !== '\n' && next !== '\r') {
        throw new TransformError(ERRORS.csvStrayQuote, {}, positionAt(input, i + shift));
      }
    } else if (c === '"') {
      throw new TransformError(ERRORS.csvStrayQuote, {}, positionAt(input, i + shift));
    } else if (c === delimiter) {
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text.charAt(i + 1) === '\n' ? 2 : 1;
      recordStart = i;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || quoted || fields.length > 0) endRecord();
  return records;
}

/**
 * A cell's text read as what it most likely was: numbers (not ones with leading zeros such as
 * phone numbers and codes, nor integers too long to be exact), true and false, an empty field as
 * null, and the `[]` / `{}` an empty list or object was written as. Anything else stays text.
 */
export function typeCell(text: string): Cell | [] | Record<string, never> {
  if (text === '') return null;
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && (!Number.isInteger(n) || Number.isSafeInteger(n) || /[.eE]/.test(text))) return n;
  }
  return restoreEmpty(text);
}

export type RowsOptions = { readonly typed: boolean; readonly nest: boolean };

/** Rows of text cells under a header → a JSON array, cells typed and dotted headers nested when asked. */
export function rowsToJson(
  columns: readonly string[],
  rows: readonly (readonly (Cell | undefined)[])[],
  options: RowsOptions,
) {
  checkHeader(columns);
  const objects = rows.map((cells) =>
    unflattenRow(
      columns,
      cells.map((cell) => (options.typed && typeof cell === 'string' ? (typeCell(cell) as Cell) : cell)),
      options.nest,
    ),
  );
  return `${JSON.stringify(objects, null, 2)}\n`;
}

/** CSV with a header row → a JSON array of objects. */
export function csvToJson(
  input: string,
  delimiter: Delimiter = ',',
  options: RowsOptions = { typed: true, nest: true },
) {
  if (input.trim() === '') throw new TransformError(ERRORS.empty);
  const [header, ...records] = parseCsv(input, delimiter);
  if (!header) throw new TransformError(ERRORS.empty);
  const width = header.fields.length;
  records.forEach((record, index) => {
    if (record.fields.length > width) {
      throw new TransformError(
        ERRORS.csvWidth,
        { row: index + 2, count: record.fields.length, header: width },
        positionAt(input, record.offset),
      );
    }
  });
  // A short row leaves its last keys out rather than inventing empty values.
  return rowsToJson(
    header.fields,
    records.map((record) => record.fields),
    options,
  );
}
