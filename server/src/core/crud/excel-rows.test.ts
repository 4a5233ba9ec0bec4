import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { bigBook, bookOf } from './excel.fixtures.js';
import { countSheetRows, NotAWorkbook } from './excel-rows.js';

describe('countSheetRows', () => {
  it('counts the rows holding a value, the header included, and passes over empty formatted rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['Customer name', 'Phone']);
    sheet.addRow(['甲', '13600000001']);
    // A row with a style and no value is written as a <row> without a <v>.
    sheet.getRow(3).getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } };
    sheet.addRow(['乙', 13600000002]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(await countSheetRows(bytes, 100)).toBe(3);
  });

  it('gives the same answer on every read of the same bytes', async () => {
    const bytes = await bookOf([
      ['Customer name', 'Phone', 'Customer code'],
      ['Keyed', '13600000003', 'C7'],
    ]);
    const counts = new Set<number>();
    for (let i = 0; i < 300; i += 1) counts.add(await countSheetRows(bytes, 100));
    expect([...counts]).toEqual([2]);
  });

  it('counts the first sheet in the workbook order, not the first part in the zip', async () => {
    const book = new ExcelJS.Workbook();
    const first = book.addWorksheet('first');
    const second = book.addWorksheet('second');
    first.addRow(['a']);
    for (let i = 0; i < 5; i += 1) second.addRow([i]);
    // The second sheet is listed first in workbook.xml (orderNo is real in exceljs, missing from its types).
    for (const sheet of book.worksheets as Array<ExcelJS.Worksheet & { orderNo: number }>) {
      sheet.orderNo = sheet.name === 'second' ? 0 : 1;
    }
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(bytes as unknown as ArrayBuffer);
    // Whatever exceljs takes as the first sheet on load is the one counted.
    const expected = loaded.worksheets[0]?.actualRowCount;
    // The premise: the sheet first in order is not the first part in the zip (sheet1.xml, 'first').
    expect(loaded.worksheets[0]?.name).toBe('second');
    expect(await countSheetRows(bytes, 100)).toBe(expected);
  });

  it('stops once the count passes the limit', async () => {
    const bytes = await bigBook(['Customer name'], 5000, (i) => [`客户 ${i}`]);
    expect(await countSheetRows(bytes, 10)).toBe(11);
    expect(await countSheetRows(bytes, 10_000)).toBe(5001);
  });

  it('reads sheets whose tags carry a namespace prefix', async () => {
    const zip = new JSZip();
    zip.file(
      'xl/workbook.xml',
      '<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="r"><x:sheets><x:sheet name="S" sheetId="1" r:id="rId7"/></x:sheets></x:workbook>',
    );
    zip.file(
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Target="/xl/worksheets/data.xml" Id="rId7" Type="t"/></Relationships>',
    );
    zip.file(
      'xl/worksheets/data.xml',
      '<x:worksheet xmlns:x="m"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c></x:row><x:row r="2"/><x:row r="3"><x:c r="A3"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>',
    );
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    expect(await countSheetRows(bytes, 100)).toBe(2);
  });

  it('refuses what is not a workbook', async () => {
    await expect(countSheetRows(Buffer.from('name,phone\nA,1\n'), 10)).rejects.toBeInstanceOf(NotAWorkbook);
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    const noBook = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(countSheetRows(noBook, 10)).rejects.toBeInstanceOf(NotAWorkbook);
    const broken = new JSZip();
    broken.file('xl/workbook.xml', '<workbook><sheets><sheet r:id="rId1"/></sheets></workbook>');
    broken.file(
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    );
    broken.file('xl/worksheets/sheet1.xml', '<worksheet><sheetData><row><c><v>1</v></row></worksheet>');
    await expect(countSheetRows(await broken.generateAsync({ type: 'nodebuffer' }), 10)).rejects.toBeInstanceOf(
      NotAWorkbook,
    );
  });
});
