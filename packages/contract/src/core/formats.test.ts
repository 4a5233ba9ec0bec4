import { describe, expect, it } from 'vitest';
import { fitsShownIdCharacters, isContactPhone, isEmail, isIdNumber, isMainlandId, isMobile } from './formats.js';

describe('field formats (issue 24 §2)', () => {
  it('takes mobile numbers of 11 digits beginning with 13 to 19 only', () => {
    expect(isMobile('13912345678')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    for (const bad of ['13800abcd12', '138abc', '12012345678', '1391234567', '139123456789', '+8613912345678']) {
      expect(isMobile(bad), bad).toBe(false);
    }
  });

  it('takes a landline where the field is a contact phone', () => {
    expect(isContactPhone('010-12345678')).toBe(true);
    expect(isContactPhone('0571-8765432')).toBe(true);
    // An extension has no place in E.164, and a landline without its area code names a line in every city (phone.ts).
    expect(isContactPhone('021-12345678-123')).toBe(false);
    expect(isContactPhone('87654321')).toBe(false);
    expect(isContactPhone('13912345678')).toBe(true);
    expect(isContactPhone('1388abc')).toBe(false);
    expect(isMobile('010-12345678')).toBe(false);
  });

  it('checks the mainland ID check digit (ISO 7064 MOD 11-2) and the birth date', () => {
    // GB 11643's example number.
    expect(isMainlandId('11010519491231002X')).toBe(true);
    expect(isMainlandId('110105194912310021')).toBe(false);
    expect(isMainlandId('11010519491331002X')).toBe(false);
    expect(isMainlandId('12345abc')).toBe(false);
  });

  it('checks an ID number by its type', () => {
    expect(isIdNumber('11010519491231002X', 'idCard')).toBe(true);
    expect(isIdNumber('E12345678', 'passport')).toBe(true);
    expect(isIdNumber('E12345678', 'idCard')).toBe(false);
    expect(isIdNumber('C12345678', 'hkMacau')).toBe(true);
    expect(isIdNumber('H1234567890', 'hkMacau')).toBe(true);
    expect(isIdNumber('12345678', 'taiwan')).toBe(true);
    expect(isIdNumber('12345678', 'hkMacau')).toBe(false);
    expect(isIdNumber('12345abc')).toBe(false);
  });

  it('checks emails', () => {
    expect(isEmail('info@example.com')).toBe(true);
    for (const bad of ['a@b', 'a b@example.com', '@example.com', 'a@@example.com'])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('tells the keywords that may lie among what a masked ID number shows: 4 letters or digits at most', () => {
    for (const fits of ['1101', '123X', '23x', 'x', ' 12-3 ']) expect(fitsShownIdCharacters(fits), fits).toBe(true);
    for (const no of ['11010', '110101199001011234', '12%', '1_2', '', '王'])
      expect(fitsShownIdCharacters(no), no).toBe(false);
  });
});
