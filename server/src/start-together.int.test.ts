import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_DICTS, SUPER_ROLE_LABEL } from '@backroom/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from './core/config.js';
import { type DbHandle, openDatabase } from './core/db/index.js';
import { restoreRelease, startAppOn, type Target, type TestApp, testTargets } from './testing/harness.js';

/**
 * Instances behind a load balancer are often started together (a deploy, a restart of all). Each
 * migrates and seeds at start; the schema lock (core/db/schema-lock.ts) makes them take turns.
 */
const INSTANCES = 3;
const SECRET = `start-together-${randomBytes(8).toString('hex')}-0123456789`;
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] instances start without Redis (TEST_REDIS_URL is not set)');

/** Environment of instances that behave as one: one secret and, where there is one, one Redis. */
function sharedEnv(): Record<string, string> {
  const prefix = `br-start-${randomBytes(4).toString('hex')}:`;
  return { JWT_SECRET: SECRET, ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}) };
}

/** What the seeds make once: counted on the shared database after the instances are up. */
async function seededOnce(db: DbHandle) {
  const count = async (table: string, where?: [string, unknown]) => {
    let q = db.loose.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (where) q = q.where(where[0], where[1] === null ? 'is' : '=', where[1]);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const menus = (await db.loose.selectFrom('base_sys_menu').select(['parentId', 'name']).execute()) as Array<{
    parentId: number | null;
    name: string;
  }>;
  const menuKeys = menus.map((m) => `${m.parentId}/${m.name}`);
  const seedKeys = (await db.loose.selectFrom('base_sys_conf').select('cKey').execute()).map((r) => String(r.cKey));
  return {
    superRoles: await count('base_sys_role', ['label', SUPER_ROLE_LABEL]),
    admins: await count('base_sys_user', ['username', 'admin']),
    topDepartments: await count('base_sys_department', ['parentId', null]),
    duplicateMenus: menuKeys.length - new Set(menuKeys).size,
    duplicateSeedKeys: seedKeys.length - new Set(seedKeys).size,
    dictionaryTypes: await count('dict_type'),
    systemTasks: await count('task_info', ['type', 0]),
  };
}

describe.each(testTargets())(`${INSTANCES} instances starting at the same moment on $name`, (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startTogether(db: Config['db']): Promise<TestApp[]> {
    const env = sharedEnv();
    const results = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => startAppOn(target.name, db, async () => undefined, env)),
    );
    const apps = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    cleanups.push(async () => {
      for (const app of apps) await app.stop();
    });
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    return apps;
  }

  async function expectServing(apps: TestApp[]) {
    for (const app of apps) {
      const { token } = await app.login('admin', '123456');
      const reply = await app.get('/admin/base/comm/person', {}, token);
      expect(reply.status, reply.raw).toBe(200);
    }
  }

  async function fresh(t: Target) {
    const created = await t.create();
    cleanups.push(created.drop);
    return created.db;
  }

  it('all come up on a fresh database, which is migrated and seeded once', async () => {
    const apps = await startTogether(await fresh(target));
    await expectServing(apps);
    const counts = await seededOnce((apps[0] as TestApp).ctx.db);
    expect(counts).toMatchObject({
      superRoles: 1,
      admins: 1,
      topDepartments: 1,
      duplicateMenus: 0,
      duplicateSeedKeys: 0,
      // The nightly backup, the three retentions (request log, recycle bin, audit) and the two visit reminders.
      systemTasks: 6,
    });
    // A second instance alone never seeds a second set of starter dictionaries.
    const alone = await startAppOn(target.name, (apps[0] as TestApp).ctx.config.db, async () => undefined, sharedEnv());
    cleanups.push(() => alone.stop());
    expect((await seededOnce(alone.ctx.db)).dictionaryTypes).toBe(counts.dictionaryTypes);
  });

  it('all come up on an existing database of release 0.1.0, which is upgraded once', async () => {
    const restored = await restoreRelease(target, '0.1.0');
    cleanups.push(restored.drop);
    const handle = await openDatabase(restored.db, { poolSize: 1 });
    const before = await seededOnce(handle);
    await handle.close();
    const apps = await startTogether(restored.db);
    await expectServing(apps);
    // The customer module's dictionaries and four system tasks (the nightly backup, the audit's
    // retention, the two visit reminders) are new to a 0.1.0 install: they come, once each; nothing else does.
    const newDictionaries = Object.keys(CUSTOMER_DICTS).length;
    expect(await seededOnce((apps[0] as TestApp).ctx.db)).toEqual({
      ...before,
      dictionaryTypes: before.dictionaryTypes + newDictionaries,
      systemTasks: before.systemTasks + 4,
    });
  });

  it('all come up as separate processes on a fresh database', async () => {
    const db = await fresh(target);
    const url = db.kind === 'sqlite' ? `sqlite:${db.file}` : db.url;
    const env = sharedEnv();
    const children = await Promise.all(Array.from({ length: INSTANCES }, () => startProcess(url, env)));
    cleanups.push(async () => {
      for (const child of children) await child.stop();
    });
    const failed = children.filter((c) => !c.serving).map((c) => c.output());
    expect(failed).toEqual([]);
    for (const child of children) {
      const response = await fetch(`${child.base}/api/admin/base/open/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: '123456' }),
      });
      expect(response.status).toBe(200);
    }
    const handle = await openDatabase(db, { poolSize: 1 });
    try {
      expect(await seededOnce(handle)).toMatchObject({ superRoles: 1, admins: 1, duplicateMenus: 0, systemTasks: 6 });
    } finally {
      await handle.close();
    }
  }, 90_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `node server/src/main.ts` (through tsx) on the database; resolves once it serves or has exited. */
async function startProcess(databaseUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-proc-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      CAPTCHA: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const serving = await new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      clearInterval(timer);
      resolve(value);
    };
    const timer = setInterval(() => {
      if (output.includes('Backroom is serving')) done(true);
      else if (child.exitCode !== null) done(false);
    }, 50);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    serving,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
