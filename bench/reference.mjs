// The bare reference for `npm run bench` (bench/run.mjs starts it in a child process): Fastify and
// the database's plain driver (better-sqlite3, or `pg` on PostgreSQL) answering
// POST /api/admin/base/sys/user/page with the SQL the app runs for it (the users of a page joined
// with their department's name and their roles' names, newest first, then the count), in the same
// envelope, with no authentication, permission, data scope, request log or validation. It shows what
// the machine can do at all, so the app's figure can be read as a share of it even while other work
// shares the machine.
// usage: node bench/reference.mjs --db=<sqlite file> | --db-url=postgres://…   (prints {"port":…} once it listens)
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const Fastify = requireServer('fastify');

const { values: opts } = parseArgs({
  options: { db: { type: 'string' }, 'db-url': { type: 'string' }, port: { type: 'string', default: '0' } },
});
if (!opts.db && !/^postgres(ql)?:\/\//.test(opts['db-url'] ?? '')) {
  console.error('usage: node bench/reference.mjs --db=<sqlite file> | --db-url=postgres://…');
  process.exit(2);
}

/** The columns of a user as the app selects them, and the page's order. */
const COLUMNS = `"a"."id", "a"."createTime", "a"."updateTime", "a"."departmentId", "a"."userId", "a"."name",
          "a"."username", "a"."passwordV", "a"."nickName", "a"."headImg", "a"."phone", "a"."email",
          "a"."remark", "a"."status", "a"."userLevel", "a"."socketId", "a"."wecomUserId", "a"."tenantId",
          "d"."name" as "departmentName"`;
const FROM = `from "base_sys_user" as "a" left join "base_sys_department" as "d" on "d"."id" = "a"."departmentId"
   order by "a"."id" desc`;

/** One page and the total, from whichever database: { list, total }. */
let readPage;
let closeDb;
if (opts.db) {
  const Database = requireServer('better-sqlite3');
  const db = new Database(opts.db, { readonly: true, fileMustExist: true });
  db.pragma('journal_mode = WAL');
  // The app's SQL for this page, as it compiles it today (bench/run.mjs checks that both answer the
  // same rows with the same fields before it compares them, so a column the app adds shows there).
  const PAGE = db.prepare(
    `select ${COLUMNS},
          (select group_concat("r"."name", ',') from "base_sys_user_role" as ur
             inner join "base_sys_role" as r on "r"."id" = "ur"."roleId"
           where "ur"."userId" = "a"."id") as "roleName",
          case when "a"."totpSecret" is null then 0 else 1 end as "twoFactor",
          case when "a"."password" like 'legacy-md5$%' then 1 else 0 end as "legacyPassword"
   ${FROM} limit ? offset ?`,
  );
  const COUNT = db.prepare('select count(*) as "total" from "base_sys_user" as "a"');
  readPage = async (size, offset) => {
    const list = PAGE.all(size, offset);
    // The enrolment and legacy-hash flags as the app answers them (booleans; SQLite gives 0/1).
    for (const row of list) {
      row.twoFactor = Boolean(row.twoFactor);
      row.legacyPassword = Boolean(row.legacyPassword);
    }
    return { list, total: COUNT.get().total };
  };
  closeDb = async () => db.close();
} else {
  const pg = requireServer('pg');
  // Timestamps as PostgreSQL writes them (the app answers them as text too), counts as numbers.
  pg.types.setTypeParser(1114, (text) => text);
  pg.types.setTypeParser(20, (text) => Number(text));
  // As many connections as the app's pool keeps (server/src/core/db/index.ts: 10).
  const pool = new pg.Pool({ connectionString: opts['db-url'], max: 10 });
  const PAGE = `select ${COLUMNS},
          (select string_agg("r"."name", ',') from "base_sys_user_role" as ur
             inner join "base_sys_role" as r on "r"."id" = "ur"."roleId"
           where "ur"."userId" = "a"."id") as "roleName",
          "a"."totpSecret" is not null as "twoFactor",
          "a"."password" like 'legacy-md5$%' as "legacyPassword"
   ${FROM} limit $1 offset $2`;
  readPage = async (size, offset) => {
    // The page and the count side by side, on two connections, as the app runs them.
    const [rows, count] = await Promise.all([
      pool.query({ name: 'page', text: PAGE, values: [size, offset] }),
      pool.query({ name: 'count', text: 'select count(*) as "total" from "base_sys_user" as "a"' }),
    ]);
    return { list: rows.rows, total: count.rows[0].total };
  };
  closeDb = () => pool.end();
}

const app = Fastify({ logger: false });
app.post('/api/admin/base/sys/user/page', async (request) => {
  const body = request.body ?? {};
  const page = Number(body.page) || 1;
  const size = Number(body.size) || 20;
  const { list, total } = await readPage(size, (page - 1) * size);
  return { code: 1000, message: 'success', data: { list, pagination: { page, size, total } } };
});

const address = await app.listen({ port: Number(opts.port), host: '127.0.0.1' });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    void app
      .close()
      .then(closeDb)
      .finally(() => process.exit(0));
  });
}
