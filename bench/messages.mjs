// The message center under load (docs/benchmarks/messages.md): the built server, started here.
//
//   node bench/messages.mjs --db-url=postgres://postgres@127.0.0.1:5432/test   # the last phase's shared database
//   node bench/messages.mjs --db-url=postgres://postgres@127.0.0.1:5432/test --no-build
//
// 1. 2,000 open streams on one instance: the server's RSS before and after, and its CPU over 10 s
//    with them open and idle (heartbeats only).
// 2. An announcement to 400 users, each with five of those streams: the time from the add call to
//    the last of the 2,000 deliveries.
// 3. Three instances sharing the database and a Redis the bench starts itself, 300 streams on
//    each; messages made on the first: the p50 and p99 delivery latency over every stream.
// The machine's load (os.loadavg) is printed with the figures: a busy machine's figures are worse.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { freePort, signInCompletingChange, startBuiltServer } from '../e2e/support/server-process.mjs';
import { benchDatabase, benchRedis } from './faults-kit.mjs';
import { buildServer, cpuMsOf } from './scale-kit.mjs';

const { values: opts } = parseArgs({
  options: {
    'db-url': { type: 'string', default: '' },
    streams: { type: 'string', default: '2000' },
    users: { type: 'string', default: '400' },
    'per-instance': { type: 'string', default: '300' },
    'no-build': { type: 'boolean', default: false },
  },
});
const STREAMS = Number(opts.streams);
const USERS = Number(opts.users);
const PER_INSTANCE = Number(opts['per-instance']);
const PASSWORD = 'bench-pass-1';

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const rssMb = (pid) => {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function api(base, url, body, token) {
  const response = await fetch(`${base}/api${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  if (json.code !== 1000) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A stream read as the browser's EventSource would: each message's arrival time, by title. */
function openStream(base, ticket, onMessage) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/admin/base/message/stream?ticket=${ticket}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const data = buffer
            .slice(0, cut)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          if (data) onMessage(JSON.parse(data.slice(6)), performance.now());
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
        }
      });
      resolve(() => request.destroy());
    });
    request.on('error', reject);
  });
}

async function addUsers(base, admin, count, prefix) {
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${i}`;
    const { id } = await api(
      base,
      '/admin/base/sys/user/add',
      { username, password: PASSWORD, name: username, userLevel: 'clerk' },
      admin,
    );
    users.push({ id, username });
  }
  // Signed in a few at a time (each a password hash), the forced change made where owed.
  for (let i = 0; i < users.length; i += 20) {
    await Promise.all(
      users.slice(i, i + 20).map(async (u) => {
        u.token = (await signInCompletingChange(base, u.username, PASSWORD)).token;
      }),
    );
  }
  return users;
}

const ticketOf = async (base, token) => (await api(base, '/admin/base/message/ticket', {}, token)).ticket;

async function oneInstance() {
  const server = await startBuiltServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const admin = (await signInCompletingChange(server.base, 'admin', '123456')).token;
    const users = await addUsers(server.base, admin, USERS, 'bench_msg_');
    await sleep(2000);
    const rssBefore = rssMb(server.child.pid);
    const arrivals = new Map();
    const closers = [];
    for (let i = 0; i < STREAMS; i += 1) {
      const user = users[i % users.length];
      closers.push(
        await openStream(server.base, await ticketOf(server.base, user.token), (m, at) => {
          const list = arrivals.get(m.title) ?? [];
          list.push(at);
          arrivals.set(m.title, list);
        }),
      );
    }
    await sleep(5000);
    const rssAfter = rssMb(server.child.pid);
    const cpu0 = cpuMsOf(server.child.pid);
    await sleep(10_000);
    const idleCpu = (cpuMsOf(server.child.pid) - cpu0) / 10_000;
    const title = `bench-${Date.now()}`;
    const started = performance.now();
    await api(
      server.base,
      '/admin/base/notice/add',
      { title, content: '<p>bench</p>', userIds: users.map((u) => u.id) },
      admin,
    );
    const answered = performance.now() - started;
    const deadline = Date.now() + 30_000;
    while ((arrivals.get(title)?.length ?? 0) < STREAMS && Date.now() < deadline) await sleep(20);
    const got = arrivals.get(title) ?? [];
    const last = got.length === 0 ? Number.NaN : Math.max(...got) - started;
    for (const close of closers) close();
    return [
      `streams open on one instance: ${STREAMS} (${users.length} users); load ${load()}`,
      `RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB with them open (+${(rssAfter - rssBefore).toFixed(0)} MB, ${(((rssAfter - rssBefore) * 1024) / STREAMS).toFixed(1)} KB a stream)`,
      `CPU while idle with them open: ${(idleCpu * 100).toFixed(1)} % of a core (heartbeats every 20 s)`,
      `announcement to ${users.length} users: add answered in ${answered.toFixed(0)} ms; ${got.length} of ${STREAMS} streams had it, the last after ${last.toFixed(0)} ms`,
    ];
  } finally {
    await server.stop();
  }
}

