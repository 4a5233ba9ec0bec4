import type { CustomerInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../core/auth/principal.js';
import { asLoose } from '../../core/db/index.js';
import { AppError } from '../../core/errors.js';
import { rowsById, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { createCustomerInfoService } from './customer-info.service.js';

type Row = Record<string, unknown>;

/** The import's write path for new customers (the factory's insertManyIn, core/crud/write-path.ts). */
describe.each(testTargets())('customers written many at once on $name', (target) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await startApp(target);
    admin = await t.ctx.gate.authenticate((await t.login()).token);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('writes through add’s path: a taken code, a code twice and a word not in the dictionary are refused, the rest go in', async () => {
    const customers = createCustomerInfoService(t.ctx);
    const remark = 'many-path';
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
    const stored = await rowsById<CustomerInfo>(t, 'customer_info', ids);
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
