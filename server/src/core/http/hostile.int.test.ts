import {
  baseComm,
  baseOpen,
  declarations,
  dictInfo,
  type Entity,
  sysDepartment,
  sysMenu,
  sysParam,
  sysUser,
} from '@backroom/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';

/**
 * Hostile input: whatever a client sends, the answer is a 4xx with a message that names the
 * problem, never a 500, and text is taken literally and kept intact.
 */

type Row = Record<string, unknown> & { id: number };
type Page = { list: Row[]; pagination: { page: number; size: number; total: number } };

const entities = declarations.filter((d): d is Entity => d.kind === 'entity');
/** One past the largest value of the 32-bit integer columns PostgreSQL and MySQL create. */
const BEYOND_INT32 = 2 ** 31;
const EN = { language: 'en' };

function urlOf(entity: Entity, action: string): string {
  const endpoint = entity.endpoints.find((e) => e.action === action);
  if (!endpoint) throw new Error(`${entity.prefix} declares no ${action}`);
  return endpoint.url;
}

const USER = {
  add: urlOf(sysUser, 'add'),
  update: urlOf(sysUser, 'update'),
  delete: urlOf(sysUser, 'delete'),
  info: urlOf(sysUser, 'info'),
  page: urlOf(sysUser, 'page'),
};

