// The home dashboard at scale: fills a throwaway database with customers and invitations
// (1,000,000 of each by default, created over the last two years), starts the built server on it
// and measures the dashboard's three calls (GET demo/home/summary, trend, breakdown) as the
// superuser (every row), a store manager (their store) and a clerk (their own rows).
//
//   node bench/home-dashboard.mjs                          SQLite, 1,000,000 customers and invitations
//   node bench/home-dashboard.mjs --rows=100000 --seconds=3
//   node bench/home-dashboard.mjs --db-url=postgres://postgres@127.0.0.1:5432/bench_home
//   node bench/home-dashboard.mjs --explain                also print each dialect's plan of the heaviest queries
//
// With --db-url the database must be a throwaway one (its customer and invitation rows are replaced).
// The fill drops the customer table's keyword-index triggers first (the dashboard never reads that
// index, and keeping it for a million rows takes longer than the rest of the run): keyword search is
// not maintained in the bench's database afterwards.
// Target (issue 14): p50 < 100 ms for each call at 1M customers and 1M invitations on SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  addBenchRole,
  benchServer,
  buildServer,
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
  options: { ...SCALE_OPTIONS, clients: { type: 'string', default: '1' } },
});
const ROWS = Number(opts.rows);
const SECONDS = Number(opts.seconds);
const CLIENTS = Number(opts.clients);
const DB_URL = opts['db-url'] ?? '';
const KIND = dbKindOf(DB_URL);
const ADMIN_PASSWORD = 'bench-123456';
const CLERK = 'bench.clerk';
const MANAGER = 'bench.manager';
const EMPLOYEES = 200;
/** Rows are spread over this many days back from today: about 1,370 a day at 1M. */
const DAYS = 730;
const dataDir = dataDirOf(opts['data-dir'], 'backroom-home-');
const KEEP = opts['data-dir'] !== undefined;
const sqliteFile = path.join(dataDir, 'backroom.sqlite');
const q = (name) => (KIND === 'mysql' ? `\`${name}\`` : `"${name}"`);

const pad = (n) => String(n).padStart(2, '0');
const formatTime = (d) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The n-th row's time: evenly over the last DAYS days, newest last, the same every run of a day. */
function timeOf(n) {
  const now = Date.now();
  return formatTime(new Date(now - Math.floor(((ROWS - n) / ROWS) * DAYS * 86_400_000)));
}

const database = () => openDb({ kind: KIND, dbUrl: DB_URL, sqliteFile });

/** The customer table's keyword-index triggers (see the header): dropped before the fill. */
async function dropTextIndexTriggers(db) {
  if (KIND === 'sqlite') {
    const triggers = await db.all(
      `select name from sqlite_master where type = 'trigger' and tbl_name = 'customer_info'`,
    );
    for (const { name } of triggers) await db.run(`drop trigger ${q(name)}`);
  } else if (KIND === 'postgres') {
    const triggers = await db.all(
      `select distinct trigger_name from information_schema.triggers where event_object_table = 'customer_info'`,
    );
    for (const { trigger_name: name } of triggers) await db.run(`drop trigger ${q(name)} on customer_info`);
  }
}

