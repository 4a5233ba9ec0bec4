import { type CustomerInfo, customerInfo, type ImportResult, recycleData, sysUser } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, rowCount, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { bigBook, bookOf, checkCall, exportCall, readBook, sheetRows, templateCall } from './excel.fixtures.js';
import { EXPORT_CAP_PARAM } from './excel.js';

type Page = { list: CustomerInfo[]; pagination: { total: number } };

const url = (action: string) => `${customerInfo.prefix}/${action}`;
const EN = { language: 'en' };
const INJECTION = '=HYPERLINK("http://x","y")';

describe.each(testTargets())('excel export and import of customers on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let serial = 0;
  const unique = (prefix: string) => {
    serial += 1;
    return `${prefix}${serial}`;
  };
  /** A tag in the remark that names this test's rows, so each test selects its own. */
  const addCustomer = async (row: Partial<CustomerInfo> & { customerName: string; customerPhone: string }) =>
    dataOf(await t.post<{ id: number }>(url('add'), row, admin)).id;
  const pageOf = async (filters: Record<string, unknown>) =>
    dataOf(await t.post<Page>(url('page'), { page: 1, size: 500, ...filters }, admin));
  const tableCount = () => rowCount(t, 'customer_info');

  /** The rows of a test as stored (the page masks phones). */
  const storedRows = async (tag: string) =>
    (
      (await t.ctx.db.loose
        .selectFrom('customer_info')
        .selectAll()
        .where('remark', '=', tag)
        .orderBy('id')
        .execute()) as CustomerInfo[]
    ).map((r) => ({ ...r, id: Number(r.id), customerSex: Number(r.customerSex) }) as CustomerInfo);

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('exports exactly the chosen columns of the rows the page gives, enum values as words, with the exporter named', async () => {
    const tag = unique('exp');
    await addCustomer({ customerName: 'Ann', customerPhone: '13800000001', customerSex: 2, remark: tag });
    await addCustomer({ customerName: 'Bob', customerPhone: '13800000002', customerSex: 1, remark: tag });
    await addCustomer({ customerName: 'Cid', customerPhone: '13800000003', remark: tag, customerStatus: '1' });
    await addCustomer({ customerName: 'Other', customerPhone: '13800000004', remark: unique('other') });
    const filters = { remark: tag, customerStatus: '0' };
    const columns = ['customerName', 'customerSex', 'customerPhone', 'customerStatus'];
    const res = await exportCall(t, customerInfo, admin, { ...filters, columns });
    expect(res.status, res.reply.raw.slice(0, 300)).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
    const book = await readBook(res.bytes);
    const [data, info] = book.worksheets;
    const rows = sheetRows(data);
    expect(rows[0]).toEqual(['Customer name', 'Sex', 'Phone', 'Status']);
    const page = await pageOf(filters);
    expect(page.list.length).toBe(2);
    const words: Record<number, string> = { 0: 'Unknown', 1: 'Male', 2: 'Female' };
    expect(rows.slice(1)).toEqual(
      page.list.map((c) => [c.customerName, words[c.customerSex], c.customerPhone, 'Normal']),
    );
    // Phones go out masked, as every response shows them.
    expect(rows.slice(1).map((r) => r[2])).toEqual(['138****0002', '138****0001']);
    expect(res.bytes.includes(Buffer.from('13800000001'))).toBe(false);
    expect(book.creator).toContain('admin');
    const infoRows = sheetRows(info);
    expect(infoRows.find((r) => r[0] === 'Exported by')?.[1]).toContain('admin');
    expect(infoRows.find((r) => r[0] === 'Rows')?.[1]).toBe(2);
    // The request log entry is the audit: the validated filters and columns, and the rows that went out.
    const logged = async () => {
      for (let i = 0; i < 100; i += 1) {
        const rows = await t.ctx.db.db
          .selectFrom('base_sys_log')
          .select('params')
          .where('action', '=', url('export'))
          .execute();
        const row = rows.find((r) => (r.params ?? '').includes(tag));
        if (row) return JSON.parse(row.params ?? '{}');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the export was not logged');
    };
    expect(await logged()).toMatchObject({ ...filters, columns, exportedRows: 2 });
  });

  it('writes a text that would start a formula as text, never as a formula', async () => {
    const tag = unique('inj');
    await addCustomer({ customerName: INJECTION, customerPhone: '13800000009', remark: tag });
    const res = await exportCall(t, customerInfo, admin, { remark: tag, columns: ['customerName', 'remark'] });
    expect(res.status).toBe(200);
    const book = await readBook(res.bytes);
    const cell = book.worksheets[0]?.getCell('A2');
    expect(cell?.formula).toBeUndefined();
    expect(cell?.type).toBe(3); // ExcelJS.ValueType.String
    expect(cell?.value).toBe(`'${INJECTION}`);
    // The raw sheet XML holds no <f> (formula) element at all.
    expect(res.bytes.includes(Buffer.from('<f>'))).toBe(false);
  });

  it('refuses an export without columns, and one above the row cap before anything is sent', async () => {
    const none = await exportCall(t, customerInfo, admin, { columns: [] });
    expect(none.status).toBe(400);
    expect(none.reply.body.code).toBe(1002);
    const tag = unique('cap');
    for (let i = 0; i < 3; i += 1)
      await addCustomer({ customerName: `Cap${i}`, customerPhone: `1390000000${i}`, remark: tag });
    await t.ctx.db.db
      .updateTable('base_sys_param')
      .set({ data: JSON.stringify({ default: 2 }) })
      .where('keyName', '=', EXPORT_CAP_PARAM)
      .execute();
    try {
      const over = await exportCall(t, customerInfo, admin, { remark: tag, columns: ['customerName'] });
      expect(over.status).toBe(400);
      expect(over.reply.body.code).toBe(1001);
      expect(over.reply.body.message).toContain('at most 2 rows');
      expect(over.reply.body.message).toContain('3');
      const within = await exportCall(t, customerInfo, admin, {
        remark: tag,
        customerName: 'Cap1',
        columns: ['customerName'],
      });
      expect(within.status).toBe(200);
    } finally {
      await t.ctx.db.db
        .updateTable('base_sys_param')
        .set({ data: JSON.stringify({ default: 100000 }) })
        .where('keyName', '=', EXPORT_CAP_PARAM)
        .execute();
    }
  });

  it('serves the import template: the import columns, an example row and the allowed words', async () => {
    const res = await templateCall(t, customerInfo, admin);
    expect(res.status).toBe(200);
    const book = await readBook(res.bytes);
    const [data, help, values] = book.worksheets;
    expect(sheetRows(data)[0]).toEqual(
      (customerInfo.excel?.importColumns ?? []).map((name) => customerInfo.columns[name as 'customerName'].label.en),
    );
    const helpRows = sheetRows(help);
    const header = helpRows[1] ?? [];
    const example = helpRows[2] ?? [];
    expect(example[header.indexOf('Phone')]).toBe('13800001234');
    const valueRows = sheetRows(values);
    const sexColumn = (valueRows[0] ?? []).indexOf('Sex');
    expect(valueRows.slice(1).map((r) => r[sexColumn])).toEqual(['Unknown', 'Male', 'Female']);
  });

  it('gives imported rows the next codes, one after the other, and an add afterwards the one after', async () => {
    const tag = unique('seq');
    const file = await bookOf([
      ['Customer name', 'Phone', 'Remark'],
      ['Seq A', '13710000001', tag],
      ['Seq B', '13710000002', tag],
      ['Seq C', '13710000003', tag],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, admin, file));
    expect(report.counts).toEqual({ insert: 3, update: 0, skip: 0, error: 0 });
    expect(dataOf(await t.post<ImportResult>(url('importCommit'), { token: report.token }, admin))).toEqual({
      inserted: 3,
      updated: 0,
    });
    const numbers = (await storedRows(tag)).map((r) => Number(String(r.customerCode).slice(1)));
    const first = numbers[0] ?? 0;
    expect(first).toBeGreaterThan(0);
    expect(numbers).toEqual([first, first + 1, first + 2]);
    const id = await addCustomer({ customerName: 'Seq D', customerPhone: '13710000004', remark: tag });
    expect((await storedRows(tag)).find((r) => r.id === id)?.customerCode).toBe(
      `C${String(first + 3).padStart(8, '0')}`,
    );
  });

  it('checks an import without writing, reports the bad row by cell, commits the rest in one go, and the recycle bin undoes it', async () => {
    const tag = unique('imp');
    const code = unique('C9');
    const existingId = await addCustomer({
      customerName: 'Before',
      customerPhone: '13700000001',
      customerCode: code,
      remark: tag,
    });
    const file = await bookOf([
      ['Customer code', 'Customer name', 'Phone', 'Sex', 'Remark', 'Status'],
      [null, 'New One', '13700000002', 'Female', tag, 'Normal'],
      [code, 'After', '13700000001', 'Male', tag, 'Normal'],
      [null, 'Bad Sex', '13700000003', 'Alien', tag, 'Normal'],
      [null, 'New Two', 13700000004, '男', tag, '正常'],
    ]);
    const before = await tableCount();
    const report = dataOf(await checkCall(t, customerInfo, admin, file));
    expect(report.counts).toEqual({ insert: 2, update: 1, skip: 0, error: 1 });
    const bad = report.rows.find((r) => r.action === 'error');
    expect(bad?.row).toBe(4);
    expect(bad?.errors?.[0]).toMatchObject({ cell: 'D4', column: 'Sex' });
    expect(bad?.errors?.[0]?.message).toContain('Alien');
    expect(report.rows.find((r) => r.row === 3)).toMatchObject({ action: 'update', key: code });
    expect(await tableCount()).toBe(before);
    expect(report.token).toBeTruthy();

    const done = dataOf(await t.post<ImportResult>(url('importCommit'), { token: report.token }, admin));
    expect(done).toEqual({ inserted: 2, updated: 1 });
    const rows = await storedRows(tag);
    expect(rows.map((r) => [r.customerName, r.customerPhone, r.customerSex, r.customerStatus]).sort()).toEqual(
      [
        ['After', '13700000001', 1, '0'],
        ['New One', '13700000002', 2, '0'],
        ['New Two', '13700000004', 1, '0'],
      ].sort(),
    );
    expect(rows.find((r) => r.id === existingId)?.customerName).toBe('After');
    // A token is good once.
    const again = await t.post(url('importCommit'), { token: report.token }, admin, EN);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('expired');

    const records = dataOf(
      await t.post<{ list: Array<{ id: number; url: string }> }>(
        recycleData.api.page.url,
        { page: 1, size: 50, keyWord: 'importCommit' },
        admin,
      ),
    );
    const record = records.list.find((r) => r.url === url('importCommit'));
    expect(record).toBeDefined();
    dataOf(await t.post(recycleData.api.restore.url, { ids: [record?.id] }, admin));
    const undone = await storedRows(tag);
    expect(undone.map((r) => [r.id, r.customerName, r.customerPhone, r.customerSex])).toEqual([
      [existingId, 'Before', '13700000001', 0],
    ]);
  });

  it('answers hostile files with clear errors and writes nothing', async () => {
    const before = await tableCount();
    const notXlsx = await checkCall(t, customerInfo, admin, Buffer.from('name,phone\nA,1\n'), 'a.xlsx');
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.message).toBe('The file is not a valid Excel (.xlsx) workbook');
    const zipNotBook = await checkCall(t, customerInfo, admin, Buffer.from('PK\u0003\u0004garbage-garbage'), 'b.xlsx');
    expect(zipNotBook.status).toBe(400);
    expect(zipNotBook.body.message).toBe('The file is not a valid Excel (.xlsx) workbook');

    const wrong = await checkCall(
      t,
      customerInfo,
      admin,
      await bookOf([
        ['Customer name', 'Phone', 'Shoe size'],
        ['X', '1', '42'],
      ]),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('Shoe size');
    const missing = await checkCall(t, customerInfo, admin, await bookOf([['Customer name'], ['X']]));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Phone');

    const huge = await bigBook(['Customer name', 'Phone'], 100_000, (i) => [
      `Many ${i}`,
      `1${String(i).padStart(10, '0')}`,
    ]);
    const tooMany = await checkCall(t, customerInfo, admin, huge);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 10000 data rows');

    const noFile = await t.post(url('importCheck'), {}, admin);
    expect(noFile.status).toBe(400);
    expect(await tableCount()).toBe(before);
  });

  it('reads multi-byte text intact however large the sheet (headers and words in Chinese)', async () => {
    const tag = unique('cjk');
    const file = await bigBook(['客户姓名', '手机号', '性别', '状态', '备注'], 3000, (i) => [
      `导入客户甲乙丙 ${i}`,
      `135${String(i).padStart(8, '0')}`,
      i % 2 ? '男' : '女',
      '正常',
      tag,
    ]);
    const report = dataOf(await checkCall(t, customerInfo, admin, file));
    expect(report.rows.filter((r) => r.action === 'error')).toEqual([]);
    expect(report.counts).toEqual({ insert: 3000, update: 0, skip: 0, error: 0 });
    dataOf(await t.post(url('importCommit'), { token: report.token }, admin));
    // Every character as written: a reader that cut a character at a chunk boundary would garble some.
    const names = (await storedRows(tag)).map((r) => r.customerName);
    expect(names.length).toBe(3000);
    expect(names.filter((n) => !/^导入客户甲乙丙 \d+$/.test(n))).toEqual([]);
  });

  it('commits nothing when a row that passed the check fails at commit time', async () => {
    const tag = unique('race');
    const code = unique('C8');
    const id = await addCustomer({
      customerName: 'Target',
      customerPhone: '13600000009',
      customerCode: code,
      remark: tag,
    });
    const file = await bookOf([
      ['Customer name', 'Phone', 'Customer code', 'Remark'],
      ['Fine', '13600000001', null, tag],
      ['Target changed', '13600000009', code, tag],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, admin, file));
    expect(report.counts).toMatchObject({ insert: 1, update: 1, error: 0 });
    // The row the update names goes before the commit.
    dataOf(await t.post(url('delete'), { ids: [id] }, admin));
    const before = await tableCount();
    const refused = await t.post(url('importCommit'), { token: report.token }, admin, EN);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('row 3');
    expect(refused.body.message).toContain('Nothing was written');
    expect(await tableCount()).toBe(before);

    // A key nobody has is an error, not an insert: nothing to commit, no token.
    const unknownKey = dataOf(
      await checkCall(
        t,
        customerInfo,
        admin,
        await bookOf([
          ['Customer name', 'Phone', 'Customer code'],
          ['Keyed', '13600000003', unique('C7')],
        ]),
      ),
    );
    expect(unknownKey.counts).toEqual({ insert: 0, update: 0, skip: 0, error: 1 });
    expect(unknownKey.token).toBeNull();
    expect(unknownKey.rows[0]?.errors?.[0]?.cell).toBe('C2');
  });

  describe('within the retail scope', () => {
    const PASSWORD = 'excel-pass1';
    /** A seeded staff member, signed in with a password set for the test. */
    const staff = async (username: string) => {
      const page = dataOf(
        await t.post<{ list: Array<{ id: number; username: string }> }>(
          sysUser.api.page.url,
          { page: 1, size: 50, keyWord: username },
          admin,
        ),
      );
      const user = page.list.find((u) => u.username === username);
      if (!user) throw new Error(`no seeded user ${username}`);
      dataOf(await t.post(sysUser.api.update.url, { id: user.id, password: PASSWORD }, admin));
      return { id: user.id, token: (await t.login(username, PASSWORD)).token };
    };

    it('exports only the rows the operator may see, and an import never touches a row outside the scope', async () => {
      const manager = await staff('store1.manager');
      const ownClerk = await staff('store1.clerk1');
      const otherClerk = await staff('store2.clerk1');
      const tag = unique('scope');
      const mine = await addCustomer({
        customerName: 'Mine',
        customerPhone: '13500000001',
        employeeId: ownClerk.id,
        remark: tag,
      });
      const theirs = await addCustomer({
        customerName: 'Theirs',
        customerPhone: '13500000002',
        employeeId: otherClerk.id,
        remark: tag,
      });
      const codeOf = async (id: number) =>
        String(
          (
            await t.ctx.db.loose
              .selectFrom('customer_info')
              .select('customerCode')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).customerCode,
        );

      const res = await exportCall(t, customerInfo, manager.token, { remark: tag, columns: ['customerName'] });
      expect(res.status, res.reply.raw.slice(0, 300)).toBe(200);
      expect(sheetRows((await readBook(res.bytes)).worksheets[0]).slice(1)).toEqual([['Mine']]);

      const file = await bookOf([
        ['Customer code', 'Customer name', 'Phone', 'Remark'],
        [await codeOf(mine), 'Mine changed', '13500000001', tag],
        [await codeOf(theirs), 'Theirs overwritten', '13500000002', tag],
        [null, 'Brand new', '13500000003', tag],
      ]);
      const report = dataOf(await checkCall(t, customerInfo, manager.token, file));
      expect(report.counts).toEqual({ insert: 1, update: 1, skip: 0, error: 1 });
      expect(report.rows.find((r) => r.row === 3)?.errors?.[0]).toMatchObject({ cell: 'A3' });
      // Told as a code nobody has, so a file cannot probe which codes exist in other stores.
      expect(report.rows.find((r) => r.row === 3)?.errors?.[0]?.message).toBe(
        `No row has Customer code "${await codeOf(theirs)}"`,
      );
      dataOf(await t.post(url('importCommit'), { token: report.token }, manager.token));
      const rows = await storedRows(tag);
      expect(rows.find((r) => r.id === theirs)?.customerName).toBe('Theirs');
      expect(rows.find((r) => r.id === mine)?.customerName).toBe('Mine changed');
      // The new row is the importer's, in the importer's store: within the scope.
      const added = rows.find((r) => r.customerName === 'Brand new');
      expect(added?.employeeId).toBe(manager.id);
      expect(added?.storeId).toBe(rows.find((r) => r.id === mine)?.storeId);

      // A clerk is not granted exports (the seeded roles give them to managers and the treasurer).
      const clerkExport = await exportCall(t, customerInfo, ownClerk.token, { remark: tag, columns: ['customerName'] });
      expect(clerkExport.status).toBe(403);
    });
  });
});
