import { type CustomerInfo, customerInfo, type DictData, type ImportResult } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOf, checkCall, exportCall, readBook, sheetRows, templateCall } from '../../core/crud/excel.fixtures.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, setUpChain } from './customer.test-support.js';

const url = (action: string) => `${customerInfo.prefix}/${action}`;

/**
 * Dictionary words in every language on a customer's export and import (issue 37 §3), and an
 * import check that tells what the add form tells (§4): a phone another customer has, columns an
 * export writes that the import does not read, and a default export that comes back unchanged.
 */
describe.each(testTargets())('customer Excel in every language on $name', (target) => {
  let t: TestApp;
  let chain: Chain;
  let serial = 0;
  const tag = (prefix: string) => {
    serial += 1;
    return `${prefix}-${serial}`;
  };
  const add = async (token: string, row: Partial<CustomerInfo> & { customerName: string; customerPhone: string }) =>
    dataOf(await t.post<{ id: number }>(url('add'), row, token)).id;
  const stored = (remark: string) =>
    t.ctx.db.loose
      .selectFrom('customer_info')
      .select(['customerName', 'customerType', 'customerPhone'])
      .where('remark', '=', remark)
      .orderBy('id')
      .execute() as Promise<Array<Pick<CustomerInfo, 'customerName' | 'customerType' | 'customerPhone'>>>;

  beforeAll(async () => {
    t = await startApp(target);
    chain = await setUpChain(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers the seeded dictionaries in the request’s language, with every language’s label', async () => {
    const body = { types: ['customerType', 'invitationStatus', 'idCardType'] };
    const inLanguage = async (language: string) =>
      dataOf(await t.post<DictData>('/admin/dict/info/data', body, chain.admin, { language }));
    const en = await inLanguage('en');
    expect(en.customerType?.map((i) => i.name)).toEqual(['New customer', 'Regular customer', 'VIP customer']);
    expect(en.invitationStatus?.map((i) => i.name)).toEqual(['Invited', 'Visited', 'Bought', 'No-show']);
    expect(en.idCardType?.find((i) => i.value === 'idCard')?.name).toBe('ID card');
    const tw = await inLanguage('zh-tw');
    expect(tw.customerType?.map((i) => i.name)).toEqual(['新客戶', '老客戶', 'VIP客戶']);
    expect(tw.idCardType?.find((i) => i.value === 'idCard')?.name).toBe('身分證');
    const cn = await inLanguage('zh-cn');
    expect(cn.customerType?.map((i) => i.name)).toEqual(['新客户', '老客户', 'VIP客户']);
    expect(cn.customerType?.find((i) => i.value === 'vip')?.labels).toEqual({
      'zh-cn': 'VIP客户',
      'zh-tw': 'VIP客戶',
      en: 'VIP customer',
    });
  });

  it('exports dictionary values in the request’s language and its template lists them so', async () => {
    const remark = tag('words');
    await add(chain.admin, { customerName: 'Vip', customerPhone: '13700000001', customerType: 'vip', remark });
    const columns = ['customerName', 'customerType'];
    for (const [language, word] of [
      ['en', 'VIP customer'],
      ['zh-tw', 'VIP客戶'],
      ['zh-cn', 'VIP客户'],
    ] as const) {
      const res = await exportCall(t, customerInfo, chain.admin, { remark, columns }, language);
      expect(res.status, res.reply.raw.slice(0, 200)).toBe(200);
      expect(sheetRows((await readBook(res.bytes)).worksheets[0])[1]).toEqual(['Vip', word]);
    }
    const template = await templateCall(t, customerInfo, chain.admin, 'en');
    const words = sheetRows((await readBook(template.bytes)).worksheets[2])
      .flat()
      .map(String);
    expect(words.some((w) => w.includes('VIP customer'))).toBe(true);
    expect(words.some((w) => w.includes('VIP客户'))).toBe(false);
  });

  it('imports a dictionary value written in any language, whatever the request’s language', async () => {
    const remark = tag('any');
    const file = await bookOf([
      ['客户姓名', '客户类型', '手机号', '备注'],
      ['甲', 'VIP客户', '13700000011', remark],
      ['乙', 'VIP客戶', '13700000012', remark],
      ['丙', 'VIP customer', '13700000013', remark],
      ['丁', 'regular', '13700000014', remark],
      ['戊', 'Regular Customer?', '13700000015', remark],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, chain.admin, file, 'any.xlsx', 'zh-tw'));
    expect(report.counts).toEqual({ insert: 4, update: 0, skip: 0, error: 1 });
    const bad = report.rows.find((r) => r.row === 6);
    expect(bad?.errors?.[0]).toMatchObject({ cell: 'B6', column: '客戶類型' });
    dataOf(await t.post<ImportResult>(url('importCommit'), { token: report.token }, chain.admin));
    expect((await stored(remark)).map((r) => [r.customerName, r.customerType])).toEqual([
      ['甲', 'vip'],
      ['乙', 'vip'],
      ['丙', 'vip'],
      ['丁', 'regular'],
    ]);
  });

  it('warns of a phone a customer of the chain has, naming it within the scope and its store beyond', async () => {
    const remark = tag('dup');
    // Store B's customer: beyond store A's manager's scope; store A's: within it.
    await add(chain.managerB.token, { customerName: '乙店客户', customerPhone: '13700000021', remark });
    const own = await add(chain.managerA.token, { customerName: '甲店客户', customerPhone: '13700000022', remark });
    const code = dataOf(await t.get<CustomerInfo>(url('info'), { id: own }, chain.admin)).customerCode;
    const file = await bookOf([
      ['Customer name', 'Phone', 'Remark'],
      ['One', '+86 137 0000 0021', remark],
      ['Two', '13700000022', remark],
      ['Three', '13700000023', remark],
      ['Four', '137-0000-0023', remark],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, chain.managerA.token, file, 'dup.xlsx', 'en'));
    expect(report.counts).toEqual({ insert: 4, update: 0, skip: 0, error: 0 });
    const warnings = Object.fromEntries(report.rows.map((r) => [r.row, r.warnings ?? []]));
    expect(warnings[2]).toEqual([
      {
        cell: 'B2',
        column: 'Phone',
        message:
          'Already registered with this phone number: a customer of 门店乙; the import adds this row all the same',
      },
    ]);
    expect(warnings[2]?.[0]?.message).not.toContain('乙店客户');
    expect(warnings[3]?.[0]?.message).toContain(`甲店客户 (${code})`);
    expect(warnings[4]).toEqual([]);
    expect(warnings[5]?.map((w) => w.message)).toEqual(['The same phone number as row 4 of this file']);
    // Warned, not refused: the rows go in.
    const done = dataOf(await t.post<ImportResult>(url('importCommit'), { token: report.token }, chain.managerA.token));
    expect(done).toEqual({ inserted: 4, updated: 0 });
  });

  it('takes a default export back unchanged: its store and staff number columns are set aside with a note', async () => {
    const remark = tag('round');
    await add(chain.managerA.token, {
      customerName: '来回',
      customerPhone: '13700000031',
      customerType: 'vip',
      customerSex: 2,
      diseaseInformation: '冠心病',
      remark,
    });
    await add(chain.managerA.token, { customerName: '来回二', customerPhone: '13700000032', remark });
    for (const language of ['zh-cn', 'en', 'zh-tw']) {
      const columns = [...(customerInfo.excel?.columns ?? [])];
      const res = await exportCall(t, customerInfo, chain.managerA.token, { remark, columns }, language);
      expect(res.status).toBe(200);
      const report = dataOf(await checkCall(t, customerInfo, chain.managerA.token, res.bytes, 'back.xlsx', language));
      expect(report.counts, JSON.stringify(report.rows)).toEqual({ insert: 0, update: 0, skip: 2, error: 0 });
      const expected = {
        'zh-cn': ['门店名称', '员工工号'],
        en: ['Store name', 'Staff number'],
        'zh-tw': ['門市名稱', '員工工號'],
      };
      expect(report.ignoredColumns).toEqual(expected[language as keyof typeof expected]);
    }
    // A column nobody declares is still refused, by its header.
    const unknown = await checkCall(
      t,
      customerInfo,
      chain.admin,
      await bookOf([
        ['Customer name', 'Phone', 'Favourite colour'],
        ['X', '13700000039', 'red'],
      ]),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Favourite colour');
  });
});
