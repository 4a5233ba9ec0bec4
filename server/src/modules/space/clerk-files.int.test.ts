import { type PageResult, type SpaceInfo, spaceInfo, spaceType } from '@backroom/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations/index.js';
import { dataOf, skipPasswordChange, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { PNG, upload } from './upload.fixtures.js';

const PASSWORD = 'clerk-files-1';
const SPACE = '/admin/space/info';
/** The hidden permission row the file picker needs (space.menu.ts, pickerPerms). */
const PICKER = [
  spaceInfo.perms.page,
  spaceInfo.perms.list,
  spaceInfo.perms.info,
  spaceInfo.perms.add,
  spaceType.perms.list,
  spaceType.perms.add,
];

/**
 * A seeded clerk attaches a prize photo: they may open the file space's picker and upload, and see,
 * change and delete only the files they uploaded themselves; managers and admin see them all.
 */
describe.each(testTargets())('a clerk’s own files on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  async function signIn(username: string) {
    const user = dataOf(
      await t.post<PageResult<{ id: number; username: string }>>(
        '/admin/base/sys/user/page',
        { page: 1, size: 20, keyWord: username },
        admin,
      ),
    ).list.find((u) => u.username === username);
    if (!user) throw new Error(`no seeded ${username}`);
    ids[username] = user.id;
    dataOf(await t.post('/admin/base/sys/user/update', { id: user.id, password: PASSWORD }, admin));
    await skipPasswordChange(t, username);
    tokens[username] = (await t.login(username, PASSWORD)).token;
  }

  /** Uploads a picture as this operator and adds it to the file space, as the picker does; answers the row's id. */
  async function uploadAs(username: string, name: string, extra: Record<string, unknown> = {}) {
    const token = tokens[username] as string;
    const stored = await upload(t, token, [{ filename: name, content: PNG, type: 'image/png' }]);
    expect(stored.status).toBe(200);
    const url = stored.body.data as string;
    return dataOf(
      await t.post<{ id: number }>(`${SPACE}/add`, { url, name, type: 'image', size: PNG.length, ...extra }, token),
    ).id;
  }

  const pageAs = async (username: string) =>
    dataOf(await t.post<PageResult<SpaceInfo>>(`${SPACE}/page`, { page: 1, size: 100 }, tokens[username] as string))
      .list;

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    for (const username of ['store1.clerk1', 'store1.clerk2', 'store1.manager']) await signIn(username);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('the seeded clerk role holds the file picker’s permissions', async () => {
    const { perms } = dataOf(
      await t.get<{ perms: string[] }>('/admin/base/comm/permmenu', {}, tokens['store1.clerk1'] as string),
    );
    expect(perms).toEqual(expect.arrayContaining(PICKER));
    expect(perms).not.toContain(spaceInfo.perms.delete);
  });

  it('a clerk uploads, and sees and touches only their own files', async () => {
    const mine = await uploadAs('store1.clerk1', 'prize-mine.png', { userId: ids['store1.clerk2'] });
    const theirs = await uploadAs('store1.clerk2', 'prize-theirs.png');
    const stored = await t.ctx.db.loose.selectFrom('space_info').select(['id', 'userId']).execute();
    expect(stored.find((r) => r.id === mine)?.userId).toBe(ids['store1.clerk1']);
    expect(stored.find((r) => r.id === theirs)?.userId).toBe(ids['store1.clerk2']);

    expect((await pageAs('store1.clerk1')).map((r) => r.id)).toEqual([mine]);
    expect((await pageAs('store1.clerk2')).map((r) => r.id)).toEqual([theirs]);
    const clerk = tokens['store1.clerk1'] as string;
    const list = dataOf(await t.post<SpaceInfo[]>(`${SPACE}/list`, {}, clerk));
    expect(list.map((r) => r.id)).toEqual([mine]);
    const other = await t.get(`${SPACE}/info`, { id: theirs }, clerk);
    expect([403, 404, 400]).toContain(other.status);
    expect(other.body.code).not.toBe(1000);

    // The manager and admin see the whole space.
    const managerSees = (await pageAs('store1.manager')).map((r) => r.id);
    expect(managerSees).toEqual(expect.arrayContaining([mine, theirs]));
    const adminSees = dataOf(await t.post<PageResult<SpaceInfo>>(`${SPACE}/page`, { page: 1, size: 100 }, admin));
    expect(adminSees.list.map((r) => r.id)).toEqual(expect.arrayContaining([mine, theirs]));
  });

  it('an update keeps the uploader, whatever the client says', async () => {
    const id = await uploadAs('store1.manager', 'kept.png');
    dataOf(await t.post(`${SPACE}/update`, { id, name: 'renamed.png', userId: ids['store1.clerk1'] }, admin));
    const row = await t.ctx.db.loose.selectFrom('space_info').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toMatchObject({ name: 'renamed.png', userId: ids['store1.manager'] });
  });

  it('the migration gives the picker to the clerk role of an install seeded before', async () => {
    const { db, kind } = t.ctx.db;
    const clerkRole = await db.selectFrom('base_sys_role').select('id').where('label', '=', 'clerk').executeTakeFirst();
    const picker = await db
      .selectFrom('base_sys_menu')
      .select(['id', 'parentId'])
      .where('perms', '=', PICKER.join(','))
      .executeTakeFirst();
    if (!clerkRole || !picker) throw new Error('the seeds hold no clerk role or picker row');
    const granted = () =>
      db
        .selectFrom('base_sys_role_menu')
        .select('menuId')
        .where('roleId', '=', clerkRole.id)
        .execute()
        .then((rows) => rows.map((r) => r.menuId));
    // As an earlier release seeded it: no picker row, nor its directory.
    await db
      .deleteFrom('base_sys_role_menu')
      .where('roleId', '=', clerkRole.id)
      .where('menuId', 'in', [picker.id, picker.parentId as number])
      .execute();
    expect(await granted()).not.toContain(picker.id);
    const migration = MIGRATIONS['20261128120000_space_grant-clerk-uploads'];
    if (!migration) throw new Error('no migration');
    for (const statement of migration.sql[kind]) await sql.raw(statement).execute(db);
    // Twice: it grants once.
    for (const statement of migration.sql[kind]) await sql.raw(statement).execute(db);
    const after = await granted();
    expect(after.filter((id) => id === picker.id)).toHaveLength(1);
    expect(after).toContain(picker.parentId);
  });
});
