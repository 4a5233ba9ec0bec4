import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { customerInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp, testTargets } from '../../testing/harness.js';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

describe('an aborted export download (sqlite)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const [sqlite] = testTargets();
    if (!sqlite) throw new Error('no sqlite target');
    t = await startApp(sqlite);
    admin = (await t.login()).token;
    const now = '2026-11-28 10:00:00';
    for (let i = 0; i < 40_000; i += 500) {
      await t.ctx.db.loose
        .insertInto('customer_info')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            customerName: `Row ${i + k} ${'x'.repeat(60)}`,
            customerPhone: `139${String(i + k).padStart(8, '0')}`,
            customerSex: 0,
            diseaseInformation: '',
            remark: `remark ${i + k} ${Math.random()}`,
            customerStatus: '0',
            createTime: now,
            updateTime: now,
          })),
        )
        .execute();
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('logs nothing', async () => {
    const spies = [t.app.log, t.ctx.log].flatMap((log) => LEVELS.map((level) => vi.spyOn(log, level)));
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ columns: ['customerName', 'customerPhone', 'remark'] });
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api${customerInfo.prefix}/export`,
          headers: { authorization: admin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => {});
      req.once('error', reject);
      req.end(body);
    });
    await new Promise((r) => setTimeout(r, 3000));
    const logged = spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call).slice(0, 300)));
    console.log(logged);
    const rows = await t.ctx.db.loose.selectFrom('base_sys_log').select(['action']).execute();
    console.log(rows.map((r) => r.action));
  }, 60_000);
});
