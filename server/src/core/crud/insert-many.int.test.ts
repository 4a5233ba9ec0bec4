import type { CustomerInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsById, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { formatTime, insertManyReturningIds } from '../db/index.js';

type Row = Record<string, unknown>;

describe.each(testTargets())('a multi-row insert on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('gives each row its own id, in the rows’ order, rows of other columns between them included', async () => {
    const remark = 'many-ids';
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
    const stored = await rowsById<CustomerInfo>(t, 'customer_info', ids);
    ids.forEach((id, i) => {
      expect(stored.get(id)?.customerName).toBe(`row ${i}`);
      expect(stored.get(id)?.customerType ?? null).toBe(i % 3 === 0 ? `type ${i}` : null);
    });
  });
});
