import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run new:entity` scaffolds an entity in a throwaway copy of this repository (its tracked
 * files, with node_modules linked in and the workspace's contract pointing at the copy): the copy
 * must type-check, its migrations must make the declared schema, and its server must serve the
 * new entity's routes and menu.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function copyRepository(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-scaffold-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '' && fs.existsSync(path.join(ROOT, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  // The installed packages, shared; the workspace's own contract is the copy's.
  fs.mkdirSync(path.join(dir, 'node_modules', '@backroom'), { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name !== '@backroom')
      fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  fs.symlinkSync(path.join(dir, 'packages/contract'), path.join(dir, 'node_modules/@backroom/contract'));
  return dir;
}

function run(dir: string, command: string, args: string[]) {
  return execFileSync(command, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

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

describe('npm run new:entity', () => {
  let dir: string;
  let output: string;
  beforeAll(() => {
    dir = copyRepository();
    output = run(dir, process.execPath, [
      '--import',
      'tsx',
      'scripts/new-entity.mjs',
      'sample',
      'goods',
      '--label=商品,商品,Goods',
      '--menu=演示',
      '--migrate',
    ]);
  }, 120_000);
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the declaration, its migration and every registration', () => {
    for (const file of [
      'packages/contract/src/sample/sample-goods.ts',
      'server/src/modules/sample/sample-goods.routes.ts',
      'web/src/modules/sample/views/sample-goods.tsx',
    ]) {
      expect(fs.existsSync(path.join(dir, file)), file).toBe(true);
    }
    expect(output).toMatch(/Wrote server\/src\/db\/migrations\/\d{14}_sample_create-goods\.ts/);
    expect(fs.readFileSync(path.join(dir, 'web/src/modules/sample/index.ts'), 'utf8')).toContain(
      "registerView('modules/sample/views/sample-goods.vue', ",
    );
  });

  it('refuses to scaffold the same entity twice, writing nothing', () => {
    const before = fs.readFileSync(path.join(dir, 'packages/contract/src/registry.ts'), 'utf8');
    expect(() => run(dir, process.execPath, ['--import', 'tsx', 'scripts/new-entity.mjs', 'sample', 'goods'])).toThrow(
      /declared already/,
    );
    expect(fs.readFileSync(path.join(dir, 'packages/contract/src/registry.ts'), 'utf8')).toBe(before);
  });

  it('writes what the coding helper previews, by the same generator: a new module and an existing one', () => {
    // Every kind, a dictionary, enumerated values, a field left out of the list, a json field.
    const script = `
      import { entitySpecSchema, planEntity, planMigration, entityFromSpec, tables, kebab } from '@backroom/contract';
      import { nextMigration } from './server/src/db/migration-source.ts';
      import { preparePlan, writePrepared } from './server/src/core/source-tree.ts';
      const l = (t) => ({ 'zh-cn': t, 'zh-tw': t, en: t });
      const fields = [
        { name: 'title', label: l('Title'), kind: 'string', required: true, length: 80, search: true },
        { name: 'body', label: l('Body'), kind: 'text', list: false, search: true },
        { name: 'stock', label: l('Stock'), kind: 'int', required: true, default: 0 },
        { name: 'views', label: l('Views'), kind: 'bigint' },
        { name: 'price', label: l('Price'), kind: 'decimal', required: true },
        { name: 'onSale', label: l('On sale'), kind: 'bool', default: true, search: true },
        { name: 'publishedAt', label: l('Published'), kind: 'datetime' },
        { name: 'extra', label: l('Extra'), kind: 'json', list: false },
        { name: 'goodsType', label: l('Type'), kind: 'int', dict: 'goodsType', search: true },
        { name: 'size', label: l('Size'), kind: 'string', values: ['S', 'M', 'L'], default: 'M', search: true },
        { name: 'code', label: l('Code'), kind: 'string', length: 32, unique: true },
      ];
      for (const raw of [
        { module: 'shop', path: 'item', label: l('Item'), menu: l('Shop'), fields },
        { module: 'customer', path: 'tag', label: l('Tag'), fields: fields.slice(0, 3) },
      ]) {
        const spec = entitySpecSchema.parse(raw);
        const next = nextMigration(spec.module, 'create-' + kebab(spec.path), [...Object.values(tables), entityFromSpec(spec)], new Date(Date.now() + (raw.module === 'shop' ? 0 : 1000)));
        const state = { contract: raw.module !== 'shop', server: raw.module !== 'shop', web: raw.module !== 'shop' };
        writePrepared('.', preparePlan('.', spec.module, [...planEntity(spec, state), ...planMigration(next.name, next.source)]));
      }
    `;
    fs.writeFileSync(path.join(dir, 'generate-by-spec.mts'), script);
    run(dir, process.execPath, ['--import', 'tsx', 'generate-by-spec.mts']);
    fs.rmSync(path.join(dir, 'generate-by-spec.mts'));
    expect(fs.readFileSync(path.join(dir, 'packages/contract/src/registry.ts'), 'utf8')).toContain(
      'shop_item: shopItem',
    );
    expect(fs.existsSync(path.join(dir, 'web/src/modules/customer/views/customer-tag.tsx'))).toBe(true);
  }, 120_000);

  // Three type-checks and a lint of a whole copy: minutes on a shared, busy two-core machine.
  it('leaves a copy that type-checks, lints and whose migrations make the declared schema', () => {
    for (const project of ['packages/contract', 'server', 'web']) run(dir, 'npx', ['tsc', '-p', project]);
    run(dir, 'npx', ['biome', 'check', '.']);
    expect(run(dir, 'npx', ['tsx', 'server/src/db/generate.ts', '--check'])).toContain('exactly the declared schema');
  }, 600_000);

  it('serves the new entity: its routes, its permissions and its menu page', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-scaffold-data-'));
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    try {
      await expect
        .poll(() => log.includes('Backroom is serving') || child.exitCode !== null, { timeout: 60_000 })
        .toBe(true);
      expect(child.exitCode, log).toBeNull();
      const base = `http://127.0.0.1:${port}/api/admin`;
      const call = async (url: string, body: unknown, token?: string) => {
        const response = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
          body: JSON.stringify(body),
        });
        return (await response.json()) as { code: number; data: { token: string } & Record<string, unknown> };
      };
      const first = (await call('/base/open/login', { username: 'admin', password: '123456' })).data;
      // The seeded admin chooses a password of its own before anything else works.
      const changed = await call(
        '/base/comm/passwordChange',
        { originalPassword: '123456', password: 'Scaffold-pass1' },
        first.token,
      );
      const { token } = changed.data;
      expect((await call('/sample/goods/add', { name: 'Tea', remark: 'green' }, token)).code).toBe(1000);
      const page = await call('/sample/goods/page', { page: 1, size: 10 }, token);
      expect(page.data.list).toEqual([expect.objectContaining({ name: 'Tea', remark: 'green' })]);
      const permmenu = await fetch(`${base}/base/comm/permmenu`, { headers: { authorization: token } });
      const { data } = (await permmenu.json()) as {
        data: { perms: string[]; menus: Array<{ router: string | null; viewPath: string | null }> };
      };
      expect(data.perms).toContain('sample:goods:page');
      expect(data.menus).toContainEqual(
        expect.objectContaining({ router: '/sample/goods', viewPath: 'modules/sample/views/sample-goods.vue' }),
      );
    } finally {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
