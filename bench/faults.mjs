// Faults under load: N instances of the built server on one PostgreSQL or MariaDB database, with a
// Redis the bench starts itself, behind a small balancer that follows /api/health
// (faults-kit.mjs), a write-heavy load of admins and clerks, and one fault a phase:
//
//   npm run bench:faults -- --db-url=postgres://postgres@127.0.0.1:5432/test
//   npm run bench:faults -- --db-url=mysql://root@127.0.0.1:3306/test --instances=3 --seconds=20
//
// The database in --db-url is only where the bench makes its own throwaway database (dropped at
// the end). Phases: none, kill -9 of an instance (restarted 3 s later, as a service manager
// would), a graceful restart (SIGTERM, then a new start), Redis killed and started again 10 s
// later, and every database connection ended (pg_terminate_backend / KILL). Per phase it prints the
// requests, acknowledged writes, writes lost, rows written twice, errors by kind, how long the
// errors lasted, p50/p99, and whether every instance is alive; during the Redis outage, how long
// a logout made on one instance took to be in force on the others. Figures, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  freePort,
  signInCompletingChange,
  startBuiltServer,
  startScriptFlags,
} from '../e2e/support/server-process.mjs';
import { benchDatabase, benchRedis, startBalancer } from './faults-kit.mjs';
import { buildServer, dataDirOf, openDb, writeResults } from './scale-kit.mjs';

