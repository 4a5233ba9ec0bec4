import fs from 'node:fs';
import path from 'node:path';
import { baseComm } from '@backroom/contract';
import type { Reply, TestApp } from '../../testing/harness.js';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type FilePart = { filename: string; content: Buffer; type?: string; field?: string };

/** A multipart/form-data body, built by hand so tests control every byte (names, types, fields). */
export function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----br${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    chunks.push(Buffer.from(value, 'utf8'), Buffer.from('\r\n'));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  t: TestApp,
  token: string | undefined,
  files: FilePart[],
  fields: Record<string, string> = {},
  language = 'en',
): Promise<Reply<string | string[]>> {
  const { body, contentType } = multipart(files, fields);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${baseComm.prefix}/upload`,
    payload: body,
    headers: { 'content-type': contentType, language, ...(token ? { authorization: token } : {}) },
  });
  let parsed: Reply<string | string[]>['body'];
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = { code: 0, message: response.body };
  }
  return { status: response.statusCode, body: parsed, raw: response.body, headers: response.headers };
}

/** Every file under a folder, relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
