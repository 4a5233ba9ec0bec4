import { customerActivity, customerInfo, phoneFormatMessages, sysUser } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOf, checkCall, exportCall, readBook, sheetRows, templateCall } from '../../core/crud/excel.fixtures.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, createCustomer, setUpChain, storedCustomer, uniquePhone } from './customer.test-support.js';

/*
 * Issue 24 §2: data means what it says. The same rules hold on the API and the Excel import (the
 * web's forms use the same column schemas: web/src/core/crud/zod-rule.test.ts), with messages in
 * the request's language.
 */

const EN = { language: 'en' };
const ZH_TW = { language: 'zh-tw' };
const info = (action: string) => `${customerInfo.prefix}/${action}`;
const activity = (action: string) => `${customerActivity.prefix}/${action}`;

describe.each(testTargets())('field formats and the import owner on $name', (target) => {
  let t: TestApp;
  let chain: Chain;

  beforeAll(async () => {
    t = await startApp(target);
    chain = await setUpChain(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("refuses the walk's saved values on the API, naming the field in the request's language", async () => {
    const { admin } = chain;
    const phone = await t.post(info('add'), { customerName: 'x', customerPhone: '13800abcd12' }, admin, EN);
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe(phoneFormatMessages.phone.en.replace('{field}', 'Phone'));
    const age = await t.post(
      info('create'),
      { customerName: 'x', customerPhone: uniquePhone(), customerAge: '-5' },
      admin,
      EN,
    );
    expect(age.status).toBe(400);
    expect(age.body.message).toBe('Age must be a whole number from 0 to 130');
    const old = await t.post(
      info('add'),
      { customerName: 'x', customerPhone: uniquePhone(), customerAge: '131' },
      admin,
      ZH_TW,
    );
    expect(old.body.message).toBe('年齡應為0到130之間的整數');
    // A landline is a contact phone too, kept in E.164 as every number but a mainland mobile (phone.ts).
    const landline = await createCustomer(t, admin, { customerPhone: '010-62345678', customerAge: '130' });
    expect((await storedCustomer(t, landline.id))?.customerPhone).toBe('+861062345678');

    const staffPhone = await t.post(
      sysUser.api.add.url,
      { username: 'fmt.staff', password: 'chain-pass1', phone: '138abc' },
      admin,
      EN,
    );
    expect(staffPhone.status).toBe(400);
    expect(staffPhone.body.message).toBe(phoneFormatMessages.mobile.en.replace('{field}', 'Phone'));
    const staffUpdate = await t.post(sysUser.api.update.url, { id: chain.clerkA1.id, email: 'nobody@' }, admin, EN);
    expect(staffUpdate.status).toBe(400);
    expect(staffUpdate.body.message).toBe('Email is not a valid email address');
    const personUpdate = await t.post('/admin/base/comm/personUpdate', { phone: '1388abc' }, chain.clerkA1.token, EN);
    expect(personUpdate.status).toBe(400);

    const activityAge = await t.post(
      activity('create'),
      { customerName: 'x', customerPhone: uniquePhone(), customerAddress: 'here', customerAge: -5 },
      admin,
      EN,
    );
    expect(activityAge.status).toBe(400);
    expect(activityAge.body.message).toBe('Age must be at least 0');
  });

  it('checks an ID number by its type, on create and on an update of either field', async () => {
    const { admin } = chain;
    const base = { customerName: 'x', customerAddress: 'here' };
    const junk = await t.post(
      activity('create'),
      { ...base, customerPhone: uniquePhone(), idCardNo: '12345abc' },
      admin,
      EN,
    );
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe('ID number is not a valid ID number');
    const wrongCheck = await t.post(
      activity('create'),
      { ...base, customerPhone: uniquePhone(), idCardType: 'idCard', idCardNo: '110105194912310021' },
      admin,
      EN,
    );
    expect(wrongCheck.status).toBe(400);
    const passportAsId = await t.post(
      activity('create'),
      { ...base, customerPhone: uniquePhone(), idCardType: 'idCard', idCardNo: 'E12345678' },
      admin,
      EN,
    );
    expect(passportAsId.status).toBe(400);
    expect(passportAsId.body.message).toBe('ID number does not fit the form of the ID type "ID card"');
    const { id } = dataOf(
      await t.post<{ id: number }>(
        activity('create'),
        { ...base, customerPhone: uniquePhone(), idCardType: 'passport', idCardNo: 'E12345678' },
        admin,
      ),
    );
    // Changing only the type checks the stored number against it.
    const retyped = await t.post(activity('update'), { id, idCardType: 'idCard' }, admin, EN);
    expect(retyped.status).toBe(400);
    dataOf(await t.post(activity('update'), { id, idCardType: 'idCard', idCardNo: '11010519491231002X' }, admin));
    // The form sends the masked number back unchanged: the stored one stays; another mask is refused.
    const shown = dataOf(await t.get<{ idCardNo: string }>(activity('info'), { id }, admin)).idCardNo;
    expect(shown).toContain('*');
    dataOf(await t.post(activity('update'), { id, idCardNo: shown, remark: 'kept' }, admin));
    const stored = await t.ctx.db.loose
      .selectFrom('customer_activity')
      .select(['idCardNo', 'remark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ idCardNo: '11010519491231002X', remark: 'kept' });
    const forged = await t.post(activity('update'), { id, idCardNo: '1101**********9999' }, admin, EN);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('ID number is not a valid ID number');
  });

  it('reports bad phones and ages in the import dry run, at their cells', async () => {
    const file = await bookOf([
      ['Customer name', 'Phone', 'Age'],
      ['Bad phone', '1388abc', '35'],
      ['Too old', uniquePhone(), '200'],
      ['Fine', uniquePhone(), '35'],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, chain.admin, file));
    expect(report.counts).toMatchObject({ insert: 1, error: 2 });
    expect(report.rows.find((r) => r.row === 2)?.errors).toEqual([
      {
        cell: 'B2',
        column: 'Phone',
        message: phoneFormatMessages.phone.en.replace('{field}', 'Phone'),
      },
    ]);
    expect(report.rows.find((r) => r.row === 3)?.errors).toEqual([
      { cell: 'C3', column: 'Age', message: 'Age must be a whole number from 0 to 130' },
    ]);
  });

  it('sets the owner by username or staff number within the scope, and exports the owner and the store', async () => {
    const { managerA, clerkA1, clerkB1 } = chain;
    const tag = `owner${Date.now()}`;
    const template = sheetRows(
      (await readBook((await templateCall(t, customerInfo, managerA.token)).bytes)).worksheets[0],
    );
    expect(template[0]).toContain('Owner');

    const file = await bookOf([
      ['Customer name', 'Phone', 'Owner', 'Remark'],
      ['For clerk a1', uniquePhone(), clerkA1.username, tag],
      ['Named form', uniquePhone(), `甲店员一 (${clerkA1.username})`, tag],
      ['Other store', uniquePhone(), clerkB1.username, tag],
      ['Nobody', uniquePhone(), 'no.such.user', tag],
      ['Mine', uniquePhone(), null, tag],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, managerA.token, file));
    expect(report.counts).toMatchObject({ insert: 3, error: 2 });
    expect(report.rows.find((r) => r.row === 4)?.action).toBe('error');
    expect(report.rows.find((r) => r.row === 5)?.errors).toEqual([
      {
        cell: 'C5',
        column: 'Owner',
        message: 'Owner "no.such.user" is neither the username nor the staff number of any staff member',
      },
    ]);
    // A clerk gives rows to nobody else.
    const clerkFile = await bookOf([
      ['Customer name', 'Phone', 'Owner'],
      ['x', uniquePhone(), chain.clerkA2.username],
    ]);
    expect(dataOf(await checkCall(t, customerInfo, clerkA1.token, clerkFile)).counts).toMatchObject({ error: 1 });

    const passing = await bookOf([
      ['Customer name', 'Phone', 'Owner', 'Remark'],
      ['For clerk a1', uniquePhone(), clerkA1.username, tag],
      ['Mine', uniquePhone(), null, tag],
    ]);
    const checked = dataOf(await checkCall(t, customerInfo, managerA.token, passing));
    dataOf(await t.post(info('importCommit'), { token: checked.token }, managerA.token));
    const rows = await t.ctx.db.loose
      .selectFrom('customer_info')
      .select(['customerName', 'employeeId', 'storeId'])
      .where('remark', '=', tag)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.customerName, Number(r.employeeId), Number(r.storeId)])).toEqual([
      ['For clerk a1', clerkA1.id, chain.storeA],
      ['Mine', managerA.id, chain.storeA],
    ]);

    const exported = await exportCall(t, customerInfo, chain.admin, {
      remark: tag,
      columns: ['customerName', 'storeName', 'employeeId'],
    });
    expect(exported.status).toBe(200);
    const sheet = sheetRows((await readBook(exported.bytes)).worksheets[0]);
    expect(sheet).toEqual([
      ['Customer name', 'Store name', 'Owner'],
      ['Mine', '门店甲', `甲店长 (${managerA.username})`],
      ['For clerk a1', '门店甲', `甲店员一 (${clerkA1.username})`],
    ]);
  });
});
