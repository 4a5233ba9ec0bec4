// Customer keyword search at scale: fills a throwaway database with customers (1,000,000 by
// default), starts the built server on it and measures POST customer/info/findPage (the
// customers' page, scoped, with the owner's name) with keywords — a name fragment, a full phone number, a
// customer code, a two-character and a one-character fragment — as the superuser and as a clerk,
// with a few clients.
//
//   node bench/customer-search.mjs                         SQLite, 1,000,000 customers
//   node bench/customer-search.mjs --rows=100000 --seconds=3
//   node bench/customer-search.mjs --db-url=postgres://postgres@127.0.0.1:5432/bench_customers
//   node bench/customer-search.mjs --db-url=mysql://root@127.0.0.1:3306/bench_customers
//   node bench/customer-search.mjs --explain               also print each dialect's query plan
//   node bench/customer-search.mjs --keep                  leave the SQLite database for a look afterwards
//
// With --db-url the database must be a throwaway one (its customer_info rows are replaced).
// Targets (issue 11): p50 < 20 ms and >= 1,000 req/s at 1M customers on SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  addBenchRole,
  benchServer,
  buildServer,
  cpuMsOf,
  dataDirOf,
  dbKindOf,
  fillTable,
  insertRows,
  leaveData,
  measure,
  openDb,
  removeBenchStaff,
  SCALE_OPTIONS,
  signInKept,
  writeResults,
} from './scale-kit.mjs';

