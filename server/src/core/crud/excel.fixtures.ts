import type { Entity, ImportReport } from '@backroom/contract';
import ExcelJS from 'exceljs';
import type { Reply, TestApp } from '../../testing/harness.js';

type Inject = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A workbook read back from bytes an endpoint sent. */
export async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** The cells of a sheet as rows of values (row 1 first), without exceljs's leading empty slot. */
export function sheetRows(sheet: ExcelJS.Worksheet | undefined): unknown[][] {
  if (!sheet) throw new Error('no such sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** An .xlsx of one sheet with these rows (the first is the header), as a person would fill the template. */
export async function bookOf(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A large .xlsx written as a stream (the 100k-row hostile file). */
export async function bigBook(header: string[], count: number, row: (i: number) => unknown[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('data');
  sheet.addRow(header).commit();
  for (let i = 0; i < count; i += 1) sheet.addRow(row(i)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** A multipart/form-data body with one file. */
export function multipartOf(filename: string, content: Buffer) {
  const boundary = `----xl${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function replyOf<T>(response: Inject): Reply<T> {
  let body: Reply<T>['body'];
  try {
    body = JSON.parse(response.body);
  } catch {
    body = { code: 0, message: '' };
  }
  return { status: response.statusCode, body, raw: response.body, headers: response.headers };
}

/** POST export: the raw response (a file on success, the envelope on a refusal). */
export async function exportCall(t: TestApp, entity: Entity, token: string, body: unknown, language = 'en') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${entity.prefix}/export`,
    payload: body as Record<string, unknown>,
    headers: { authorization: token, language },
  });
  return {
    status: response.statusCode,
    bytes: response.rawPayload,
    headers: response.headers,
    reply: replyOf(response),
  };
}

export async function templateCall(t: TestApp, entity: Entity, token: string, language = 'en') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api${entity.prefix}/import`,
    headers: { authorization: token, language },
  });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
}

export async function checkCall(
  t: TestApp,
  entity: Entity,
  token: string,
  file: Buffer,
  filename = 'import.xlsx',
  language = 'en',
): Promise<Reply<ImportReport>> {
  const { body, contentType } = multipartOf(filename, file);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${entity.prefix}/importCheck`,
    payload: body,
    headers: { authorization: token, language, 'content-type': contentType },
  });
  return replyOf<ImportReport>(response);
}
