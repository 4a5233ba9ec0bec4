import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toSimplified, toTraditional } from './chinese';
import { csvToJson, jsonToCsv, parseCsv, typeCell } from './csv';
import { formatTransformError, TransformError } from './errors';
import { parseJson } from './json-text';
import { CONVERTERS, converterById, defaultValues, KINDS } from './registry';
import { jsonToTypeScript, jsonToZod } from './schema';
import { sqlToEntity } from './sql-entity';
import { flattenJson, unflattenRow } from './table';
import { datesToTimestamps, formatInZone, timestampsToDates, zoneOffset } from './time';
import { jsonToXlsx, xlsxToJson } from './xlsx';

/** The TransformError `run` throws (fails when it throws nothing, or something else). */
function errorOf(run: () => unknown): TransformError {
  try {
    run();
  } catch (error) {
    if (error instanceof TransformError) return error;
    throw error;
  }
  throw new Error('expected a TransformError');
}
async function asyncErrorOf(run: () => Promise<unknown>): Promise<TransformError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof TransformError) return error;
  throw new Error(`expected a TransformError, got ${String(error)}`);
}

describe('JSON with positions', () => {
  it('parses JSON, ignoring a byte-order mark', () => {
    expect(parseJson('\uFEFF{"a":[1,"二",null]}')).toEqual({ a: [1, '二', null] });
  });

  it('refuses an empty text', () => {
    expect(errorOf(() => parseJson('  \n ')).text.en).toBe('Enter something to convert');
  });

  it.each([
    ['{"a": 1,}', 1, 9, 'no comma may follow the last item'],
    ['{"a" 1}', 1, 6, 'a colon was expected after the key'],
    ['[1, 2\n  3]', 2, 3, 'a comma or ] was expected here'],
    ["{'a': 1}", 1, 2, 'a key in double quotes was expected here'],
    ['{"a": "x\ny"}', 1, 9, 'a string may not hold a line break'],
    ['{"a": "open', 1, 7, 'a string is never closed'],
    ['{"a": 01}', 1, 8, 'an invalid number'],
    ['{"a": tru}', 1, 7, 'a value was expected here'],
    ['{"a": 1} x', 1, 10, 'there is more text after the JSON value'],
    ['[1, 2', 1, 6, 'the text ends too early'],
    ['{"a": "\\x"}', 1, 8, 'an invalid escape sequence'],
  ])('says where %j stops being JSON (line %i, column %i)', (text, line, column, reason) => {
    const error = errorOf(() => parseJson(text));
    expect(error.at).toMatchObject({ line, column });
    expect(error.message).toContain(reason);
  });

  it('counts columns in characters as read, an emoji being one', () => {
    const error = errorOf(() => parseJson('{"😀😀": 1 2}'));
    expect(error.at).toMatchObject({ line: 1, column: 10 });
    // The offset is the text's own index (UTF-16), for putting the cursor there.
    expect('{"😀😀": 1 2}'.charAt(error.at?.offset ?? -1)).toBe('2');
  });

  it('words the reason in each language', () => {
    const error = errorOf(() => parseJson('[1,]'));
    expect(formatTransformError(error.text, error.params, 'zh-cn')).toBe('JSON 格式错误：最后一项后不能有逗号');
    expect(formatTransformError(error.text, error.params, 'zh-tw')).toBe('JSON 格式錯誤：最後一項後不能有逗號');
    expect(formatTransformError(error.text, error.params, 'en')).toBe(
      'Invalid JSON: no comma may follow the last item',
    );
  });
});

