import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PageResult, pluginInfo, type TaskInfo, type TaskLog } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  examplePlugin,
  installPlugin,
  pluginSigningKey,
  startWebhookReceiver,
} from '../testing/fixtures.js';
import { dataOf, startSqliteApp, type TestApp } from '../testing/harness.js';
import { rotate } from './backup.task.js';
import { manifestSchema } from './manifest.js';
import { extractTarGz } from './tar.js';

/**
 * The nightly backup task (base:backup): what its run makes and keeps, and that a failed run
 * reaches an admin through the failed-task notice. Its archives are those of npm run backup,
 * tested on every database in backup.int.test.ts; here SQLite is enough.
 */
describe('the nightly backup task', () => {
  let t: TestApp;
  let admin: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'br-nightly-'));

  const logs = async (id: number) =>
    dataOf(await t.get<PageResult<TaskLog>>('/admin/task/info/log', { id, page: 1, size: 50 }, admin)).list;
  const addTask = async (name: string, data: Record<string, unknown>) =>
    dataOf(
      await t.post<{ id: number }>(
        '/admin/task/info/add',
        { name, service: 'base:backup', data: JSON.stringify(data), status: 0, taskType: 1, every: 86_400_000 },
        admin,
      ),
    ).id;
  const runOnce = async (id: number) => {
    const before = (await logs(id)).length;
    dataOf(await t.post('/admin/task/info/once', { id }, admin));
    await eventually(async () => (await logs(id)).length > before, 30_000);
    return (await logs(id))[0] as TaskLog;
  };

  beforeAll(async () => {
    t = await startSqliteApp({ PLUGIN_TRUSTED_KEYS: pluginSigningKey.publicKey });
    admin = (await t.login()).token;
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('is seeded into DATA_DIR/backups, writes an archive a restore reads, and keeps the newest N', async () => {
    const page = dataOf(await t.post<PageResult<TaskInfo>>('/admin/task/info/page', { type: 0, size: 50 }, admin));
    const seeded = page.list.find((r) => r.service === 'base:backup') as TaskInfo;
    const first = await runOnce(seeded.id);
    expect(first.status, first.detail ?? '').toBe(1);
    const made = JSON.parse(first.detail ?? '{}') as { file: string; bytes: number };
    expect(path.dirname(made.file)).toBe(path.join(t.dataDir, 'backups'));
    expect(fs.statSync(made.file).size).toBe(made.bytes);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'br-nightly-x-'));
    try {
      await extractTarGz(fs.createReadStream(made.file), root);
      const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')));
      expect(manifest.database).toBe('sqlite');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }

    const id = await addTask('backup keeping 2', { folder, keep: 2 });
    const files: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const log = await runOnce(id);
      expect(log.status, log.detail ?? '').toBe(1);
      files.push(path.basename((JSON.parse(log.detail ?? '{}') as { file: string }).file));
    }
    // The oldest went after the third; a file of someone else's in the folder is never touched.
    expect(fs.readdirSync(folder).sort()).toEqual(files.slice(1).sort());
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'mine');
    expect(rotate(folder, 1)).toEqual([files[1]]);
    expect(fs.readdirSync(folder).sort()).toEqual(['notes.txt', files[2]].sort());
  }, 120_000);

  it('refuses arguments it cannot use when the task is saved', async () => {
    const reply = await t.post(
      '/admin/task/info/add',
      { name: 'bad', service: 'base:backup', data: '{"folder":"x","keep":0}', status: 0, taskType: 1, every: 60_000 },
      admin,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/keep/);
  });

  it('fails where it cannot write, logged as failed and sent to the admin through the notify plugin', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { id: plugin } = dataOf(
        await installPlugin(t, admin, await examplePlugin('notify-webhook'), { approveNetwork: 'true' }),
      );
      dataOf(
        await t.post(
          `${pluginInfo.prefix}/update`,
          { id: plugin, config: { url: receiver.url, format: 'generic' }, status: 1 },
          admin,
        ),
      );
      // A folder inside a regular file cannot be made.
      const blocked = path.join(t.dataDir, 'jwt-secret', 'backups');
      const id = await addTask('backup nowhere', { folder: blocked, keep: 3 });
      const log = await runOnce(id);
      expect(log.status).toBe(0);
      expect(JSON.parse(log.detail ?? '{}')).toMatchObject({
        error: 'failed',
        message: expect.stringMatching(/ENOTDIR|not a directory/),
      });
      await eventually(async () => receiver.received.length > 0);
      expect(receiver.received[0]).toMatchObject({
        event: { type: 'task.failed', taskId: id, taskName: 'backup nowhere' },
      });
    } finally {
      receiver.server.close();
    }
  }, 60_000);
});