const { values: opts } = parseArgs({
  options: {
    ...SCALE_OPTIONS,
    clients: { type: 'string', default: '4' },
    /**
     * Load the server with autocannon over this many connections instead of the clients' fetch
     * loops (as bench/run.mjs does): a lighter load generator, so more of the two cores go to the
     * server, and what it can answer shows. Asks for gzip, as a browser asks for compression.
     */
    cannon: { type: 'string' },
    /** Write the server's CPU profile (node --cpu-prof) into this folder, for a look at where a request goes. */
    'cpu-prof': { type: 'string' },
    /** Only these scenarios (a comma-separated list of words the scenario's name holds: "baseline,phone"). */
    only: { type: 'string' },
    /** Leave the SQLite database in place (its path is printed) for looking into afterwards. */
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Number(opts.rows);
const SECONDS = Number(opts.seconds);
const CLIENTS = Number(opts.clients);
const DB_URL = opts['db-url'] ?? '';
const KIND = dbKindOf(DB_URL);
const ADMIN_PASSWORD = 'bench-123456';
const CLERK = 'bench.clerk';
const EMPLOYEES = 200;
const dataDir = dataDirOf(opts['data-dir'], 'backroom-customers-');
const KEEP = opts.keep || opts['data-dir'] !== undefined;
const sqliteFile = path.join(dataDir, 'backroom.sqlite');
const q = (name) => (KIND === 'mysql' ? `\`${name}\`` : `"${name}"`);

// ---------------------------------------------------------------------------------------------
// Customers as a retail chain has them: Chinese names, mobile numbers, addresses, codes.

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华建国玉梅红云志文辉丹鹏斌飞宇浩凯鑫欣怡晨阳佳雪琳婷慧';
const CITIES = ['上海市浦东新区', '北京市朝阳区', '广州市天河区', '深圳市南山区', '杭州市西湖区', '成都市武侯区'];
const ROADS = ['张杨路', '建国路', '天河路', '科技园路', '文三路', '人民南路', '中山路', '解放路'];
const TYPES = ['1', '2', '3'];

/** The n-th customer (1-based), the same every run: what the keywords below are picked from. */
function customer(n, employees, now) {
  const s = SURNAMES[n % SURNAMES.length];
  const g1 = GIVEN[Math.floor(n / 7) % GIVEN.length];
  const g2 = GIVEN[Math.floor(n / 13) % GIVEN.length];
  const employee = employees[n % employees.length];
  return {
    createTime: now,
    updateTime: now,
    customerCode: `C${String(n).padStart(8, '0')}`,
    customerName: n % 4 === 1 ? `${s}${g1}` : `${s}${g1}${g2}`,
    customerAge: String(20 + (n % 60)),
    customerSex: n % 3,
    customerType: TYPES[n % TYPES.length],
    // 7919 is prime to 10^9: every customer has a number of their own.
    customerPhone: `1${[3, 5, 8][n % 3]}${String((n * 7919) % 1_000_000_000).padStart(9, '0')}`,
    customerAddress: `${CITIES[n % CITIES.length]}${ROADS[Math.floor(n / 6) % ROADS.length]}${(n % 997) + 1}号`,
    storeId: employee.store,
    storeName: employee.storeName,
    employeeId: employee.id,
    employeeNumber: employee.number,
    diseaseInformation: '',
    remark: n % 10 === 0 ? '老客户，偏好周末到店' : '',
    customerStatus: n % 50 === 0 ? '1' : '0',
  };
}

const database = () => openDb({ kind: KIND, dbUrl: DB_URL, sqliteFile });

/** Employees (staff users in store departments), a clerk among them with the customer menus, and the customers. */
async function fill() {
  const db = await database();
  const now = '2026-11-25 09:00:00';
  const [admin] = await db.all(`select id, password from base_sys_user where username = 'admin'`);
  const departments = await db.all(`select id, name from base_sys_department order by id`);
  await removeBenchStaff(db);
  await db.run(`delete from customer_info`);
  const users = [];
  for (let i = 0; i < EMPLOYEES; i += 1) {
    const dept = departments[i % departments.length];
    users.push({
      createTime: now,
      updateTime: now,
      departmentId: Number(dept.id),
      name: `员工${i}`,
      username: i === 0 ? CLERK : `bench.staff.${i}`,
      password: admin.password,
      passwordV: 1,
      phone: `1390000${String(i).padStart(4, '0')}`,
      status: 1,
      userLevel: 'clerk',
    });
  }
  await insertRows(db, 'base_sys_user', users);
  const staff = await db.all(
    `select id, ${q('departmentId')} as dept from base_sys_user where username like 'bench.%' order by id`,
  );
  const names = new Map(departments.map((d) => [Number(d.id), d.name]));
  const employees = staff.map((u, i) => ({
    id: Number(u.id),
    store: Number(u.dept),
    storeName: names.get(Number(u.dept)),
    number: `E${String(i).padStart(5, '0')}`,
  }));
  // The clerk's role: every customer permission, nothing else.
  await addBenchRole(db, {
    label: 'bench.customer-clerk',
    name: 'Bench customer clerk',
    creatorId: Number(admin.id),
    now,
    menuWhere: `perms like 'customer:%' or ${q('router')} like '/customer%'`,
    members: [employees[0].id],
  });

  const started = Date.now();
  await fillTable(db, 'customer_info', ROWS, (n) => customer(n, employees, now));
  // VACUUM also moves the GIN index's pending list (rows added since it was built) into the index,
  // as autovacuum does after a bulk load.
  if (KIND === 'postgres') {
    await db.run('vacuum analyze customer_info');
    await db.run('vacuum analyze customer_info_fts_grams');
    await db.run('vacuum analyze customer_info_fts_pairs');
  }
  if (KIND === 'mysql') await db.run('analyze table customer_info');
  console.log(`filled ${ROWS.toLocaleString('en-US')} customers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await db.close();
  return employees;
}

// ---------------------------------------------------------------------------------------------
// The server

const server = benchServer({
  dataDir,
  env: { ADMIN_PASSWORD, DATABASE_URL: DB_URL },
  // A reused database may be migrated first (a text index made anew over its rows: minutes).
  timeoutMs: opts.reuse ? 1_800_000 : 120_000,
  nodeArgs: opts['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts['cpu-prof'])}`] : [],
});

async function post(urlPath, body, token) {
  const res = await fetch(server.base + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

async function login(username, password) {
  return signInKept(server.base, dataDir, username, password);
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** The page with `body` posted by `clients` loops for `seconds`: the rows it finds, and how fast. */
async function measurePage(url, body, token) {
  const first = await post(url, body, token);
  if (first.status !== 200 || first.json?.code !== 1000) {
    throw new Error(`${url} ${JSON.stringify(body)}: HTTP ${first.status} ${JSON.stringify(first.json).slice(0, 300)}`);
  }
  const payload = JSON.stringify(body);
  const headers = { 'content-type': 'application/json', authorization: token };
  const request = async () => {
    const res = await fetch(server.base + url, { method: 'POST', headers, body: payload });
    await res.text();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  };
  const timing = opts.cannon
    ? await cannon(url, payload, token)
    : await measure(request, { clients: CLIENTS, seconds: SECONDS, pid: server.pid });
  return { total: first.json.data.pagination.total, ...timing };
}

/** measure's figures from autocannon's run over --cannon connections (p95: its nearest, p97.5). */
async function cannon(url, payload, token) {
  const run = (seconds) =>
    autocannon({
      url: server.base + url,
      method: 'POST',
      connections: Number(opts.cannon),
      duration: seconds,
      headers: { 'content-type': 'application/json', authorization: token, 'accept-encoding': 'gzip' },
      body: payload,
    });
  await run(1);
  const cpuBefore = cpuMsOf(server.pid);
  const r = await run(SECONDS);
  const cpu = cpuMsOf(server.pid);
  if (r.non2xx + r.errors + r.timeouts > 0) {
    throw new Error(`${url} ${payload}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
  return {
    p50: r.latency.p50,
    p95: r.latency.p97_5,
    rps: r.requests.total / (r.duration || SECONDS),
    cpuMs: cpu === null || cpuBefore === null ? null : (cpu - cpuBefore) / r.requests.total,
    load: os.loadavg()[0],
  };
}

async function explain(keyWord) {
  const db = await database();
  const pattern = `%${keyWord}%`;
  const fields = ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'];
  const words = ['customerName', 'customerAddress', 'customerType', 'remark'];
  // PostgreSQL compares with LIKE where no character of the keyword has a case (core/db/index.ts, likeOperator).
  const caseless = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Nd}\p{P}\s]+$/u;
  const like = KIND === 'postgres' && !caseless.test(keyWord) ? 'ilike' : 'like';
  const likes = fields.map((f) => `a.${q(f)} ${like} ?`).join(' or ');
  // The keyword clause as the server writes it (server/src/core/crud/query.ts): the trigram index
  // (the words; their pairs below three characters) and the identifier pieces (code, phone)
  // narrow, the LIKEs decide.
  const chars = [...keyWord].length;
  const lower = KIND === 'postgres' ? '(lower(cast(? as text)) collate "C")' : 'lower(cast(? as text))';
  const top =
    KIND === 'postgres' ? 'repeat(chr(1114111), 6)' : 'char(1114111, 1114111, 1114111, 1114111, 1114111, 1114111)';
  const grams =
    chars >= 6
      ? `select g1.id from customer_info_fts_grams g1 join customer_info_fts_grams g2 on g2.gram = substr(${lower}, 1, 6) and g2.id = g1.id where g1.gram = ${KIND === 'postgres' ? `right(${lower}, 6)` : `substr(${lower}, -6)`}`
      : `select g.id from customer_info_fts_grams g where g.gram >= ${lower} and g.gram <= ${lower} || ${top}`;
  const gramParams = chars >= 6 ? [keyWord, keyWord] : [keyWord, keyWord];
  const document = words.map((f) => `coalesce(w.${q(f)}, '')`).join(' || chr(31) || ');
  const short = chars < 3;
  const pairTop = KIND === 'postgres' ? 'chr(1114111)' : 'char(1114111)';
  const wordRows = short
    ? chars === 2
      ? `select p.id from customer_info_fts_pairs p where p.gram = ${lower}`
      : `select p.id from customer_info_fts_pairs p where p.gram >= ${lower} and p.gram <= ${lower} || ${pairTop}`
    : KIND === 'sqlite'
      ? 'select rowid from customer_info_fts where customer_info_fts match ?'
      : `select w.id from customer_info w where ${document} ilike ?`;
  const wordParams = short ? Array(chars === 2 ? 1 : 2).fill(keyWord) : [KIND === 'sqlite' ? `"${keyWord}"` : pattern];
  const indexed = KIND !== 'mysql';
  const indexParams = indexed ? [...wordParams, ...gramParams] : [];
  const likeParams = fields.map(() => pattern);
  // The page's plan as the server picks it (core/crud/factory.ts, page): a keyword the index names
  // in 2,000 rows or more walks the newest 2,000 rows by the LIKEs alone; otherwise PostgreSQL
  // joins the index's list in id order, SQLite narrows by `a.id IN (…)`.
  const [estimate] = indexed
    ? await db.all(`select count(*) as n from (${wordRows} union all ${grams} limit 2000) e`, indexParams)
    : [{ n: 0 }];
  const walks = Number(estimate.n) >= 2000;
  const edge = 'select b.id from customer_info b order by b.id desc limit 1 offset 1999';
  const query = walks
    ? `select a.id from customer_info a where (${likes}) and a.id >= coalesce((${edge}), 0) order by a.id desc limit 20`
    : KIND === 'postgres'
      ? `select a.id from (select u.id from (${wordRows} union ${grams}) u order by u.id desc) c join customer_info a on a.id = c.id where (${likes}) order by a.id desc limit 20`
      : `select a.id from customer_info a where ${indexed ? `a.id in (${wordRows} union ${grams}) and ` : ''}(${likes}) order by a.id desc limit 20`;
  const params = walks ? likeParams : [...indexParams, ...likeParams];
  const prefix = KIND === 'sqlite' ? 'explain query plan ' : KIND === 'postgres' ? 'explain analyze ' : 'explain ';
  const plan = await db.all(prefix + query, params);
  // The query alone, one at a time, in this process: what the database spends on it.
  const times = [];
  const until = Date.now() + 2000;
  for (let i = 0; i < 50 && (i < 3 || Date.now() < until); i += 1) {
    const t0 = performance.now();
    await db.all(query, params);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `  plan for ${JSON.stringify(keyWord)}${walks ? ' (a walk of the newest rows)' : ''} (query alone: median ${median.toFixed(2)} ms of ${times.length}, load ${os.loadavg()[0].toFixed(1)}):`,
  );
  for (const row of plan) console.log(`    ${row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)}`);
  await db.close();
}

async function main() {
  buildServer(opts['no-build']);
  console.log(
    `customer search bench: ${KIND}, ${ROWS.toLocaleString('en-US')} customers, ${opts.cannon ? `autocannon ${opts.cannon} connections` : `${CLIENTS} clients`}, ${SECONDS} s each`,
  );
  // First start migrates and seeds; the fill goes in with the server stopped.
  await server.start();
  await server.stop();
  const filled = KIND !== 'sqlite' || fs.existsSync(sqliteFile);
  if (!(opts.reuse && filled)) await fill();
  // Keywords from a known row, one of the clerk's (every EMPLOYEES-th customer is theirs): a name
  // fragment, a full phone number, a customer code, two characters and one (the pairs).
  const known = customer(Math.floor(ROWS / 3 / EMPLOYEES) * EMPLOYEES, [{}], '');
  const keywords = [
    // Three characters: a whole name, as most are (a quarter have two).
    ['name fragment', known.customerName],
    ['full phone', known.customerPhone],
    ['customer code', known.customerCode],
    ['2 characters', known.customerName.slice(1, 3)],
    ['1 character', known.customerName.slice(1, 2)],
  ];
  // The same page without a keyword: what the server and the machine cost besides the search.
  const scenarios = [['no keyword (baseline)', ''], ...keywords];
  if (opts.explain) for (const [, keyWord] of keywords) await explain(keyWord);
  await server.start();
  try {
    const tokens = { superuser: await login('admin', ADMIN_PASSWORD), clerk: await login(CLERK, ADMIN_PASSWORD) };
    const url = '/api/admin/customer/info/findPage';
    const lines = [
      '| who | keyword | rows found | p50 ms | p95 ms | req/s | server CPU ms/req | load avg |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    ];
    for (const [who, token] of Object.entries(tokens)) {
      const only = opts.only?.split(',');
      for (const [what, keyWord] of scenarios) {
        if (only && !only.some((word) => what.includes(word))) continue;
        const body = keyWord === '' ? { page: 1, size: 20 } : { page: 1, size: 20, keyWord };
        const r = await measurePage(url, body, token);
        const cpu = r.cpuMs === null ? 'n/a' : r.cpuMs.toFixed(2);
        const line = `| ${who} | ${what}${keyWord ? ` \`${keyWord}\`` : ''} | ${r.total.toLocaleString('en-US')} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${Math.round(r.rps).toLocaleString('en-US')} | ${cpu} | ${r.load.toFixed(1)} |`;
        console.log(line);
        lines.push(line);
      }
    }
    writeResults(
      `customer-search-${KIND}`,
      `${KIND}, ${ROWS.toLocaleString('en-US')} customers, ${CLIENTS} clients, ${os.cpus().length} cores`,
      lines,
    );
  } finally {
    await server.stop();
    leaveData({ kind: KIND, dataDir, sqliteFile, keep: KEEP });
  }
}

main().catch(async (error) => {
  console.error(error);
  await server.stop();
  process.exitCode = 1;
});
