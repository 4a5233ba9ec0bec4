import fs from 'node:fs';
import path from 'node:path';
import {
  type Declaration,
  type PageResult,
  type RecycleData,
  recycleData,
  type SpaceInfo,
  type SpaceType,
  spaceInfo,
  spaceType,
  sysMenu,
  sysRole,
  sysUser,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { PNG, upload } from './upload.fixtures.js';

type Id = { id: number };
type Row = Record<string, unknown>;
const PASSWORD = 'pass-1234';

const url = (d: Declaration, action: string) => {
  const endpoint = d.endpoints.find((e) => e.action === action);
  if (!endpoint) throw new Error(`${d.prefix} has no ${action}`);
  return endpoint.url;
};

describe.each(testTargets())('space/info and space/type on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let counter = 0;
  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix}${counter}`;
  };

  async function post<T = unknown>(path: string, body: unknown, token = admin) {
    return dataOf(await t.post<T>(path, body, token));
  }
  const addType = async (name: string, parentId: number | null = null) =>
    (await post<Id>(url(spaceType, 'add'), { name, parentId })).id;
  const addFile = async (values: Partial<SpaceInfo> = {}) =>
    (
      await post<Id>(url(spaceInfo, 'add'), {
        url: `/upload/20261122/${unique('f')}.png`,
        type: 'image',
        name: `${unique('file-')}.png`,
        size: 68,
        fileId: unique('fid-'),
        ...values,
      })
    ).id;
  const tableRows = async (table: string): Promise<Row[]> =>
    (await t.ctx.db.loose.selectFrom(table).selectAll().orderBy('id').execute()) as Row[];
  const page = (body: Record<string, unknown>) =>
    post<PageResult<SpaceInfo>>(url(spaceInfo, 'page'), { page: 1, size: 100, ...body });

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('seeds the file space menu with the family router and view path, and every permission it names exists', async () => {
    const menus = await post<
      Array<{ name: string; router: string | null; viewPath: string | null; perms: string | null }>
    >(url(sysMenu, 'list'), {});
    const page = menus.find((m) => m.router === '/space/list');
    expect(page).toMatchObject({ name: '文件管理', viewPath: 'modules/space/views/list.vue' });
    const perms = new Set(menus.flatMap((m) => (m.perms ?? '').split(',').filter(Boolean)));
    for (const perm of [...Object.values(spaceInfo.perms), ...Object.values(spaceType.perms)]) {
      expect(perms.has(perm), perm).toBe(true);
    }
  });

  it('adds files with the wire fields and finds them by type, category (one or several) and keyword', async () => {
    const a = await addType(unique('分类A-'));
    const b = await addType(unique('分类B-'));
    const inA = await addFile({ classifyId: a, name: 'shelf.png' });
    const video = await addFile({
      classifyId: b,
      type: 'video',
      name: 'ad.mp4',
      url: 'https://cdn.example.com/ad.mp4',
    });
    const loose = await addFile({ name: 'loose.png' });

    const info = dataOf(await t.get<SpaceInfo>(url(spaceInfo, 'info'), { id: inA }, admin));
    expect(Object.keys(info).sort()).toEqual(
      [
        'id',
        'createTime',
        'updateTime',
        'url',
        'type',
        'classifyId',
        'fileId',
        'name',
        'size',
        'version',
        'key',
      ].sort(),
    );
    expect(info).toMatchObject({ classifyId: a, type: 'image', name: 'shelf.png', size: 68, version: 1, key: null });

    const ids = (list: SpaceInfo[]) => list.map((f) => f.id).sort((x, y) => x - y);
    expect(ids((await page({ classifyId: a })).list)).toEqual([inA]);
    expect(ids((await page({ classifyId: [a, b] })).list)).toEqual([inA, video].sort((x, y) => x - y));
    expect(ids((await page({ type: 'video' })).list)).toEqual([video]);
    expect(ids((await page({ keyWord: 'loose' })).list)).toEqual([loose]);
    // Newest first by default.
    expect((await page({})).list[0]?.id).toBe(loose);
    expect((await page({ type: 'movie' })).list).toEqual([]);
  });

  it('renames and moves a file, and refuses a category that does not exist', async () => {
    const from = await addType(unique('from-'));
    const to = await addType(unique('to-'));
    const id = await addFile({ classifyId: from });
    await post(url(spaceInfo, 'update'), { id, name: '新名字.png', classifyId: to });
    expect(dataOf(await t.get<SpaceInfo>(url(spaceInfo, 'info'), { id }, admin))).toMatchObject({
      name: '新名字.png',
      classifyId: to,
    });
    const missing = await t.post(url(spaceInfo, 'update'), { id, classifyId: 999_999 }, admin, { language: 'en' });
    expectRefused(missing, 400);
    expect(missing.body.message).toBe('The file category does not exist');
    expectRefused(
      await t.post(url(spaceInfo, 'add'), { url: '/upload/a.png', name: 'a.png', classifyId: 999_999 }, admin),
      400,
    );
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/a.png'],
    [' /upload/a.png'],
    [''],
  ])('refuses the address %j', async (address) => {
    expectRefused(await t.post(url(spaceInfo, 'add'), { url: address, name: 'a.png' }, admin), 400);
  });

  it('nests categories, refusing a missing parent and a cycle', async () => {
    const top = await addType(unique('top-'));
    const mid = await addType(unique('mid-'), top);
    const leaf = await addType(unique('leaf-'), mid);
    const list = await post<SpaceType[]>(url(spaceType, 'list'), {});
    expect(list.find((r) => r.id === leaf)?.parentId).toBe(mid);
    // Oldest first, so a tree builds in order.
    expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((x, y) => x - y));
    const cycle = await t.post(url(spaceType, 'update'), { id: top, parentId: leaf }, admin, { language: 'en' });
    expectRefused(cycle, 400);
    expect(cycle.body.message).toBe('A category cannot move under itself or its sub-categories');
    expectRefused(await t.post(url(spaceType, 'update'), { id: top, parentId: top }, admin), 400);
    expectRefused(await t.post(url(spaceType, 'add'), { name: 'orphan', parentId: 999_999 }, admin), 400);
    expectRefused(await t.post(url(spaceType, 'add'), { name: '' }, admin), 400);
  });

  it('deletes a category with its sub-categories and their files in one recycle record, and restores them exactly', async () => {
    const top = await addType(unique('del-top-'));
    const child = await addType(unique('del-child-'), top);
    const grandchild = await addType(unique('del-grand-'), child);
    const other = await addType(unique('keep-'));
    await addFile({ classifyId: top });
    await addFile({ classifyId: child });
    await addFile({ classifyId: grandchild });
    const kept = await addFile({ classifyId: other });
    const loose = await addFile();
    const typesBefore = await tableRows(spaceType.table);
    const filesBefore = await tableRows(spaceInfo.table);
    const recordsBefore = (await tableRows(recycleData.table)).length;

    await post(url(spaceType, 'delete'), { ids: [top] });

    const typesAfter = await tableRows(spaceType.table);
    const filesAfter = await tableRows(spaceInfo.table);
    expect(typesAfter.map((r) => r.id)).not.toEqual(expect.arrayContaining([top]));
    for (const gone of [top, child, grandchild]) expect(typesAfter.some((r) => r.id === gone)).toBe(false);
    expect(typesAfter.some((r) => r.id === other)).toBe(true);
    expect(filesAfter.map((r) => r.id)).toEqual(expect.arrayContaining([kept, loose]));
    expect(filesAfter).toHaveLength(filesBefore.length - 3);

    const records = await tableRows(recycleData.table);
    expect(records).toHaveLength(recordsBefore + 1);
    const record = dataOf(await t.post<PageResult<RecycleData>>(url(recycleData, 'page'), { page: 1, size: 1 }, admin))
      .list[0];
    expect(record?.url).toMatch(/\/admin\/space\/type\/delete$/);
    // The recycle bin counts every category that went (the chosen one and the two below it).
    expect(record?.count).toBe(3);
    expect(record?.entityInfo).toMatchObject({ entity: 'SpaceTypeEntity', module: 'space', table: 'space_type' });
    // The categories as stored, the chosen one first; the files beside them.
    const categories = record?.data ?? [];
    expect(categories[0]).toEqual(typesBefore.find((r) => r.id === top));
    expect(categories.map((r) => r.id)).toEqual([top, child, grandchild]);
    expect(record?.related?.map((set) => set.table)).toEqual(['space_info']);
    expect(record?.related?.[0]?.rows.map((r) => r.id).sort()).toEqual(
      filesBefore
        .filter((f) => [top, child, grandchild].includes(Number(f.classifyId)))
        .map((f) => f.id)
        .sort(),
    );

    dataOf(await t.post(url(recycleData, 'restore'), { ids: [record?.id] }, admin));
    expect(await tableRows(spaceType.table)).toEqual(typesBefore);
    expect(await tableRows(spaceInfo.table)).toEqual(filesBefore);
  });

  it('records a deleted file, keeps its stored object, and restores the row', async () => {
    const stored = String(dataOf(await upload(t, admin, [{ filename: 'keep.png', content: PNG }])));
    const id = await addFile({ url: stored, key: stored, name: 'keep.png' });
    const before = await tableRows(spaceInfo.table);
    await post(url(spaceInfo, 'delete'), { ids: [id] });
    expectRefused(await t.get(url(spaceInfo, 'info'), { id }, admin), 404);
    // The object stays while the recycle bin may bring the row back (and other screens may use the address).
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', stored.slice('/upload/'.length)))).toBe(true);
    const record = dataOf(await t.post<PageResult<RecycleData>>(url(recycleData, 'page'), { page: 1, size: 1 }, admin))
      .list[0];
    // The recycle bin shows the row without its hidden columns (the uploader); restore brings them back.
    const { userId: uploader, ...shown } = before.find((r) => r.id === id) ?? {};
    expect(uploader).toBe(1);
    expect(record?.data).toEqual([shown]);
    dataOf(await t.post(url(recycleData, 'restore'), { ids: [record?.id] }, admin));
    expect(await tableRows(spaceInfo.table)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: stored })).statusCode).toBe(200);
  });

  it('refuses to restore a file alone after its category went', async () => {
    const type = await addType(unique('gone-'));
    const id = await addFile({ classifyId: type });
    await post(url(spaceInfo, 'delete'), { ids: [id] });
    const fileRecord = dataOf(
      await t.post<PageResult<RecycleData>>(url(recycleData, 'page'), { page: 1, size: 1 }, admin),
    ).list[0];
    await post(url(spaceType, 'delete'), { ids: [type] });
    const reply = await t.post(url(recycleData, 'restore'), { ids: [fileRecord?.id] }, admin);
    expectRefused(reply, 400);
    expect(await t.get(url(spaceInfo, 'info'), { id }, admin).then((r) => r.status)).toBe(404);
  });

  it('needs the declared permission for each call', async () => {
    const departments = await post<Array<{ id: number; parentId: number | null }>>(
      '/admin/base/sys/department/list',
      {},
    );
    const departmentId = departments.find((d) => d.parentId === null)?.id;
    const menus = await post<Array<{ id: number; perms: string | null }>>(url(sysMenu, 'list'), {});
    const viewRow = menus.find((m) => m.perms?.split(',').includes(spaceInfo.perms.page) && !m.perms.includes('add'));
    if (!viewRow) throw new Error('no view permission row');
    const role = await post<Id>(url(sysRole, 'add'), {
      name: 'space-viewer',
      label: 'space-viewer',
      menuIdList: [viewRow.id],
      departmentIdList: [],
    });
    await post(url(sysUser, 'add'), {
      username: 'space.viewer',
      password: PASSWORD,
      departmentId,
      roleIdList: [role.id],
    });
    await post(url(sysUser, 'add'), { username: 'space.nobody', password: PASSWORD, departmentId });
    const viewer = (await t.login('space.viewer', PASSWORD)).token;
    const nobody = (await t.login('space.nobody', PASSWORD)).token;

    dataOf(await t.post(url(spaceInfo, 'page'), { page: 1, size: 5 }, viewer));
    dataOf(await t.post(url(spaceType, 'list'), {}, viewer));
    expectRefused(await t.post(url(spaceInfo, 'add'), { url: '/upload/a.png', name: 'a.png' }, viewer), 403);
    expectRefused(await t.post(url(spaceType, 'delete'), { ids: [1] }, viewer), 403);
    expectRefused(await t.post(url(spaceInfo, 'page'), { page: 1, size: 5 }, nobody), 403);
    expectRefused(await t.post(url(spaceType, 'add'), { name: 'x' }, nobody), 403);
    expectRefused(await t.post(url(spaceInfo, 'page'), { page: 1, size: 5 }), 401);
  });
});