async function fill() {
  const db = await database();
  const now = formatTime(new Date());
  const [admin] = await db.all(`select id, password from base_sys_user where username = 'admin'`);
  const departments = await db.all(`select id, name, ${q('isStore')} as store from base_sys_department order by id`);
  // The manager runs a store (a department marked as one): their home counts that store's rows.
  const store = departments.find((d) => Number(d.store) === 1 || d.store === true) ?? departments[0];
  await removeBenchStaff(db);
  await dropTextIndexTriggers(db);
  await db.run('delete from customer_invitation_record');
  await db.run('delete from customer_info');
  const users = [];
  for (let i = 0; i < EMPLOYEES + 1; i += 1) {
    const dept = i === EMPLOYEES ? store : departments[i % departments.length];
    users.push({
      createTime: now,
      updateTime: now,
      departmentId: Number(dept.id),
      name: `员工${i}`,
      username: i === 0 ? CLERK : i === EMPLOYEES ? MANAGER : `bench.staff.${i}`,
      password: admin.password,
      passwordV: 1,
      phone: `1390000${String(i).padStart(4, '0')}`,
      status: 1,
      userLevel: i === EMPLOYEES ? 'storeManger' : 'clerk',
    });
  }
  await insertRows(db, 'base_sys_user', users);
  const staff = await db.all(
    `select id, ${q('departmentId')} as dept, username from base_sys_user where username like 'bench.%' order by id`,
  );
  const names = new Map(departments.map((d) => [Number(d.id), d.name]));
  const employees = staff
    .filter((u) => u.username !== MANAGER)
    .map((u, i) => ({
      id: Number(u.id),
      store: Number(u.dept),
      storeName: names.get(Number(u.dept)),
      number: `E${i}`,
    }));
  const clerk = staff.find((u) => u.username === CLERK);
  const manager = staff.find((u) => u.username === MANAGER);
  await addBenchRole(db, {
    label: 'bench.home',
    name: 'Bench home',
    creatorId: Number(admin.id),
    now,
    menuWhere: `perms like 'customer:%' or ${q('router')} like '/customer%' or ${q('router')} = '/'`,
    members: [Number(clerk.id), Number(manager.id)],
  });

  const started = Date.now();
  const placeOf = (n) => {
    const employee = employees[n % employees.length];
    return { employee, at: timeOf(n), place: { storeId: employee.store, employeeId: employee.id } };
  };
  await fillTable(db, 'customer_info', ROWS, (n) => {
    const { employee, at, place } = placeOf(n);
    return {
      createTime: at,
      updateTime: at,
      customerCode: `C${String(n).padStart(8, '0')}`,
      customerName: `客户${n}`,
      customerSex: n % 3,
      customerType: ['new', 'regular', 'vip', null][n % 4],
      customerPhone: `1${[3, 5, 8][n % 3]}${String((n * 7919) % 1_000_000_000).padStart(9, '0')}`,
      storeName: employee.storeName,
      employeeNumber: employee.number,
      diseaseInformation: '',
      remark: '',
      customerStatus: '0',
      ...place,
    };
  });
  await fillTable(db, 'customer_invitation_record', ROWS, (n) => {
    const { at, place } = placeOf(n);
    return {
      createTime: at,
      updateTime: at,
      customerStatus: String((n % 4) + 1),
      inviteTime: at,
      customerID: n,
      remark: '',
      ...place,
    };
  });
  if (KIND === 'postgres') {
    await db.run('vacuum analyze customer_info');
    await db.run('vacuum analyze customer_invitation_record');
  }
  if (KIND === 'sqlite') await db.run('analyze');
  if (KIND === 'mysql') await db.run('analyze table customer_info, customer_invitation_record');
  console.log(
    `filled ${ROWS.toLocaleString('en-US')} customers and invitations in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.close();
}

const server = benchServer({ dataDir, env: { ADMIN_PASSWORD, DATABASE_URL: DB_URL }, timeoutMs: 600_000 });

/** The passwords the first sign-ins chose (the forced change), kept beside the database for --reuse. */
async function signIn(username) {
  return signInKept(server.base, dataDir, username, ADMIN_PASSWORD);
}

/** The call got by `clients` loops for `seconds`: its answer, and how fast. */
async function measureCall(url, token) {
  const headers = { authorization: token };
  const first = await fetch(server.base + url, { headers });
  const json = await first.json().catch(() => null);
  if (first.status !== 200 || json?.code !== 1000)
    throw new Error(`${url}: HTTP ${first.status} ${JSON.stringify(json)}`);
  const request = async () => {
    const res = await fetch(server.base + url, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  };
  return { data: json.data, ...(await measure(request, { clients: CLIENTS, seconds: SECONDS })) };
}

/** What the answer says in a few words: the figures that show the scope took. */
function gist(call, data) {
  if (call === 'summary')
    return `customers ${data.customers?.total}, invitations this week ${data.invitations?.thisWeek}`;
  if (call === 'trend') return `today: ${JSON.stringify(data.days.at(-1))}`;
  return `${data.invitationsByStore?.length} stores, ${data.customersByType?.length} types, top ${data.clerks?.[0]?.count}`;
}

async function explain() {
  const db = await database();
  const prefix = KIND === 'sqlite' ? 'explain query plan ' : KIND === 'postgres' ? 'explain analyze ' : 'explain ';
  const queries = [
    ['customers total', `select count(*) from customer_info a`],
    [
      'customers by type',
      `select a.${q('customerType')}, count(*) from customer_info a group by a.${q('customerType')}`,
    ],
    [
      'invitations by day',
      `select substr(a.${q('inviteTime')}, 1, 10), count(*) from customer_invitation_record a where a.${q('inviteTime')} >= '${formatTime(new Date(Date.now() - 30 * 86_400_000))}' group by substr(a.${q('inviteTime')}, 1, 10)`,
    ],
  ];
  for (const [what, sql] of queries) {
    const plan = await db.all(prefix + sql);
    console.log(`  plan of ${what}:`);
    for (const row of plan) console.log(`    ${row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)}`);
  }
  await db.close();
}

async function main() {
  buildServer(opts['no-build']);
  console.log(
    `home dashboard bench: ${KIND}, ${ROWS.toLocaleString('en-US')} customers and invitations, ${CLIENTS} client(s), ${SECONDS} s each`,
  );
  await server.start();
  await server.stop();
  const filled = KIND !== 'sqlite' || fs.existsSync(sqliteFile);
  if (!(opts.reuse && filled)) await fill();
  if (opts.explain) await explain();
  await server.start();
  try {
    const tokens = {
      superuser: await signIn('admin'),
      'store manager': await signIn(MANAGER),
      clerk: await signIn(CLERK),
    };
    const lines = ['| who | call | answer | p50 ms | p95 ms | req/s | load avg |', '|---|---|---|---:|---:|---:|---:|'];
    for (const [who, token] of Object.entries(tokens)) {
      for (const call of ['summary', 'trend', 'breakdown']) {
        const r = await measureCall(`/api/admin/demo/home/${call}`, token);
        const line = `| ${who} | ${call} | ${gist(call, r.data)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps.toFixed(1)} | ${r.load.toFixed(1)} |`;
        console.log(line);
        lines.push(line);
      }
    }
    writeResults(
      `home-dashboard-${KIND}`,
      `${KIND}, ${ROWS.toLocaleString('en-US')} customers and invitations, ${CLIENTS} client(s), ${os.cpus().length} cores`,
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
