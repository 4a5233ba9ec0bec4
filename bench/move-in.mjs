// `node --import tsx bench/move-in.mjs [--customers 100000] [--users 1000]` (npm run bench:move-in):
// a cool-admin SQLite database with that many customers and staff users moves into a fresh SQLite
// install; prints the time of the move-in alone (the target: under 60 s). docs/move-in.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/core/config.ts';
import { coolRows, coolSqlite } from '../server/src/move-in/cool-admin.fixtures.ts';
import { moveIn } from '../server/src/move-in/move-in.ts';

const { values: opts } = parseArgs({
  options: { customers: { type: 'string', default: '100000' }, users: { type: 'string', default: '1000' } },
});
const customers = Number(opts.customers);
const users = Number(opts.users);
const TARGET_S = 60;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-move-in-'));
let source;
let app;
try {
  let started = performance.now();
  source = await coolSqlite('8.x', coolRows('8.x', { customers, users }));
  console.log(
    `source: ${customers} customers, ${users} users written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA: 'off' }));
  started = performance.now();
  const report = await moveIn(app.ctx, { from: source.url });
  const seconds = (performance.now() - started) / 1000;
  const line = (name) => report.tables.find((t) => t.table === name);
  console.log(
    `customer_info created ${line('customer_info')?.created}, base_sys_user created ${line('base_sys_user')?.created}`,
  );
  console.log(`move-in: ${seconds.toFixed(1)} s (target < ${TARGET_S} s) ${seconds < TARGET_S ? 'OK' : 'OVER'}`);
  const again = performance.now();
  await moveIn(app.ctx, { from: source.url });
  console.log(`second run (nothing to change): ${((performance.now() - again) / 1000).toFixed(1)} s`);
} finally {
  await app?.close();
  await source?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