describe('JSON → CSV', () => {
  it('flattens nested objects and arrays into dotted columns, in the order keys first appear', () => {
    const table = flattenJson([
      { id: 1, address: { city: 'Paris', geo: { lat: 1.5 } }, tags: ['a', 'b'] },
      { id: 2, extra: true, tags: [] },
    ]);
    expect(table.columns).toEqual(['id', 'address.city', 'address.geo.lat', 'tags.0', 'tags.1', 'extra', 'tags']);
    expect(table.rows).toEqual([
      [1, 'Paris', 1.5, 'a', 'b', null, null],
      [2, null, null, null, null, true, '[]'],
    ]);
  });

  it('quotes fields with delimiters, quotes, line breaks and edge spaces, and ends lines in CRLF', () => {
    const csv = jsonToCsv(JSON.stringify([{ a: 'x,y', b: 'say "hi"', c: 'one\ntwo', d: ' pad', e: 'plain', f: null }]));
    expect(csv).toBe('a,b,c,d,e,f\r\n"x,y","say ""hi""","one\ntwo"," pad",plain,\r\n');
  });

  it('quotes by the chosen delimiter', () => {
    expect(jsonToCsv('[{"a":"x;y","b":"x,y"}]', ';')).toBe('a;b\r\n"x;y";x,y\r\n');
    expect(jsonToCsv('[{"a":"x\\ty"}]', '\t')).toBe('a\r\n"x\ty"\r\n');
  });

  it('keeps unicode as it is', () => {
    expect(jsonToCsv('[{"名字":"王小明 😀","城市":"臺北"}]')).toBe('名字,城市\r\n王小明 😀,臺北\r\n');
  });

  it('takes one object as one row, and a list of values as a column "value"', () => {
    expect(jsonToCsv('{"a":1}')).toBe('a\r\n1\r\n');
    expect(jsonToCsv('[1,"x"]')).toBe('value\r\n1\r\nx\r\n');
  });

  it('refuses JSON that is no table, and invalid JSON with its place', () => {
    expect(errorOf(() => jsonToCsv('42')).text).toBe(errorOf(() => jsonToCsv('"x"')).text);
    expect(errorOf(() => jsonToCsv('[{"a":1}, {"b":}]')).at).toMatchObject({ line: 1, column: 16 });
    expect(errorOf(() => jsonToCsv('')).text.en).toBe('Enter something to convert');
  });
});

describe('CSV → JSON', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, LF or CRLF, and a BOM', () => {
    const records = parseCsv('\uFEFFa,b\r\n"x,y","say ""hi"""\n"one\r\ntwo",\n\n"",z');
    expect(records.map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['x,y', 'say "hi"'],
      ['one\r\ntwo', ''],
      ['', 'z'],
    ]);
  });

  it('types numbers and booleans, but not codes with leading zeros nor integers too long to be exact', () => {
    expect(typeCell('42')).toBe(42);
    expect(typeCell('-1.5e3')).toBe(-1500);
    expect(typeCell('true')).toBe(true);
    expect(typeCell('')).toBeNull();
    expect(typeCell('007')).toBe('007');
    expect(typeCell('12345678901234567890')).toBe('12345678901234567890');
    expect(typeCell('1,5')).toBe('1,5');
    expect(typeCell('[]')).toEqual([]);
  });

  it('nests dotted headers back into objects and arrays: JSON → CSV → JSON gives the JSON back', () => {
    const data = [
      { id: 1, name: 'Lee, "Amy"', address: { city: '上海', street: 'a\nb' }, tags: ['x', 'y'], vip: true },
      { id: 2, name: '王', address: { city: '臺北', street: null }, tags: [], vip: false },
    ];
    expect(JSON.parse(csvToJson(jsonToCsv(JSON.stringify(data))))).toEqual(data);
  });

  it('keeps every cell text and every header flat when asked', () => {
    expect(JSON.parse(csvToJson('a.b,c\n1,true\n', ',', { typed: false, nest: false }))).toEqual([
      { 'a.b': '1', c: 'true' },
    ]);
  });

  it('leaves the missing fields of a short row out', () => {
    expect(JSON.parse(csvToJson('a,b\n1\n'))).toEqual([{ a: 1 }]);
  });

  it('treats a column named __proto__ as data', () => {
    const [row] = JSON.parse(csvToJson('__proto__.x,y\n1,2\n')) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'y']);
  });

  it.each([
    ['a,b\n"x,y\n', 'CSV: a quoted field is never closed (it starts here)', 2, 1],
    ['a,b\nx"y,z\n', 'CSV: a quote inside an unquoted field', 2, 2],
    ['a,b\n"x"y,z\n', 'CSV: a quote inside an unquoted field', 2, 4],
    ['a,b\n1,2\n1,2,3\n', 'CSV row 3 has 3 fields, the header only 2', 3, 1],
  ])('refuses %j at its place', (csv, message, line, column) => {
    const error = errorOf(() => csvToJson(csv));
    expect(error.message).toContain(message);
    expect(error.at).toMatchObject({ line, column });
  });

  it('refuses empty, duplicate and conflicting headers', () => {
    expect(errorOf(() => csvToJson('a,,b\n1,2,3')).message).toBe('Header column 2 is empty');
    expect(errorOf(() => csvToJson('a,a\n1,2')).message).toBe('Header “a” appears twice');
    expect(errorOf(() => csvToJson('a,a.b\n1,2')).message).toContain('conflicts');
    expect(errorOf(() => csvToJson('\n\n')).message).toBe('Enter something to convert');
  });
});

