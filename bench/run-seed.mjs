// The bench's data (bench/run.mjs): plain SQL on the server's database, always with the server
// stopped: ~1,000 users with roles and departments, and the request log grown to a row count.
import { openDb } from './scale-kit.mjs';

const USERS = 1000;
const USER_LEVELS = ['clerk', 'storeManger', 'treasurer', 'hr'];
/** The actions the grown log rows name. */
const ACTIONS = [
  '/admin/base/sys/user/page',
  '/admin/base/sys/log/page',
  '/admin/base/comm/person',
  '/admin/base/sys/role/list',
  '/admin/base/sys/department/list',
];

const pad2 = (n) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in local time, as the server stores createTime/updateTime. */
function formatTime(d = new Date()) {
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(
    d.getMinutes(),
  )}:${pad2(d.getSeconds())}`;
}

/**
 * The server's database opened directly (`kind` sqlite, postgres or mysql; `dbUrl` for the last
 * two, `sqliteFile` for the first): scale-kit's opener, whose SQLite one also hands out `raw`.
 */
export function openSeedDb(kind, dbUrl, sqliteFile) {
  return openDb({ kind, dbUrl, sqliteFile });
}

/** Multi-row INSERT of plain values, a chunk at a time. */
async function insertRows(db, table, columns, rows, chunk = 100) {
  const cols = columns.map(db.q).join(', ');
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await db.run(
      `INSERT INTO ${table} (${cols}) VALUES ${part.map(() => one).join(', ')}`,
      part.flatMap((r) => columns.map((c) => r[c] ?? null)),
    );
  }
}

/** ~1,000 users spread over the seeded departments, each with one of three roles. */
export async function seedUsers(db) {
  const q = db.q;
  const now = formatTime();
  // Whatever an earlier run against the same database left.
  await db.run(
    `DELETE FROM base_sys_user_role WHERE ${q('userId')} IN (SELECT id FROM base_sys_user WHERE username LIKE 'bench.%')`,
  );
  await db.run(
    `DELETE FROM base_sys_user_role WHERE ${q('roleId')} IN (SELECT id FROM base_sys_role WHERE label LIKE 'bench.%')`,
  );
  await db.run(`DELETE FROM base_sys_user WHERE username LIKE 'bench.%'`);
  await db.run(`DELETE FROM base_sys_role WHERE label LIKE 'bench.%'`);

  const [admin] = await db.all(`SELECT id, password FROM base_sys_user WHERE username = 'admin'`);
  const departments = (await db.all('SELECT id FROM base_sys_department ORDER BY id')).map((r) => Number(r.id));
  if (!admin || departments.length === 0) throw new Error('the seed (admin, departments) is missing');
  const relevance = db.kind === 'postgres' ? false : 0;
  await insertRows(
    db,
    'base_sys_role',
    ['createTime', 'updateTime', 'userId', 'name', 'label', 'remark', 'relevance'],
    ['clerk', 'manager', 'auditor'].map((r) => ({
      createTime: now,
      updateTime: now,
      userId: Number(admin.id),
      name: `Bench ${r}`,
      label: `bench.${r}`,
      remark: 'benchmark role',
      relevance,
    })),
  );
  const roles = (await db.all(`SELECT id FROM base_sys_role WHERE label LIKE 'bench.%' ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  const users = [];
  for (let i = 1; i <= USERS; i++) {
    const n = String(i).padStart(4, '0');
    users.push({
      createTime: now,
      updateTime: now,
      departmentId: departments[i % departments.length],
      userId: Number(admin.id),
      name: `Bench User ${n}`,
      username: `bench.user.${n}`,
      password: admin.password,
      passwordV: 1,
      nickName: `bu${n}`,
      phone: `1380000${n}`,
      email: `bench.user.${n}@example.test`,
      remark: i % 3 === 0 ? 'seeded by bench/run.mjs' : null,
      status: i % 10 === 0 ? 0 : 1,
      userLevel: USER_LEVELS[i % USER_LEVELS.length],
    });
  }
  await insertRows(
    db,
    'base_sys_user',
    [
      'createTime',
      'updateTime',
      'departmentId',
      'userId',
      'name',
      'username',
      'password',
      'passwordV',
      'nickName',
      'phone',
      'email',
      'remark',
      'status',
      'userLevel',
    ],
    users,
  );
  const ids = (await db.all(`SELECT id FROM base_sys_user WHERE username LIKE 'bench.%' ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  await insertRows(
    db,
    'base_sys_user_role',
    ['userId', 'roleId'],
    ids.map((userId, i) => ({ userId, roleId: roles[i % roles.length] })),
    500,
  );
  return { adminId: Number(admin.id), firstUserId: ids[0], userCount: ids.length };
}

/**
 * Tops base_sys_log up to `target` rows, each with `params` (a JSON text), in one statement or one transaction: spread over the last
 * 20 days (inside the 31 keep days, so the retention job leaves them), most with a bench user.
 */
export async function growLogs(db, target, users, params) {
  const [{ n }] = await db.all('SELECT COUNT(*) AS n FROM base_sys_log');
  const missing = target - Number(n);
  if (missing <= 0) return { added: 0, ms: 0, total: Number(n) };
  const started = performance.now();
  const spanS = 20 * 86_400;
  const { firstUserId, userCount } = users;
  const q = db.q;
  const cols = ['createTime', 'updateTime', 'userId', 'action', 'ip', 'params'].map(q).join(', ');
  if (db.kind === 'sqlite') {
    const stmt = db.raw.prepare(`INSERT INTO base_sys_log (${cols}) VALUES (?, ?, ?, ?, ?, ?)`);
    const now = Date.now();
    db.raw.transaction(() => {
      for (let i = 0; i < missing; i++) {
        const t = formatTime(new Date(now - Math.floor(((missing - i) * spanS * 1000) / missing)));
        const userId = i % 10 === 0 ? null : firstUserId + (i % userCount);
        stmt.run(t, t, userId, ACTIONS[i % ACTIONS.length], `10.0.${i % 250}.${i % 200}`, params);
      }
    })();
  } else if (db.kind === 'postgres') {
    const t = `to_char(localtimestamp - make_interval(secs => ((?::bigint - n) * ${spanS}) / ?::bigint), 'YYYY-MM-DD HH24:MI:SS')`;
    await db.run(
      `INSERT INTO base_sys_log (${cols})
       SELECT ${t}, ${t},
              CASE WHEN n % 10 = 0 THEN NULL ELSE ?::int + (n % ?::int) END,
              (ARRAY[${ACTIONS.map(() => '?::text').join(', ')}])[1 + (n % ${ACTIONS.length})],
              '10.0.' || (n % 250) || '.' || (n % 200),
              ?::text
       FROM generate_series(0, ?::int - 1) AS n`,
      [missing, missing, missing, missing, firstUserId, userCount, ...ACTIONS, params, missing],
    );
  } else {
    // A cross join of digit tables numbers the rows (no recursion limits on MySQL or MariaDB).
    const digits =
      'SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9';
    const levels = Math.max(1, Math.ceil(Math.log10(missing)));
    const from = Array.from({ length: levels }, (_, k) => `(${digits}) d${k}`).join(' CROSS JOIN ');
    const number = Array.from({ length: levels }, (_, k) => `d${k}.d * ${10 ** k}`).join(' + ');
    const t = `DATE_FORMAT(NOW() - INTERVAL ((? - n) * ${spanS} DIV ?) SECOND, '%Y-%m-%d %H:%i:%s')`;
    await db.run(
      `INSERT INTO base_sys_log (${cols})
       SELECT ${t}, ${t},
              CASE WHEN n % 10 = 0 THEN NULL ELSE ? + (n % ?) END,
              ELT(1 + (n % ${ACTIONS.length}), ${ACTIONS.map(() => '?').join(', ')}),
              CONCAT('10.0.', n % 250, '.', n % 200),
              ?
       FROM (SELECT ${number} AS n FROM ${from}) seq
       WHERE n < ?`,
      [missing, missing, missing, missing, firstUserId, userCount, ...ACTIONS, params, missing],
    );
  }
  return { added: missing, ms: performance.now() - started, total: target };
}
