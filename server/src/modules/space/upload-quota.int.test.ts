import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startSqliteApp, type TestApp } from '../../testing/harness.js';
import { filesUnder, PNG, upload } from './upload.fixtures.js';
import { DEFAULT_UPLOAD_QUOTA, UPLOAD_QUOTA_PARAM } from './upload-quota.js';

/*
 * Issue 23 §5: uploads have a per-user quota of files and bytes a day, and one request carries at
 * most a set number of bytes, whatever the per-file limit and count allow (9 × 100 MB before).
 */

const KB = 1024;
/** A PNG of about this many bytes (its signature, then padding). */
const pngOf = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, bytes - PNG.length))]);

describe('upload quota (sqlite)', () => {
  let t: TestApp;
  let admin: string;
  const uploadsDir = () => `${t.dataDir}/uploads`;

  async function setQuota(quota: Record<string, number>) {
    await t.ctx.db.db
      .updateTable('base_sys_param')
      .set({ data: JSON.stringify(quota) })
      .where('keyName', '=', UPLOAD_QUOTA_PARAM)
      .execute();
  }

  beforeAll(async () => {
    t = await startSqliteApp();
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('seeds the quota as a parameter an operator can change', async () => {
    const row = await t.ctx.db.db
      .selectFrom('base_sys_param')
      .select(['data'])
      .where('keyName', '=', UPLOAD_QUOTA_PARAM)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data ?? '')).toEqual(DEFAULT_UPLOAD_QUOTA);
  });

  it('refuses a request whose files together pass the per-request bytes, keeping none of them', async () => {
    await setQuota({ filesPerDay: 100, mbPerDay: 100, mbPerRequest: 1 });
    const before = filesUnder(uploadsDir()).length;
    const reply = await upload(t, admin, [
      { filename: 'a.png', content: pngOf(600 * KB) },
      { filename: 'b.png', content: pngOf(600 * KB) },
    ]);
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe('The files of one upload cannot exceed 1 MB together');
    expect(filesUnder(uploadsDir()).length).toBe(before);
    // Each alone is within it.
    dataOf(await upload(t, admin, [{ filename: 'a.png', content: pngOf(600 * KB) }]));
  });

  it("counts a user's files and bytes of the day", async () => {
    await setQuota({ filesPerDay: 100, mbPerDay: 2, mbPerRequest: 2 });
    // The previous test's file counts: 600 KB of the 2 MB are used.
    dataOf(await upload(t, admin, [{ filename: 'c.png', content: pngOf(900 * KB) }]));
    const over = await upload(t, admin, [{ filename: 'd.png', content: pngOf(900 * KB) }]);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Your uploads today have reached 2 MB, the most a day allows: try again tomorrow');

    await setQuota({ filesPerDay: 3, mbPerDay: 100, mbPerRequest: 100 });
    // Two files stored today (a.png, c.png): one more is the third, a fourth is refused.
    dataOf(await upload(t, admin, [{ filename: 'e.png', content: PNG }]));
    const fourth = await upload(t, admin, [{ filename: 'f.png', content: PNG }]);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('You have uploaded 3 files today, the most a day allows: try again tomorrow');
  });
});