describe.each(testTargets())('hostile input on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let topDepartmentId: number;
  let serial = 0;
  /** Every 5xx answered during the current test; afterEach fails the test on any. */
  let serverErrors: string[] = [];

  function record(url: string, reply: Reply): Reply {
    if (reply.status >= 500) serverErrors.push(`${url}: HTTP ${reply.status} ${reply.raw.slice(0, 200)}`);
    return reply;
  }
  async function post<T = unknown>(url: string, body: unknown, headers?: Record<string, string>) {
    return record(url, await t.post<T>(url, body, admin, headers)) as Reply<T>;
  }
  async function get<T = unknown>(
    url: string,
    query: Record<string, string | number>,
    headers?: Record<string, string>,
  ) {
    return record(url, await t.get<T>(url, query, admin, headers)) as Reply<T>;
  }
  /** A raw body, sent as JSON. */
  async function postRaw(url: string, body: string, headers: Record<string, string> = {}) {
    return post(url, body, { 'content-type': 'application/json', ...headers });
  }

  function unique(prefix: string): string {
    serial += 1;
    return `${prefix}-${serial}`;
  }

  async function addUser(fields: Record<string, unknown>): Promise<number> {
    const body = { username: unique('hx'), password: 'hostile-1', departmentId: topDepartmentId, ...fields };
    return dataOf(await post<{ id: number }>(USER.add, body)).id;
  }

  async function userIdsFor(keyWord: string): Promise<number[]> {
    const page = dataOf(await post<Page>(USER.page, { keyWord, size: 500 }));
    return page.list.map((r) => r.id).sort((a, b) => a - b);
  }

  /** A refusal: the status, the envelope code, a message naming what was wrong, and no internals. */
  function expectRefused(reply: Reply, status: number, mentions?: string, code = status === 400 ? 1002 : 1001) {
    expect(reply.status, reply.raw.slice(0, 300)).toBe(status);
    expect(reply.body.code, reply.raw.slice(0, 300)).toBe(code);
    expect(reply.body.message.length).toBeGreaterThan(0);
    expect(reply.body.message).not.toMatch(/\bselect\b|\binsert\b|\bsql\b|stack|Error:|at \//i);
    if (mentions !== undefined) expect(reply.body.message).toContain(mentions);
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const departments = dataOf(
      await t.post<Array<{ id: number; parentId: number | null }>>(urlOf(sysDepartment, 'list'), {}, admin),
    );
    const top = departments.find((d) => d.parentId === null);
    if (!top) throw new Error('no top department');
    topDepartmentId = top.id;
  });

  afterEach(() => {
    const seen = serverErrors;
    serverErrors = [];
    expect(seen, 'a request was answered with a 5xx').toEqual([]);
  });

  afterAll(async () => {
    await t?.stop();
  });

  describe('keyWord', () => {
    it('takes % and _ literally', async () => {
      // With % and _ as wildcards, "50%_off" would match both decoys too.
      const target = await addUser({ name: 'Sale 50%_off today' });
      await addUser({ name: 'Sale 50Xoff' });
      const percentDecoy = await addUser({ name: 'Sale 50%Xoff' });
      expect(await userIdsFor('50%_off')).toEqual([target]);
      // Only two names hold a literal %; a wildcard % would return every user, admin included.
      expect(await userIdsFor('%')).toEqual([target, percentDecoy].sort((a, b) => a - b));
      expect(await userIdsFor('_')).toEqual([target]);
    });

    it('takes quotes and backslashes literally', async () => {
      const id = await addUser({ name: `O'Brien "Q" back\\slash` });
      for (const keyWord of [`O'Brien`, `"Q"`, `back\\slash`, `k\\s`, `'Brien "Q" b`]) {
        expect(await userIdsFor(keyWord), keyWord).toEqual([id]);
      }
    });

    it('treats SQL in a keyword as text, and the table is still there', async () => {
      const before = dataOf(await post<Page>(USER.page, {})).pagination.total;
      const reply = await post<Page>(USER.page, { keyWord: `'; drop table base_sys_user; --` });
      expect(dataOf(reply).list).toEqual([]);
      const again = await post<Page>(USER.page, { keyWord: `" or 1=1 --` });
      expect(dataOf(again).list).toEqual([]);
      expect(dataOf(await post<Page>(USER.page, {})).pagination.total).toBe(before);
    });

    it('refuses a keyword that is too long or not text', async () => {
      expectRefused(await post(USER.page, { keyWord: 'x'.repeat(101) }, EN), 400, 'keyWord must be at most 100');
      expectRefused(await post(USER.page, { keyWord: { $ne: null } }, EN), 400, 'keyWord');
      expectRefused(await post(USER.page, { keyWord: ['a'] }, EN), 400, 'keyWord');
    });

    it('answers a keyword holding a NUL character without a server error', async () => {
      const reply = await post<Page>(USER.page, { keyWord: 'a\u0000b' });
      expect([200, 400]).toContain(reply.status);
      if (reply.status === 200) expect(dataOf(reply).list).toEqual([]);
    });
  });

  describe('order, sort and paging', () => {
    it('refuses an order that is not a column, naming it', async () => {
      expectRefused(await post(USER.page, { order: 'id; drop table x' }, EN), 400, '"id; drop table x"');
      expectRefused(await post(USER.page, { order: 'x'.repeat(65) }, EN), 400, 'order must be at most 64');
    });

    it('never orders by a hidden column', async () => {
      // Ordering by the hash would let a caller learn about passwords one comparison at a time.
      for (const entity of entities) {
        if (!entity.standard.includes('page')) continue;
        for (const [name, column] of Object.entries(entity.columns)) {
          if (column.hidden) expectRefused(await post(urlOf(entity, 'page'), { order: name }, EN), 400, name);
        }
      }
      expectRefused(await post(USER.page, { order: 'password', sort: 'asc' }, EN), 400, 'password');
    });

    it('refuses an order named like an Object property with a normal message, on every page and list', async () => {
      // A lookup that is not an own-property one finds `constructor` on every object and prints its source.
      for (const entity of entities) {
        for (const action of ['page', 'list'] as const) {
          if (!entity.standard.includes(action)) continue;
          for (const order of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
            const reply = await post(urlOf(entity, action), { order }, EN);
            expectRefused(reply, 400, `Cannot order by "${order}"`);
            expect(reply.body.message).not.toMatch(/function|native code|undefined|\[object/);
          }
        }
      }
    });

    it('refuses a sort other than asc or desc', async () => {
      expectRefused(await post(USER.page, { order: 'id', sort: 'asc; drop table x' }, EN), 400, 'sort');
      expectRefused(await post(USER.page, { sort: 1 }, EN), 400, 'sort');
    });

    it('refuses sizes and pages out of range or not numbers', async () => {
      expectRefused(await post(USER.page, { size: 100_000 }, EN), 400, 'size must be at most 500');
      expectRefused(await post(USER.page, { size: 0 }, EN), 400, 'size must be at least 1');
      expectRefused(await post(USER.page, { page: -1 }, EN), 400, 'page must be at least 1');
      expectRefused(await post(USER.page, { page: 0 }, EN), 400, 'page must be at least 1');
      expectRefused(await post(USER.page, { page: 'abc' }, EN), 400, 'page must be a number');
      expectRefused(await post(USER.page, { page: 1.5 }, EN), 400, 'page');
      expectRefused(await post(USER.page, { page: true }, EN), 400, 'page');
    });

    it('answers a page far beyond the end with an empty list', async () => {
      const result = dataOf(await post<Page>(USER.page, { page: 2_000_000, size: 500 }));
      expect(result.list).toEqual([]);
      expect(result.pagination.page).toBe(2_000_000);
    });

    it('refuses a page number beyond the 32-bit range with a clear 400', async () => {
      expectRefused(
        await post(USER.page, { page: 999_999_999_999_999, size: 500 }, EN),
        400,
        'page must be at most 2147483647',
      );
    });
  });

  describe('wrong types', () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['username a number', USER.add, { username: 123, password: 'hostile-1' }, 'Username'],
      ['status a word', USER.update, { id: 1, status: 'x' }, 'Status'],
      ['status outside its values', USER.update, { id: 1, status: 7 }, 'Status'],
      ['ids a string', USER.delete, { ids: '1' }, 'ids'],
      ['ids empty', USER.delete, { ids: [] }, 'ids'],
      ['ids of words', USER.delete, { ids: ['a'] }, 'ids'],
      [
        'roleIdList a string',
        USER.add,
        { username: 'wrong-types', password: 'hostile-1', roleIdList: 'a' },
        'roleIdList',
      ],
      [
        'roleIdList of words',
        USER.add,
        { username: 'wrong-types', password: 'hostile-1', roleIdList: ['a'] },
        'roleIdList',
      ],
      ['a filter of the wrong type', USER.page, { status: 'x' }, 'Status'],
      ['departmentIds not a list', USER.page, { departmentIds: 'abc' }, 'departmentIds'],
      ['password too short', USER.add, { username: 'wrong-types', password: '123' }, sysUser.columns.password.label.en],
    ];

    it.each(cases)('%s → 400 naming the field', async (_what, url, body, field) => {
      expectRefused(await post(url, body, EN), 400, field);
    });

    it('refuses an info id that is not one number', async () => {
      expectRefused(await get(USER.info, { id: 'abc' }, EN), 400, 'id');
      const twice = await t.app.inject({
        method: 'GET',
        url: `/api${USER.info}?id=1&id=2`,
        headers: { authorization: admin, language: 'en' },
      });
      expect(twice.statusCode).toBe(400);
      expect(JSON.parse(twice.body)).toMatchObject({ code: 1002 });
    });

    it('leaves nothing behind after a refused add', async () => {
      expect(await userIdsFor('wrong-types')).toEqual([]);
    });
  });

  describe('integers beyond the column range', () => {
    it.each(entities.filter((e) => e.standard.includes('info')))(
      '$prefix/info with an id beyond the range is a 4xx',
      async (entity) => {
        const reply = await get(urlOf(entity, 'info'), { id: BEYOND_INT32 }, EN);
        expect([400, 404], reply.raw).toContain(reply.status);
      },
    );

    it.each(entities.filter((e) => e.standard.includes('delete')))(
      '$prefix/delete with an id beyond the range is a 4xx',
      async (entity) => {
        const reply = await post(urlOf(entity, 'delete'), { ids: [BEYOND_INT32] }, EN);
        expect([400, 404], reply.raw).toContain(reply.status);
      },
    );

    it('a user in a department id beyond the range is a 4xx', async () => {
      const reply = await post(USER.add, { username: unique('hx'), password: 'hostile-1', departmentId: BEYOND_INT32 });
      expect([400, 404], reply.raw).toContain(reply.status);
    });

    it('an order number beyond the range is refused with 400 naming the field', async () => {
      const reply = await post(
        urlOf(sysDepartment, 'add'),
        { name: unique('hx-dept'), parentId: topDepartmentId, orderNum: BEYOND_INT32 },
        EN,
      );
      expectRefused(reply, 400, sysDepartment.columns.orderNum.label.en);
    });
  });

  describe('bodies', () => {
    it('refuses a body that is not JSON under a JSON content type', async () => {
      expectRefused(await postRaw(USER.page, '{"page":', EN), 400, 'The request body is not valid JSON');
      expectRefused(await postRaw(USER.page, "{'page': 1}", EN), 400, 'The request body is not valid JSON');
    });

    it('refuses a JSON value of the wrong shape', async () => {
      expectRefused(await postRaw(USER.page, '[1, 2]', EN), 400, 'The request');
      expectRefused(await postRaw(USER.page, '"page"', EN), 400, 'The request');
    });

    it('refuses a body over 1 MB with 413', async () => {
      expectRefused(
        await post(USER.page, { keyWord: 'x'.repeat(1_100_000) }, EN),
        413,
        'The request body is too large',
      );
    });

    it('refuses a menu import nested beyond reason without a server error', async () => {
      // About 37 KB: far below the body limit, but a thousand levels of childMenus.
      const depth = 1000;
      const nested = `${'{"name":"n","type":0,"childMenus":['.repeat(depth)}{"name":"leaf","type":0}${']}'.repeat(depth)}`;
      const reply = await postRaw(urlOf(sysMenu, 'import'), `{"menus":[${nested}]}`, EN);
      expect(reply.status, reply.raw).toBeGreaterThanOrEqual(400);
      expect(reply.status, reply.raw).toBeLessThan(500);
    });
  });

  describe('routes', () => {
    it('answers an unknown route with the 404 envelope', async () => {
      const reply = await get('/admin/base/sys/nothing/here', {}, EN);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 1001, message: 'No such endpoint' });
      const anonymous = await t.post('/admin/nope', {}, undefined, EN);
      expect(anonymous.status).toBe(404);
      expect(anonymous.body).toEqual({ code: 1001, message: 'No such endpoint' });
    });

    it('answers a route called with the wrong method with 404', async () => {
      const getOnPost = await get(USER.page, {}, EN);
      expect(getOnPost.status).toBe(404);
      expect(getOnPost.body).toEqual({ code: 1001, message: 'No such endpoint' });
      const postOnGet = await post(USER.info, { id: 1 }, EN);
      expect(postOnGet.status).toBe(404);
      expect(postOnGet.body).toEqual({ code: 1001, message: 'No such endpoint' });
    });
  });

  describe('unicode', () => {
    it('keeps CJK, emoji, combining and right-to-left text intact, and finds it', async () => {
      const fields = {
        username: `uni-用户-😀-${serial}`,
        name: '张三·李四 😀 👨‍👩‍👧‍👦',
        nickName: 'Ünïcødé e\u0301 ﬁ',
        remark: 'مرحبا \u200f עברית \u200b 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      };
      const id = await addUser(fields);
      const row = dataOf(await get<Row>(USER.info, { id }));
      expect({ username: row.username, name: row.name, nickName: row.nickName, remark: row.remark }).toEqual(fields);
      expect(await userIdsFor('👨‍👩‍👧‍👦')).toEqual([id]);
      expect(await userIdsFor('李四')).toEqual([id]);
      // The username works for signing in, byte for byte.
      expect((await t.login(fields.username, 'hostile-1')).token.length).toBeGreaterThan(0);
    });

    it('keeps strings at the column limit, counted in characters', async () => {
      const username = '用'.repeat(sysUser.columns.username.length ?? 0);
      const name = '😀'.repeat((sysUser.columns.name.length ?? 0) / 2); // two UTF-16 units each
      const id = await addUser({ username, name });
      const row = dataOf(await get<Row>(USER.info, { id }));
      expect(row.username).toBe(username);
      expect(row.name).toBe(name);
    });

    it('tells apart usernames that differ only in an emoji', async () => {
      const smile = await addUser({ username: 'emoji-😀' });
      const grin = await post<{ id: number }>(USER.add, {
        username: 'emoji-😁',
        password: 'hostile-1',
        departmentId: topDepartmentId,
      });
      expect(grin.status, grin.raw).toBe(200);
      const grinId = dataOf(grin).id;
      expect(grinId).not.toBe(smile);
      expect(dataOf(await get<Row>(USER.info, { id: grinId })).username).toBe('emoji-😁');
    });

    it('answers text holding a NUL character with a 400 naming the field or keeps it intact', async () => {
      const name = 'nul\u0000byte';
      const reply = await post<{ id: number }>(
        USER.add,
        { username: unique('hx'), password: 'hostile-1', departmentId: topDepartmentId, name },
        EN,
      );
      if (reply.status === 200) {
        expect(dataOf(await get<Row>(USER.info, { id: dataOf(reply).id })).name).toBe(name);
      } else {
        expectRefused(reply, 400, sysUser.columns.name.label.en);
      }
    });
  });

  describe('NUL characters', () => {
    // PostgreSQL refuses U+0000 in text; every string of every input is refused before it gets there.
    const NUL = 'a\u0000b';
    const refusesNul = (reply: Reply, field: string) => expectRefused(reply, 400, `${field} must not contain`);

    it('refuses a NUL in a login username, without a session', async () => {
      const reply = record(
        'login',
        await t.post(baseOpen.api.login.url, { username: NUL, password: 'x' }, undefined, EN),
      );
      refusesNul(reply, 'username');
    });

    it('refuses a NUL in the key of open/html, without a session', async () => {
      const reply = record('open/html', await t.get(baseOpen.api.html.url, { key: NUL }, undefined, EN));
      refusesNul(reply, 'key');
    });

    it('refuses a NUL in the key of sys/param/html', async () => {
      refusesNul(await get(sysParam.api.html.url, { key: NUL }, EN), 'key');
    });

    it('refuses a NUL in the types of dict/info/data, in a list or alone', async () => {
      refusesNul(await post(dictInfo.api.data.url, { types: ['ok', NUL] }, EN), 'types[1]');
      refusesNul(await post(dictInfo.api.data.url, { types: NUL }, EN), 'types[0]');
    });

    it('refuses a NUL in the nickName or email of personUpdate', async () => {
      refusesNul(await post(baseComm.api.personUpdate.url, { nickName: NUL }, EN), 'nickName');
      refusesNul(await post(baseComm.api.personUpdate.url, { nickName: 'fine', email: NUL }, EN), 'email');
    });

    it.each(['name', 'router', 'perms', 'icon', 'viewPath'])(
      'refuses a NUL in the %s of a menu import',
      async (field) => {
        const node = {
          name: 'nul-import',
          type: 1,
          router: '/nul-import',
          [field]: field === 'router' ? `/${NUL}` : NUL,
        };
        refusesNul(
          await post(sysMenu.api.import.url, { menus: [{ name: 'top', type: 0, childMenus: [node] }] }, EN),
          `menus[0].childMenus[0].${field}`,
        );
        expect(dataOf(await post<Page>(urlOf(sysMenu, 'page'), { keyWord: 'nul-import' })).list).toEqual([]);
      },
    );

    for (const entity of entities) {
      const update = entity.endpoints.find((e) => e.action === 'update');
      if (!update) continue;
      const accepted = update.input instanceof z.ZodObject ? update.input.shape : entity.schemas.update.shape;
      const texts = Object.entries(entity.columns).filter(
        ([name, c]) => name in accepted && !c.hidden && (c.kind === 'string' || c.kind === 'text') && !c.values,
      );
      it.each(texts)(`${entity.prefix}/update with a NUL in %s → 400 naming it`, async (name, column) => {
        const reply = await post(urlOf(entity, 'update'), { id: 1, [name]: NUL }, EN);
        // A column whose own format refuses "ab" (a file url) may say that first.
        if (column.schema.safeParse('ab').success) refusesNul(reply, column.label.en);
        else expectRefused(reply, 400, column.label.en);
      });
    }

    it.each(entities.filter((e) => e.standard.includes('add')))(
      '$prefix/add with a NUL in every text column is a 4xx',
      async (entity) => {
        const body = Object.fromEntries(
          Object.entries(entity.columns)
            .filter(([, c]) => c.kind === 'string' || c.kind === 'text')
            .map(([name]) => [name, NUL]),
        );
        const reply = await post(urlOf(entity, 'add'), body, EN);
        expect(reply.status, reply.raw).toBeGreaterThanOrEqual(400);
        expect(reply.status, reply.raw).toBeLessThan(500);
      },
    );
  });

  describe('strings over the column limits', () => {
    for (const entity of entities) {
      const update = entity.endpoints.find((e) => e.action === 'update');
      if (!update) continue;
      // Fields the server keeps itself (a task's lease) are not in the body it accepts: a client's
      // value for them is dropped, not refused, as the family's clients send whole rows back.
      const accepted = update.input instanceof z.ZodObject ? update.input.shape : entity.schemas.update.shape;
      const limited = Object.entries(entity.columns).filter(
        ([name, c]) => name in accepted && !c.hidden && c.kind === 'string' && c.length !== undefined,
      );
      it.each(limited)(
        `${entity.prefix}/update with %s one character too long → 400 naming it`,
        async (name, column) => {
          // Validation comes before the row is looked up, so any id does.
          const reply = await post(
            urlOf(entity, 'update'),
            { id: 1, [name]: 'x'.repeat((column.length ?? 0) + 1) },
            EN,
          );
          expectRefused(reply, 400, column.label.en);
        },
      );
    }
  });

  describe('messages follow the language header', () => {
    const tooLong = { username: 'x'.repeat(101), password: 'hostile-1' };

    it('speaks zh-cn by default and for unknown languages', async () => {
      expect((await post(USER.add, tooLong)).body.message).toBe('用户名最多100个字符');
      expect((await post(USER.add, tooLong, { language: 'fr' })).body.message).toBe('用户名最多100个字符');
      expect((await post(USER.add, tooLong, { language: 'zh-cn' })).body.message).toBe('用户名最多100个字符');
    });

    it('speaks zh-tw and en when asked', async () => {
      expect((await post(USER.add, tooLong, { language: 'zh-tw' })).body.message).toBe('使用者名稱最多100個字元');
      expect((await post(USER.add, tooLong, { language: 'en' })).body.message).toBe(
        'Username must be at most 100 characters',
      );
      expect((await post(USER.add, tooLong, { language: 'EN' })).body.message).toBe(
        'Username must be at most 100 characters',
      );
    });

    it('translates auth and routing refusals too', async () => {
      const person = '/admin/base/comm/person';
      const expected: Array<[string, string, string]> = [
        ['zh-cn', '请先登录', '接口不存在'],
        ['zh-tw', '請先登入', '介面不存在'],
        ['en', 'Please log in first', 'No such endpoint'],
      ];
      for (const [language, login, route] of expected) {
        const unauthenticated = await t.get(person, {}, undefined, { language });
        expect(unauthenticated.status).toBe(401);
        expect(unauthenticated.body.message).toBe(login);
        expect((await get('/admin/none', {}, { language })).body.message).toBe(route);
      }
    });
  });
});
