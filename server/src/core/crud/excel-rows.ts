import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type JSZip from 'jszip';
import { entryChunks, NotAZip, type ZipEntry, zipEntries } from './zip-directory.js';

/**
 * Counting the data rows of an .xlsx's first sheet without loading it, so a file of 100,000 rows is
 * refused before exceljs builds it in memory.
 *
 * exceljs's own streaming reader is not used for this: on the same bytes it now and then fails with
 * "Cannot read properties of undefined (reading 'sheets')" (about 1 read in 1,000 here; exceljs
 * issue #962), which refused good files at random. This reads the zip with JSZip (the library
 * exceljs loads workbooks with) and the sheet's XML with saxes as a stream, and behaves the same on
 * every read.
 */

/** The first sheet's part in the zip, as workbook.xml orders the sheets and its rels place them. */
async function firstSheetPath(zip: Parts): Promise<string | undefined> {
  const workbook = await smallText(zip, 'xl/workbook.xml');
  const rels = await smallText(zip, 'xl/_rels/workbook.xml.rels');
  if (workbook === undefined || rels === undefined) return undefined;
  // Tags may carry a namespace prefix (<x:sheet>); attribute order is free.
  const sheet = /<(?:\w+:)?sheet\s[^>]*?\br:id="([^"]+)"/.exec(workbook)?.[1];
  if (!sheet) return undefined;
  for (const rel of rels.match(/<(?:\w+:)?Relationship\s[^>]*>/g) ?? []) {
    if (attribute(rel, 'Id') !== sheet) continue;
    const target = attribute(rel, 'Target');
    if (!target) return undefined;
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return undefined;
}

/**
 * A part's inflated bytes as they come. JSZip hands out a readable-stream 2 stream, which cannot be
 * iterated; a core PassThrough can, and when the loop leaves early it closes, which unpipes JSZip's
 * stream and stops the inflating.
 */
const chunksOf = (file: JSZip.JSZipObject): AsyncIterable<Buffer> =>
  file.nodeStream('nodebuffer').pipe(new PassThrough());

/** A part of a zip, inflated as it is read. */
type PartFile = { chunks(): AsyncIterable<Buffer> };
/** The parts of a zip by path (JSZip's for countSheetRows, the directory's own for readFirstSheet). */
type Parts = { file(path: string): PartFile | null };

const jszipParts = (zip: JSZip): Parts => ({
  file(path) {
    const file = zip.file(path);
    return file ? { chunks: () => chunksOf(file) } : null;
  },
});

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The parts read whole are small in any workbook a person made; a larger one is not a workbook. */
const SMALL_PART_MAX = 4 * 1024 * 1024;

async function smallText(zip: Parts, path: string): Promise<string | undefined> {
  const file = zip.file(path);
  if (!file) return undefined;
  const decoder = new StringDecoder('utf8');
  let text = '';
  for await (const chunk of file.chunks()) {
    text += decoder.write(chunk);
    if (text.length > SMALL_PART_MAX) return undefined;
  }
  return text + decoder.end();
}

/** Why a file's rows could not be counted. */
export class NotAWorkbook extends Error {}

/**
 * Counts the rows of the first sheet that hold a value (a <row> with a <v> or an inline string),
 * stopping as soon as the count passes `limit`; answers that count (at most limit + 1). Throws
 * NotAWorkbook for bytes that are not a workbook.
 */
export async function countSheetRows(bytes: Buffer, limit: number): Promise<number> {
  // Loaded with the first import, as exceljs is (excel-cells.ts loadExcelJS).
  const [{ default: JSZipClass }, { SaxesParser }] = await Promise.all([import('jszip'), import('saxes')]);
  let zip: JSZip;
  try {
    zip = await JSZipClass.loadAsync(bytes);
  } catch {
    throw new NotAWorkbook('not a zip');
  }
  const parts = jszipParts(zip);
  const path = await firstSheetPath(parts);
  const file = path ? parts.file(path) : null;
  if (!file) throw new NotAWorkbook('no first sheet');

  const parser = new SaxesParser();
  let count = 0;
  let inRow = false;
  let rowHasValue = false;
  let broken: Error | undefined;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'row') {
      inRow = true;
      rowHasValue = false;
    } else if (inRow && (name === 'v' || name === 'is')) {
      rowHasValue = true;
    }
  });
  parser.on('closetag', (tag) => {
    if (local(tag.name) !== 'row') return;
    inRow = false;
    if (rowHasValue) count += 1;
  });
  parser.on('error', (error) => {
    broken = error;
  });

  const decoder = new StringDecoder('utf8');
  for await (const chunk of file.chunks()) {
    parser.write(decoder.write(chunk));
    if (broken) throw new NotAWorkbook(broken.message);
    // Enough seen to refuse: the rest of the sheet is never inflated.
    if (count > limit) return limit + 1;
  }
  parser.write(decoder.end());
  parser.close();
  if (broken) throw new NotAWorkbook(broken.message);
  return count;
}