describe('JSON ⇄ Excel', () => {
  it('writes a workbook that reads back as the same JSON, unicode, nesting and types kept', async () => {
    const data = [
      { id: 1, name: '王小明 😀', address: { city: '上海' }, vip: true, code: '007' },
      { id: 2.5, name: 'Lee, "Amy"', address: { city: '臺北' }, vip: false, code: '010' },
    ];
    const bytes = await jsonToXlsx(JSON.stringify(data));
    // An .xlsx is a zip: it starts with PK.
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    expect(JSON.parse(await xlsxToJson(bytes))).toEqual(data);
  });

  it('says so for a file that is not a workbook, and for invalid JSON', async () => {
    expect((await asyncErrorOf(() => xlsxToJson(new TextEncoder().encode('id,name\n1,x')))).message).toContain('.xlsx');
    expect((await asyncErrorOf(() => jsonToXlsx('{"a":'))).at).toMatchObject({ line: 1, column: 6 });
  });
});

describe('JSON → TypeScript and zod', () => {
  const sample = JSON.stringify([
    {
      id: 1,
      name: 'a',
      tags: ['x'],
      address: { city: 'P', zip: null },
      'first-name': 'F',
      items: [{ sku: 'k', qty: 1 }],
    },
    {
      id: 2,
      name: 'b',
      tags: [],
      address: { city: 'Q', zip: '75' },
      note: 'n',
      items: [{ sku: 'j', qty: 2, gift: true }],
    },
  ]);

  it('names a type per object, marks fields some samples lack optional, and quotes keys that are no identifiers', () => {
    const ts = jsonToTypeScript(sample, 'order');
    expect(ts).toContain(
      'export type Order = {\n  id: number;\n  name: string;\n  tags: string[];\n  address: Address;',
    );
    expect(ts).toContain('  "first-name"?: string;');
    expect(ts).toContain('  note?: string;');
    expect(ts).toContain('  items: Item[];');
    expect(ts).toContain('export type Address = {\n  city: string;\n  zip: string | null;\n};');
    expect(ts).toContain('export type Item = {\n  sku: string;\n  qty: number;\n  gift?: boolean;\n};');
    expect(ts).toContain('export type OrderList = Order[];');
  });

  it('writes zod schemas, children first, that accept the sample and refuse what it never showed', () => {
    const code = jsonToZod(sample, 'Order');
    expect(code.startsWith("import { z } from 'zod';\n")).toBe(true);
    expect(code.indexOf('export const addressSchema')).toBeLessThan(code.indexOf('export const orderSchema'));
    // Run the generated module with the real zod: its list schema parses the sample.
    const body = code
      .replace("import { z } from 'zod';", '')
      .replace(/^export type .*$/gm, '')
      .replace(/export const (\w+)/g, 'const $1 = exports.$1');
    const exports: Record<string, z.ZodType> = {};
    new Function('z', 'exports', body)(z, exports);
    expect(exports.orderListSchema?.safeParse(JSON.parse(sample)).success).toBe(true);
    expect(
      exports.orderSchema?.safeParse({ id: '1', name: 'a', tags: [], address: { city: 'P', zip: null }, items: [] })
        .success,
    ).toBe(false);
  });

  it('types unions, nulls, empty lists and a root that is not an object', () => {
    expect(jsonToTypeScript('[1, "a", null]')).toBe(
      'export type Root = string | number | null;\n\nexport type RootList = Root[];\n',
    );
    expect(jsonToTypeScript('{"a": [], "b": null, "c": [[1, "x"]]}')).toContain(
      '  a: unknown[];\n  b: null;\n  c: (string | number)[][];',
    );
    expect(jsonToZod('{"a": [], "b": null}')).toContain('  a: z.array(z.unknown()),\n  b: z.null(),');
    expect(jsonToZod('"x"')).toContain('export const rootSchema = z.string();');
  });

  it('refuses invalid JSON with its place', () => {
    expect(errorOf(() => jsonToZod('{\n  "a": 1\n  "b": 2\n}')).at).toMatchObject({ line: 3, column: 3 });
  });
});