async function threeInstances() {
  const redis = benchRedis(await freePort());
  await redis.start();
  // Three instances writing one SQLite file meet its single writer: a server database is the realistic one.
  const database = opts['db-url'] ? await benchDatabase(opts['db-url']) : null;
  const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'br-msg-bench-'));
  const env = {
    REDIS_URL: redis.url,
    JWT_SECRET: 'b'.repeat(64),
    DATABASE_URL: database ? database.url : `sqlite:${path.join(shared, 'shared.sqlite')}`,
    LOG_LEVEL: 'warn',
  };
  const servers = [];
  try {
    for (let i = 0; i < 3; i += 1)
      servers.push(await startBuiltServer({ env, dataDir: fs.mkdtempSync(path.join(shared, `i${i}-`)) }));
    const [first] = servers;
    const admin = (await signInCompletingChange(first.base, 'admin', '123456')).token;
    const users = await addUsers(first.base, admin, PER_INSTANCE, 'bench_scale_');
    const latencies = [];
    const sent = new Map();
    const closers = [];
    for (const server of servers) {
      for (const user of users) {
        closers.push(
          await openStream(server.base, await ticketOf(first.base, user.token), (m, at) => {
            const at0 = sent.get(m.title);
            if (at0 !== undefined) latencies.push(at - at0);
          }),
        );
      }
    }
    await sleep(3000);
    const rounds = 10;
    for (let r = 0; r < rounds; r += 1) {
      const title = `scale-${r}-${Date.now()}`;
      sent.set(title, performance.now());
      await api(
        first.base,
        '/admin/base/notice/add',
        { title, content: '<p>x</p>', userIds: users.map((u) => u.id) },
        admin,
      );
      await sleep(500);
    }
    const deadline = Date.now() + 20_000;
    const expected = rounds * users.length * servers.length;
    while (latencies.length < expected && Date.now() < deadline) await sleep(50);
    for (const close of closers) close();
    const sorted = [...latencies].sort((a, b) => a - b);
    return [
      `3 instances × ${users.length} streams, Redis, ${database ? database.kind : 'one SQLite file'}; ${rounds} announcements to all ${users.length} users made on the first; load ${load()}`,
      `deliveries: ${latencies.length} of ${expected}; latency p50 ${pct(sorted, 50)?.toFixed(0)} ms, p99 ${pct(sorted, 99)?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
    ];
  } finally {
    for (const server of servers) await server.stop();
    await redis.stop();
    await database?.drop();
    fs.rmSync(shared, { recursive: true, force: true });
  }
}

if (!opts['no-build']) buildServer(false);
console.log(`machine: ${os.cpus().length} cores, load ${load()}`);
// Each phase prints as it ends: a later one that fails leaves the earlier figures.
for (const line of await oneInstance()) console.log(line);
for (const line of await threeInstances()) console.log(line);
