import { describe, expect, it } from 'vitest';
import { col } from './columns.js';
import { formatOfIssue, phoneFormatMessages } from './formats.js';
import { LOCALES, label } from './i18n.js';
import { normaliseMobile, normalisePhone, phoneSearchForms } from './phone.js';

/** The seven spellings the issue found, each of which was sent a code of its own (issue 35 §7). */
const SEVEN = [
  '13812345678',
  '+13812345678',
  '013812345678',
  '8613812345678',
  '+8613812345678',
  '008613812345678',
  '0013812345678',
];

describe('phone numbers in one spelling (issue 35 §7)', () => {
  it('reads the seven spellings of one mainland mobile as its 11 digits', () => {
    for (const spelling of SEVEN) expect(normalisePhone(spelling), spelling).toBe('13812345678');
    expect(normalisePhone('015812345678')).toBe('15812345678');
  });

  it('takes the spaces, dashes, dots and parentheses a person types, and full-width characters', () => {
    const typed = [
      '139-1234-5603',
      '139 1234 5603',
      ' 139 1234 5603 ',
      '139.1234.5603',
      '(+86) 139 1234 5603',
      '+86 139-1234-5603',
      '+86 (0) 139 1234 5603',
      '0086 139 1234 5603',
      '86-139-1234-5603',
      '0139 1234 5603',
      '+ 86 139 1234 5603',
      '１３９－１２３４－５６０３',
      '＋８６　１３９　１２３４　５６０３',
      '（＋86）139 1234 5603',
      '139\u00a01234\u00a05603',
      '139–1234–5603',
    ];
    for (const text of typed) expect(normalisePhone(text), text).toBe('13912345603');
  });

  it('keeps a mainland landline with its area code, and any number abroad, in E.164', () => {
    const beijing = [
      '010-12345678',
      '010 1234 5678',
      '(010) 1234-5678',
      '+86 10 1234 5678',
      '+86 (0)10 1234 5678',
      '0086 10 12345678',
      '+86 010 12345678',
    ];
    for (const text of beijing) expect(normalisePhone(text), text).toBe('+861012345678');
    expect(normalisePhone('0571-8765 4321')).toBe('+8657187654321');
    expect(normalisePhone('0571-8765432')).toBe('+865718765432');
    expect(normalisePhone('+852 9123 4567')).toBe('+85291234567');
    expect(normalisePhone('00852 9123 4567')).toBe('+85291234567');
    expect(normalisePhone('+44 (0)20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('+1 212 555 0123')).toBe('+12125550123');
    expect(normalisePhone('+886 912 345 678')).toBe('+886912345678');
  });

  it('reads a + before 11 digits 1[3-9]… as the mainland mobile, not as a North American number', () => {
    // +1 386 234 5678 (Florida) has the digits of the mainland mobile 138 6234 5678 after a +.
    expect(normalisePhone('+1 386 234 5678')).toBe('13862345678');
    expect(normalisePhone('001 386 234 5678')).toBe('13862345678');
  });

  it('refuses what is no phone number it can read', () => {
    const refused = [
      '',
      '   ',
      'abc',
      'tel:13812345678',
      '138abcd5678',
      '1381234567',
      '138123456789',
      '12812345678',
      '8765 4321',
      '87654321',
      '021-12345678-123',
      '86 10 12345678',
      '861012345678',
      '+86 123',
      '+86 10 123',
      '+0123456789',
      '+123456',
      '+1234567890123456',
      '13812345678+',
      '138+12345678',
      '++8613812345678',
      '138/1234/5678',
      '138_1234_5678',
      '１３８ａｂｃ',
      '138****5678',
    ];
    for (const text of refused) expect(normalisePhone(text), JSON.stringify(text)).toBeNull();
  });

  it('answers a canonical form that stays as it is when read again', () => {
    for (const text of [...SEVEN, '010-12345678', '+852 9123 4567', '+44 (0)20 7946 0958', '0571-8765432']) {
      const phone = normalisePhone(text) as string;
      expect(normalisePhone(phone), text).toBe(phone);
    }
  });

  it('takes for a mobile only numbers that receive an SMS: a mainland mobile or one abroad', () => {
    expect(normaliseMobile('+86 139-1234-5603')).toBe('13912345603');
    expect(normaliseMobile('+852 9123 4567')).toBe('+85291234567');
    expect(normaliseMobile('010-12345678')).toBeNull();
    expect(normaliseMobile('+86 10 1234 5678')).toBeNull();
    expect(normaliseMobile('1381234567')).toBeNull();
  });

  it('answers every stored spelling of a number for a whole-value match, each of them that number', () => {
    const forms = phoneSearchForms('+86 138 1234 5678');
    expect(forms[0]).toBe('13812345678');
    expect([...forms].sort()).toEqual([...SEVEN].sort());
    expect(phoneSearchForms('010 1234 5678')).toEqual(['+861012345678', '01012345678', '010-12345678']);
    expect(phoneSearchForms('0571 8765 4321')).toEqual(['+8657187654321', '057187654321', '0571-87654321']);
    for (const text of ['13812345678', '010-12345678', '0571-87654321', '+852 9123 4567']) {
      for (const form of phoneSearchForms(text)) expect(normalisePhone(form), form).toBe(normalisePhone(text));
    }
    expect(phoneSearchForms('1234')).toEqual([]);
    expect(phoneSearchForms('王秀英')).toEqual([]);
  });
});

describe('phone columns', () => {
  const mobile = col.string({ label: label('手机', '手機', 'Phone'), nullable: true, max: 20, format: 'mobile' });
  const contact = col.string({
    label: label('手机号', '手機號', 'Phone'),
    min: 1,
    max: 20,
    format: 'phone',
    sensitive: 'phone',
  });

  it('store the canonical form of what was typed', () => {
    expect(mobile.schema.parse('+86 139-1234-5603')).toBe('13912345603');
    expect(contact.schema.parse('(010) 1234 5678')).toBe('+861012345678');
    expect(contact.schema.parse('0086 139 1234 5603')).toBe('13912345603');
  });

  it('let a mask a form sends back through as it came, and an empty text where the column may be empty', () => {
    expect(contact.schema.parse('139****5603')).toBe('139****5603');
    expect(mobile.schema.parse('')).toBe('');
    expect(contact.schema.safeParse('').success).toBe(false);
  });

  it('refuse another text with the format issue, worded in the three languages', () => {
    for (const [column, format] of [
      [mobile, 'mobile'],
      [contact, 'phone'],
    ] as const) {
      const result = column.schema.safeParse('8765 4321');
      expect(result.success).toBe(false);
      expect(formatOfIssue(result.error?.issues[0])).toBe(format);
    }
    expect(mobile.schema.safeParse('010-12345678').success).toBe(false);
    for (const locale of LOCALES) {
      for (const text of Object.values(phoneFormatMessages)) {
        expect(text[locale]).toContain('{field}');
        expect(text[locale]).toContain('+86');
      }
    }
    expect(phoneFormatMessages.phone.en).toContain('010-1234 5678');
    expect(phoneFormatMessages.phone['zh-cn']).toContain('固定电话');
    expect(phoneFormatMessages.phone['zh-tw']).toContain('市話');
    expect(phoneFormatMessages.mobile.en).toContain('country code');
  });

  it('are refused at declaration when too short for a number abroad', () => {
    expect(() => col.string({ label: label('a', 'a', 'a'), max: 11, format: 'phone' })).toThrow(/16 characters/);
  });
});