describe('Simplified ⇄ Traditional Chinese (OpenCC)', () => {
  it('converts characters and, for Taiwan, its phrases', async () => {
    expect(await toTraditional('软件和鼠标的头发', 'twp')).toBe('軟體和滑鼠的頭髮');
    expect(await toTraditional('软件和鼠标的头发', 'hk')).toBe('軟件和鼠標的頭髮');
    expect(await toSimplified('軟體和滑鼠的頭髮', 'twp')).toBe('软件和鼠标的头发');
  });

  it('leaves what is not Chinese alone', async () => {
    expect(await toTraditional('abc 123 😀\n', 'twp')).toBe('abc 123 😀\n');
  });
});

describe('timestamps ⇄ dates', () => {
  it('reads seconds and milliseconds (12 digits or more), in the chosen zone', () => {
    expect(timestampsToDates('1795669472\n\n1795669472123', 'Asia/Shanghai')).toBe(
      '2026-11-26 13:04:32 +08:00\n\n2026-11-26 13:04:32.123 +08:00',
    );
    expect(timestampsToDates('0', 'America/New_York')).toBe('1969-12-31 19:00:00 -05:00');
    expect(timestampsToDates('1795669472', 'UTC', 'ms')).toBe('1970-01-21 18:47:49.472 +00:00');
  });

  it('follows summer time', () => {
    expect(formatInZone(Date.UTC(2026, 6, 1, 12), 'Europe/Paris')).toBe('2026-07-01 14:00:00 +02:00');
    expect(zoneOffset(Date.UTC(2026, 0, 1), 'Europe/Paris')).toBe(3_600_000);
  });

  it('reads dates in the chosen zone unless they carry an offset', () => {
    expect(
      datesToTimestamps(
        '2026-11-26 13:04:32\n2026/1/1\n2026-11-26T05:04:32.500Z\n2026-11-26 13:04:32 +08:00',
        'Asia/Shanghai',
      ),
    ).toBe('1795669472\n1767196800\n1795669472.5\n1795669472');
    expect(datesToTimestamps('2026-07-01 14:00', 'Europe/Paris', 'ms')).toBe(String(Date.UTC(2026, 6, 1, 12)));
    // 02:30 on the morning clocks go forward does not exist: it reads as an hour on.
    expect(datesToTimestamps('2026-03-29 02:30', 'Europe/Paris', 'ms')).toBe(String(Date.UTC(2026, 2, 29, 1, 30)));
  });

  it('names the line it cannot read, and an unknown zone', () => {
    const bad = errorOf(() => datesToTimestamps('2026-01-01\n2026-02-30', 'UTC'));
    expect(bad.message).toBe('Line 2 is not a date and time (as 2026-11-26 13:04:05): 2026-02-30');
    expect(bad.at).toMatchObject({ line: 2, column: 1 });
    expect(errorOf(() => timestampsToDates('12a', 'UTC')).message).toBe('Line 1 is not a timestamp: 12a');
    expect(errorOf(() => timestampsToDates('9'.repeat(20), 'UTC')).message).toContain('out of range');
    expect(errorOf(() => timestampsToDates('1', 'Mars/Olympus')).message).toBe('Unknown time zone: Mars/Olympus');
  });

  it('round-trips in any zone', () => {
    const dates = timestampsToDates('1795669472\n1767196800', 'America/Los_Angeles');
    expect(datesToTimestamps(dates, 'UTC')).toBe('1795669472\n1767196800');
  });
});

