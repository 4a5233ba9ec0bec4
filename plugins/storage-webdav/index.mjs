// Backroom upload plugin: stores files on a WebDAV server with PUT, removes them with DELETE.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const KEY = /^\d{8}\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/;

function base(url) {
  return url.endsWith('/') ? url : `${url}/`;
}

function headersOf(config) {
  if (!config.username) return {};
  const token = Buffer.from(`${config.username}:${config.password ?? ''}`).toString('base64');
  return { authorization: `Basic ${token}` };
}

async function send(method, url, config, body, extra = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headersOf(config), ...extra },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return response;
}

export default {
  async put({ file, key, contentType }, { config, scratchDir }) {
    if (!KEY.test(key)) throw new Error(`unexpected key ${key}`);
    const folder = key.slice(0, key.indexOf('/'));
    // MKCOL answers 405 when the folder is already there.
    const made = await send('MKCOL', `${base(config.url)}${folder}/`, config);
    if (!made.ok && made.status !== 405) throw new Error(`MKCOL ${folder} answered HTTP ${made.status}`);
    const data = await readFile(join(scratchDir, file));
    const stored = await send('PUT', `${base(config.url)}${key}`, config, data, { 'content-type': contentType });
    if (!stored.ok) throw new Error(`PUT ${key} answered HTTP ${stored.status}`);
    return { url: `${base(config.publicUrl)}${key}` };
  },
  async remove({ key }, { config }) {
    if (!KEY.test(key)) throw new Error(`unexpected key ${key}`);
    const response = await send('DELETE', `${base(config.url)}${key}`, config);
    if (!response.ok && response.status !== 404) throw new Error(`DELETE ${key} answered HTTP ${response.status}`);
    return null;
  },
};
