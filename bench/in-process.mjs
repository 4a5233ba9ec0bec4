// What the benches that build the server in-process (history.mjs, report.mjs) share: their options
// with `--db-url` (PostgreSQL instead of a fresh SQLite file: a throwaway database, the benches
// replace its rows), a data directory, and the app built on them with logging off and no captcha.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/core/config.ts';

/** The command line's values: `--db-url` and the bench's own options (node:util parseArgs). */
export function benchOptions(options) {
  return parseArgs({ options: { 'db-url': { type: 'string', default: '' }, ...options } }).values;
}

/** The data directory: the one given (made if missing), else a fresh one under the system's temp. */
export function dataDirFor(prefix, given) {
  const dir = given ? path.resolve(given) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The server built in-process on that directory, or on the database `--db-url` names. */
export async function buildBenchApp(opts, dataDir) {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA: 'off', LOG_FLUSH_MS: '1000' };
  if (opts['db-url']) env.DATABASE_URL = opts['db-url'];
  const app = await buildApp(loadConfig(env));
  return { app, ctx: app.ctx, db: app.ctx.db.db, kind: app.ctx.db.kind };
}

/**
 * The app ready, the admin's first-sign-in password change waived, and `call(url, body, token,
 * method)`: an API call through HTTP inject that must answer 200, its `data` returned.
 */
export async function readyBenchApp(app, kind) {
  await app.app.ready();
  await app.ctx.db.db
    .updateTable('base_sys_user')
    .set({ passwordChangeRequired: kind === 'postgres' ? false : 0 })
    .where('username', '=', 'admin')
    .execute();
  return async (url, body, token, method = 'POST') => {
    const reply = await app.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      ...(method === 'GET' ? { query: body } : { payload: JSON.stringify(body ?? {}) }),
    });
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
    return JSON.parse(reply.body).data;
  };
}