/** Sizes an import file may inflate to, checked from the zip's central directory before reading. */
export type SheetLimits = {
  /** All parts together, inflated. */
  inflatedBytes: number;
  /** The shared-strings part, inflated (its strings are kept in memory while the sheet is read). */
  sharedStringsBytes: number;
  /** Parts in the zip (a workbook has a few dozen; each costs the zip reader an object). */
  entries: number;
};

/** A file whose parts inflate past the limits (checked before, and again while inflating: a directory may lie). */
export class InflatesTooLarge extends Error {
  constructor(readonly part: 'inflated' | 'sharedStrings' | 'entries') {
    super(`the ${part} size is over the limit`);
  }
}

/** A read cell: text, a number, a boolean, or nothing (what excel-cells.ts plainOf answers for exceljs's). */
export type SheetCell = string | number | boolean | null;

/**
 * The parts of a workbook that a sheet's cells refer to: the shared strings (by index) and which
 * cell styles show a date (a number in such a cell is a date, as exceljs reads it).
 */
type SheetContext = { strings: string[]; dateStyles: ReadonlySet<number> };

/** Number formats Excel builds in that show dates or times (ECMA-376 18.8.30). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** Whether a number format's code shows a date: a y, m, d, h or s outside quotes and brackets. */
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The cell styles (cellXfs, by index) whose number format is a date. */
function dateStylesOf(styles: string | undefined): Set<number> {
  const out = new Set<number>();
  if (!styles) return out;
  const custom = new Map<number, string>();
  for (const tag of styles.match(/<(?:\w+:)?numFmt\s[^>]*>/g) ?? []) {
    const id = Number(attribute(tag, 'numFmtId'));
    const code = attribute(tag, 'formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, code.replace(/&quot;/g, '"'));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles)?.[1] ?? '';
  (xfs.match(/<(?:\w+:)?xf\b[^>]*>/g) ?? []).forEach((tag, index) => {
    const id = Number(attribute(tag, 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) out.add(index);
  });
  return out;
}

/** The shared-strings part's path: as the workbook's rels name it, else where Excel puts it. */
async function sharedStringsPath(zip: Parts): Promise<string> {
  const rels = await smallText(zip, 'xl/_rels/workbook.xml.rels');
  for (const rel of rels?.match(/<(?:\w+:)?Relationship\s[^>]*>/g) ?? []) {
    if (!attribute(rel, 'Type')?.endsWith('/sharedStrings')) continue;
    const target = attribute(rel, 'Target');
    if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return 'xl/sharedStrings.xml';
}

/**
 * A part's inflated text as it comes, fed to a SAX parser; throws InflatesTooLarge once more than
 * `cap` bytes came out, whatever the directory said, and stops when `stop` says so.
 */
async function parsePart(
  file: PartFile,
  parser: import('saxes').SaxesParser,
  cap: number,
  part: 'inflated' | 'sharedStrings',
  stop: () => boolean = () => false,
): Promise<void> {
  let broken: Error | undefined;
  parser.on('error', (error) => {
    broken = error;
  });
  const decoder = new StringDecoder('utf8');
  let seen = 0;
  for await (const chunk of file.chunks()) {
    seen += chunk.length;
    if (seen > cap) throw new InflatesTooLarge(part);
    parser.write(decoder.write(chunk));
    if (broken) throw new NotAWorkbook(broken.message);
    if (stop()) return;
  }
  parser.write(decoder.end());
  parser.close();
  if (broken) throw new NotAWorkbook(broken.message);
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

async function readSharedStrings(zip: Parts, cap: number, SaxesParser: typeof import('saxes').SaxesParser) {
  const strings: string[] = [];
  const file = zip.file(await sharedStringsPath(zip));
  if (!file) return strings;
  const parser = new SaxesParser();
  let current: string[] | null = null;
  let inText = false;
  // Phonetic runs (<rPh>) are reading aids, not part of the text.
  let inPhonetic = false;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'si') current = [];
    else if (name === 'rPh') inPhonetic = true;
    else if (name === 't' && !inPhonetic) inText = true;
  });
  parser.on('text', (text) => {
    if (inText && current) current.push(text);
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'si' && current) {
      strings.push(current.join(''));
      current = null;
    }
  });
  await parsePart(file, parser, cap, 'sharedStrings');
  return strings;
}

/** A1-style column letters to a 1-based position (B → 2, AA → 27). */
function columnOf(ref: string | undefined): number | undefined {
  const letters = ref ? /^[A-Z]+/.exec(ref)?.[0] : undefined;
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A date serial (days since 1899-12-30) as exceljs makes it a Date. */
const dateOfSerial = (serial: number) => new Date(Math.round((serial - 25569) * 24 * 3600 * 1000));

/**
 * Reads the first sheet of an .xlsx as a stream, row by row: `onRow` gets each row's number and its
 * values by 1-based column position (as exceljs's row.values), and may answer false to stop. Only
 * the first sheet, the shared strings and the styles are inflated; the sizes are checked against
 * the limits from the zip's central directory first, and again while inflating. Dates come as Date.
 * Throws NotAWorkbook for bytes that are not a workbook and InflatesTooLarge past the limits.
 */
export async function readFirstSheet(
  bytes: Buffer,
  limits: SheetLimits,
  onRow: (row: number, values: Array<SheetCell | Date>) => boolean | undefined,
): Promise<void> {
  let entries: ZipEntry[];
  try {
    entries = zipEntries(bytes);
  } catch (error) {
    if (error instanceof NotAZip) throw new NotAWorkbook(error.message);
    throw error;
  }
  if (entries.length > limits.entries) throw new InflatesTooLarge('entries');
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limits.inflatedBytes) throw new InflatesTooLarge('inflated');
  const { SaxesParser } = await import('saxes');
  // The parts are inflated by zlib as a stream of small chunks (zip-directory.ts entryChunks): JSZip
  // inflates 16 KB of input at a time, which for XML that compresses 1,000 to 1 is 16 MB in one go,
  // and the server answered nothing else meanwhile.
  const zip = directoryParts(bytes, entries);
  const stringsPath = await sharedStringsPath(zip);
  const stringsEntry = entries.find((e) => e.name === stringsPath);
  if (stringsEntry && stringsEntry.size > limits.sharedStringsBytes) throw new InflatesTooLarge('sharedStrings');
  const path = await firstSheetPath(zip);
  const file = path ? zip.file(path) : null;
  if (!file) throw new NotAWorkbook('no first sheet');
  const context: SheetContext = {
    strings: await readSharedStrings(zip, limits.sharedStringsBytes, SaxesParser),
    dateStyles: dateStylesOf(await smallText(zip, 'xl/styles.xml')),
  };

  const parser = new SaxesParser();
  let stopped = false;
  let rowNumber = 0;
  let values: Array<SheetCell | Date> = [];
  let cell: { column: number; type: string; style: number; value: string[]; formula: string[] } | null = null;
  let into: 'v' | 't' | 'f' | null = null;
  let inInline = false;
  let nextColumn = 1;
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    if (name === 'row') {
      const given = Number(attributes.r);
      rowNumber = Number.isInteger(given) && given > 0 ? given : rowNumber + 1;
      values = [];
      nextColumn = 1;
    } else if (name === 'c') {
      const column = columnOf(attributes.r) ?? nextColumn;
      nextColumn = column + 1;
      cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: [], formula: [] };
    } else if (cell && name === 'v') into = 'v';
    else if (cell && name === 'f') into = 'f';
    else if (cell && name === 'is') inInline = true;
    else if (cell && inInline && name === 't') into = 't';
    else if (cell && inInline && name === 'rPh') inInline = false;
  });
  parser.on('text', (text) => {
    if (!cell || into === null) return;
    (into === 'f' ? cell.formula : cell.value).push(text);
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 'v' || name === 't' || name === 'f') into = null;
    else if (name === 'is') inInline = false;
    else if (name === 'c' && cell) {
      values[cell.column] = cellValue(cell, context);
      cell = null;
    } else if (name === 'row' && !stopped) {
      if (onRow(rowNumber, values) === false) stopped = true;
    }
  });
  await parsePart(file, parser, limits.inflatedBytes, 'inflated', () => stopped);
}

/** A cell's value by its type (ECMA-376 18.18.11): shared or inline text, a boolean, an error, a date or a number. */
function cellValue(
  cell: { type: string; style: number; value: string[]; formula: string[] },
  context: SheetContext,
): SheetCell | Date {
  const text = cell.value.join('');
  if (text === '' && cell.type !== 'inlineStr') {
    const formula = cell.formula.join('');
    return formula ? `=${formula}` : null;
  }
  switch (cell.type) {
    case 's':
      return context.strings[Number(text)] ?? null;
    case 'inlineStr':
    case 'str':
      return text;
    case 'b':
      return text === '1' || text === 'true';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date;
    }
    default: {
      const number = Number(text);
      if (!Number.isFinite(number)) return text;
      return context.dateStyles.has(cell.style) ? dateOfSerial(number) : number;
    }
  }
}

const directoryParts = (bytes: Buffer, entries: readonly ZipEntry[]): Parts => {
  const byName = new Map(entries.map((e) => [e.name, e]));
  return {
    file(path) {
      const entry = byName.get(path);
      return entry ? { chunks: () => entryChunks(bytes, entry) } : null;
    },
  };
};
