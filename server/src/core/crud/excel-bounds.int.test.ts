import { customerInfo, EXCEL_IMPORT_MAX_BYTES } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startSqliteApp, type TestApp } from '../../testing/harness.js';
import { checkCall } from './excel.fixtures.js';
import {
  bookWithBrokenSecondSheet,
  bookWithHugeSecondSheet,
  bookWithHugeSharedStrings,
  bookWithManySheets,
} from './excel-hostile.fixtures.js';
import { IMPORT_SHEET_LIMITS } from './excel-import.js';
import { zipEntries } from './zip-directory.js';

/*
 * Issue 23 §5: an import reads the first sheet only, as a stream, and refuses a file whose parts
 * inflate past the limits before inflating them. The memory and latency figures are the bench's
 * (bench/excel-import.mjs); these check the behaviour. The database plays no part: SQLite only.
 */

const ROWS = [
  ['Customer name', 'Phone'],
  ['Ann', '13912345678'],
];
const MB = 1024 * 1024;

describe('import files that inflate beyond their weight', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startSqliteApp();
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('reads the first sheet only: a broken second sheet does not matter', async () => {
    const report = dataOf(await checkCall(t, customerInfo, admin, await bookWithBrokenSecondSheet(ROWS)));
    expect(report.counts).toMatchObject({ insert: 1, error: 0 });
  });

  it('refuses, from the central directory, a small file whose sheets inflate past the limit', async () => {
    for (const file of [
      await bookWithHugeSecondSheet(ROWS, IMPORT_SHEET_LIMITS.inflatedBytes + MB),
      await bookWithManySheets(ROWS, 40, 2 * MB),
    ]) {
      expect(file.length).toBeLessThan(EXCEL_IMPORT_MAX_BYTES);
      const total = zipEntries(file).reduce((sum, e) => sum + e.size, 0);
      expect(total).toBeGreaterThan(IMPORT_SHEET_LIMITS.inflatedBytes);
      const reply = await checkCall(t, customerInfo, admin, file);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('The import file inflates to more than 64 MB: keep only one sheet of data');
    }
  });

  it('refuses a shared-strings part past its limit', async () => {
    const file = await bookWithHugeSharedStrings(ROWS, IMPORT_SHEET_LIMITS.sharedStringsBytes + MB);
    expect(file.length).toBeLessThan(EXCEL_IMPORT_MAX_BYTES);
    const reply = await checkCall(t, customerInfo, admin, file);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('The text of the import file exceeds 16 MB');
  });
});
