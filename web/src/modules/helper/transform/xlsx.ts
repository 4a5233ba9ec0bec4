import type { CellValue, Workbook } from 'exceljs';
import { type RowsOptions, rowsToJson } from './csv';
import { ERRORS, TransformError } from './errors';
import { parseJson } from './json-text';
import { type Cell, flattenJson } from './table';

/** exceljs is large: it loads only when a workbook is written or read, never with the page. */
async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

/** JSON (an array of objects, nested or not) → an .xlsx workbook: a bold header row, then one row per object. */
export async function jsonToXlsx(input: string, sheetName = 'Sheet1'): Promise<Uint8Array> {
  const { columns, rows } = flattenJson(parseJson(input));
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(columns).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    const longest = Math.max(
      ...[columns[i] ?? '', ...rows.map((row) => row[i])].map((cell) =>
        cell === null || cell === undefined ? 0 : String(cell).length,
      ),
    );
    column.width = Math.min(60, Math.max(8, longest + 2));
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** What a spreadsheet cell shows, as a JSON value: formulas by their result, rich text and links by their text. */
export function cellToJson(value: CellValue): Cell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined || result === null) return null;
    if (result instanceof Date) return result.toISOString();
    return typeof result === 'object' ? result.error : result;
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellToJson(value.text);
  if ('error' in value) return value.error;
  return null;
}

/** The first worksheet of an .xlsx workbook, with a header row → a JSON array of objects. */
export async function xlsxToJson(
  input: Uint8Array,
  options: RowsOptions = { typed: false, nest: true },
): Promise<string> {
  const workbook = await newWorkbook();
  try {
    // exceljs's type asks for Node's Buffer; in the browser it takes an ArrayBuffer.
    await workbook.xlsx.load(input.slice().buffer as unknown as Parameters<Workbook['xlsx']['load']>[0]);
  } catch {
    throw new TransformError(ERRORS.xlsxUnreadable);
  }
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) throw new TransformError(ERRORS.xlsxEmpty);
  const width = sheet.actualColumnCount > 0 ? sheet.columnCount : 0;
  const read = (rowNumber: number) =>
    Array.from({ length: width }, (_, i) => cellToJson(sheet.getRow(rowNumber).getCell(i + 1).value));
  const header = read(1).map((cell) => (cell === undefined || cell === null ? '' : String(cell)));
  // Trailing empty header cells are the sheet's formatting, not columns.
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const rows: (Cell | undefined)[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const cells = read(r).slice(0, header.length);
    if (cells.some((cell) => cell !== undefined && cell !== '')) rows.push(cells);
  }
  // Typing applies to text cells only: a number cell is a number already.
  return rowsToJson(header, rows, options);
}
