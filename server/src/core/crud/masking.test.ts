import { col } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  createMasker,
  dropUnchangedMasks,
  maskIdCard,
  maskPhone,
  maskText,
  maskValue,
  wholeValuesOf,
  withoutSeparators,
} from './masking.js';

const label = { 'zh-cn': '字段', 'zh-tw': '欄位', en: 'Field' };
const columns = {
  phone: col.string({ label, sensitive: 'phone' }),
  idNo: col.string({ label, nullable: true, sensitive: 'idCard' }),
  notes: col.string({ label, default: '', sensitive: 'text' }),
  name: col.string({ label }),
};

describe('masks', () => {
  it('keeps the first 3 and the last 4 characters of a phone', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('+8613812341234')).toBe('+86****1234');
  });

  it('hides a phone too short to keep anything of it', () => {
    expect(maskPhone('1234567')).toBe('****');
    expect(maskPhone('')).toBe('****');
  });

  it('keeps the first 4 and the last 4 characters of an ID number, a star for each hidden one', () => {
    expect(maskIdCard('110101199001011234')).toBe('1101**********1234');
    expect(maskIdCard('E123456789')).toBe('E123**6789');
    expect(maskIdCard('12345678')).toBe('********');
    expect(maskIdCard('123')).toBe('****');
  });

  it('shows *** for text that holds something and nothing for empty text', () => {
    expect(maskText('高血压')).toBe('***');
    expect(maskText('')).toBe('');
  });

  it('shows an empty value as a filled one to a reader who may not reveal it, and as empty to one who may (issue 37)', () => {
    expect(maskValue('text', '')).toBe(maskValue('text', '冠心病，需陪同'));
    expect(maskValue('text', null)).toBe('***');
    expect(maskValue('phone', null)).toBe('****');
    expect(maskValue('idCard', '')).toBe('****');
    expect(maskValue('text', '', true)).toBe('');
    expect(maskValue('phone', null, true)).toBeNull();
    // A filled value stays masked for every reader: the clear one comes only from the reveal call.
    expect(maskValue('text', '冠心病', true)).toBe('***');
    expect(maskValue('idCard', undefined)).toBeUndefined();
  });
});

describe('the masker of a declaration', () => {
  it('masks the sensitive columns of a row and nothing else', () => {
    const mask = createMasker(columns);
    const row = () => ({ phone: '13812341234', idNo: null, notes: 'asthma', name: '13812341234' });
    expect(mask(row())).toEqual({ phone: '138****1234', idNo: '****', notes: '***', name: '13812341234' });
    expect(mask(row(), true)).toEqual({ phone: '138****1234', idNo: null, notes: '***', name: '13812341234' });
  });

  it('is the identity for a declaration without sensitive columns', () => {
    const row = { name: 'x' };
    expect(createMasker({ name: columns.name })(row)).toBe(row);
  });
});

describe('an update that sends masked values back', () => {
  const stored = { phone: '13812341234', idNo: '110101199001011234', notes: 'asthma', name: 'Li' };

  it('keeps the stored values the client sent back as they were shown', () => {
    const sent = { phone: '138****1234', idNo: '1101**********1234', notes: '***', name: 'Wang' };
    expect(dropUnchangedMasks(columns, sent, stored)).toEqual({ name: 'Wang' });
  });

  it('keeps an empty value the client sent back as the mask it was shown', () => {
    const empty = { phone: '13812341234', idNo: null, notes: '', name: 'Li' };
    expect(dropUnchangedMasks(columns, { idNo: '****', notes: '***', name: 'Wang' }, empty)).toEqual({ name: 'Wang' });
  });

  it('stores new values, and a mask that is not the stored value’s own', () => {
    const sent = { phone: '13900001111', idNo: '1101**********9999', notes: '' };
    expect(dropUnchangedMasks(columns, sent, stored)).toEqual(sent);
  });
});

describe('whole values of a masked column', () => {
  it('reads a number typed in groups without its spaces and dashes, and nothing else', () => {
    expect(withoutSeparators('139 1234 5678')).toBe('13912345678');
    expect(withoutSeparators(' 139-1234-5678 ')).toBe('13912345678');
    expect(withoutSeparators('110101 19900101 123x')).toBe('11010119900101123x');
    expect(withoutSeparators('13912345678')).toBeUndefined();
    expect(withoutSeparators('3-1')).toBeUndefined();
    expect(withoutSeparators('C-2024-001')).toBeUndefined();
  });

  it('compares a phone as typed and joined, an ID number with its check letter in either case', () => {
    expect(wholeValuesOf('phone', '139 1234 5678').slice(0, 2)).toEqual(['139 1234 5678', '13912345678']);
    // Another spelling of the number finds it as stored, and as an older release may have kept it.
    expect(wholeValuesOf('phone', '+86 139-1234-5678')).toEqual(
      expect.arrayContaining(['13912345678', '+8613912345678', '013912345678']),
    );
    expect(wholeValuesOf('phone', '1391234')).toEqual(['1391234']);
    expect(wholeValuesOf('idCard', '11010119900101123x')).toEqual(
      expect.arrayContaining(['11010119900101123x', '11010119900101123X']),
    );
  });
});
