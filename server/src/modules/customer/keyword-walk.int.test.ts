import type { CustomerInfo, PageResult } from '@backroom/contract';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeExpression } from '../../core/crud/query.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, setUpChain } from './customer.test-support.js';

// A keyword the text index names in many rows (2,000 or more: keyword-plan.ts, COMMON_KEYWORD) has its
// page sought first among the newest rows, by the LIKEs alone, and by the index only when that
// window does not hold a full page. Whichever plan answers, the page and its total must be what a
// plain LIKE over the keyword fields gives, in the principal's scope, for any page size and order.

const PAGE = '/admin/customer/info/page';
const FIELDS = ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'];
/** Rows written straight into the table (the index's triggers keep their pieces). */
const ROWS = 3_100;
/** The oldest rows hold 明; the newest thousand do not, so a walk of a thousand rows finds none. */
const COMMON_UNTIL = 2_100;

describe.each(testTargets())('a common keyword on $name', (target) => {
  let t: TestApp;
  let chain: Chain;
  /** The SQL of every read the services ran since the last look, and the reads themselves. */
  const reads: string[] = [];
  const queries: CompiledQuery<unknown>[] = [];

  beforeAll(async () => {
    t = await startApp(target);
    chain = await setUpChain(t);
    const owners = [
      { employeeId: chain.clerkA1.id, storeId: chain.storeA },
      { employeeId: chain.clerkA2.id, storeId: chain.storeA },
      { employeeId: chain.clerkB1.id, storeId: chain.storeB },
    ];
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const n = i + 1;
      return {
        createTime: '2026-11-27 09:00:00',
        updateTime: '2026-11-27 09:00:00',
        customerCode: `W${String(n).padStart(6, '0')}`,
        customerName: n <= COMMON_UNTIL ? `${n % 2 ? '王' : '李'}明${n % 10}` : `张伟${n % 10}`,
        customerPhone: `177${String(n * 7).padStart(8, '0')}`,
        customerAddress: n % 5 === 0 ? '上海市张杨路' : '',
        customerStatus: n % 50 === 0 ? '2' : '0',
        ...owners[n % 3],
      };
    });
    for (let i = 0; i < rows.length; i += 200) {
      await t.ctx.db.loose
        .insertInto('customer_info')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const { db } = t.ctx;
    const read = db.read.bind(db);
    db.read = <R>(query: CompiledQuery<R>) => {
      reads.push(query.sql);
      queries.push(query);
      return read(query);
    };
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** The page a plain LIKE gives, without any index, the scope written out by hand. */
  async function likePage(
    keyWord: string,
    scope: { employeeId?: number; storeId?: number },
    filter: { customerStatus?: string },
    page: number,
    size: number,
    sort: 'asc' | 'desc',
  ) {
    let q = t.ctx.db.loose
      .selectFrom('customer_info as a')
      .where((eb) => eb.or(FIELDS.map((f) => likeExpression(t.ctx.db.kind, `a.${f}`, keyWord))));
    if (scope.employeeId !== undefined) q = q.where('a.employeeId', '=', scope.employeeId);
    if (scope.storeId !== undefined) q = q.where('a.storeId', '=', scope.storeId);
    if (filter.customerStatus !== undefined) q = q.where('a.customerStatus', '=', filter.customerStatus);
    const rows = await q
      .select('a.id')
      .orderBy('a.id', sort)
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const [count] = await q.select((eb) => eb.fn.countAll().as('n')).execute();
    return { ids: rows.map((r) => Number(r.id)), total: Number(count?.n) };
  }

  it('answers every page and total as a LIKE does, for each principal, size, order and filter', async () => {
    const principals = [
      { name: 'admin', token: () => chain.admin, scope: {} },
      { name: 'clerk', token: () => chain.clerkA1.token, scope: { employeeId: chain.clerkA1.id } },
      { name: 'manager', token: () => chain.managerA.token, scope: { storeId: chain.storeA } },
    ];
    const mismatches: string[] = [];
    let pages = 0;
    // '3上' spans two fields (a name's end, an address's start): no field holds it.
    for (const keyWord of ['明', '王明', '张', '7', '上海', '明1', 'w0', '3上']) {
      for (const principal of principals) {
        for (const filter of [{}, { customerStatus: '2' }]) {
          for (const [size, page] of [
            [20, 1],
            [20, 3],
            [1, 1],
            [2, 600],
            [7, 2],
          ] as const) {
            for (const sort of ['desc', 'asc'] as const) {
              const body = { keyWord, page, size, sort, ...filter };
              const got = dataOf(await t.post<PageResult<CustomerInfo>>(PAGE, body, principal.token()));
              const want = await likePage(keyWord, principal.scope, filter, page, size, sort);
              pages += 1;
              const ids = got.list.map((r) => r.id);
              if (JSON.stringify(ids) !== JSON.stringify(want.ids) || got.pagination.total !== want.total) {
                mismatches.push(
                  `${principal.name} ${JSON.stringify(body)}: ${ids.join(',')} of ${got.pagination.total}, LIKE ${want.ids.join(',')} of ${want.total}`,
                );
              }
            }
          }
        }
      }
    }
    expect(pages).toBe(480);
    expect(mismatches).toEqual([]);
  });

  /** The reads one page request ran. */
  async function readsOf(body: Record<string, unknown>, token: string): Promise<string[]> {
    reads.length = 0;
    queries.length = 0;
    dataOf(await t.post(PAGE, { page: 1, size: 20, ...body }, token));
    return [...reads];
  }
  const walks = (sqlText: string) => /coalesce\(\(+select/.test(sqlText);
  /** A page's query ends with its window (query.ts, WINDOW_AT_END); a count has none. */
  const pageQuery = (sqlText: string) => /\blimit (\?|\$\d+) offset (\?|\$\d+)$/.test(sqlText);

  // Together they read the clerk's principal once (core/auth/gate.ts, `reading`), so they share its
  // principalKey, and with it the factory's total under way (`counting`).
  it('counts once for requests that ask the same total at the same time', async () => {
    reads.length = 0;
    const body = { keyWord: '伟', page: 1, size: 2 };
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => t.post<PageResult<CustomerInfo>>(PAGE, body, chain.clerkA2.token)),
    );
    const totals = pages.map((p) => dataOf(p).pagination.total);
    const want = await likePage('伟', { employeeId: chain.clerkA2.id }, {}, 1, 2, 'desc');
    expect(totals).toEqual(Array(5).fill(want.total));
    expect(reads.filter((s) => /count\(\*\)/.test(s) && !/ limit /.test(s))).toHaveLength(1);
  });

  if (target.name === 'mysql') {
    // MariaDB has no text index: every keyword is a LIKE scan, which walks the newest rows itself.
    it('never walks on MariaDB, where the LIKE scan is the only plan', async () => {
      expect((await readsOf({ keyWord: '明' }, chain.admin)).filter(walks)).toEqual([]);
    });
  } else {
    it('walks the newest rows for a common keyword, and asks the index for a rare one', async () => {
      const common = await readsOf({ keyWord: '明' }, chain.admin);
      expect(common.filter(walks)).toHaveLength(1);
      // The walk found the page: no other page query ran (the index answers only the total).
      expect(common.filter((s) => !walks(s) && pageQuery(s))).toEqual([]);
      // 明1 is in 210 rows: below COMMON_KEYWORD, the index's list is the plan.
      const rare = await readsOf({ keyWord: '明1' }, chain.admin);
      expect(rare.filter(walks)).toEqual([]);
      // PostgreSQL reads the index's list in the page's order, joined (query.ts, textIndexOrderedRows).
      const joinsList = (s: string) => /\) as "c" inner join "customer_info" as "a" on "a"\."id" = "c"\."id"/.test(s);
      expect(rare.filter((s) => pageQuery(s) && joinsList(s))).toHaveLength(target.name === 'postgres' ? 1 : 0);
      // The newest thousand rows hold no 明: a page of one walks them in vain, then asks the index.
      const fallback = await readsOf({ keyWord: '明', size: 1 }, chain.admin);
      expect(fallback.filter(walks)).toHaveLength(1);
      expect(fallback.filter((s) => !walks(s) && pageQuery(s) && /customer_info_fts_pairs/.test(s))).toHaveLength(1);
      // The index answers what the LIKEs would for one or two characters: the count reads no row
      // for them, and none at all with nothing else to check (textIndexDecides, textIndexCount).
      const counts = (sqls: string[]) => sqls.filter((s) => /count\(\*\)/.test(s) && !/ limit /.test(s));
      expect(counts(await readsOf({ keyWord: '张伟', size: 2 }, chain.admin))).toEqual([
        expect.not.stringMatching(/"customer_info" as "a"|like/),
      ]);
      expect(counts(await readsOf({ keyWord: '张伟', size: 2 }, chain.clerkA1.token))).toEqual([
        expect.not.stringMatching(/like/),
      ]);
      expect(counts(await readsOf({ keyWord: '张伟1', size: 2 }, chain.admin))).toEqual([
        expect.stringMatching(/like/),
      ]);
      // Ordered by another column, the walk's order is not the page's.
      const byName = await readsOf({ keyWord: '明', order: 'customerName' }, chain.admin);
      expect(byName.filter(walks)).toEqual([]);
    });
  }

  // SQLite's owner index holds the keyword fields (IndexDecl.covering): a clerk's walk is a range
  // of it, whose entries decide the LIKEs before a row is read.
  if (target.name === 'sqlite')
    it("walks a clerk's newest rows through the owner index that holds the keyword fields", async () => {
      expect((await readsOf({ keyWord: '明' }, chain.clerkA1.token)).filter(walks)).toHaveLength(1);
      const walk = queries.find((q) => walks(q.sql));
      if (!walk) throw new Error('no walk ran');
      const { rows } = await t.ctx.db.db.executeQuery(
        CompiledQuery.raw(`explain query plan ${walk.sql}`, [...walk.parameters]),
      );
      const plan = rows.map((r) => String((r as { detail: string }).detail));
      expect(plan[0]).toMatch(/^SEARCH a USING INDEX idx_customer_info_owner_search \(employeeId=\? AND id>\?\)/);
      const { rows: held } = await t.ctx.db.db.executeQuery(
        CompiledQuery.raw(`select name from pragma_index_info('idx_customer_info_owner_search') order by seqno`),
      );
      expect(held.map((r) => (r as { name: string }).name)).toEqual(['employeeId', 'id', ...FIELDS]);
    });
});
