import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { customerInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSqliteApp, type TestApp } from '../../testing/harness.js';

/*
 * Issue 23 §7: a download the client cancels halfway is no error of the server's. Before, the
 * export's reply, awaited by mount, came back empty once the client left, and mount sent the
 * envelope after the file: "Reply was already sent" and an "unhandled error" in the log.
 */

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
const ROWS = 4000;

describe('an aborted export download (sqlite)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startSqliteApp();
    admin = (await t.login()).token;
    const now = '2026-11-28 10:00:00';
    // Rows of text that does not compress away, so the file is still being written when the client leaves.
    const noise = () => Array.from({ length: 12 }, () => Math.random().toString(36)).join(' ');
    for (let i = 0; i < ROWS; i += 500) {
      await t.ctx.db.loose
        .insertInto('customer_info')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            customerName: `Row ${i + k}`,
            customerPhone: `139${String(i + k).padStart(8, '0')}`,
            customerSex: 0,
            diseaseInformation: '',
            remark: noise(),
            customerStatus: '0',
            createTime: now,
            updateTime: now,
          })),
        )
        .execute();
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('logs no error when the client leaves mid-download, and the request log still records the export', async () => {
    const spies = [t.app.log, t.ctx.log].flatMap((log) => LEVELS.map((level) => vi.spyOn(log, level)));
    const logged = () => spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call).slice(0, 300)));
    const exportsLogged = async () =>
      (
        await t.ctx.db.loose
          .selectFrom('base_sys_log')
          .select('id')
          .where('action', '=', `${customerInfo.prefix}/export`)
          .execute()
      ).length;
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const body = JSON.stringify({ columns: ['customerName', 'customerPhone', 'remark'] });
      let received = 0;
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api${customerInfo.prefix}/export`,
            headers: {
              authorization: admin,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', (chunk: Buffer) => {
              received = chunk.length;
              // Mid-download: the first bytes are in, the rest is abandoned.
              req.destroy();
              resolve();
            });
          },
        );
        req.once('error', reject);
        req.end(body);
      });
      expect(received).toBeGreaterThan(0);
      // The server notices the closed connection: its request log records the export; whatever it
      // would log about it comes by then (the old code logged at once on the close).
      await vi.waitFor(
        async () => {
          if (logged().length === 0) expect(await exportsLogged()).toBe(1);
        },
        { timeout: 20_000, interval: 50 },
      );
      // The export loop stops at its next batch (PacedOutput.caughtUp notices the closed stream within a second).
      await vi.waitFor(() => expect(t.app.server.listening).toBe(true), { timeout: 1000 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(logged()).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }, 60_000);
});
