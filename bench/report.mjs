// `node --import tsx bench/report.mjs [--db-url postgres://…] [--customers 1000000] [--invitations 3000000]
//   [--activities 1000000] [--rounds 3] [--explain] [--data-dir DIR] [--reuse]` (npm run bench:report):
// the reports (issue 38 point 4, docs/benchmarks.md "Reports (issue 38)") at a chain's size.
// 1. A chain of 40 stores in two regions, 400 staff (358 clerks, a manager per store, a region
//    manager over the first region's 20 stores, the treasurer over all), then the customers,
//    invitations and activities spread over the last ~2 years (the invitations up to two weeks
//    ahead), each table by one bulk SQL statement (generate_series on PostgreSQL, a recursive CTE on
//    SQLite) with its secondary indexes dropped meanwhile and built again after. One customer in ten
//    was recorded by the store's manager and is owned by a clerk (a hand-over).
// 2. Every report (invitations, customers, activities, conversion) for the last 30 and 365 days,
//    each grouping (store, clerk, day): 10 readers of different scopes (4 clerks, 4 store managers,
//    the region manager, the treasurer) ask at once, `--rounds` times each; p50 and p99 of the calls.
// 3. The export (customer/report/export) of a year grouped by clerk as the treasurer, each report, timed.
// With --explain, the SQL the reports ran (as a store manager and the treasurer, 365 days) and each
// dialect's plan of it. The server is built in-process (buildApp) on a fresh SQLite file (kept with
// --data-dir, measured again without a fill with --reuse), or on the PostgreSQL database --db-url
// names: a throwaway one (the bench replaces its customer rows; --reuse measures the rows there).
// The customer table's keyword index (SQLite's FTS triggers, PostgreSQL's trigram indexes) is
// dropped before the fill and not kept: the reports never read it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { benchOptions, buildBenchApp, dataDirFor, readyBenchApp } from './in-process.mjs';

const opts = benchOptions({
  customers: { type: 'string', default: '1000000' },
  invitations: { type: 'string', default: '3000000' },
  activities: { type: 'string', default: '1000000' },
  rounds: { type: 'string', default: '3' },
  explain: { type: 'boolean', default: false },
  reuse: { type: 'boolean', default: false },
  'data-dir': { type: 'string' },
  only: { type: 'string', default: '' },
  'fill-only': { type: 'boolean', default: false },
});
const CUSTOMERS = Number(opts.customers);
const INVITATIONS = Number(opts.invitations);
const ACTIVITIES = Number(opts.activities);
const ROUNDS = Number(opts.rounds);
const STORES = 40;
const REGION_STORES = 20;
const CLERKS = 358; // + 40 managers, the region manager and the treasurer: 400 staff
const DAYS = 730;
const AHEAD = 14;
const PASSWORD = '123456';

const requireServer = createRequire(path.join(import.meta.dirname, '../server/package.json'));
const dataDir = dataDirFor('backroom-report-', opts['data-dir']);

// --explain: every statement the driver is given is kept while `capturing` is on.
const captured = new Map();
let capturing = false;
if (opts.explain) {
  if (opts['db-url']) {
    const pg = requireServer('pg');
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (config, values, ...rest) {
      if (capturing && typeof config === 'object' && config?.text) captured.set(config.text, config.values ?? []);
      else if (capturing && typeof config === 'string') captured.set(config, Array.isArray(values) ? values : []);
      return query.call(this, config, values, ...rest);
    };
  } else {
    const Database = requireServer('better-sqlite3');
    const prepare = Database.prototype.prepare;
    Database.prototype.prepare = function (text, ...rest) {
      const statement = prepare.call(this, text, ...rest);
      if (!capturing) return statement;
      for (const method of ['all', 'get', 'iterate']) {
        const run = statement[method];
        statement[method] = (...params) => {
          if (capturing) captured.set(text, params.flat());
          return run.apply(statement, params);
        };
      }
      return statement;
    };
  }
}