describe('the registry', () => {
  it('has distinct ids, labels in every language, and reverses that exist and come back', () => {
    const ids = CONVERTERS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const converter of CONVERTERS) {
      for (const text of Object.values(converter.label)) expect(text).not.toBe('');
      if (converter.reverse) expect(converterById(converter.reverse)?.reverse).toBe(converter.id);
    }
  });

  it('runs every sample with the default options', async () => {
    for (const converter of CONVERTERS) {
      if (converter.sample === undefined) continue;
      expect(KINDS[converter.from].binary).toBe(false);
      const out = await converter.run(converter.sample, { ...defaultValues(converter), timeZone: 'UTC' });
      expect(out.length, converter.id).toBeGreaterThan(0);
    }
  });

  it('asks the time conversions for a zone and a unit; only reading timestamps may guess the unit', () => {
    const units = (id: string) => {
      const unit = converterById(id)?.options.unit;
      return unit?.kind === 'choice' ? [unit.choices.map((c) => c.value), unit.default] : undefined;
    };
    expect(units('timestamps-to-dates')).toEqual([['auto', 's', 'ms'], 'auto']);
    expect(units('dates-to-timestamps')).toEqual([['s', 'ms'], 's']);
    for (const id of ['timestamps-to-dates', 'dates-to-timestamps'])
      expect(converterById(id)?.options.timeZone?.kind).toBe('timeZone');
  });
});

describe('unflattenRow', () => {
  it('fills either an empty list column or its items, whichever the row has', () => {
    expect(unflattenRow(['tags.0', 'tags'], ['a', null])).toEqual({ tags: ['a'] });
    expect(unflattenRow(['tags.0', 'tags'], [null, []] as never)).toEqual({ tags: [] });
  });
});

describe('SQL table → entity declaration', () => {
  it('declares each column of a CREATE TABLE, the module prefix left out of the entity name', () => {
    const source = sqlToEntity(
      "CREATE TABLE shop_goods (id int PRIMARY KEY AUTO_INCREMENT, title varchar(50) NOT NULL COMMENT '标题', stock int NOT NULL DEFAULT 0, createTime datetime, updateTime datetime);",
      'shop',
    );
    expect(source).toContain('defineEntity(');
    expect(source).toMatch(/title: col\.string\(.*max: 50/);
    expect(source).toMatch(/stock: col\.int\(/);
    // id and the times are every entity's own, not declared again.
    expect(source).not.toMatch(/\bcreateTime: col\./);
    expect(source).toContain("'shop_goods'");
  });

  it('refuses what it cannot read, and a bad module name, with the reason in each language', () => {
    expect(() => sqlToEntity('SELECT 1', 'shop')).toThrow(TransformError);
    expect(() => sqlToEntity('', 'shop')).toThrow(TransformError);
    try {
      sqlToEntity('CREATE TABLE t (a int)', 'Bad-Name');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TransformError);
      const e = error as TransformError;
      expect(formatTransformError(e.text, e.params, 'en')).toContain('Bad-Name');
      expect(formatTransformError(e.text, e.params, 'zh-cn')).toContain('模块名');
    }
  });

  it('is in the list of conversions, its sample converting', async () => {
    const converter = converterById('sql-to-entity');
    expect(converter?.from).toBe('sql');
    if (!converter) throw new Error('no sql-to-entity conversion');
    const out = await converter.run(converter.sample ?? '', defaultValues(converter));
    expect(String(out)).toContain("'demo_goods'");
  });
});
