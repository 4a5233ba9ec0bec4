import { type CustomerInfo, customerInfo, normalisePhone, type PageResult } from '@backroom/contract';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { PIECE_STATISTICS } from '../db/text-index-ddl.js';
import { applyFilters, baseQuery, likeExpression } from './query.js';

// Customers declare `query.textIndex`: their keyword goes through SQLite's FTS5 trigram table or
// PostgreSQL's pg_trgm indexes, a keyword of one or two characters through the pairs (MariaDB
// scans with LIKE). Whatever the path, the answer must be what LIKE '%keyword%' over the keyword
// fields gives: literal text, any case, any length.

type Id = { id: number };
const PAGE = '/admin/customer/info/page';

/** The customers every search below runs over, by a short name of ours. */
const CUSTOMERS = {
  wang: {
    customerName: '王秀英',
    customerPhone: '13812345678',
    customerCode: 'C00000001',
    customerAddress: 'Shanghai Road 12',
  },
  alice: {
    customerName: 'Alice Smith',
    customerPhone: '13900001111',
    customerCode: 'C00000002',
    customerAddress: '北京市朝阳区',
  },
  odd: {
    customerName: '100% Pure_Tea "Co" AND',
    customerPhone: '13700002222',
    customerCode: 'C00000003',
    remark: 'NEAR(a b) * ^x',
  },
  li: { customerName: '李雷', customerPhone: '15000003333', customerCode: 'C00000004' },
  bob: { customerName: 'Bob', customerPhone: '15100004444', customerCode: 'X1Y' },
  // Codes and phone numbers of other shapes: letters in both cases, non-ASCII letters, separators,
  // a piece repeated, a code shorter than a piece and one as long as the column allows.
  mixed: {
    customerName: 'Mixed Case',
    customerPhone: '+86 138-0000-9999',
    customerCode: 'AbC-ÄÖ-9876-XYZ-01',
    customerAddress: 'Abc Straße 7',
  },
  repeat: {
    customerName: 'Ünïcode Ärger',
    customerPhone: '1212121212121212',
    customerCode: 'ab',
    remark: 'code C000-0001 in a remark',
  },
  long: {
    customerName: '张',
    customerPhone: '13955500017',
    customerCode: 'ZZ-0198765-0198765-0198765-019',
    customerAddress: '5550001 号',
  },
} as const;

