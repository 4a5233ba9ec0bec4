import { type Label, label } from '@backroom/contract/i18n';
import { type HantVariant, toSimplified, toTraditional } from './chinese';
import { csvToJson, jsonToCsv } from './csv';
import { jsonToTypeScript, jsonToZod } from './schema';
import { sqlToEntity } from './sql-entity';
import { datesToTimestamps, localTimeZone, timestampsToDates } from './time';
import { jsonToXlsx, xlsxToJson } from './xlsx';

/** What a converter reads or writes; `xlsx` is a file of bytes, the rest are texts. */
export type TransformKind = 'json' | 'csv' | 'xlsx' | 'typescript' | 'sql' | 'text' | 'timestamps' | 'dates';

/** Per kind: its name, and the file a download of it becomes. */
export const KINDS: Record<TransformKind, { label: Label; binary: boolean; extension: string; mime: string }> = {
  json: { label: label('JSON', 'JSON', 'JSON'), binary: false, extension: 'json', mime: 'application/json' },
  csv: { label: label('CSV', 'CSV', 'CSV'), binary: false, extension: 'csv', mime: 'text/csv' },
  xlsx: {
    label: label('Excel 工作簿', 'Excel 活頁簿', 'Excel workbook'),
    binary: true,
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  typescript: {
    label: label('TypeScript', 'TypeScript', 'TypeScript'),
    binary: false,
    extension: 'ts',
    mime: 'text/plain',
  },
  sql: { label: label('SQL', 'SQL', 'SQL'), binary: false, extension: 'sql', mime: 'text/plain' },
  text: { label: label('文本', '文字', 'Text'), binary: false, extension: 'txt', mime: 'text/plain' },
  timestamps: { label: label('时间戳', '時間戳記', 'Timestamps'), binary: false, extension: 'txt', mime: 'text/plain' },
  dates: { label: label('日期时间', '日期時間', 'Dates'), binary: false, extension: 'txt', mime: 'text/plain' },
};

type Binary = 'xlsx';
/** What a kind holds in the page: bytes for files, a string for texts. */
export type DataOf<K extends TransformKind> = K extends Binary ? Uint8Array : string;

/** The groups of the conversion menu, in order. */
export const GROUPS = {
  data: label('表格数据', '表格資料', 'Table data'),
  code: label('代码生成', '程式碼產生', 'Code'),
  text: label('中文文本', '中文文字', 'Chinese text'),
  time: label('时间', '時間', 'Time'),
} as const;
export type TransformGroup = keyof typeof GROUPS;

/** A setting of a conversion, drawn by the page. */
export type OptionSpec =
  | {
      readonly kind: 'choice';
      readonly label: Label;
      readonly choices: readonly { value: string; label: Label }[];
      readonly default: string;
    }
  | { readonly kind: 'text'; readonly label: Label; readonly default: string }
  | { readonly kind: 'switch'; readonly label: Label; readonly default: boolean }
  /** An IANA zone; the default is the browser's. */
  | { readonly kind: 'timeZone'; readonly label: Label };

/** The value each option gives `convert`: a choice's own values, a switch's boolean, a text. */
type ValueOf<O extends OptionSpec> = O extends { kind: 'choice'; choices: readonly { value: infer V }[] }
  ? V
  : O extends { kind: 'switch' }
    ? boolean
    : string;
export type OptionValues = Readonly<Record<string, string | boolean>>;

/** One conversion, as the page lists and runs it. */
export type Converter = {
  readonly id: string;
  readonly group: TransformGroup;
  readonly label: Label;
  readonly from: TransformKind;
  readonly to: TransformKind;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** An example input the page can fill in (texts only). */
  readonly sample?: string;
  /** The conversion that goes back, when there is one: the page offers to swap. */
  readonly reverse?: string;
  readonly run: (input: string | Uint8Array, values: OptionValues) => Promise<string | Uint8Array>;
};

/**
 * Declares a conversion: `convert` is a pure function of the input (typed by the kind it reads)
 * and the option values (typed by the options), which throws a TransformError for input it refuses.
 */
export function defineConverter<
  const From extends TransformKind,
  const To extends TransformKind,
  const O extends Record<string, OptionSpec> = Record<never, OptionSpec>,
>(spec: {
  id: string;
  group: TransformGroup;
  label: Label;
  from: From;
  to: To;
  options?: O;
  sample?: string;
  reverse?: string;
  convert: (
    input: DataOf<From>,
    values: { readonly [K in keyof O]: ValueOf<O[K]> },
  ) => DataOf<To> | Promise<DataOf<To>>;
}): Converter {
  const { convert, options, ...rest } = spec;
  return {
    ...rest,
    options: options ?? {},
    // The page holds the right data for `from` and gives every option a value (defaultValues).
    run: async (input, values) => convert(input as DataOf<From>, values as { readonly [K in keyof O]: ValueOf<O[K]> }),
  };
}

/** Every option's starting value. */
export function defaultValues(converter: Converter): Record<string, string | boolean> {
  return Object.fromEntries(
    Object.entries(converter.options).map(([key, option]) => [
      key,
      option.kind === 'timeZone' ? localTimeZone() : option.default,
    ]),
  );
}

const DELIMITER = {
  kind: 'choice',
  label: label('分隔符', '分隔符號', 'Delimiter'),
  choices: [
    { value: ',', label: label('逗号 ,', '逗號 ,', 'Comma ,') },
    { value: ';', label: label('分号 ;', '分號 ;', 'Semicolon ;') },
    { value: '\t', label: label('制表符', '定位字元', 'Tab') },
  ],
  default: ',',
} as const satisfies OptionSpec;
const TYPED = (byDefault: boolean) =>
  ({
    kind: 'switch',
    label: label('识别数字和布尔值', '識別數字和布林值', 'Read numbers and booleans'),
    default: byDefault,
  }) as const satisfies OptionSpec;
const NEST = {
  kind: 'switch',
  label: label('按“a.b”表头还原嵌套', '依「a.b」標頭還原巢狀', 'Nest “a.b” headers'),
  default: true,
} as const satisfies OptionSpec;
const ROOT_NAME = {
  kind: 'text',
  label: label('类型名称', '型別名稱', 'Type name'),
  default: 'Root',
} as const satisfies OptionSpec;
const MODULE_NAME_OPTION = {
  kind: 'text',
  label: label('模块', '模組', 'Module'),
  default: 'demo',
} as const satisfies OptionSpec;
const ZONE = { kind: 'timeZone', label: label('时区', '時區', 'Time zone') } as const satisfies OptionSpec;
const AUTO_UNIT = {
  value: 'auto',
  label: label('自动（13 位为毫秒）', '自動（13 位為毫秒）', 'Automatic (13 digits: ms)'),
} as const;
const SECONDS = { value: 's', label: label('秒', '秒', 'Seconds') } as const;
const MILLISECONDS = { value: 'ms', label: label('毫秒', '毫秒', 'Milliseconds') } as const;
/**
 * A timestamp conversion's settings: the zone its dates are in, and the unit of its timestamps
 * among `units` (reading timestamps may tell the unit by their length; writing them may not).
 */
const timeOptions = <const U extends readonly { value: string; label: Label }[]>(
  units: U,
  byDefault: U[number]['value'],
) =>
  ({
    timeZone: ZONE,
    unit: { kind: 'choice', label: label('单位', '單位', 'Unit'), choices: units, default: byDefault },
  }) as const satisfies Record<string, OptionSpec>;
const VARIANT = (name: Label) =>
  ({
    kind: 'choice',
    label: name,
    choices: [
      { value: 'twp', label: label('台湾（含常用词汇）', '臺灣（含常用詞彙）', 'Taiwan, with its phrases') },
      { value: 'tw', label: label('台湾（仅字形）', '臺灣（僅字形）', 'Taiwan, characters only') },
      { value: 'hk', label: label('香港', '香港', 'Hong Kong') },
      { value: 't', label: label('OpenCC 标准繁体', 'OpenCC 標準繁體', 'OpenCC standard') },
    ],
    default: 'twp',
  }) as const satisfies OptionSpec;

const SQL_SAMPLE = `CREATE TABLE demo_goods (
  id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  title varchar(50) NOT NULL COMMENT '标题',
  price decimal(10, 2) NOT NULL DEFAULT 0.00 COMMENT '价格',
  stock int NOT NULL DEFAULT 0,
  status tinyint NOT NULL DEFAULT 1,
  description text NULL,
  createTime datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updateTime datetime NOT NULL DEFAULT CURRENT_TIMESTAMP
);
`;
const JSON_SAMPLE = `[
  {
    "id": 1,
    "name": "王小明",
    "phone": "013800138000",
    "vip": true,
    "address": { "city": "上海", "street": "南京东路 1 号" },
    "tags": ["new", "vip"]
  },
  {
    "id": 2,
    "name": "Lee, \\"Amy\\"",
    "phone": "0912345678",
    "vip": false,
    "address": { "city": "台北", "street": null },
    "tags": [],
    "note": "first line\\nsecond line"
  }
]
`;

const CSV_SAMPLE = `id,name,phone,vip,address.city,address.street,tags.0,tags.1,tags,note\r
1,王小明,013800138000,true,上海,南京东路 1 号,new,vip,,\r
2,"Lee, ""Amy""",0912345678,false,台北,,,,[],"first line
second line"\r
`;

/**
 * The conversions of the transform page, in the order of its menu. A new one is one entry here:
 * an id, its labels, the kinds it reads and writes, and a pure convert function.
 */
export const CONVERTERS: readonly Converter[] = [
  defineConverter({
    id: 'json-to-csv',
    group: 'data',
    label: label('JSON → CSV', 'JSON → CSV', 'JSON → CSV'),
    from: 'json',
    to: 'csv',
    options: { delimiter: DELIMITER },
    sample: JSON_SAMPLE,
    reverse: 'csv-to-json',
    convert: (input, { delimiter }) => jsonToCsv(input, delimiter),
  }),
  defineConverter({
    id: 'csv-to-json',
    group: 'data',
    label: label('CSV → JSON', 'CSV → JSON', 'CSV → JSON'),
    from: 'csv',
    to: 'json',
    options: { delimiter: DELIMITER, typed: TYPED(true), nest: NEST },
    sample: CSV_SAMPLE,
    reverse: 'json-to-csv',
    convert: (input, { delimiter, typed, nest }) => csvToJson(input, delimiter, { typed, nest }),
  }),
  defineConverter({
    id: 'json-to-xlsx',
    group: 'data',
    label: label('JSON → Excel', 'JSON → Excel', 'JSON → Excel'),
    from: 'json',
    to: 'xlsx',
    sample: JSON_SAMPLE,
    reverse: 'xlsx-to-json',
    convert: (input) => jsonToXlsx(input),
  }),
  defineConverter({
    id: 'xlsx-to-json',
    group: 'data',
    label: label('Excel → JSON', 'Excel → JSON', 'Excel → JSON'),
    from: 'xlsx',
    to: 'json',
    options: { typed: TYPED(false), nest: NEST },
    reverse: 'json-to-xlsx',
    convert: (input, { typed, nest }) => xlsxToJson(input, { typed, nest }),
  }),
  defineConverter({
    id: 'json-to-typescript',
    group: 'code',
    label: label('JSON → TypeScript 类型', 'JSON → TypeScript 型別', 'JSON → TypeScript type'),
    from: 'json',
    to: 'typescript',
    options: { rootName: ROOT_NAME },
    sample: JSON_SAMPLE,
    convert: (input, { rootName }) => jsonToTypeScript(input, rootName),
  }),
  defineConverter({
    id: 'json-to-zod',
    group: 'code',
    label: label('JSON → zod 校验', 'JSON → zod 驗證', 'JSON → zod schema'),
    from: 'json',
    to: 'typescript',
    options: { rootName: ROOT_NAME },
    sample: JSON_SAMPLE,
    convert: (input, { rootName }) => jsonToZod(input, rootName),
  }),
  defineConverter({
    id: 'sql-to-entity',
    group: 'code',
    label: label('SQL 建表 → 实体声明', 'SQL 建表 → 實體宣告', 'SQL table → entity'),
    from: 'sql',
    to: 'typescript',
    options: { module: MODULE_NAME_OPTION },
    sample: SQL_SAMPLE,
    convert: (input, { module }) => sqlToEntity(input, module),
  }),
  defineConverter({
    id: 'zh-hans-to-hant',
    group: 'text',
    label: label('简体 → 繁体', '簡體 → 繁體', 'Simplified → Traditional'),
    from: 'text',
    to: 'text',
    options: { variant: VARIANT(label('繁体标准', '繁體標準', 'Traditional as written in')) },
    sample: '简体中文转换为繁体中文：软件、鼠标、信息、内存、头发。\n',
    reverse: 'zh-hant-to-hans',
    convert: (input, { variant }) => toTraditional(input, variant satisfies HantVariant),
  }),
  defineConverter({
    id: 'zh-hant-to-hans',
    group: 'text',
    label: label('繁体 → 简体', '繁體 → 簡體', 'Traditional → Simplified'),
    from: 'text',
    to: 'text',
    options: { variant: VARIANT(label('原文的繁体标准', '原文的繁體標準', 'Traditional as written in')) },
    sample: '繁體中文轉換為簡體中文：軟體、滑鼠、資訊、記憶體、頭髮。\n',
    reverse: 'zh-hans-to-hant',
    convert: (input, { variant }) => toSimplified(input, variant),
  }),
  defineConverter({
    id: 'timestamps-to-dates',
    group: 'time',
    label: label('时间戳 → 日期时间', '時間戳記 → 日期時間', 'Timestamps → dates'),
    from: 'timestamps',
    to: 'dates',
    options: timeOptions([AUTO_UNIT, SECONDS, MILLISECONDS], 'auto'),
    sample: '1795669472\n1795669472123\n0\n',
    reverse: 'dates-to-timestamps',
    convert: (input, { timeZone, unit }) => timestampsToDates(input, timeZone, unit),
  }),
  defineConverter({
    id: 'dates-to-timestamps',
    group: 'time',
    label: label('日期时间 → 时间戳', '日期時間 → 時間戳記', 'Dates → timestamps'),
    from: 'dates',
    to: 'timestamps',
    options: timeOptions([SECONDS, MILLISECONDS], 's'),
    sample: '2026-11-26 13:04:32\n2026/01/01\n2026-11-26T05:04:32.500Z\n2026-11-26 13:04:32 +08:00\n',
    reverse: 'timestamps-to-dates',
    convert: (input, { timeZone, unit }) => datesToTimestamps(input, timeZone, unit),
  }),
];

/** The conversion by its id (the page keeps the id in its address). */
export const converterById = (id: string | null | undefined) => CONVERTERS.find((c) => c.id === id);
