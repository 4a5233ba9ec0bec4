import {
  customerActivity,
  customerInfo,
  type Entity,
  type PageResult,
  type UserLevel,
  userInfo,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { formatTime } from '../db/index.js';

// Masking that survives search (issue 23 §3), in the shared CRUD mechanism: for an operator
// without an entity's reveal permission a sensitive column matches a keyword or an equality
// filter only as a whole value (spaces and dashes ignored), a filter takes at most 5 values, a
// sort by it is refused, and no total tells more than the page. Holders of reveal keep their
// search. Customers, activities and app users alike. Issue 37: what the mask shows (the first 3
// and last 4 characters of a phone) is searchable by anyone who sees the row, and an owner who may
// reveal her own rows (the clerk here) searches them by every digit.

const PASSWORD = 'Mask-pass1';
const EN = { language: 'en' };
/** The customer whose phone a clerk without reveal tries to recover, 137****1234 on the screen. */
const PHONE = '13755501234';
/** Another customer's phone with the same beginning. */
const NEIGHBOUR = '13755509876';
/** An ID number, `1101**********123X` on the screen. */
const ID_NO = '11010119900101123X';
/** One too short to show any character: `********`. */
const SHORT_ID_NO = 'E1234567';

type Row = { id: number } & Record<string, unknown>;
type Page = PageResult<Row>;

/** The perms of every served endpoint of these entities, but their reveal (or with it). */
function permsOf(withReveal: boolean): string[] {
  const entities = [customerInfo, customerActivity, userInfo] as unknown as Entity[];
  return entities.flatMap((entity) =>
    entity.endpoints
      .map((e) => e.perm)
      .filter((perm): perm is string => perm !== null && (withReveal || !perm.endsWith(':reveal'))),
  );
}

describe.each(testTargets())('masked columns under search, filters and sort on $name', (target) => {
  let t: TestApp;
  /**
   * A clerk without any reveal permission (the owner of every row: she may reveal them), a
   * treasurer who sees the store's rows and may reveal none, and a store manager with all three.
   */
  let clerk: { id: number; token: string };
  let reader: { id: number; token: string };
  let revealer: { id: number; token: string };
  let store: number;

  const page = (path: string, body: Record<string, unknown>, token: string) =>
    t.post<Page>(`${path}/page`, { page: 1, size: 20, ...body }, token, EN);
  const names = (reply: Reply<Page>) =>
    dataOf(reply)
      .list.map((r) => String(r.customerName ?? r.nickName))
      .sort();
  const total = (reply: Reply<Page>) => dataOf(reply).pagination.total;

  async function insert(table: string, rows: Record<string, unknown>[]) {
    const now = formatTime();
    await t.ctx.db.loose
      .insertInto(table)
      .values(rows.map((r) => ({ createTime: now, updateTime: now, ...r })))
      .execute();
  }

  beforeAll(async () => {
    t = await startApp(target);
    const admin = (await t.login()).token;
    const departments = dataOf(
      await t.post<Array<{ id: number; parentId: number | null }>>('/admin/base/sys/department/list', {}, admin),
    );
    const top = departments.find((d) => d.parentId === null);
    if (!top) throw new Error('no top department');
    store = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/department/add',
        { name: '掩码店', parentId: top.id, isStore: true },
        admin,
      ),
    ).id;
    async function staff(username: string, userLevel: UserLevel, withReveal: boolean) {
      const menuId = dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/menu/add',
          { name: `perms ${username}`, type: 2, perms: permsOf(withReveal).join(',') },
          admin,
        ),
      ).id;
      const roleId = dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/role/add',
          { name: username, label: username, relevance: true, menuIdList: [menuId], departmentIdList: [store] },
          admin,
        ),
      ).id;
      const body = {
        username,
        name: username,
        password: PASSWORD,
        departmentId: store,
        userLevel,
        roleIdList: [roleId],
      };
      const id = dataOf(await t.post<{ id: number }>('/admin/base/sys/user/add', body, admin)).id;
      return { id, token: (await t.login(username, PASSWORD)).token };
    }
    clerk = await staff('mask.clerk', 'clerk', false);
    revealer = await staff('mask.manager', 'storeManger', true);
    reader = await staff('mask.treasurer', 'treasurer', false);
    const owned = { employeeId: clerk.id, storeId: store, storeName: '掩码店' };
    // Names with digits of the phone's beginning: a keyword of those digits finds them by name,
    // and must not find a third customer by phone (no code, so digits come from names and phones only).
    await insert('customer_info', [
      { customerName: '王1375', customerPhone: PHONE, customerCode: null, ...owned },
      { customerName: '李1375', customerPhone: '13900000000', customerCode: null, ...owned },
      { customerName: '赵', customerPhone: NEIGHBOUR, customerCode: null, ...owned },
      { customerName: '钱', customerPhone: PHONE, customerCode: null, ...owned },
    ]);
    await insert('customer_activity', [
      {
        customerName: '孙',
        customerPhone: PHONE,
        idCardType: 'idCard',
        idCardNo: ID_NO,
        customerAddress: '上海',
        ...owned,
      },
      { customerName: '周', customerPhone: NEIGHBOUR, customerAddress: '上海', ...owned },
      // A passport of 8 characters: its mask shows none of them (`********`).
      {
        customerName: '冯',
        customerPhone: '13900000000',
        idCardType: 'passport',
        idCardNo: SHORT_ID_NO,
        customerAddress: '上海',
        ...owned,
      },
    ]);
    await insert('user_info', [
      { nickName: '吴', phone: PHONE },
      { nickName: '郑', phone: NEIGHBOUR },
    ]);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('a customer keyword', () => {
    const prefixes = Array.from({ length: PHONE.length - 1 }, (_, i) => PHONE.slice(0, i + 1));

    /** The customers as the list shows them: a name and the phone's first 3 and last 4 digits. */
    const SHOWN: ReadonlyArray<readonly [string, string]> = [
      ['王1375', PHONE],
      ['李1375', '13900000000'],
      ['赵', NEIGHBOUR],
      ['钱', PHONE],
    ];
    /** Who a reader who may reveal none finds: by name, or by the digits the mask shows (4 at most). */
    const findable = (keyWord: string) =>
      SHOWN.filter(
        ([name, phone]) =>
          name.includes(keyWord) ||
          (keyWord.length <= 4 && (phone.slice(0, 3).includes(keyWord) || phone.slice(-4).includes(keyWord))),
      ).map(([name]) => name);

    it('recovers nothing hidden of a phone from growing prefixes, and the totals are the same for each', async () => {
      for (const keyWord of [...prefixes, '5550', '501234', '1234', '55501234', '234']) {
        // A page of one: a full page is counted (by the text index, where it may decide).
        const reply = await page(customerInfo.prefix, { keyWord, size: 1 }, reader.token);
        expect(total(reply), keyWord).toBe(findable(keyWord).length);
        for (const name of names(reply)) expect(findable(keyWord), keyWord).toContain(name);
      }
    });

    it('finds a row by the digits its mask shows, for a reader who may reveal none (issue 37)', async () => {
      expect(names(await page(customerInfo.prefix, { keyWord: '1234' }, reader.token))).toEqual(['王1375', '钱']);
      expect(names(await page(customerInfo.prefix, { keyWord: '9876' }, reader.token))).toEqual(['赵']);
      expect(names(await page(customerInfo.prefix, { keyWord: '139' }, reader.token))).toEqual(['李1375']);
      // The hidden middle (`5550`), or a span over it, finds nothing by phone.
      expect(total(await page(customerInfo.prefix, { keyWord: '1375550' }, reader.token))).toBe(0);
      expect(total(await page(customerInfo.prefix, { keyWord: '0123' }, reader.token))).toBe(0);
    });

    it('lets the owner search her own rows by every digit, the hidden middle too (issue 37)', async () => {
      expect(names(await page(customerInfo.prefix, { keyWord: '1375550' }, clerk.token))).toEqual([
        '王1375',
        '赵',
        '钱',
      ]);
      expect(total(await page(customerInfo.prefix, { keyWord: '5550', size: 1 }, clerk.token))).toBe(3);
      // A row of the store that is not hers: only by what its mask shows.
      const now = formatTime();
      await t.ctx.db.loose
        .insertInto('customer_info')
        .values({
          customerName: '别人的',
          customerPhone: '13755507777',
          customerCode: null,
          employeeId: revealer.id,
          storeId: store,
          storeName: '掩码店',
          createTime: now,
          updateTime: now,
        })
        .execute();
      try {
        expect(names(await page(customerInfo.prefix, { keyWord: '5550777' }, revealer.token))).toEqual(['别人的']);
        expect(total(await page(customerInfo.prefix, { keyWord: '5550777' }, reader.token))).toBe(0);
        expect(names(await page(customerInfo.prefix, { keyWord: '7777' }, reader.token))).toEqual(['别人的']);
      } finally {
        await t.ctx.db.loose.deleteFrom('customer_info').where('customerName', '=', '别人的').execute();
      }
    });

    it('matches the whole phone, with spaces and dashes ignored, counted as the page shows', async () => {
      for (const keyWord of [PHONE, '137 5550 1234', '137-5550-1234', ` ${PHONE} `]) {
        const first = await page(customerInfo.prefix, { keyWord, size: 1 }, clerk.token);
        expect(total(first), keyWord).toBe(2);
        expect(names(await page(customerInfo.prefix, { keyWord }, clerk.token)), keyWord).toEqual(['王1375', '钱']);
      }
    });

    it('keeps the prefix search for a holder of reveal', async () => {
      expect(names(await page(customerInfo.prefix, { keyWord: '1375550' }, revealer.token))).toEqual([
        '王1375',
        '赵',
        '钱',
      ]);
      expect(total(await page(customerInfo.prefix, { keyWord: '1375550', size: 1 }, revealer.token))).toBe(3);
    });

    it('ignores spaces and dashes in a phone keyword for everyone', async () => {
      expect(names(await page(customerInfo.prefix, { keyWord: '139 0000 0000' }, revealer.token))).toEqual(['李1375']);
      expect(names(await page(customerInfo.prefix, { keyWord: '137-5550-98' }, revealer.token))).toEqual(['赵']);
    });
  });

  describe('an equality filter on a masked column', () => {
    it('takes whole values only', async () => {
      expect(names(await page(customerInfo.prefix, { customerPhone: PHONE }, clerk.token))).toEqual(['王1375', '钱']);
      expect(names(await page(customerInfo.prefix, { customerPhone: '137 5550 1234' }, clerk.token))).toEqual([
        '王1375',
        '钱',
      ]);
      expect(total(await page(customerInfo.prefix, { customerPhone: '1375550' }, clerk.token))).toBe(0);
    });

    it('takes at most 5 values in one call, and refuses 6 in three languages', async () => {
      const five = [PHONE, '13700000001', '13700000002', '13700000003', '13700000004'];
      expect(names(await page(customerInfo.prefix, { customerPhone: five }, clerk.token))).toEqual(['王1375', '钱']);
      const six = [...five, NEIGHBOUR];
      for (const path of [`${customerInfo.prefix}/page`, `${customerInfo.prefix}/findPage`]) {
        const reply = await t.post<Page>(path, { page: 1, size: 20, customerPhone: six }, clerk.token, EN);
        expect(reply.status, path).toBe(400);
        expect(reply.body.code).toBe(1001);
        expect(reply.body.message).toBe('Phone is masked: filter by at most 5 whole values at a time');
      }
      const zh = await t.post(`${customerInfo.prefix}/page`, { customerPhone: six }, clerk.token, {
        language: 'zh-cn',
      });
      expect(zh.body.message).toBe('手机号已脱敏：一次最多按 5 个完整值筛选');
      const tw = await t.post(`${customerInfo.prefix}/list`, { customerPhone: six }, clerk.token, {
        language: 'zh-tw',
      });
      expect(tw.status).toBe(400);
      expect(tw.body.message).toBe('手機號已遮罩：一次最多依 5 個完整值篩選');
      // A holder of reveal filters as before.
      expect(names(await page(customerInfo.prefix, { customerPhone: six }, revealer.token))).toEqual([
        '王1375',
        '赵',
        '钱',
      ]);
    });
  });

  describe('a sort by a masked column', () => {
    it('is refused without reveal, on page and list, and allowed with it', async () => {
      for (const action of ['page', 'list']) {
        const reply = await t.post(
          `${customerInfo.prefix}/${action}`,
          { order: 'customerPhone', sort: 'asc' },
          clerk.token,
          EN,
        );
        expect(reply.status, action).toBe(400);
        expect(reply.body.code).toBe(1001);
        expect(reply.body.message).toBe('Phone is masked: a list cannot be sorted by it');
      }
      const zh = await t.post(`${customerInfo.prefix}/page`, { order: 'customerPhone' }, clerk.token, {
        language: 'zh-cn',
      });
      expect(zh.body.message).toBe('手机号已脱敏，不能按它排序');
      const allowed = await page(customerInfo.prefix, { order: 'customerPhone', sort: 'asc' }, revealer.token);
      expect(allowed.status).toBe(200);
      expect(total(allowed)).toBe(4);
    });
  });

  describe('activities', () => {
    it('match a phone or an ID number whole or by what its mask shows, and refuse a sort by either', async () => {
      // The hidden middle of a phone or an ID number, and what a short ID number hides whole.
      for (const keyWord of [
        '1375',
        '13755501',
        '0101',
        '110101199001',
        '1199',
        '4567',
        'E123',
        SHORT_ID_NO.slice(1),
      ]) {
        expect(total(await page(customerActivity.prefix, { keyWord }, reader.token)), keyWord).toBe(0);
      }
      expect(names(await page(customerActivity.prefix, { keyWord: '137 5550 1234' }, reader.token))).toEqual(['孙']);
      expect(names(await page(customerActivity.prefix, { keyWord: SHORT_ID_NO }, reader.token))).toEqual(['冯']);
      // What the phone's mask shows, and the ID number's (issue 37): its first 4 and last 4, the check letter in either case.
      expect(names(await page(customerActivity.prefix, { keyWord: '1234' }, reader.token))).toEqual(['孙']);
      for (const keyWord of ['1101', '110', '123X', '123x', '23x', 'x']) {
        expect(names(await page(customerActivity.prefix, { keyWord }, reader.token)), keyWord).toEqual(['孙']);
      }
      // The owner searches her own by every digit.
      expect(names(await page(customerActivity.prefix, { keyWord: '1375550' }, clerk.token))).toEqual(['周', '孙']);
      expect(names(await page(customerActivity.prefix, { keyWord: '1375550' }, revealer.token))).toEqual(['周', '孙']);
      expect(names(await page(customerActivity.prefix, { keyWord: '0119900' }, clerk.token))).toEqual(['孙']);
      for (const order of ['customerPhone', 'idCardNo']) {
        const reply = await page(customerActivity.prefix, { order }, clerk.token);
        expect(reply.status, order).toBe(400);
        expect(reply.body.message).toMatch(/is masked: a list cannot be sorted by it$/);
      }
    });
  });

  describe('app users', () => {
    it('match a phone only whole, and refuse a sort by it', async () => {
      for (const keyWord of ['1375', '1375550', '55501234']) {
        expect(total(await page(userInfo.prefix, { keyWord }, clerk.token)), keyWord).toBe(0);
      }
      // App users have no owner: the digits a mask shows, and nothing more, for a reader without reveal.
      expect(names(await page(userInfo.prefix, { keyWord: '137' }, clerk.token))).toEqual(['吴', '郑']);
      expect(names(await page(userInfo.prefix, { keyWord: '1234' }, clerk.token))).toEqual(['吴']);
      expect(names(await page(userInfo.prefix, { keyWord: '137-5550-1234' }, clerk.token))).toEqual(['吴']);
      expect(names(await page(userInfo.prefix, { keyWord: '1375550' }, revealer.token))).toEqual(['吴', '郑']);
      const refused = await page(userInfo.prefix, { order: 'phone' }, clerk.token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Phone is masked: a list cannot be sorted by it');
      expect((await page(userInfo.prefix, { order: 'phone' }, revealer.token)).status).toBe(200);
    });
  });
});
