import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type JSZip from 'jszip';

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
async function firstSheetPath(zip: JSZip): Promise<string | undefined> {
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

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The parts read whole are small in any workbook a person made; a larger one is not a workbook. */
const SMALL_PART_MAX = 4 * 1024 * 1024;

async function smallText(zip: JSZip, path: string): Promise<string | undefined> {
  const file = zip.file(path);
  if (!file) return undefined;
  const decoder = new StringDecoder('utf8');
  let text = '';
  for await (const chunk of chunksOf(file)) {
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
  const path = await firstSheetPath(zip);
  const file = path ? zip.file(path) : null;
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
  for await (const chunk of chunksOf(file)) {
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
