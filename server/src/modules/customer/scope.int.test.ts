import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  customerRevealLog,
  type Entity,
  type PageResult,
  type UserLevel,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCall, readBook, sheetRows } from '../../core/crud/excel.fixtures.js';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import {
  dataOf,
  departmentIds,
  expectRefused,
  expectRuleRefusal,
  type Reply,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

/*
 * The retail data scope, masking, reveal and the request log, on every database. The scope matrix
 * is data-driven: every actor (one per level, in two stores) against every fixture row of every
 * owned entity through every call in CALLS. To cover another call (homeBaseData, import…), add one
 * entry to CALLS saying how the call shows whether the actor reached the row (`only` for a call
 * some entities lack).
 */

const PASSWORD = 'Scope-Pass1';
/** In a keyword field of every fixture row, so a page of the marker holds the fixtures alone. */
const MARK = 'scopemx';

type Row = { id: number } & Record<string, unknown>;
type ActorName = 'clerkA1' | 'clerkA2' | 'clerkB1' | 'managerA' | 'managerB' | 'treasurerA' | 'hrA' | 'admin';
type FixtureName = 'ownA1' | 'ownA2' | 'ownB1';

/** Which fixture rows each actor may reach: own rows for a clerk, the store for a manager, the granted store (A) otherwise. */
const REACH: Record<ActorName, readonly FixtureName[]> = {
  clerkA1: ['ownA1'],
  clerkA2: ['ownA2'],
  clerkB1: ['ownB1'],
  managerA: ['ownA1', 'ownA2'],
  managerB: ['ownB1'],
  treasurerA: ['ownA1', 'ownA2'],
  hrA: ['ownA1', 'ownA2'],
  admin: ['ownA1', 'ownA2', 'ownB1'],
};

/** The owned entities under test, with what a fixture row of each holds besides its owner and store. */
const ENTITIES = [
  {
    entity: customerInfo as Entity,
    fixture: (n: number) => ({ customerName: `${MARK}-c${n}`, customerPhone: `1380000000${n}`, remark: '' }),
  },
  {
    entity: customerInvitationRecord as Entity,
    fixture: (n: number) => ({ customerStatus: '1', inviteTime: '2026-11-25 10:00:00', customerID: n, remark: MARK }),
  },
  {
    entity: customerActivity as Entity,
    fixture: (n: number) => ({ customerName: `${MARK}-a${n}`, customerPhone: `1390000000${n}`, customerAddress: 'x' }),
  },
] as const;

type Probe = { t: TestApp; token: string; entity: Entity; id: number };
/** A call of the matrix; `only` limits it to the entities that have it (customerInfo's findAll). */
type Call = { write: boolean; only?: readonly Entity[]; reached(p: Probe): Promise<boolean> };

/**
 * The matrix's calls: each says whether the actor reached the row (saw it, or changed it). A write
 * is only tried on a row out of reach (one in reach would change the fixtures), and must leave it
 * as it was.
 */
const CALLS: Record<string, Call> = {
  page: { write: false, reached: async (p) => (await markerPage(p)).list.some((r) => r.id === p.id) },
  findPage: {
    write: false,
    reached: async (p) => (await markerPage(p, 'findPage')).list.some((r) => r.id === p.id),
  },
  list: {
    write: false,
    reached: async (p) =>
      dataOf(await p.t.post<Row[]>(`${p.entity.prefix}/list`, { keyWord: MARK }, p.token)).some((r) => r.id === p.id),
  },
  info: {
    write: false,
    reached: async (p) => foundOrMissing(await p.t.get(`${p.entity.prefix}/info`, { id: p.id }, p.token)),
  },
  update: {
    write: true,
    reached: async (p) =>
      changedOrRefused(await p.t.post(`${p.entity.prefix}/update`, { id: p.id, remark: 'touched' }, p.token)),
  },
  findAll: {
    write: false,
    only: [customerInfo],
    reached: async (p) =>
      dataOf(await p.t.post<Row[]>(`${p.entity.prefix}/findAll`, { keyWord: MARK }, p.token)).some(
        (r) => r.id === p.id,
      ),
  },
  details: {
    write: false,
    only: [customerInfo],
    reached: async (p) => foundOrMissing(await p.t.post(`${p.entity.prefix}/details`, { id: p.id }, p.token)),
  },
  export: {
    write: false,
    only: [customerInfo, customerActivity],
    reached: async (p) => {
      const row = await p.t.ctx.db.loose
        .selectFrom(p.entity.table)
        .select('customerName')
        .where('id', '=', p.id)
        .executeTakeFirst();
      const file = await exportCall(p.t, p.entity, p.token, { keyWord: MARK, columns: ['customerName'] });
      expect(file.status, file.reply.raw.slice(0, 300)).toBe(200);
      return sheetRows((await readBook(file.bytes)).worksheets[0])
        .flat()
        .includes(row?.customerName);
    },
  },
  batchUpdate: {
    write: true,
    only: [customerInfo],
    reached: async (p) =>
      changedOrRefused(await p.t.post(`${p.entity.prefix}/batchUpdate`, { ids: [p.id], remark: 'touched' }, p.token)),
  },
  remove: {
    write: true,
    only: [customerInfo],
    reached: async (p) => changedOrRefused(await p.t.post(`${p.entity.prefix}/remove`, { ids: [p.id] }, p.token)),
  },
  batchDelete: {
    write: true,
    only: [customerInfo],
    reached: async (p) => changedOrRefused(await p.t.post(`${p.entity.prefix}/batchDelete`, { ids: [p.id] }, p.token)),
  },
  delete: {
    write: true,
    reached: async (p) => changedOrRefused(await p.t.post(`${p.entity.prefix}/delete`, { ids: [p.id] }, p.token)),
  },
};

async function markerPage(p: Omit<Probe, 'id'>, action: 'page' | 'findPage' = 'page'): Promise<PageResult<Row>> {
  return dataOf(
    await p.t.post<PageResult<Row>>(`${p.entity.prefix}/${action}`, { page: 1, size: 50, keyWord: MARK }, p.token),
  );
}

/** Shown, or hidden: a 404, as for an id nobody has (the scope never tells that a row exists). */
function foundOrMissing(reply: Reply): boolean {
  if (reply.status === 200) return true;
  expectRefused(reply, 404);
  return false;
}

/** Changed, or out of reach: a 404 as for an id nobody has, never a scope message that tells the row exists. */
function changedOrRefused(reply: Reply): boolean {
  if (reply.status === 200 && reply.body.code === 1000) return true;
  expectRefused(reply, 404);
  return false;
}

describe.each(testTargets())('the retail data scope, masking and reveal on $name', (target) => {
  let t: TestApp;
  const tokens = {} as Record<ActorName, string>;
  const userIds = {} as Record<ActorName, number>;
  /** Fixture ids by entity table and name. */
  const fixtures: Record<string, Record<FixtureName, number>> = {};
  let storeA: number;
  let storeB: number;

  const stored = (table: string, id: number) =>
    t.ctx.db.loose.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Row | undefined>;

  async function addRole(label: string, menuIdList: number[], departmentIdList: number[]): Promise<number> {
    const body = { name: label, label, relevance: true, menuIdList, departmentIdList };
    return dataOf(await t.post<{ id: number }>('/admin/base/sys/role/add', body, tokens.admin)).id;
  }

  async function addActor(name: ActorName, userLevel: UserLevel, departmentId: number, roleId: number) {
    const body = { username: `scope.${name}`, name, password: PASSWORD, departmentId, userLevel, roleIdList: [roleId] };
    userIds[name] = dataOf(await t.post<{ id: number }>('/admin/base/sys/user/add', body, tokens.admin)).id;
    tokens[name] = (await t.login(`scope.${name}`, PASSWORD)).token;
  }

  async function insert(table: string, values: Record<string, unknown>): Promise<number> {
    const now = formatTime();
    return insertReturningId(asLoose(t.ctx.db.db), t.ctx.db.kind, table, {
      ...values,
      createTime: now,
      updateTime: now,
    });
  }

  beforeAll(async () => {
    t = await startApp(target);
    tokens.admin = (await t.login()).token;
    userIds.admin = 1;
    const dept = await departmentIds(t, tokens.admin);
    storeA = dept('上海南京路店');
    storeB = dept('广州天河店');
    // Every actor holds every customer permission (the store manager's seeded menus), so a write
    // out of reach is refused by the scope, not by a missing permission.
    const roles = dataOf(
      await t.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {}, tokens.admin),
    );
    const seededManager = roles.find((r) => r.label === 'store1.manager')?.id ?? 0;
    const { menuIdList } = dataOf(
      await t.get<{ menuIdList: number[] }>('/admin/base/sys/role/info', { id: seededManager }, tokens.admin),
    );
    const noGrants = await addRole('scope.none', menuIdList, []);
    const grantsA = await addRole('scope.storeA', menuIdList, [storeA]);
    // A clerk's grants do not widen what they reach: clerkA1 holds store A's grant and still sees only their own.
    await addActor('clerkA1', 'clerk', storeA, grantsA);
    await addActor('clerkA2', 'clerk', storeA, noGrants);
    await addActor('clerkB1', 'clerk', storeB, noGrants);
    // Managers reach their store with no grant at all: their own department is enough.
    await addActor('managerA', 'storeManger', storeA, noGrants);
    await addActor('managerB', 'storeManger', storeB, noGrants);
    await addActor('treasurerA', 'treasurer', dept('财务部'), grantsA);
    await addActor('hrA', 'hr', dept('人力资源部'), grantsA);

    const owners: Record<FixtureName, [ActorName, number]> = {
      ownA1: ['clerkA1', storeA],
      ownA2: ['clerkA2', storeA],
      ownB1: ['clerkB1', storeB],
    };
    for (const [n, { entity, fixture }] of ENTITIES.entries()) {
      const ids = {} as Record<FixtureName, number>;
      for (const [i, [name, [owner, store]]] of Object.entries(owners).entries()) {
        const values = { ...fixture(n * 10 + i), employeeId: userIds[owner], storeId: store };
        ids[name as FixtureName] = await insert(entity.table, values);
      }
      fixtures[entity.table] = ids;
    }
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('the matrix', () => {
    const actors = Object.keys(REACH) as ActorName[];
    const cases = ENTITIES.flatMap(({ entity }) =>
      Object.entries(CALLS)
        .filter(([, { only }]) => !only || only.includes(entity))
        .flatMap(([call, { write }]) =>
          actors.map((actor) => ({ entity, call, write, actor, label: `${entity.path} ${call} as ${actor}` })),
        ),
    );

    it.each(cases)('$label reaches exactly the rows of its scope', async ({ entity, call, write, actor }) => {
      const probe = CALLS[call];
      if (!probe) throw new Error(call);
      for (const [name, id] of Object.entries(fixtures[entity.table] ?? {})) {
        const inReach = REACH[actor].includes(name as FixtureName);
        if (write && inReach) continue;
        const before = await stored(entity.table, id);
        const reached = await probe.reached({ t, token: tokens[actor], entity, id });
        expect(reached, `${name} (${id})`).toBe(inReach);
        if (write) expect(await stored(entity.table, id)).toEqual(before);
      }
    });

    it.each(
      actors.flatMap((actor) => ENTITIES.map(({ entity }) => ({ actor, entity, label: `${entity.path} as ${actor}` }))),
    )('counts only the rows in scope in the page total: $label', async ({ actor, entity }) => {
      const page = await markerPage({ t, token: tokens[actor], entity });
      expect(page.pagination.total).toBe(REACH[actor].length);
      const found = await markerPage({ t, token: tokens[actor], entity }, 'findPage');
      expect(found.pagination.total).toBe(REACH[actor].length);
    });

    it.each(actors)('counts only the customers in scope in total: %s', async (actor) => {
      const total = dataOf(await t.get<number>(`${customerInfo.prefix}/total`, { keyWord: MARK }, tokens[actor]));
      expect(total).toBe(REACH[actor].length);
    });

    it('lets an update in scope through, and a delete in scope', async () => {
      const id = fixtures[customerInfo.table]?.ownA2 ?? 0;
      dataOf(await t.post(`${customerInfo.prefix}/update`, { id, remark: 'by the manager' }, tokens.managerA));
      expect((await stored(customerInfo.table, id))?.remark).toBe('by the manager');
      const spare = await insert(customerInfo.table, {
        customerName: 'spare',
        customerPhone: '13700000000',
        employeeId: userIds.clerkA1,
        storeId: storeA,
      });
      dataOf(await t.post(`${customerInfo.prefix}/delete`, { ids: [spare] }, tokens.managerA));
      expect(await stored(customerInfo.table, spare)).toBeUndefined();
    });
  });

  describe('writes that would leave the scope', () => {
    it('refuses an update that moves a row to another store or owner, and keeps the row', async () => {
      const id = fixtures[customerInfo.table]?.ownA1 ?? 0;
      const before = await stored(customerInfo.table, id);
      const moves = [{ storeId: storeB, employeeId: userIds.clerkB1 }, { employeeId: userIds.clerkA2 }];
      expectRuleRefusal(await t.post(`${customerInfo.prefix}/update`, { id, ...moves[0] }, tokens.managerA));
      expectRuleRefusal(await t.post(`${customerInfo.prefix}/update`, { id, ...moves[1] }, tokens.clerkA1));
      expect(await stored(customerInfo.table, id)).toEqual(before);
    });

    it('refuses an add for another owner out of scope, and gives an add without an owner to the operator', async () => {
      const other = { customerName: 'not mine', customerPhone: '13600000001', employeeId: userIds.clerkA2 };
      const refused = await t.post(`${customerInfo.prefix}/add`, other, tokens.clerkA1, { language: 'en' });
      expectRuleRefusal(refused);
      const { id } = dataOf(
        await t.post<{ id: number }>(
          `${customerInfo.prefix}/add`,
          { customerName: 'mine', customerPhone: '13600000002' },
          tokens.clerkA1,
        ),
      );
      expect(await stored(customerInfo.table, id)).toMatchObject({ employeeId: userIds.clerkA1, storeId: storeA });
    });

    it('lets a manager give a row to a clerk of the store', async () => {
      const body = {
        customerName: 'given',
        customerPhone: '13600000003',
        employeeId: userIds.clerkA2,
        storeId: storeA,
      };
      const { id } = dataOf(await t.post<{ id: number }>(`${customerInfo.prefix}/add`, body, tokens.managerA));
      expect(await stored(customerInfo.table, id)).toMatchObject({ employeeId: userIds.clerkA2, storeId: storeA });
    });
  });

  describe('masking', () => {
    const PHONE = '13812345678';
    const ID_NO = '110101199001061234'; // a valid mainland ID (issue 24 §2 checks the digit)
    let customer: number;
    let activity: number;

    beforeAll(async () => {
      customer = await insert(customerInfo.table, {
        customerName: 'masked',
        customerPhone: PHONE,
        diseaseInformation: 'asthma',
        employeeId: userIds.clerkA1,
        storeId: storeA,
      });
      activity = await insert(customerActivity.table, {
        customerName: 'masked',
        customerPhone: PHONE,
        customerAddress: 'somewhere',
        customerId: customer,
        idCardNo: ID_NO,
        employeeId: userIds.clerkA1,
        storeId: storeA,
      });
    });

    /** The row as page, list and info answer it to this actor. */
    async function answers(entity: Entity, id: number, token: string): Promise<Row[]> {
      const page = dataOf(await t.post<PageResult<Row>>(`${entity.prefix}/page`, { page: 1, size: 100 }, token));
      const list = dataOf(await t.post<Row[]>(`${entity.prefix}/list`, {}, token));
      const info = dataOf(await t.get<Row>(`${entity.prefix}/info`, { id }, token));
      const found = dataOf(await t.post<PageResult<Row>>(`${entity.prefix}/findPage`, { page: 1, size: 100 }, token));
      const rows = [page.list, list, [info], found.list].map((answer) => answer.find((r) => r.id === id));
      if (entity === customerInfo) {
        const all = dataOf(await t.post<Row[]>(`${entity.prefix}/findAll`, {}, token));
        const details = dataOf(await t.post<Row>(`${entity.prefix}/details`, { id }, token));
        rows.push(
          all.find((r) => r.id === id),
          details,
        );
      }
      return rows.map((r) => {
        if (!r) throw new Error(`row ${id} missing`);
        return r;
      });
    }

    it.each(['admin', 'managerA', 'clerkA1'] as const)(
      'masks every answer that carries a row, even for %s',
      async (actor) => {
        for (const row of await answers(customerInfo, customer, tokens[actor])) {
          expect(row).toMatchObject({ customerPhone: '138****5678', diseaseInformation: '***' });
        }
        for (const row of await answers(customerActivity, activity, tokens[actor])) {
          expect(row).toMatchObject({ customerPhone: '138****5678', idCardNo: '1101**********1234' });
        }
        const details = dataOf(
          await t.post<{ activities: Row[] }>(`${customerInfo.prefix}/details`, { id: customer }, tokens[actor]),
        );
        expect(details.activities).toEqual([
          expect.objectContaining({ id: activity, customerPhone: '138****5678', idCardNo: '1101**********1234' }),
        ]);
      },
    );

    it('keeps the stored values when a form sends the masked ones back unchanged', async () => {
      const shown = dataOf(await t.get<Row>(`${customerInfo.prefix}/info`, { id: customer }, tokens.managerA));
      const { customerPhone, diseaseInformation } = shown;
      const body = { id: customer, customerName: 'masked, renamed', customerPhone, diseaseInformation };
      dataOf(await t.post(`${customerInfo.prefix}/update`, body, tokens.managerA));
      expect(await stored(customerInfo.table, customer)).toMatchObject({
        customerName: 'masked, renamed',
        customerPhone: PHONE,
        diseaseInformation: 'asthma',
      });
      dataOf(
        await t.post(`${customerInfo.prefix}/update`, { id: customer, customerPhone: '13912345678' }, tokens.managerA),
      );
      expect((await stored(customerInfo.table, customer))?.customerPhone).toBe('13912345678');
      dataOf(await t.post(`${customerInfo.prefix}/update`, { id: customer, customerPhone: PHONE }, tokens.managerA));
    });

    it('masks the rows of a deletion in the recycle bin; a restore brings back the clear values', async () => {
      const phone = '13755556666';
      const id = await insert(customerInfo.table, {
        customerName: 'binned',
        customerPhone: phone,
        diseaseInformation: 'gout',
        employeeId: userIds.clerkA1,
        storeId: storeA,
      });
      dataOf(await t.post(`${customerInfo.prefix}/delete`, { ids: [id] }, tokens.managerA));
      const page = dataOf(
        await t.post<PageResult<Row>>('/admin/recycle/data/page', { page: 1, size: 100 }, tokens.admin),
      );
      const record = page.list.find((r) => JSON.stringify(r.data).includes('binned'));
      expect(record?.data).toEqual([
        expect.objectContaining({ customerPhone: '137****6666', diseaseInformation: '***' }),
      ]);
      expect(JSON.stringify(page)).not.toContain(phone);
      dataOf(await t.post('/admin/recycle/data/restore', { ids: [record?.id] }, tokens.admin));
      expect(await stored(customerInfo.table, id)).toMatchObject({ customerPhone: phone, diseaseInformation: 'gout' });
    });

    it('finds a customer by the full phone number in the keyword search', async () => {
      const page = dataOf(
        await t.post<PageResult<Row>>(
          `${customerInfo.prefix}/page`,
          { page: 1, size: 10, keyWord: PHONE },
          tokens.clerkA1,
        ),
      );
      expect(page.list.map((r) => r.id)).toEqual([customer]);
      const other = dataOf(
        await t.post<PageResult<Row>>(
          `${customerInfo.prefix}/page`,
          { page: 1, size: 10, keyWord: PHONE },
          tokens.clerkA2,
        ),
      );
      expect(other.pagination.total).toBe(0);
    });

    describe('reveal', () => {
      const revealed = () => t.ctx.db.loose.selectFrom(customerRevealLog.table).selectAll().execute() as Promise<Row[]>;

      it('answers the clear value to a holder of the permission and writes the audit entry', async () => {
        const reply = await t.post<{ value: string }>(
          `${customerInfo.prefix}/reveal`,
          { id: customer, field: 'customerPhone', reason: 'calling back' },
          tokens.managerA,
        );
        expect(dataOf(reply)).toEqual({ value: PHONE });
        const card = await t.post<{ value: string }>(
          `${customerActivity.prefix}/reveal`,
          { id: activity, field: 'idCardNo', reason: 'prize paperwork' },
          tokens.managerA,
        );
        expect(dataOf(card)).toEqual({ value: ID_NO });
        expect(await revealed()).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              userId: userIds.managerA,
              target: customerInfo.table,
              recordId: customer,
              field: 'customerPhone',
              reason: 'calling back',
            }),
            expect.objectContaining({ target: customerActivity.table, recordId: activity, field: 'idCardNo' }),
          ]),
        );
      });

      it('answers a row out of scope as a missing one and writes nothing', async () => {
        const before = (await revealed()).length;
        const reply = await t.post(
          `${customerInfo.prefix}/reveal`,
          { id: customer, field: 'customerPhone', reason: 'curious' },
          tokens.managerB,
        );
        // Out of scope is answered as an id nobody has.
        expectRefused(reply, 404);
        expect(reply.raw).not.toContain(PHONE);
        expectRefused(
          await t.post(
            `${customerInfo.prefix}/reveal`,
            { id: 999_999, field: 'customerPhone', reason: 'x1' },
            tokens.managerA,
          ),
          404,
        );
        expect((await revealed()).length).toBe(before);
      });

      it('lets the owner reveal her own customer without the reveal permission, audited; nobody else without it', async () => {
        const clerkOnly = dataOf(
          await t.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {}, tokens.admin),
        ).find((r) => r.label === 'clerk')?.id;
        const body = {
          username: 'scope.plainclerk',
          name: 'plain',
          password: PASSWORD,
          departmentId: storeA,
          userLevel: 'clerk',
          roleIdList: [clerkOnly],
        };
        const { id } = dataOf(await t.post<{ id: number }>('/admin/base/sys/user/add', body, tokens.admin));
        const token = (await t.login('scope.plainclerk', PASSWORD)).token;
        const own = await insert(customerInfo.table, {
          customerName: 'p',
          customerPhone: PHONE,
          employeeId: id,
          storeId: storeA,
        });
        const before = (await revealed()).length;
        const reply = await t.post<{ value: string }>(
          `${customerInfo.prefix}/reveal`,
          { id: own, field: 'customerPhone', reason: 'mine' },
          token,
        );
        expect(dataOf(reply).value).toBe(PHONE);
        const entries = await revealed();
        expect(entries.length).toBe(before + 1);
        expect(entries.at(-1)).toMatchObject({ userId: id, recordId: own, field: 'customerPhone', reason: 'mine' });
        // Another clerk's customer of the same store is not in her scope: as an id nobody has.
        expectRefused(
          await t.post(`${customerInfo.prefix}/reveal`, { id: customer, field: 'customerPhone', reason: 'x1' }, token),
          404,
        );
        // The seeded treasurer holds no customer file (activities and reports only, issue 37): the
        // row is not hers to open, and a reveal is refused with nothing audited.
        const treasurerRole = dataOf(
          await t.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list', {}, tokens.admin),
        ).find((r) => r.label === 'treasurer')?.id;
        const treasurer = {
          ...body,
          username: 'scope.plaintreasurer',
          userLevel: 'treasurer',
          roleIdList: [treasurerRole],
        };
        dataOf(await t.post('/admin/base/sys/user/add', treasurer, tokens.admin));
        const treasurerToken = (await t.login('scope.plaintreasurer', PASSWORD)).token;
        expectRefused(await t.get(`${customerInfo.prefix}/info`, { id: own }, treasurerToken), 403);
        expectRefused(
          await t.post(
            `${customerInfo.prefix}/reveal`,
            { id: own, field: 'customerPhone', reason: 'x2' },
            treasurerToken,
          ),
          403,
        );
        expect((await revealed()).length).toBe(before + 1);
      });

      it('lists audit entries with the operator name and the customer name, only about rows the reader can see', async () => {
        const theirs = fixtures[customerInfo.table]?.ownB1 ?? 0;
        // An activity's own customer name, unlike its customer's: the entry names the activity's.
        await t.ctx.db.loose
          .updateTable(customerActivity.table)
          .set({ customerName: 'prize winner' })
          .where('id', '=', activity)
          .execute();
        const nameOf = async (table: string, id: number) =>
          (
            (await t.ctx.db.loose.selectFrom(table).select('customerName').where('id', '=', id).executeTakeFirst()) as
              | { customerName: string }
              | undefined
          )?.customerName;
        dataOf(
          await t.post(
            `${customerInfo.prefix}/reveal`,
            { id: theirs, field: 'customerPhone', reason: 'store B audit' },
            tokens.admin,
          ),
        );
        const read = async (token: string) =>
          dataOf(await t.post<PageResult<Row>>(`${customerRevealLog.prefix}/page`, { page: 1, size: 100 }, token)).list;
        const all = await read(tokens.admin);
        const customerName = await nameOf(customerInfo.table, customer);
        const theirName = await nameOf(customerInfo.table, theirs);
        expect(customerName).toBeTruthy();
        expect(all.find((r) => r.reason === 'calling back')).toMatchObject({
          userName: 'managerA',
          recordId: customer,
          recordName: customerName,
        });
        expect(all.find((r) => r.reason === 'prize paperwork')).toMatchObject({ recordName: 'prize winner' });
        expect(all.find((r) => r.reason === 'store B audit')).toMatchObject({
          userName: '超级管理员',
          recordName: theirName,
        });
        const a = await read(tokens.managerA);
        expect(a.map((r) => r.reason)).toEqual(expect.arrayContaining(['calling back', 'prize paperwork']));
        expect(a.find((r) => r.reason === 'calling back')?.recordName).toBe(customerName);
        // Neither the entry nor the name of another store's customer reaches this store's manager.
        expect(a.map((r) => r.reason)).not.toContain('store B audit');
        expect(a.map((r) => r.recordName)).not.toContain(theirName);
        const b = await read(tokens.managerB);
        expect(b.find((r) => r.reason === 'store B audit')?.recordName).toBe(theirName);
        expect(b.map((r) => r.reason)).not.toContain('calling back');
        expect(b.map((r) => r.recordName)).not.toContain(customerName);
      });
    });
  });

  describe('the request log', () => {
    it('never holds a sensitive value in clear: not an added phone, not a keyword of the full number', async () => {
      const phone = '13911112222';
      const card = '440101199202023333';
      dataOf(
        await t.post(
          `${customerInfo.prefix}/add`,
          { customerName: 'logged', customerPhone: phone, diseaseInformation: 'private' },
          tokens.managerA,
        ),
      );
      const found = dataOf(
        await t.post<PageResult<Row>>(
          `${customerInfo.prefix}/page`,
          { page: 1, size: 10, keyWord: phone },
          tokens.managerA,
        ),
      );
      expect(found.pagination.total).toBe(1);
      await t.post(`${customerActivity.prefix}/list`, { keyWord: card, idCardNo: card }, tokens.managerA);
      await t.get(`${customerInfo.prefix}/info`, { id: 1, customerPhone: phone }, tokens.managerA);
      const [added] = await logged([
        ['/admin/customer/info/add', (params) => params.includes('logged')],
        ['/admin/customer/info/page', (params) => params.includes('"size":10')],
        ['/admin/customer/activity/list', () => true],
      ]);
      expect(JSON.parse(String(added?.params))).toMatchObject({
        customerPhone: '139****2222',
        diseaseInformation: '***',
      });
      const everything = JSON.stringify(await t.ctx.db.loose.selectFrom('base_sys_log').select('params').execute());
      expect(everything).not.toContain(phone);
      expect(everything).not.toContain(card);
      expect(everything).not.toContain('private');
    });

    it('keeps a keyword without a digit run readable', async () => {
      await t.post(`${customerInfo.prefix}/page`, { page: 1, size: 10, keyWord: 'Wang 138' }, tokens.managerA);
      const [row] = await logged([['/admin/customer/info/page', (params) => params.includes('Wang 138')]]);
      expect(JSON.parse(String(row?.params))).toMatchObject({ keyWord: 'Wang 138' });
    });

    /** For each action, a log row of it whose params match, once all are written (rows are written in batches). */
    async function logged(expected: Array<[string, (params: string) => boolean]>): Promise<Row[]> {
      for (let i = 0; i < 100; i += 1) {
        const rows = (await t.ctx.db.loose.selectFrom('base_sys_log').selectAll().execute()) as Row[];
        const hits = expected.map(([action, match]) =>
          rows.find((r) => r.action === action && match(String(r.params))),
        );
        if (hits.every((hit) => hit !== undefined)) return hits as Row[];
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`not logged: ${expected.map(([action]) => action).join(', ')}`);
    }
  });

  describe('the seeded chain', () => {
    type User = { id: number; username: string; userLevel: string; departmentId: number };

    it('has two regions of two stores each, marked as stores', async () => {
      const departments = dataOf(
        await t.post<Array<{ id: number; name: string; parentId: number | null; isStore: boolean }>>(
          '/admin/base/sys/department/list',
          {},
          tokens.admin,
        ),
      );
      const stores = departments.filter((d) => d.isStore);
      expect(stores.map((d) => d.name).sort()).toEqual(
        ['上海南京路店', '广州天河店', '杭州西湖店', '深圳南山店'].sort(),
      );
      const regions = new Set(stores.map((s) => s.parentId));
      expect(regions.size).toBe(2);
      for (const region of departments.filter((d) => regions.has(d.id))) expect(region.isStore).toBe(false);
    });

    it('has a manager and two clerks per store, a treasurer and an HR officer, each with their level', async () => {
      const users = dataOf(
        await t.post<PageResult<User>>('/admin/base/sys/user/page', { page: 1, size: 100 }, tokens.admin),
      ).list.filter((u) => !u.username.startsWith('scope.') && u.username !== 'admin');
      const dept = await departmentIds(t, tokens.admin);
      for (const [n, store] of ['上海南京路店', '杭州西湖店', '广州天河店', '深圳南山店'].entries()) {
        const staff = users.filter((u) => u.departmentId === dept(store));
        expect(staff.map((u) => [u.username, u.userLevel]).sort()).toEqual([
          [`store${n + 1}.clerk1`, 'clerk'],
          [`store${n + 1}.clerk2`, 'clerk'],
          [`store${n + 1}.manager`, 'storeManger'],
        ]);
      }
      expect(users.find((u) => u.username === 'treasurer')).toMatchObject({
        userLevel: 'treasurer',
        departmentId: dept('财务部'),
      });
      expect(users.find((u) => u.username === 'hr')).toMatchObject({
        userLevel: 'hr',
        departmentId: dept('人力资源部'),
      });
    });

    it('gives each level a role for its work, once the operator sets a password', async () => {
      const users = dataOf(
        await t.post<PageResult<User>>('/admin/base/sys/user/page', { page: 1, size: 100 }, tokens.admin),
      ).list;
      const permsOf = async (username: string) => {
        const id = users.find((u) => u.username === username)?.id;
        dataOf(await t.post('/admin/base/sys/user/update', { id, password: PASSWORD }, tokens.admin));
        const token = (await t.login(username, PASSWORD)).token;
        return dataOf(await t.get<{ perms: string[] }>('/admin/base/comm/permmenu', {}, token)).perms;
      };
      const clerk = await permsOf('store1.clerk1');
      expect(clerk).toEqual(expect.arrayContaining([customerInfo.perms.page, customerInfo.perms.create]));
      expect(clerk).not.toContain(customerInfo.perms.delete);
      expect(clerk).not.toContain(customerInfo.perms.reveal);
      const manager = await permsOf('store1.manager');
      expect(manager).toEqual(
        expect.arrayContaining([customerInfo.perms.handOver, customerInfo.perms.reveal, customerInfo.perms.export]),
      );
      expect(manager).not.toContain('base:sys:role:add');
      // Changed with the roles that fit the jobs (issue 37): the manager runs her store's staff, the
      // treasurer reads activities and prizes (no customer file), HR the roster and no customer's data.
      expect(manager).toEqual(expect.arrayContaining(['base:sys:user:add', 'base:sys:user:update']));
      const treasurer = await permsOf('treasurer');
      expect(treasurer).toEqual(expect.arrayContaining([customerActivity.perms.page, customerActivity.perms.export]));
      expect(treasurer).not.toContain(customerInfo.perms.page);
      expect(treasurer).not.toContain(customerActivity.perms.update);
      const hr = await permsOf('hr');
      expect(hr).toEqual(expect.arrayContaining(['base:sys:user:page', 'base:sys:user:update']));
      expect(hr).not.toContain(customerRevealLog.perms.page);
      expect(hr.filter((p) => p.startsWith('customer:'))).toEqual([]);
    });

    it('gives its staff no password anyone knows', async () => {
      for (const password of ['123456', '', 'store2.manager']) {
        const reply = await t.post('/admin/base/open/login', { username: 'store2.manager', password });
        expect(reply.body.code).not.toBe(1000);
      }
    });

    it('seeds the customer dictionaries', async () => {
      const dict = dataOf(
        await t.post<Record<string, Array<{ value: string | number }>>>('/admin/dict/info/data', {}, tokens.admin),
      );
      expect(dict.invitationStatus?.map((i) => String(i.value))).toEqual(['1', '2', '3', '4']);
      expect(dict.idCardType?.length).toBe(4);
      expect(dict.customerType?.length).toBe(3);
    });
  });
});
