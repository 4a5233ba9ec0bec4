import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/*
 * Hostile import files within the upload limit (issue 23 §5), for the import's tests and for
 * bench/excel-import.mjs: small zips that inflate far beyond what they weigh.
 */

/** A two-column customer workbook of these rows (header first), with a second sheet, as exceljs writes one. */
async function baseBook(rows: unknown[][]): Promise<JSZip> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('help').addRow(['help']);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  return JSZip.loadAsync(bytes);
}

const pack = (zip: JSZip) =>
  zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });

/** Rows of XML repeated to about `bytes` inflated bytes, cell after cell. */
function bigSheetXml(bytes: number): string {
  const cell = '<c r="A1" t="inlineStr"><is><t>xxxxxxxxxxxxxxxxxxxxxxxx</t></is></c>';
  const row = `<row r="1">${cell.repeat(200)}</row>`;
  const rows = row.repeat(Math.max(1, Math.ceil(bytes / row.length)));
  return `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

/** A valid first sheet and a second sheet that inflates to about `bytes` (the "many sheets" attack in one part). */
export async function bookWithHugeSecondSheet(rows: unknown[][], bytes: number): Promise<Buffer> {
  const zip = await baseBook(rows);
  zip.file('xl/worksheets/sheet2.xml', bigSheetXml(bytes));
  return pack(zip);
}

/** A valid first sheet and `count` more sheets of `bytes` each, all listed in the workbook. */
export async function bookWithManySheets(rows: unknown[][], count: number, bytes: number): Promise<Buffer> {
  const zip = await baseBook(rows);
  const workbook = (await zip.file('xl/workbook.xml')?.async('string')) ?? '';
  const rels = (await zip.file('xl/_rels/workbook.xml.rels')?.async('string')) ?? '';
  const types = (await zip.file('[Content_Types].xml')?.async('string')) ?? '';
  const xml = bigSheetXml(bytes);
  let sheets = '';
  let relations = '';
  let overrides = '';
  for (let i = 0; i < count; i += 1) {
    const n = i + 100;
    zip.file(`xl/worksheets/extra${n}.xml`, xml);
    sheets += `<sheet name="x${n}" sheetId="${n}" r:id="rIdX${n}"/>`;
    relations += `<Relationship Id="rIdX${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/extra${n}.xml"/>`;
    overrides += `<Override PartName="/xl/worksheets/extra${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  }
  zip.file('xl/workbook.xml', workbook.replace('</sheets>', `${sheets}</sheets>`));
  zip.file('xl/_rels/workbook.xml.rels', rels.replace('</Relationships>', `${relations}</Relationships>`));
  zip.file('[Content_Types].xml', types.replace('</Types>', `${overrides}</Types>`));
  return pack(zip);
}

/** A valid first sheet whose shared-strings part holds about `bytes` of strings none of its cells use. */
export async function bookWithHugeSharedStrings(rows: unknown[][], bytes: number): Promise<Buffer> {
  const zip = await baseBook(rows);
  const path = 'xl/sharedStrings.xml';
  const current = (await zip.file(path)?.async('string')) ?? '';
  const item = `<si><t>${'y'.repeat(100)}</t></si>`;
  const extra = item.repeat(Math.ceil(bytes / item.length));
  if (current.includes('</sst>')) zip.file(path, current.replace('</sst>', `${extra}</sst>`));
  else throw new Error('the base workbook has no shared strings');
  return pack(zip);
}

/** A valid first sheet and a second sheet that is not XML at all (the import never reads it). */
export async function bookWithBrokenSecondSheet(rows: unknown[][]): Promise<Buffer> {
  const zip = await baseBook(rows);
  zip.file('xl/worksheets/sheet2.xml', '<worksheet><sheetData><row><c><v>1</v></row>');
  return pack(zip);
}

/**
 * A first sheet of about `bytes` that the import must read through: the header, then rows whose
 * named cells are empty and whose unnamed columns hold padding (no row is data, so the check ends
 * with "no data rows" after parsing it all). The worst a file within the limits makes it parse.
 */
export async function bookWithWideFirstSheet(bytes: number): Promise<Buffer> {
  const zip = await baseBook([['Customer name', 'Phone']]);
  const pad = `<c r="C2" t="inlineStr"><is><t>${'z'.repeat(200)}</t></is></c>`;
  const row = (n: number) => `<row r="${n}">${pad.repeat(20).replaceAll('C2', `C${n}`)}</row>`;
  const header =
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Customer name</t></is></c><c r="B1" t="inlineStr"><is><t>Phone</t></is></c></row>';
  const count = Math.max(1, Math.floor(bytes / row(1).length));
  const rows: string[] = [header];
  for (let n = 2; n <= count + 1; n += 1) rows.push(row(n));
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
  );
  return pack(zip);
}