describe.each(testTargets())('customer keyword search on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const keepsPairs = target.name !== 'mysql';
  const ids = new Map<number, string>();

  /** The pairs the database keeps for a row (MariaDB keeps none). */
  async function pairsOf(id: number): Promise<string[]> {
    const rows = await t.ctx.db.loose
      .selectFrom('customer_info_fts_pairs')
      .select('gram')
      .where('id', '=', id)
      .execute();
    return rows.map((r) => String(r.gram)).sort();
  }

  /** The pairs of some texts: every two characters of the lower-cased text, and the last one alone. */
  function pairsOfTexts(texts: readonly string[]): string[] {
    const pairs = new Set<string>();
    for (const text of texts) {
      const chars = [...text.toLowerCase()];
      for (let i = 0; i < chars.length; i += 1) pairs.add(chars.slice(i, i + 2).join(''));
    }
    return [...pairs].sort();
  }

  /**
   * Who a keyword finds, by our names, with the page's total checked against its rows, and against
   * the total of a page of one row (a full page, so counted: through the index alone where it
   * decides, totals.ts `countRows`).
   */
  async function find(keyWord: string): Promise<string[]> {
    const result = dataOf(await t.post<PageResult<CustomerInfo>>(PAGE, { keyWord, page: 1, size: 50 }, admin));
    expect(result.pagination.total, `total for ${JSON.stringify(keyWord)}`).toBe(result.list.length);
    const one = dataOf(await t.post<PageResult<CustomerInfo>>(PAGE, { keyWord, page: 1, size: 1 }, admin));
    expect(one.pagination.total, `counted total for ${JSON.stringify(keyWord)}`).toBe(result.list.length);
    return result.list.map((row) => ids.get(row.id) ?? `#${row.id}`).sort();
  }

  async function add(name: string, body: Record<string, unknown>): Promise<number> {
    // A phone of another shape was stored before the API checked phones (issue 24 §2) and kept
    // them in one spelling (issue 35 §7): written straight into the table, as such a row sits in an
    // older install (the index follows by trigger).
    const phone = String(body.customerPhone);
    const legacy = normalisePhone(phone) !== phone;
    const sent = legacy ? { ...body, customerPhone: `1300000${String(ids.size).padStart(4, '0')}` } : body;
    const { id } = dataOf(await t.post<Id>('/admin/customer/info/add', sent, admin));
    if (legacy) {
      await t.ctx.db.loose.updateTable('customer_info').set({ customerPhone: phone }).where('id', '=', id).execute();
    }
    ids.set(id, name);
    return id;
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    for (const [name, body] of Object.entries(CUSTOMERS)) await add(name, body);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('finds a customer by a fragment of the name, the full phone number or the code, in any case', async () => {
    expect(await find('王秀英')).toEqual(['wang']);
    expect(await find('alice')).toEqual(['alice']);
    expect(await find('ALICE SMITH')).toEqual(['alice']);
    expect(await find('ce sm')).toEqual(['alice']);
    expect(await find('13812345678')).toEqual(['wang']);
    expect(await find('2345')).toEqual(['wang']);
    expect(await find('C00000003')).toEqual(['odd']);
    expect(await find('c0000000')).toEqual(['alice', 'li', 'odd', 'wang']);
    expect(await find('朝阳区')).toEqual(['alice']);
    expect(await find('shanghai road')).toEqual(['wang']);
    expect(await find('nobody at all')).toEqual([]);
  });

  it('finds by keywords of one and two characters (below what a trigram index looks up)', async () => {
    expect(await find('李')).toEqual(['li']);
    expect(await find('秀英')).toEqual(['wang']);
    expect(await find('x1')).toEqual(['bob']);
    expect(await find('1y')).toEqual(['bob']);
    // Any case, in a name, an address or a remark, at the start and at the very end of a field.
    expect(await find('AL')).toEqual(['alice']);
    expect(await find('tH')).toEqual(['alice']);
    expect(await find('朝阳')).toEqual(['alice']);
    expect(await find('区')).toEqual(['alice']);
    expect(await find('雷')).toEqual(['li']);
    expect(await find('12')).toEqual(['repeat', 'wang']);
    expect(await find('7')).toEqual(['long', 'mixed', 'odd', 'wang']);
    expect(await find('^x')).toEqual(['odd']);
    expect(await find('k')).toEqual(['repeat']);
    expect(await find('ß')).toEqual(['mixed']);
    // Two characters that are in a row, but not side by side: across two fields, or apart in one.
    expect(await find('英S')).toEqual([]);
    expect(await find('王英')).toEqual([]);
    expect(await find('李张')).toEqual([]);
    expect(await find('龙')).toEqual([]);
  });

  it('keeps the pairs of a row as its text changes, and forgets them when it is deleted', async () => {
    const id = await add('short', { customerName: '赵明梅', customerPhone: '18800006666', customerAddress: 'Elm St' });
    expect(await find('明梅')).toEqual(['short']);
    expect(await find('EL')).toEqual(['short']);
    if (keepsPairs) expect(await pairsOf(id)).toEqual(pairsOfTexts(['赵明梅', 'Elm St', '']));
    dataOf(await t.post('/admin/customer/info/update', { id, customerName: '钱红', remark: 'Oak' }, admin));
    expect(await find('明梅')).toEqual([]);
    expect(await find('红')).toEqual(['short']);
    expect(await find('AK')).toEqual(['short']);
    expect(await find('EL')).toEqual(['short']);
    if (keepsPairs) expect(await pairsOf(id)).toEqual(pairsOfTexts(['钱红', 'Elm St', 'Oak']));
    dataOf(await t.post('/admin/customer/info/delete', { ids: [id] }, admin));
    expect(await find('红')).toEqual([]);
    if (keepsPairs) expect(await pairsOf(id)).toEqual([]);
  });

  it('reads quotes, FTS operators, percent and underscore in a keyword as themselves', async () => {
    expect(await find('%')).toEqual(['odd']);
    expect(await find('_')).toEqual(['odd']);
    expect(await find('100%')).toEqual(['odd']);
    expect(await find('0% P')).toEqual(['odd']);
    expect(await find('e_T')).toEqual(['odd']);
    expect(await find('%%')).toEqual([]);
    expect(await find('"Co"')).toEqual(['odd']);
    expect(await find('"')).toEqual(['odd']);
    expect(await find('a"b')).toEqual([]);
    expect(await find('" OR "')).toEqual([]);
    expect(await find('Co" AND')).toEqual(['odd']);
    expect(await find('NEAR(a b)')).toEqual(['odd']);
    expect(await find('* ^x')).toEqual(['odd']);
    // As FTS syntax these would be a prefix query and a column filter; as text they match nothing.
    expect(await find('Pure*')).toEqual([]);
    expect(await find('customerName:Bob')).toEqual([]);
  });

  it('finds rows the moment they are added or changed, and no longer once changed or deleted', async () => {
    const id = await add('zhang', { customerName: 'Zhang Wei', customerPhone: '18800005555' });
    expect(await find('zhang wei')).toEqual(['zhang']);
    dataOf(await t.post('/admin/customer/info/update', { id, customerName: 'Zhao Min' }, admin));
    expect(await find('zhang wei')).toEqual([]);
    expect(await find('zhao m')).toEqual(['zhang']);
    // A column outside the index changes: the row is still found by what is indexed.
    dataOf(await t.post('/admin/customer/info/update', { id, customerAge: '35' }, admin));
    expect(await find('88000055')).toEqual(['zhang']);
    dataOf(await t.post('/admin/customer/info/delete', { ids: [id] }, admin));
    expect(await find('zhao m')).toEqual([]);
    expect(await find('88000055')).toEqual([]);
  });

  it('finds exactly what a plain LIKE scan finds, for pieces of every length of every keyword field', async () => {
    const fields = ['customerCode', 'customerName', 'customerPhone', 'customerAddress', 'customerType', 'remark'];
    const texts = Object.values(CUSTOMERS).flatMap((c) =>
      fields.map((f) => (c as Record<string, string | undefined>)[f]).filter((v): v is string => !!v),
    );
    const keywords = new Set<string>(['zz', 'C000', '0001', '98765-01x', 'ä', 'Ä', 'STRASSE', 'straße', '121212121']);
    for (const text of texts) {
      const chars = [...text];
      for (let length = 1; length <= Math.min(chars.length, 9); length += 1) {
        for (const start of new Set([0, 1, Math.floor((chars.length - length) / 2), chars.length - length])) {
          if (start < 0 || start + length > chars.length) continue;
          const piece = chars.slice(start, start + length).join('');
          if (piece.trim() === '') continue;
          keywords.add(piece);
          keywords.add(piece.toUpperCase());
          keywords.add(piece.toLowerCase());
        }
      }
    }
    const kind = t.ctx.db.kind;
    const mismatches: string[] = [];
    for (const keyWord of keywords) {
      const like = await t.ctx.db.loose
        .selectFrom('customer_info as a')
        .select('a.id')
        .where((eb) => eb.or(fields.map((f) => likeExpression(kind, `a.${f}`, keyWord.trim()))))
        .execute();
      const expected = like.map((r) => ids.get(Number(r.id)) ?? `#${r.id}`).sort();
      const found = await find(keyWord);
      if (JSON.stringify(found) !== JSON.stringify(expected)) {
        mismatches.push(`${JSON.stringify(keyWord)}: found ${found.join(',')}, LIKE ${expected.join(',')}`);
      }
    }
    expect(keywords.size).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
    // Over 300 keywords, three pages each: 28-40 s on a two-core machine at load 25, past the
    // default 30 s; the figure is the machine's, the test is about the answers.
  }, 90_000);

  // SQLite's own index only: declared for SQLite alone rather than skipped elsewhere.
  if (target.name === 'sqlite')
    it('goes through the FTS5 table on SQLite (the pairs below three characters)', async () => {
      const db = t.ctx.db.loose;
      // Emptied, the index finds nothing: a keyword of three characters or more must have asked it.
      await sql`insert into customer_info_fts (customer_info_fts) values ('delete-all')`.execute(db);
      try {
        expect(await find('alice')).toEqual([]);
        expect(await find('秀英')).toEqual(['wang']);
      } finally {
        await sql`insert into customer_info_fts (customer_info_fts) values ('rebuild')`.execute(db);
      }
      expect(await find('alice')).toEqual(['alice']);
    });

  // PostgreSQL's planner alone reads these statistics.
  if (target.name === 'postgres')
    it('samples the pieces finely on PostgreSQL, so a rare piece is not taken for a common one', async () => {
      const targets = await sql<{ relname: string; target: number }>`
        select c.relname, a.attstattarget as target from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relname in ('customer_info_fts_grams', 'customer_info_fts_pairs') and a.attname = 'gram'
        order by c.relname`.execute(t.ctx.db.db);
      expect(targets.rows).toEqual([
        { relname: 'customer_info_fts_grams', target: PIECE_STATISTICS },
        { relname: 'customer_info_fts_pairs', target: PIECE_STATISTICS },
      ]);
    });

  // MariaDB keeps no pairs: a short keyword is a LIKE scan there.
  if (target.name !== 'mysql')
    it('goes through the pairs for a keyword of one or two characters, a lookup of their B-tree', async () => {
      const { db, kind, loose } = t.ctx.db;
      const page = (keyWord: string) =>
        applyFilters(baseQuery(loose, customerInfo).select('a.id'), { entity: customerInfo, kind }, { keyWord })
          .orderBy('a.id', 'desc')
          .limit(20)
          .compile();
      const plans: string[] = [];
      for (const keyWord of ['秀英', 'A']) {
        const query = page(keyWord);
        if (kind === 'sqlite') {
          const plan = await loose.executeQuery(
            CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
          );
          plans.push(plan.rows.map((r) => String((r as { detail: unknown }).detail)).join('\n'));
        } else {
          // A table of a few rows is read whole whatever its indexes: forbidden that, the planner
          // shows whether the pairs' B-tree can answer the keyword (the same collation, a key prefix).
          await db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const plan = await trx.executeQuery(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
            plans.push(plan.rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])).join('\n'));
          });
        }
      }
      if (kind === 'sqlite') {
        expect(plans[0]).toContain('SEARCH p USING PRIMARY KEY (gram=?)');
        expect(plans[1]).toContain('SEARCH p USING PRIMARY KEY (gram>? AND gram<?)');
        for (const plan of plans) expect(plan).not.toMatch(/SCAN a\b|customer_info_fts VIRTUAL/);
      } else {
        const lookup = (cond: string) =>
          new RegExp(
            `Index Only Scan using customer_info_fts_pairs_pkey on customer_info_fts_pairs p .*\n\\s+Index Cond: ${cond}`,
          );
        expect(plans[0]).toMatch(lookup(`\\(gram = '秀英'`));
        expect(plans[1]).toMatch(lookup(`\\(\\(gram >= 'a'`));
      }
      // Emptied, the pairs find nothing: a short keyword must have asked them (the LIKEs still decide).
      await sql`delete from customer_info_fts_pairs`.execute(loose);
      try {
        expect(await find('秀英')).toEqual([]);
        expect(await find('alice')).toEqual(['alice']);
      } finally {
        // Each row's pairs made again by its update trigger.
        await sql`update customer_info set remark = remark`.execute(loose);
      }
      expect(await find('秀英')).toEqual(['wang']);
    });
});
