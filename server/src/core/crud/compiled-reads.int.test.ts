import type { PageResult, SysUser } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, departmentIds, startApp, type TestApp, testTargets } from '../../testing/harness.js';

// Page, list and count SQL is compiled once per principal, filters and order, and a page query
// runs again with another LIMIT/OFFSET: these walk the same shapes with other windows, orders and
// scopes, and expect exactly what fresh SQL would answer.

type Id = { id: number };
const PASSWORD = 'pass-1234';
const WALKERS = ['walk.01', 'walk.02', 'walk.03', 'walk.04', 'walk.05', 'walk.06', 'walk.07'];

describe.each(testTargets())('compiled page, list and count queries on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dept: (name: string) => number;

  const page = async (token: string, body: Record<string, unknown>) =>
    dataOf(await t.post<PageResult<SysUser>>('/admin/base/sys/user/page', body, token));
  const names = (result: PageResult<SysUser>) => result.list.map((u) => u.username);

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    dept = await departmentIds(t, admin);
    for (const username of WALKERS) {
      dataOf(
        await t.post<Id>(
          '/admin/base/sys/user/add',
          { username, name: username, password: PASSWORD, departmentId: dept('华东区') },
          admin,
        ),
      );
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers every window of the same filters and order with the right rows and total', async () => {
    const body = { keyWord: 'walk.', order: 'username', sort: 'asc' };
    const seen: string[] = [];
    for (const [n, expected] of [
      [1, WALKERS.slice(0, 3)],
      [2, WALKERS.slice(3, 6)],
      [3, WALKERS.slice(6)],
      [4, []],
    ] as const) {
      const result = await page(admin, { ...body, page: n, size: 3 });
      expect(names(result), `page ${n}`).toEqual(expected);
      expect(result.pagination).toEqual({ page: n, size: 3, total: WALKERS.length });
      seen.push(...names(result));
    }
    expect(seen).toEqual(WALKERS);
    // The same shape again, and with other sizes.
    expect(names(await page(admin, { ...body, page: 1, size: 3 }))).toEqual(WALKERS.slice(0, 3));
    expect(names(await page(admin, { ...body, page: 2, size: 5 }))).toEqual(WALKERS.slice(5));
    expect(names(await page(admin, { ...body, page: 4, size: 2 }))).toEqual(WALKERS.slice(6));
    // Another order is another query.
    expect(names(await page(admin, { ...body, sort: 'desc', page: 1, size: 3 }))).toEqual(
      [...WALKERS].reverse().slice(0, 3),
    );
    // Other filters too: the keyword's value is part of what is kept.
    const one = await page(admin, { keyWord: 'walk.04', page: 1, size: 3 });
    expect(names(one)).toEqual(['walk.04']);
    expect(one.pagination.total).toBe(1);
    const list = dataOf(await t.post<SysUser[]>('/admin/base/sys/user/list', body, admin));
    expect(list.map((u) => u.username)).toEqual(WALKERS);
  });

  /** Holds every count at a gate until `open`, so readers are surely at once on every database. */
  function gateCounts() {
    const { db } = t.ctx;
    const read = db.read;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let counts = 0;
    db.read = async (query) => {
      if (!/count\(/i.test(query.sql)) return read(query);
      counts += 1;
      await gate;
      return read(query);
    };
    return {
      open,
      counts: () => counts,
      /** Waits until `n` counts are held, and not one more. */
      async until(n: number) {
        for (let i = 0; counts < n && i < 200; i++) await new Promise((r) => setTimeout(r, 5));
        expect(counts).toBe(n);
      },
      restore() {
        db.read = read;
        open();
      },
    };
  }

  /**
   * A role named `label` holding `perms` over `departments`, and its users (each in `home`),
   * signed in: the role's id and the users' tokens.
   */
  async function scopedReaders(label: string, perms: string, departments: number[], home: number, users: string[]) {
    const menuId = dataOf(
      await t.post<Id>('/admin/base/sys/menu/add', { name: `perms ${label}`, type: 2, perms }, admin),
    ).id;
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: label, label, relevance: false, menuIdList: [menuId], departmentIdList: departments },
        admin,
      ),
    ).id;
    const tokens: string[] = [];
    for (const username of users) {
      dataOf(
        await t.post(
          '/admin/base/sys/user/add',
          { username, password: PASSWORD, departmentId: home, roleIdList: [roleId] },
          admin,
        ),
      );
      tokens.push((await t.login(username, PASSWORD)).token);
    }
    return { roleId, tokens };
  }

  it('lets readers of one page at once share its count, and counts afresh after a write', async () => {
    const held = gateCounts();
    try {
      const body = { keyWord: 'walk.', page: 1, size: 3, order: 'username', sort: 'asc' };
      const first = [page(admin, body), page(admin, body), page(admin, body)];
      await held.until(1);
      // A write through this instance forgets the count under way: the next reader counts again.
      const added = dataOf(
        await t.post<Id>('/admin/base/sys/user/add', { username: 'walk.08', password: PASSWORD }, admin),
      );
      const later = page(admin, body);
      await held.until(2);
      // Another reader's filters are another count.
      const other = page(admin, { ...body, keyWord: 'walk.0' });
      await held.until(3);
      held.open();
      for (const result of await Promise.all(first)) expect(names(result)).toEqual(WALKERS.slice(0, 3));
      expect((await later).pagination.total).toBe(WALKERS.length + 1);
      expect((await other).pagination.total).toBe(WALKERS.length + 1);
      expect(held.counts()).toBe(3);
      dataOf(await t.post('/admin/base/sys/user/delete', { ids: [added.id] }, admin));
    } finally {
      held.restore();
    }
  });

  it('shares a count between users of the same scope, never with another scope', async () => {
    const east = dept('华东区');
    const { tokens: readers } = await scopedReaders('share', 'base:sys:user:page', [east], east, [
      'share.a',
      'share.b',
    ]);
    const held = gateCounts();
    try {
      const body = { keyWord: 'walk.', page: 1, size: 3, order: 'username', sort: 'asc' };
      const same = readers.map((token) => page(token, body));
      await held.until(1);
      // The superuser sees every department: another statement, so a count of its own.
      const all = page(admin, body);
      await held.until(2);
      held.open();
      for (const result of await Promise.all([...same, all])) {
        expect(names(result)).toEqual(WALKERS.slice(0, 3));
        expect(result.pagination.total).toBe(WALKERS.length);
      }
      expect(held.counts()).toBe(2);
    } finally {
      held.restore();
    }
  });

  it("follows a change of the operator's departments on the next request", async () => {
    const {
      roleId,
      tokens: [reader = ''],
    } = await scopedReaders(
      'scoped-reader',
      'base:sys:user:page,base:sys:user:list',
      [dept('华东区')],
      dept('财务部'),
      ['scoped.reader'],
    );
    const body = { keyWord: 'walk.', page: 1, size: 20, order: 'username', sort: 'asc' };
    const before = await page(reader, body);
    expect(names(before)).toEqual(WALKERS);
    expect(before.pagination.total).toBe(WALKERS.length);

    dataOf(
      await t.post(
        '/admin/base/sys/role/update',
        { id: roleId, name: 'scoped-reader', label: 'scoped-reader', departmentIdList: [dept('华南区')] },
        admin,
      ),
    );
    const after = await page(reader, body);
    expect(after.list).toEqual([]);
    expect(after.pagination.total).toBe(0);
    expect(dataOf(await t.post<SysUser[]>('/admin/base/sys/user/list', body, reader))).toEqual([]);
  });

  it('never reads what an open transaction has written: a read during one waits for its end', async () => {
    const countWalkers = () =>
      t.ctx.db.db
        .selectFrom('base_sys_user')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('username', 'like', 'walk.%')
        .compile();
    const before = Number((await t.ctx.db.read(countWalkers())).rows[0]?.n);
    let during: Promise<number> | undefined;
    await t.ctx.db.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('base_sys_user')
          .values({
            username: 'walk.uncommitted',
            name: 'x',
            password: 'x',
            passwordV: 1,
            status: 1,
            createTime: '2026-01-01 00:00:00',
            updateTime: '2026-01-01 00:00:00',
          })
          .execute();
        during = t.ctx.db.read(countWalkers()).then((r) => Number(r.rows[0]?.n));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // The insert was rolled back: a read begun inside the transaction must not have counted it.
    expect(await during).toBe(before);
    expect(Number((await t.ctx.db.read(countWalkers())).rows[0]?.n)).toBe(before);
  });
});