const { values: opts } = parseArgs({
  options: {
    'db-url': { type: 'string', default: '' },
    instances: { type: 'string', default: '3' },
    clients: { type: 'string', default: '30' },
    /** How long each phase's load runs; its fault comes 5 s in. */
    seconds: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help || !opts['db-url']) {
  console.log(
    'usage: npm run bench:faults -- --db-url=postgres://…|mysql://… [--instances=3] [--clients=30] [--seconds=20] [--no-build]',
  );
  process.exit(opts.help ? 0 : 2);
}
const INSTANCES = Number(opts.instances);
const CLIENTS = Number(opts.clients);
const PHASE_MS = Number(opts.seconds) * 1000;
const FAULT_AT_MS = 5000;

buildServer(opts['no-build']);
const database = await benchDatabase(opts['db-url']);
const redis = benchRedis(await freePort());
await redis.start();
const dataRoot = dataDirOf(undefined, 'br-faults-');
const jwtSecret = `bench-faults-${Math.random().toString(36).slice(2)}-${Date.now()}-secret`;
// Signed in through the balancer, which names the client: the public default works only on the machine itself.
const adminPassword = `Faults-${Math.random().toString(36).slice(2, 10)}9`;

/** Instance `i` on its own port (the balancer's list is fixed), started again on the same one. */
const instances = await Promise.all(
  Array.from({ length: INSTANCES }, async (_, i) => ({ i, port: await freePort(), running: null, starts: 0 })),
);
async function startInstance(instance) {
  const dataDir = path.join(dataRoot, `i${instance.i}`);
  fs.mkdirSync(dataDir, { recursive: true });
  instance.starts += 1;
  instance.running = await startBuiltServer({
    nodeArgs: startScriptFlags(),
    dataDir,
    logFile: path.join(dataDir, 'server.log'),
    timeoutMs: 120_000,
    env: {
      PORT: String(instance.port),
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      JWT_SECRET: jwtSecret,
      ADMIN_PASSWORD: adminPassword,
      DEMO_MENUS: 'off',
      SHUTDOWN_GRACE_SECONDS: '15',
      // The balancer checks health every 250 ms: 2 s lets it stop sending before the port closes.
      SHUTDOWN_DELAY_SECONDS: '2',
    },
  });
  return instance.running;
}
const alive = (instance) => instance.running !== null && instance.running.child.exitCode === null;

// The first start migrates and seeds; the others then start together.
await startInstance(instances[0]);
await Promise.all(instances.slice(1).map(startInstance));
const balancer = await startBalancer(instances.map((x) => `http://127.0.0.1:${x.port}`));
while (!instances.every((x) => balancer.isHealthy(`http://127.0.0.1:${x.port}`))) await sleep(100);

/** One call through `base`: `{status, code, data, kind}`, kind naming what went wrong, if anything. */
async function call(base, url, token, body) {
  try {
    const response = await fetch(`${base}/api${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', language: 'en', ...(token ? { authorization: token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const json = await response.json().catch(() => null);
    const ok = response.status === 200 && json?.code === 1000;
    const gateway = response.headers.get('x-balancer-error');
    const kind = ok ? null : gateway ? `502 ${gateway}` : `${response.status}/${json?.code ?? '-'}`;
    return { status: response.status, code: json?.code, data: json?.data, kind, message: json?.message };
  } catch (error) {
    return { status: 0, kind: `network ${error?.cause?.code ?? error?.name ?? 'error'}` };
  }
}

const BASE = balancer.base;
const admin = await signInCompletingChange(BASE, 'admin', adminPassword);
/** The seeded clerks, each given a password by the admin (then changed at the first sign-in, as required). */
async function clerk(username) {
  const page = await call(BASE, '/admin/base/sys/user/page', admin.token, { page: 1, size: 20, keyWord: username });
  const user = page.data?.list?.find((u) => u.username === username);
  if (!user) throw new Error(`no seeded user ${username}`);
  const password = `Faults-${Math.random().toString(36).slice(2, 8)}7`;
  const set = await call(BASE, '/admin/base/sys/user/update', admin.token, { id: user.id, password });
  if (set.kind) throw new Error(`setting ${username}'s password: ${set.kind}`);
  return { username, ...(await signInCompletingChange(BASE, username, password)) };
}
const staff = [{ username: 'admin', ...admin }, await clerk('store1.clerk1'), await clerk('store2.clerk1')];

/** Everything the load did, per phase: each request and each write the server acknowledged. */
const phases = [];
let phase = null;
let phoneSeq = 0;

/**
 * One client's loop until `until`: adds a customer (its name is the write's mark), invites one of
 * its customers, updates one's remark, or reads a page. A 401 signs the client in again.
 */
async function client(n, until) {
  const who = staff[n % staff.length];
  let token = who.token;
  const own = [];
  let seq = 0;
  while (Date.now() < until) {
    const current = phase;
    seq += 1;
    const mark = `F${current.index}-${n}-${seq}`;
    const roll = Math.random();
    const op = own.length === 0 || roll < 0.4 ? 'add' : roll < 0.6 ? 'invite' : roll < 0.8 ? 'update' : 'page';
    const target = own[Math.floor(Math.random() * own.length)];
    const t0 = performance.now();
    const sent = Date.now();
    let answer;
    if (op === 'add') {
      phoneSeq += 1;
      const phone = `139${String(10_000_000 + phoneSeq).slice(-8)}`;
      answer = await call(BASE, '/admin/customer/info/add', token, { customerName: mark, customerPhone: phone });
      if (!answer.kind) current.acked.push({ table: 'customer_info', column: 'customerName', mark });
      if (!answer.kind) own.push({ id: answer.data.id, updates: [] });
    } else if (op === 'invite') {
      answer = await call(BASE, '/admin/customer/invitationRecord/add', token, {
        customerID: target.id,
        inviteTime: '2026-12-24 10:00:00',
        remark: mark,
      });
      if (!answer.kind) current.acked.push({ table: 'customer_invitation_record', column: 'remark', mark });
    } else if (op === 'update') {
      const update = { mark, acked: false };
      target.updates.push(update);
      answer = await call(BASE, '/admin/customer/info/update', token, { id: target.id, remark: mark });
      update.acked = !answer.kind;
      if (update.acked) current.updated.push(target);
    } else {
      answer = await call(BASE, '/admin/customer/info/page', token, { page: 1, size: 20 });
    }
    current.requests.push({ sent, ms: performance.now() - t0, kind: answer.kind, write: op !== 'page' });
    if (answer.kind && !current.examples.has(answer.kind))
      current.examples.set(answer.kind, `${op}: ${answer.message ?? ''}`);
    if (answer.status === 401) {
      const again = await call(BASE, '/admin/base/open/login', null, {
        username: who.username,
        password: who.password,
      });
      if (again.data?.token) token = again.data.token;
    }
  }
}

/** A logout made through instance `a` while Redis is down: when each other instance refuses the token. */
async function revocationDuringOutage(redisBack) {
  const [a, ...others] = instances.filter(alive).map((x) => x.running.base);
  const signIn = await call(a, '/admin/base/open/login', null, { username: 'admin', password: admin.password });
  if (!signIn.data?.token) return { error: `sign-in during the outage: ${signIn.kind}` };
  const token = signIn.data.token;
  await redis.stop();
  const loggedOut = Date.now();
  const out = await call(a, '/admin/base/comm/logout', token, {});
  const refusedAt = new Map();
  const deadline = loggedOut + 40_000;
  let restarted = null;
  while (refusedAt.size < others.length && Date.now() < deadline) {
    if (restarted === null && Date.now() - loggedOut >= redisBack) {
      await redis.start();
      restarted = Date.now();
    }
    for (const base of others) {
      if (refusedAt.has(base)) continue;
      const person = await call(base, '/admin/base/comm/person', token);
      if (person.status === 401) refusedAt.set(base, Date.now());
    }
    await sleep(100);
  }
  if (restarted === null) {
    await sleep(Math.max(0, redisBack - (Date.now() - loggedOut)));
    await redis.start();
    restarted = Date.now();
  }
  const seconds = others.map((b) => (refusedAt.has(b) ? (refusedAt.get(b) - loggedOut) / 1000 : null));
  return { logout: out.kind ?? 'ok', seconds, redisBackAfter: (restarted - loggedOut) / 1000 };
}

const FAULTS = [
  { name: 'none', run: async () => ({}) },
  {
    name: 'kill -9 of an instance',
    run: async () => {
      const victim = instances[0];
      victim.running.child.kill('SIGKILL');
      await new Promise((resolve) => victim.running.child.once('exit', resolve));
      await sleep(3000);
      await startInstance(victim);
      return {};
    },
  },
  {
    name: 'graceful restart',
    run: async () => {
      const target = instances[1 % INSTANCES];
      const exited = new Promise((resolve) => target.running.child.once('exit', (code) => resolve(code)));
      target.running.child.kill('SIGTERM');
      const code = await exited;
      await startInstance(target);
      return { exitCode: code };
    },
  },
  { name: 'Redis stop and start', run: async () => ({ revocation: await revocationDuringOutage(10_000) }) },
  { name: 'database connections ended', run: async () => ({ ended: await database.cutConnections() }) },
];

for (const [index, fault] of FAULTS.entries()) {
  phase = {
    index,
    name: fault.name,
    requests: [],
    acked: [],
    updated: [],
    examples: new Map(),
    faultAt: null,
    detail: {},
  };
  phases.push(phase);
  const start = Date.now();
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n, start + PHASE_MS)));
  await sleep(FAULT_AT_MS);
  phase.faultAt = Date.now();
  phase.detail = await fault.run();
  await load;
  phase.alive = instances.filter(alive).length;
}

/** Rows with each mark, counted in the database itself. */
const direct = await openDb({ kind: database.kind, dbUrl: database.url });
async function marksCounted(table, column) {
  const rows = await direct.all(
    `select ${direct.q(column)} as mark, count(*) as n from ${direct.q(table)} group by ${direct.q(column)}`,
  );
  return new Map(rows.map((r) => [r.mark, Number(r.n)]));
}
const counted = {
  customer_info: await marksCounted('customer_info', 'customerName'),
  customer_invitation_record: await marksCounted('customer_invitation_record', 'remark'),
};
const remarks = new Map(
  (await direct.all('select id, remark from customer_info')).map((r) => [Number(r.id), r.remark]),
);
await direct.close();

const pct = (sorted, p) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const lines = [
  '| fault | requests | acknowledged writes | lost | duplicated | errors by kind | errors lasted (s) | p50 ms | p99 ms | instances alive |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const p of phases) {
  let lost = 0;
  let duplicated = 0;
  for (const w of p.acked) {
    const n = counted[w.table].get(w.mark) ?? 0;
    if (n === 0) lost += 1;
    if (n > 1) duplicated += n - 1;
  }
  // An acknowledged update is lost when the row holds neither its value nor that of a later try.
  for (const customer of new Set(p.updated)) {
    const lastAcked = customer.updates.findLastIndex((u) => u.acked);
    const allowed = customer.updates.slice(lastAcked).map((u) => u.mark);
    if (!allowed.includes(remarks.get(customer.id))) lost += 1;
  }
  const errors = new Map();
  let lastError = null;
  for (const r of p.requests) {
    if (!r.kind) continue;
    errors.set(r.kind, (errors.get(r.kind) ?? 0) + 1);
    if (lastError === null || r.sent > lastError) lastError = r.sent;
  }
  const lasted = lastError === null ? 0 : Math.max(0, (lastError - p.faultAt) / 1000);
  const ms = p.requests.map((r) => r.ms).sort((a, b) => a - b);
  const kinds = [...errors].map(([k, n]) => `${k}: ${n}`).join(', ') || '0';
  lines.push(
    `| ${p.name} | ${p.requests.length} | ${p.acked.length + p.updated.length} | ${lost} | ${duplicated} | ${kinds} | ${lasted.toFixed(1)} | ${pct(ms, 50).toFixed(0)} | ${pct(ms, 99).toFixed(0)} | ${p.alive}/${INSTANCES} |`,
  );
}
const notes = phases
  .filter((p) => Object.keys(p.detail).length > 0)
  .map((p) => `- ${p.name}: ${JSON.stringify(p.detail)}`);
for (const p of phases) for (const [kind, example] of p.examples) notes.push(`- ${p.name}, ${kind}: ${example}`);
notes.push(`- requests the balancer sent to another instance after a refused connect: ${balancer.stats.retried}`);
const heading = `bench:faults on ${database.kind}, ${INSTANCES} instances, ${CLIENTS} clients, ${PHASE_MS / 1000} s a phase (fault at ${FAULT_AT_MS / 1000} s), ${new Date().toISOString()}`;
console.log(`\n${heading}\n\n${lines.join('\n')}\n\n${notes.join('\n')}`);
writeResults(`faults-${database.kind}`, heading, [...lines, '', ...notes]);

await balancer.close();
await Promise.all(instances.filter(alive).map((x) => x.running.stop()));
await redis.stop();
await database.drop();
fs.rmSync(dataRoot, { recursive: true, force: true });
