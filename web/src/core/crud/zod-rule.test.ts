import { col, customerActivity, customerInfo, LOCALES, label, phoneFormatMessages, sysUser } from '@backroom/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../i18n';
import { zodMessage } from './zod-rule';

afterEach(async () => {
  await setLocale('zh-cn');
});

describe('zodMessage', () => {
  it('says a NUL character is refused, in the language in use', async () => {
    const name = col.string({ label: label('名称', '名稱', 'Name'), max: 20 }).schema;
    await setLocale('en');
    expect(zodMessage(name, 'a\u0000b', 'Name')).toBe('Name must not contain a NUL character');
    expect(zodMessage(name, 'ab', 'Name')).toBeUndefined();
    await setLocale('zh-tw');
    expect(zodMessage(name, 'a\u0000b', '名稱')).toBe('名稱不能包含空字元（NUL）');
  });
});

describe('zodMessage with the contract formats (issue 24 §2)', () => {
  it("refuses what the issue's walk saved, in the language in use", async () => {
    await setLocale('en');
    const customerPhone = customerInfo.columns.customerPhone.schema;
    expect(zodMessage(customerPhone, '13800abcd12', 'Phone')).toBe(
      'Phone must be a mobile number (11 digits starting with 13 to 19, +86 may come first), a landline with its area code (such as 010-1234 5678) or + and the country code for a number abroad; spaces and dashes are fine',
    );
    expect(zodMessage(customerPhone, '13912345678', 'Phone')).toBeUndefined();
    expect(zodMessage(customerPhone, '010-12345678', 'Phone')).toBeUndefined();
    const staffPhone = sysUser.columns.phone.schema;
    expect(zodMessage(staffPhone, '138abc', 'Phone')).toBe(
      'Phone must be a mobile number: 11 digits starting with 13 to 19 on the mainland (+86, 86, 0086 or 0 may come first), or + or 00 and the country code for a number abroad; spaces and dashes are fine',
    );
    expect(zodMessage(staffPhone, '12012345678', 'Phone')).toBeDefined();
    expect(zodMessage(sysUser.columns.email.schema, 'a@b', 'Email')).toBe('Email is not a valid email address');
    expect(zodMessage(customerInfo.columns.customerAge.schema, '-5', 'Age')).toBe(
      'Age must be a whole number from 0 to 130',
    );
    expect(zodMessage(customerActivity.columns.customerAge.schema, 131, 'Age')).toBe('Age must be at most 130');
    expect(zodMessage(customerActivity.columns.idCardNo.schema, '12345abc', 'ID number')).toBe(
      'ID number is not a valid ID number',
    );
    await setLocale('zh-cn');
    expect(zodMessage(staffPhone, '138abc', '手机')).toBe(
      '手机应为手机号：中国大陆为11位，13–19开头（前面可加 +86、86、0086 或 0），境外号码以 + 或 00 加国家代码开头；可含空格和短横线',
    );
    await setLocale('zh-tw');
    expect(zodMessage(customerInfo.columns.customerAge.schema, '200', '年齡')).toBe('年齡應為0到130之間的整數');
  });

  it('takes a phone in the spellings a person types, as the server does (issue 35 §7)', async () => {
    await setLocale('en');
    for (const typed of ['+86 139-1234-5603', '(+86) 139 1234 5603', '0139 1234 5603', '139.1234.5603']) {
      expect(zodMessage(customerInfo.columns.customerPhone.schema, typed, 'Phone'), typed).toBeUndefined();
      expect(zodMessage(sysUser.columns.phone.schema, typed, 'Phone'), typed).toBeUndefined();
    }
    expect(zodMessage(sysUser.columns.phone.schema, '010-1234 5678', 'Phone')).toBeDefined();
    expect(zodMessage(customerInfo.columns.customerPhone.schema, '8765 4321', 'Phone')).toBeDefined();
  });

  it("words the phones' formats as the contract does, in every language", async () => {
    for (const locale of LOCALES) {
      await setLocale(locale);
      for (const [format, text] of Object.entries(phoneFormatMessages)) {
        expect(i18n.t(`validation.format.${format}`, { field: 'F' }), `${locale} ${format}`).toBe(
          text[locale].replace('{field}', 'F'),
        );
      }
    }
  });

  it('lets a masked value through for a sensitive column only (the server keeps the stored one)', () => {
    expect(zodMessage(customerInfo.columns.customerPhone.schema, '138****5678', 'Phone')).toBeUndefined();
    expect(zodMessage(sysUser.columns.phone.schema, '138****5678', 'Phone')).toBeDefined();
  });
});
