import { type Label, type Locale, label } from '@backroom/contract/i18n';

/** Where in the input a problem is: 1-based line and column, and the 0-based offset in the text. */
export type TextPosition = { readonly line: number; readonly column: number; readonly offset: number };

/**
 * What a converter throws for input it cannot convert: a message in every language (with
 * `{{name}}` placeholders filled from `params`) and, where it is known, the place in the input.
 * Converters stay free of the app's i18n, so each one brings its own texts.
 */
export class TransformError extends Error {
  constructor(
    readonly text: Label,
    readonly params: Readonly<Record<string, TransformParam>> = {},
    readonly at?: TextPosition,
  ) {
    super(formatTransformError(text, params, 'en'));
    this.name = 'TransformError';
  }
}

/** A value put into a message: as it is, or (a Label) in the message's language. */
export type TransformParam = string | number | Label;

/** A message in one language, its placeholders filled. */
export function formatTransformError(text: Label, params: Readonly<Record<string, TransformParam>>, locale: Locale) {
  return text[locale].replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[locale] : String(value);
  });
}

/** The position of `offset` in `text`, counting lines by \n (a \r\n counts once). */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  // Columns count characters as the reader sees them: a surrogate pair (an emoji) is one.
  return { line, column: [...text.slice(lineStart, end)].length + 1, offset: end };
}

/** The texts the converters of this page share. */
export const ERRORS = {
  empty: label('请输入要转换的内容', '請輸入要轉換的內容', 'Enter something to convert'),
  jsonSyntax: label('JSON 格式错误：{{reason}}', 'JSON 格式錯誤：{{reason}}', 'Invalid JSON: {{reason}}'),
  jsonNotRows: label(
    'JSON 应为对象或对象数组（每个对象一行）',
    'JSON 應為物件或物件陣列（每個物件一列）',
    'The JSON must be an object or an array of objects (one row each)',
  ),
  csvQuote: label(
    'CSV 引号未闭合（从此处开始的字段）',
    'CSV 引號未閉合（從此處開始的欄位）',
    'CSV: a quoted field is never closed (it starts here)',
  ),
  csvStrayQuote: label(
    'CSV 未加引号的字段中出现引号，或引号后缺少分隔符',
    'CSV 未加引號的欄位中出現引號，或引號後缺少分隔符號',
    'CSV: a quote inside an unquoted field, or no delimiter after a closing quote',
  ),
  csvWidth: label(
    'CSV 第 {{row}} 行有 {{count}} 个字段，表头只有 {{header}} 个',
    'CSV 第 {{row}} 列有 {{count}} 個欄位，標頭只有 {{header}} 個',
    'CSV row {{row}} has {{count}} fields, the header only {{header}}',
  ),
  headerEmpty: label('表头第 {{column}} 列为空', '標頭第 {{column}} 欄為空', 'Header column {{column}} is empty'),
  headerDuplicate: label('表头“{{name}}”重复', '標頭「{{name}}」重複', 'Header “{{name}}” appears twice'),
  headerConflict: label(
    '表头“{{name}}”与“{{other}}”冲突：一个是值，另一个是它下面的字段',
    '標頭「{{name}}」與「{{other}}」衝突：一個是值，另一個是它下面的欄位',
    'Header “{{name}}” conflicts with “{{other}}”: one is a value, the other a field inside it',
  ),
  xlsxUnreadable: label(
    '无法读取该文件：请选择 .xlsx 格式的 Excel 文件',
    '無法讀取該檔案：請選擇 .xlsx 格式的 Excel 檔案',
    'This file cannot be read: choose an Excel workbook in .xlsx format',
  ),
  xlsxEmpty: label('工作簿中没有数据', '活頁簿中沒有資料', 'The workbook has no data'),
  tooManyColumns: label(
    '列数过多：{{count}} 列，最多 {{max}} 列',
    '欄數過多：{{count}} 欄，最多 {{max}} 欄',
    'Too many columns: {{count}}, at most {{max}}',
  ),
  timestamp: label(
    '第 {{line}} 行不是时间戳：{{value}}',
    '第 {{line}} 行不是時間戳記：{{value}}',
    'Line {{line}} is not a timestamp: {{value}}',
  ),
  timestampRange: label(
    '第 {{line}} 行的时间戳超出可表示的范围',
    '第 {{line}} 行的時間戳記超出可表示的範圍',
    'The timestamp on line {{line}} is out of range',
  ),
  date: label(
    '第 {{line}} 行不是日期时间（格式 2026-11-26 13:04:05）：{{value}}',
    '第 {{line}} 行不是日期時間（格式 2026-11-26 13:04:05）：{{value}}',
    'Line {{line}} is not a date and time (as 2026-11-26 13:04:05): {{value}}',
  ),
  timeZone: label('未知的时区：{{zone}}', '未知的時區：{{zone}}', 'Unknown time zone: {{zone}}'),
} as const;
