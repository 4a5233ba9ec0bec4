import type { Column, Entity, Locale } from '@backroom/contract';
import type ExcelJS from 'exceljs';
import type { AppContext } from '../context.js';
import {
  allowedWords,
  columnLetter,
  columnsOf,
  type Dictionaries,
  loadExcelJS,
  readDictionaries,
  sheetName,
} from './excel-cells.js';

/** The template's texts, in the three languages. */
export const TEMPLATE_TEXT = {
  help: { 'zh-cn': '填写说明', 'zh-tw': '填寫說明', en: 'How to fill in' },
  values: { 'zh-cn': '可选值', 'zh-tw': '可選值', en: 'Allowed values' },
  template: { 'zh-cn': '导入模板', 'zh-tw': '匯入範本', en: 'import template' },
  example: {
    'zh-cn': '示例（请在第一个工作表中填写，从第 2 行起每行一条）',
    'zh-tw': '範例（請在第一個工作表中填寫，從第 2 列起每列一筆）',
    en: 'Example (fill in the first sheet, one record per row from row 2)',
  },
  ownerNote: {
    'zh-cn': '“{owner}”填写员工的用户名或工号，留空时归导入人所有',
    'zh-tw': '「{owner}」填寫員工的使用者名稱或工號，留空時歸匯入人所有',
    en: "{owner}: the username or staff number of a staff member; left empty, the row is the importer's",
  },
  keyNote: {
    'zh-cn': '填写“{key}”时更新该记录，留空时新增',
    'zh-tw': '填寫「{key}」時更新該筆記錄，留空時新增',
    en: 'A row with a {key} updates that record; a row without one adds a new record',
  },
  required: { 'zh-cn': '必填', 'zh-tw': '必填', en: 'required' },
} as const satisfies Record<string, Record<Locale, string>>;

/**
 * The import template: the first sheet has the import columns' labels as its header (and lists of
 * the allowed words on enum and dictionary columns), the second an example row and what each
 * column takes, the third the allowed words of each such column.
 */
export async function template(ctx: AppContext, entity: Entity, locale: Locale): Promise<Buffer> {
  const excel = entity.excel;
  if (!excel) throw new Error(`${entity.prefix} declares no excel option`);
  const columns = columnsOf(entity, excel.importColumns);
  const dicts = await readDictionaries(
    ctx.db.loose,
    columns.map(([, c]) => c),
    locale,
  );
  const shape = entity.schemas.create.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Backroom';
  workbook.created = new Date();
  const data = workbook.addWorksheet(sheetName(entity.label[locale]));
  const help = workbook.addWorksheet(sheetName(TEMPLATE_TEXT.help[locale]));
  const values = workbook.addWorksheet(sheetName(TEMPLATE_TEXT.values[locale]));
  data.addRow(columns.map(([, c]) => c.label[locale]));
  data.getRow(1).font = { bold: true };
  help.addRow([TEMPLATE_TEXT.example[locale]]);
  help.addRow(columns.map(([, c]) => c.label[locale]));
  help.addRow(columns.map(([name, column]) => exampleCell(name, column, excel.example, locale, dicts)));
  help.addRow([]);
  if (excel.importKey) {
    const keyLabel = entity.columns[excel.importKey]?.label[locale] ?? excel.importKey;
    help.addRow([TEMPLATE_TEXT.keyNote[locale].replace('{key}', keyLabel)]);
  }
  const owner = entity.ownership?.owner;
  if (owner && excel.importColumns.includes(owner)) {
    const ownerLabel = entity.columns[owner]?.label[locale] ?? owner;
    help.addRow([TEMPLATE_TEXT.ownerNote[locale].replace('{owner}', ownerLabel)]);
  }
  const required = columns.filter(([name]) => shape[name] && !shape[name].safeParse(undefined).success);
  if (required.length > 0) {
    help.addRow([`${TEMPLATE_TEXT.required[locale]}: ${required.map(([, c]) => c.label[locale]).join(', ')}`]);
  }
  let listColumn = 0;
  columns.forEach(([, column], i) => {
    const words = allowedWords(column, locale, dicts);
    if (!words || words.length === 0) return;
    const letter = columnLetter(listColumn);
    values.getCell(`${letter}1`).value = column.label[locale];
    words.forEach((word, j) => {
      values.getCell(`${letter}${j + 2}`).value = word;
    });
    const target = columnLetter(i);
    // A drop-down of the allowed words on the data rows of this column.
    // exceljs keeps range validations on the sheet's dataValidations (its typings leave them out).
    (
      data as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${target}2:${target}10001`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${sheetName(TEMPLATE_TEXT.values[locale])}'!$${letter}$2:$${letter}$${words.length + 1}`],
      showErrorMessage: true,
    });
    listColumn += 1;
  });
  columns.forEach((_, i) => {
    data.getColumn(i + 1).width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function exampleCell(
  name: string,
  column: Column,
  example: Readonly<Record<string, string | number>>,
  locale: Locale,
  dicts: Dictionaries,
): string | number | null {
  const given = example[name];
  if (given !== undefined) return given;
  const words = allowedWords(column, locale, dicts);
  if (words && words.length > 0) {
    const fallback = column.defaultValue ?? column.values?.[0];
    return fallback !== undefined
      ? (column.valueLabels?.[String(fallback)]?.[locale] ?? words[0] ?? null)
      : (words[0] ?? null);
  }
  return null;
}
