import type { CustomerInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerInfoService } from '../../modules/customer/customer-info.service.js';
import { startApp, type TestApp, testTargets } from '../../testing/harness.js';
import type { Session } from '../auth/principal.js';
import { asLoose, formatTime, insertManyReturningIds } from '../db/index.js';
import { AppError } from '../errors.js';

type Row = Record<string, unknown>;

describe.each(testTargets())('writing many rows at once on $name', (target) => {
  let t: TestApp;
  let admin: Session;
  let serial = 0;
  const tag = () => {
    serial += 1;
    return `many${serial}`;
  };

  /** The stored rows of these ids, by id. */
  const storedById = async (ids: number[]) => {
    const rows = (await t.ctx.db.loose
      .selectFrom('customer_info')
      .selectAll()
      .where('id', 'in', ids)
      .execute()) as CustomerInfo[];
    return new Map(rows.map((r) => [Number(r.id), r]));
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.ctx.gate.authenticate((await t.login()).token);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('gives each row its own id, in the rows’ order, rows of other columns between them included', async () => {
    const remark = tag();
    const now = formatTime();
    // Some rows name a type and some do not: they go in as separate inserts, interleaved here.
    const rows: Row[] = Array.from({ length: 1_203 }, (_, i) => ({
      customerCode: `${remark}-${i}`,
      customerName: `row ${i}`,
      customerPhone: `137${String(i).padStart(8, '0')}`,
      remark,
      ...(i % 3 === 0 ? { customerType: `type ${i}` } : {}),
      createTime: now,
      updateTime: now,
    }));
    const ids = await insertManyReturningIds(t.ctx.db.loose, t.ctx.db.kind, 'customer_info', rows);
    expect(new Set(ids).size).toBe(rows.length);
    const stored = await storedById(ids);
    ids.forEach((id, i) => {
      expect(stored.get(id)?.customerName).toBe(`row ${i}`);
      expect(stored.get(id)?.customerType ?? null).toBe(i % 3 === 0 ? `type ${i}` : null);
    });
  });

  it('writes through add’s path: a taken code, a code twice and a word not in the dictionary are refused, the rest go in', async () => {
    const customers = createCustomerInfoService(t.ctx);
    const remark = tag();
    const taken = `${remark}-taken`;
    await customers.add({ customerName: 'first', customerPhone: '13600000000', customerCode: taken, remark }, admin);
    const inputs: Row[] = [
      { customerName: 'a', customerPhone: '13600000001', customerCode: taken, remark },
      { customerName: 'b', customerPhone: '13600000002', customerCode: `${remark}-b`, remark },
      { customerName: 'c', customerPhone: '13600000003', customerCode: `${remark}-b`, remark },
      { customerName: 'd', customerPhone: '13600000004', remark },
      { customerName: 'e', customerPhone: '13600000005', customerType: 'no such type', remark },
      { customerName: 'f', customerPhone: '13600000006', remark },
    ];
    const results = await t.ctx.db.db
      .transaction()
      .execute((trx) => customers.insertManyIn(asLoose(trx), inputs, admin));
    const refusals = results.map((r) => (r instanceof AppError ? r.key : null));
    expect(refusals).toEqual([
      'common.duplicateValue',
      null,
      'common.duplicateValue',
      null,
      'common.badDictValue',
      null,
    ]);
    const ids = results.filter((r): r is number => typeof r === 'number');
    const stored = await storedById(ids);
    expect(ids.map((id) => stored.get(id)?.customerName)).toEqual(['b', 'd', 'f']);
    const [b, d, f] = ids.map((id) => stored.get(id) as CustomerInfo);
    expect(b?.customerCode).toBe(`${remark}-b`);
    // Rows without a code get the next ones, in order; every row is the operator's.
    expect(d?.customerCode).toMatch(/^C\d{8}$/);
    expect(f?.customerCode).toMatch(/^C\d{8}$/);
    expect(String(f?.customerCode) > String(d?.customerCode)).toBe(true);
    for (const row of [b, d, f]) expect(Number(row?.employeeId)).toBe(admin.userId);
  });
});