const { app, db, kind } = await buildBenchApp(opts, dataDir);
if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('the reports bench runs on SQLite and PostgreSQL');
const run = (text) => sql.raw(text).execute(db);
const rowsOf = async (text) => (await sql.raw(text).execute(db)).rows;
const pad = (v) => String(v).padStart(2, '0');
/** Today's local date and the time now, as the server stores them, and that clock as epoch seconds. */
const now = new Date();
const day = (back) => {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const nowEpoch = Math.floor(
  Date.UTC(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours(), now.getMinutes(), now.getSeconds()) / 1000,
);
/** SQL of a stored time `seconds` (an SQL expression) before now. */
const timeBefore = (seconds) =>
  kind === 'postgres'
    ? `to_char(to_timestamp(${nowEpoch} - (${seconds})) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`
    : `datetime(${nowEpoch} - (${seconds}), 'unixepoch')`;
/** A statement inserting `count` rows (x = 1…count) from this select (which reads x and the staff row s). */
const series = (count, table, columns, select) => {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  const from = `from SERIES join bench_staff s on s.k = ((x - 1) * ${CUSTOMERS} / ${count}) % ${CLERKS}`;
  if (kind === 'postgres')
    return `insert into "${table}" (${cols}) select ${select} ${from.replace('SERIES', `generate_series(1::bigint, ${count}) as g(x)`)}`;
  return `with recursive c(x) as (select 1 union all select x + 1 from c where x < ${count}) insert into "${table}" (${cols}) select ${select} ${from.replace('SERIES', 'c')}`;
};
const secondsSince = (started) => ((performance.now() - started) / 1000).toFixed(1);
const log = (line) => console.log(`[${kind}] ${line}`);

/** Drops a table's secondary indexes (and, for customer_info, its keyword index), answering how to build them again. */
async function dropIndexes(table) {
  if (kind === 'sqlite') {
    for (const { name } of await rowsOf(
      `select name from sqlite_master where type = 'trigger' and tbl_name = '${table}'`,
    ))
      await run(`drop trigger "${name}"`);
    const indexes = await rowsOf(
      `select name, sql from sqlite_master where type = 'index' and tbl_name = '${table}' and sql is not null`,
    );
    for (const { name } of indexes) await run(`drop index "${name}"`);
    return indexes.map((i) => i.sql);
  }
  for (const { trigger_name: name } of await rowsOf(
    `select distinct trigger_name from information_schema.triggers where event_object_table = '${table}'`,
  ))
    await run(`drop trigger "${name}" on "${table}"`);
  const indexes = await rowsOf(
    `select i.indexname as name, i.indexdef as sql from pg_indexes i where i.tablename = '${table}' and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const { name } of indexes) await run(`drop index "${name}"`);
  return indexes.filter((i) => !/ using gin /i.test(i.sql)).map((i) => i.sql);
}

/** A row of this table like `template`, with these values (every other column as the template has it). */
function like(template, values) {
  const { id: _id, ...rest } = template;
  return { ...rest, ...values };
}

/** The chain: regions, stores, staff and roles (answers the readers' usernames). */
async function makeChain() {
  const stamp = `${day(0)} 00:00:00`;
  const top = await db
    .selectFrom('base_sys_department')
    .selectAll()
    .where('parentId', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const addDepartment = async (name, parentId, isStore) =>
    (
      await db
        .insertInto('base_sys_department')
        .values(
          like(top, {
            name,
            parentId,
            isStore: kind === 'postgres' ? isStore : isStore ? 1 : 0,
            createTime: stamp,
            updateTime: stamp,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const regions = [await addDepartment('基准大区一', top.id, false), await addDepartment('基准大区二', top.id, false)];
  const stores = [];
  for (let i = 0; i < STORES; i += 1)
    stores.push(await addDepartment(`基准门店${i + 1}`, regions[i < REGION_STORES ? 0 : 1], true));

  // Roles through the API (their grants as the server makes them): the staff's (the customer and
  // report permissions, no department granted) and the treasurer's (the same, every department).
  const admin = await signIn('admin');
  const { customerInfo, customerInvitationRecord, customerActivity, customerReport } = await import(
    '@backroom/contract'
  );
  const perms = [customerInfo, customerInvitationRecord, customerActivity]
    .flatMap((entity) => entity.endpoints.map((e) => e.perm).filter((perm) => perm !== null))
    .concat([customerReport.perms.invitations, customerReport.perms.export]);
  const menuId = (
    await call('/admin/base/sys/menu/add', { name: 'bench reports', type: 2, perms: perms.join(',') }, admin)
  ).id;
  const role = async (label, departmentIdList) =>
    (
      await call(
        '/admin/base/sys/role/add',
        { name: label, label, relevance: true, menuIdList: [menuId], departmentIdList },
        admin,
      )
    ).id;
  const staffRole = await role('bench-staff', []);
  const treasurerRole = await role('bench-treasurer', [top.id]);

  const template = await db
    .selectFrom('base_sys_user')
    .selectAll()
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const users = [];
  const person = (username, departmentId, userLevel) =>
    users.push(
      like(template, {
        username,
        name: username,
        nickName: username,
        departmentId,
        userLevel,
        phone: `1390${String(users.length).padStart(7, '0')}`,
        passwordChangeRequired: kind === 'postgres' ? false : 0,
        createTime: stamp,
        updateTime: stamp,
      }),
    );
  for (let i = 0; i < CLERKS; i += 1) person(`bench.clerk.${i}`, stores[i % STORES], 'clerk');
  for (let i = 0; i < STORES; i += 1) person(`bench.manager.${i}`, stores[i], 'storeManger');
  person('bench.region', regions[0], 'storeManger');
  person('bench.treasurer', top.id, 'treasurer');
  await db.insertInto('base_sys_user').values(users).execute();
  const ids = new Map(
    (
      await db.selectFrom('base_sys_user').select(['id', 'username']).where('username', 'like', 'bench.%').execute()
    ).map((u) => [u.username, Number(u.id)]),
  );
  await db
    .insertInto('base_sys_user_role')
    .values(
      [...ids].map(([username, userId]) => ({
        userId,
        roleId: username === 'bench.treasurer' ? treasurerRole : staffRole,
      })),
    )
    .execute();
  // The staff rows the fill joins: clerk k owns the rows of customer c with c % CLERKS = k; the
  // manager of the clerk's store is the other recorder.
  await run('drop table if exists bench_staff');
  await run('create table bench_staff (k integer primary key, uid integer, sid integer, mid integer)');
  const staffRows = [];
  for (let k = 0; k < CLERKS; k += 1)
    staffRows.push(
      `(${k}, ${ids.get(`bench.clerk.${k}`)}, ${stores[k % STORES]}, ${ids.get(`bench.manager.${k % STORES}`)})`,
    );
  await run(`insert into bench_staff (k, uid, sid, mid) values ${staffRows.join(', ')}`);
}

async function fill() {
  await run('delete from customer_activity');
  await run('delete from customer_invitation_record');
  await run('delete from customer_info');
  for (const { name } of await rowsOf(
    kind === 'sqlite'
      ? `select name from sqlite_master where type = 'table' and name like 'customer_info_%' and name not like '%fts_%'`
      : `select tablename as name from pg_tables where tablename like 'customer_info_%'`,
  ))
    await run(`delete from "${name}"`);
  await makeChain();
  let base = 0;
  const span = DAYS * 86_400;
  const tables = [
    [
      'customer_info',
      CUSTOMERS,
      [
        'createTime',
        'updateTime',
        'customerCode',
        'customerName',
        'customerSex',
        'customerType',
        'customerPhone',
        'customerAddress',
        'storeId',
        'storeName',
        'employeeId',
        'employeeNumber',
        'creatorId',
        'diseaseInformation',
        'remark',
        'customerStatus',
      ],
      (t) =>
        `${t}, ${t}, 'C' || x, '客户' || x, x % 3, case x % 4 when 0 then '1' when 1 then '2' when 2 then '3' else null end,
        '13' || (100000000 + x), '人民路 ' || x || ' 号', s.sid, '门店', s.uid, 'E' || s.k,
        case when x % 10 = 0 then s.mid else s.uid end, '', '', '0'`,
      `${span} * (${CUSTOMERS} - x) / ${CUSTOMERS}`,
    ],
    [
      'customer_invitation_record',
      INVITATIONS,
      [
        'createTime',
        'updateTime',
        'inviteTime',
        'customerStatus',
        'customerID',
        'storeId',
        'employeeId',
        'creatorId',
        'remark',
      ],
      (t) =>
        `${t}, ${t}, ${t}, case when x > ${INVITATIONS} - ${Math.floor((INVITATIONS * AHEAD) / (DAYS + AHEAD))} then '1'
        else case x % 10 when 0 then '2' when 1 then '2' when 2 then '2' when 3 then '3' when 4 then '3' when 5 then '4' when 6 then '4' when 7 then '1' else '2' end end,
        ${base} + 1 + (x - 1) * ${CUSTOMERS} / ${INVITATIONS}, s.sid, s.uid, case when x % 7 = 0 then s.mid else s.uid end, ''`,
      `${(DAYS + AHEAD) * 86_400} * (${INVITATIONS} - x) / ${INVITATIONS} - ${AHEAD * 86_400}`,
    ],
    [
      'customer_activity',
      ACTIVITIES,
      [
        'createTime',
        'updateTime',
        'customerId',
        'customerName',
        'customerSex',
        'customerPhone',
        'customerAddress',
        'storeId',
        'storeName',
        'employeeId',
        'creatorId',
        'activityName',
        'prizeName',
        'remark',
      ],
      (t) =>
        `${t}, ${t}, ${base} + 1 + (x - 1) * ${CUSTOMERS} / ${ACTIVITIES}, '客户' || x, x % 3, '13' || (100000000 + x), '人民路 ' || x || ' 号',
        s.sid, '门店', s.uid, s.uid, case x % 4 when 0 then '义诊' when 1 then '讲座' when 2 then '体验日' else '会员日' end,
        case x % 3 when 0 then null when 1 then '保温杯' else '雨伞' end, ''`,
      `${span} * (${ACTIVITIES} - x) / ${ACTIVITIES}`,
    ],
  ];
  for (const [table, count, columns, select, back] of tables) {
    const started = performance.now();
    if (table !== 'customer_info') base = Number((await rowsOf(`select min(id) - 1 as n from customer_info`))[0].n);
    const indexes = await dropIndexes(table);
    await run(series(count, table, columns, select(timeBefore(back))));
    const written = secondsSince(started);
    const again = performance.now();
    for (const text of indexes) await run(text);
    log(
      `${table}: ${count.toLocaleString('en-US')} rows in ${written} s, ${indexes.length} indexes in ${secondsSince(again)} s`,
    );
  }
  if (kind === 'postgres') for (const [table] of tables) await run(`vacuum analyze "${table}"`);
  else await run('analyze');
}

/** A POST through HTTP inject (readyBenchApp's), once the app is ready. */
let call;

async function signIn(username) {
  return (await call('/admin/base/open/login', { username, password: PASSWORD })).token;
}

const p = (list, q) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(list.length * q) - 1)];

async function explainCaptured() {
  const plans = [];
  for (const [text, params] of captured) {
    if (!/customer_(info|invitation_record|activity)/.test(text) || !/group by|count\(/i.test(text)) continue;
    plans.push(`  ${text.replace(/\s+/g, ' ')}`);
    plans.push(`  params: ${JSON.stringify(params)}`);
    if (kind === 'sqlite') {
      const Database = requireServer('better-sqlite3');
      const file = new Database(path.join(dataDir, 'backroom.sqlite'), { readonly: true });
      for (const row of file.prepare(`explain query plan ${text}`).all(...params)) plans.push(`    ${row.detail}`);
      file.close();
    } else {
      const pg = requireServer('pg');
      const client = new pg.Client({ connectionString: opts['db-url'] });
      await client.connect();
      const { rows } = await client.query(`explain (analyze, buffers) ${text}`, params);
      for (const row of rows) plans.push(`    ${row['QUERY PLAN']}`);
      await client.end();
    }
  }
  captured.clear();
  return plans;
}

try {
  call = await readyBenchApp(app, kind);
  const have = Number((await rowsOf('select count(*) as n from customer_invitation_record'))[0].n);
  if (!(opts.reuse && have >= INVITATIONS)) await fill();
  const counts = {};
  for (const table of ['customer_info', 'customer_invitation_record', 'customer_activity'])
    counts[table] = Number((await rowsOf(`select count(*) as n from "${table}"`))[0].n);
  log(`rows: ${JSON.stringify(counts)}; load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  if (opts['fill-only']) {
    await app.close();
    process.exit(0);
  }

  const readers = [
    ...[0, 11, 22, 33].map((i) => [`clerk ${i}`, `bench.clerk.${i}`]),
    ...[0, 13, 26, 39].map((i) => [`manager ${i}`, `bench.manager.${i}`]),
    ['region', 'bench.region'],
    ['treasurer', 'bench.treasurer'],
  ];
  const tokens = [];
  for (const [who, username] of readers) tokens.push({ who, token: await signIn(username) });
  const ranges = { '30 d': { from: day(29), to: day(0) }, '365 d': { from: day(364), to: day(0) } };
  const reports = opts.only ? opts.only.split(',') : ['invitations', 'customers', 'activities', 'conversion'];

  if (opts.explain) {
    const manager = tokens.find((t) => t.who.startsWith('manager'));
    const treasurer = tokens.find((t) => t.who === 'treasurer');
    for (const report of reports)
      for (const groupBy of ['store', 'clerk', 'day'])
        for (const reader of [manager, treasurer]) {
          capturing = true;
          await call(`/admin/customer/report/${report}`, { ...ranges['365 d'], groupBy }, reader.token);
          capturing = false;
          const plans = await explainCaptured();
          if (plans.length) console.log(`plans: ${report} by ${groupBy}, 365 d, ${reader.who}\n${plans.join('\n')}`);
        }
  }

  // A first call of each report by every reader, not measured: the indexes in the cache, as a day's use leaves them.
  for (const report of reports)
    await Promise.all(
      tokens.map(({ token }) =>
        call(`/admin/customer/report/${report}`, { ...ranges['30 d'], groupBy: 'store' }, token),
      ),
    );
  const lines = [
    '| report | range | by | p50 ms | p99 ms | max ms | slowest reader | calls |',
    '|---|---|---|---:|---:|---:|---|---:|',
  ];
  for (const report of reports)
    for (const [range, window] of Object.entries(ranges))
      for (const groupBy of ['store', 'clerk', 'day']) {
        const times = [];
        const worst = { ms: 0, who: '' };
        await Promise.all(
          tokens.map(async ({ who, token }) => {
            for (let r = 0; r < ROUNDS; r += 1) {
              const t0 = performance.now();
              await call(`/admin/customer/report/${report}`, { ...window, groupBy }, token);
              const ms = performance.now() - t0;
              times.push(ms);
              if (ms > worst.ms) Object.assign(worst, { ms, who });
            }
          }),
        );
        const line = `| ${report} | ${range} | ${groupBy} | ${p(times, 0.5).toFixed(0)} | ${p(times, 0.99).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${worst.who} | ${times.length} |`;
        console.log(line);
        lines.push(line);
      }
  const treasurer = tokens.find((t) => t.who === 'treasurer');
  const exports = ['| export (treasurer, 365 d, by clerk) | seconds | bytes |', '|---|---:|---:|'];
  for (const report of reports) {
    const t0 = performance.now();
    const reply = await app.app.inject({
      method: 'POST',
      url: '/api/admin/customer/report/export',
      headers: { 'content-type': 'application/json', authorization: treasurer.token, language: 'en' },
      payload: JSON.stringify({ ...ranges['365 d'], groupBy: 'clerk', report }),
    });
    if (reply.statusCode !== 200) throw new Error(`export ${report}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
    const line = `| ${report} | ${((performance.now() - t0) / 1000).toFixed(2)} | ${reply.rawPayload.length} |`;
    console.log(line);
    exports.push(line);
  }
  console.log(
    `\n[${kind}] ${counts.customer_info.toLocaleString('en-US')} customers, ${counts.customer_invitation_record.toLocaleString('en-US')} invitations, ` +
      `${counts.customer_activity.toLocaleString('en-US')} activities; 10 readers × ${ROUNDS} rounds; ${os.cpus().length} cores; ` +
      `load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}\n${lines.join('\n')}\n\n${exports.join('\n')}`,
  );
} finally {
  await app.close();
  if (!opts['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
}
