import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../modules/customer/customer.test-support.js';
import { dataOf, startApp, type TestApp, testTargets } from '../testing/harness.js';
import { type CoolSource, coolSqlite } from './cool-admin.fixtures.js';
import { moveIn } from './move-in.js';
import { type MoveInReport, renderReport } from './report.js';

/** The starter chain's staff and the store managers' roles, as README names them. */
const STAFF = [1, 2, 3, 4].flatMap((n) => [`store${n}.manager`, `store${n}.clerk1`, `store${n}.clerk2`]);
const CHAIN_USERS = [...STAFF, 'treasurer', 'hr'];
const STORE_ROLES = [1, 2, 3, 4].map((n) => `store${n}.manager`);
/** Four of the starter stores' and both regions' names as a zh-cn first start writes them. */
const CHAIN_DEPARTMENTS = ['上海南京路店', '深圳南山店', '华东区', '华南区'];

const notesOf = (report: MoveInReport) => report.notes.map((n) => n.key);

async function holdings(t: TestApp) {
  const db = t.ctx.db.db;
  const users = (await db.selectFrom('base_sys_user').select('username').execute()).map((u) => u.username);
  const roles = await db.selectFrom('base_sys_role').select(['id', 'label']).execute();
  const departments = (await db.selectFrom('base_sys_department').select('name').execute()).map((d) => d.name);
  const links = await db.selectFrom('base_sys_user_role').select(['userId', 'roleId']).execute();
  return { users, roles, departments, links };
}

describe.each(testTargets())('move-in and the starter chain on $name', (target) => {
  let source: CoolSource;
  beforeAll(async () => {
    source = await coolSqlite('7.x');
  });
  afterAll(() => source?.drop());

  describe('into a new install nobody has used', () => {
    let t: TestApp;
    let report: MoveInReport;
    beforeAll(async () => {
      t = await startApp(target);
      // The admin signing in and looking around touches nothing of the chain.
      const admin = (await t.login()).token;
      dataOf(await t.post('/admin/base/sys/user/page', { page: 1, size: 20 }, admin));
      report = await moveIn(t.ctx, { from: source.url });
    }, 120_000);
    afterAll(() => t?.stop());

    it('removes the chain first, and the report says so', async () => {
      const removed = report.notes.find((n) => n.key === 'moveIn.note.starterRemoved');
      expect(removed?.params).toEqual({ stores: 4, regions: 2, staff: 14, roles: 4 });
      expect(renderReport(report, 'en')).toContain('The starter chain nobody had used was removed first: 4 stores');
      const held = await holdings(t);
      for (const name of CHAIN_USERS) expect(held.users).not.toContain(name);
      for (const name of CHAIN_DEPARTMENTS) expect(held.departments).not.toContain(name);
      expect(held.roles.map((r) => r.label)).not.toEqual(expect.arrayContaining([STORE_ROLES[0]]));
      // The job roles stay, without users; the moved-in staff and stores are there.
      const jobRoles = held.roles.filter((r) => ['clerk', 'treasurer', 'hr'].includes(r.label ?? ''));
      expect(jobRoles).toHaveLength(3);
      expect(held.links.filter((l) => jobRoles.some((r) => r.id === l.roleId))).toEqual([]);
      expect(held.users).toEqual(expect.arrayContaining(['admin', 'zhang']));
      expect(held.departments).toEqual(expect.arrayContaining(['开发部', '总部']));
      expect(notesOf(report)).toContain('moveIn.note.storesCreated');
    });
  });

  describe('into an install whose chain was used', () => {
    let t: TestApp;
    let admin: string;
    const dryRun = () => moveIn(t.ctx, { from: source.url, dryRun: true, merge: true });
    beforeAll(async () => {
      t = await startApp(target);
      admin = (await t.login()).token;
    }, 120_000);
    afterAll(() => t?.stop());

    it('keeps it and says why, for each way it was used', async () => {
      const db = t.ctx.db.db;
      // Untouched (a dry run changes nothing): it would go.
      expect(notesOf(await dryRun())).toContain('moveIn.note.starterRemoved');
      expect((await holdings(t)).users).toEqual(expect.arrayContaining(CHAIN_USERS));

      // Someone else works in one of its stores…
      const store = await db
        .selectFrom('base_sys_user')
        .select('departmentId')
        .where('username', '=', 'store1.clerk1')
        .executeTakeFirstOrThrow();
      const { id: newcomer } = dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/user/add',
          { username: 'newcomer', name: 'Newcomer', password: 'fresh-start-9', departmentId: store.departmentId },
          admin,
        ),
      );
      const others = (await dryRun()).notes.find((n) => n.key === 'moveIn.note.starterKept.others');
      expect(others?.params?.detail).toBe('newcomer');
      dataOf(await t.post('/admin/base/sys/user/delete', { ids: [newcomer] }, admin));
      expect(notesOf(await dryRun())).toContain('moveIn.note.starterRemoved');

      // …a customer was added (the chain brings none)…
      const { id: customer } = await createCustomer(t, admin);
      const business = (await dryRun()).notes.find((n) => n.key === 'moveIn.note.starterKept.business');
      expect(business?.params?.detail).toBe('customer_info');
      dataOf(await t.post('/admin/customer/info/delete', { ids: [customer] }, admin));
      expect(notesOf(await dryRun())).toContain('moveIn.note.starterRemoved');

      // …one of its staff signed in (a session is all that tells)…
      const clerk = await db
        .selectFrom('base_sys_user')
        .select('id')
        .where('username', '=', 'store2.clerk1')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('base_sys_session')
        .values({
          sid: 'starter-trace',
          userId: clerk.id,
          lastSeen: '2026-12-01 09:00:00',
          expireAt: 0,
          createTime: '2026-12-01 09:00:00',
          updateTime: '2026-12-01 09:00:00',
        })
        .execute();
      const signedIn = (await dryRun()).notes.find((n) => n.key === 'moveIn.note.starterKept.signedIn');
      expect(signedIn?.params?.detail).toBe('store2.clerk1');
      await db.deleteFrom('base_sys_session').where('sid', '=', 'starter-trace').execute();

      // …and the admin set a clerk's password on the user screen: changed since the seed.
      const { id } = await db
        .selectFrom('base_sys_user')
        .select('id')
        .where('username', '=', 'store1.clerk2')
        .executeTakeFirstOrThrow();
      dataOf(await t.post('/admin/base/sys/user/update', { id, password: 'clerk-pass-12' }, admin));
      const report = await moveIn(t.ctx, { from: source.url, merge: true });
      const changed = report.notes.find((n) => n.key === 'moveIn.note.starterKept.changed');
      expect(changed?.params?.detail).toBe('store1.clerk2');
      expect(renderReport(report, 'en')).toContain(
        'The starter chain was kept: store1.clerk2 was changed since it was seeded',
      );
      expect(notesOf(report)).not.toContain('moveIn.note.starterRemoved');
      // It stays whole, beside what came in.
      const held = await holdings(t);
      expect(held.users).toEqual(expect.arrayContaining([...CHAIN_USERS, 'zhang']));
      expect(held.departments).toEqual(expect.arrayContaining([...CHAIN_DEPARTMENTS, '开发部']));
      expect(held.roles.map((r) => r.label)).toEqual(expect.arrayContaining(STORE_ROLES));
    });
  });
});
