/*
 * What a value of a personal-data field must look like (issue 24 §2): a mobile number, a contact
 * phone, an email, an age, an ID number by its type. One rule for the web's forms, the API and the
 * Excel import: the string columns take it as their `format` (columns.ts), so each path that
 * validates with a column's schema applies it, and a refused value raises an issue whose params
 * name the format (`isFormatIssue`), which the server and the web word in the request's language.
 */

import { type Label, label } from './i18n.js';

/** The formats a string column may declare. */
export type FieldFormat = 'mobile' | 'phone' | 'email' | 'age' | 'idNumber';

/** A mainland mobile number: 11 digits, beginning with 13 to 19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/**
 * A landline as a contact phone is written: an area code of 3 or 4 digits starting with 0, an
 * optional dash, a number of 7 or 8 digits, an optional extension after a dash (010-12345678,
 * 0571-8765432-123); or the local number alone (7 or 8 digits).
 */
export const LANDLINE_PATTERN = /^(0\d{2,3}-?\d{7,8}|[2-9]\d{6,7})(-\d{1,6})?$/;
/** An email address: one @, a dot in the domain, no spaces (what a person types, not all of RFC 5322). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The oldest age the data takes. */
export const AGE_MAX = 130;

export const isMobile = (value: string) => MOBILE_PATTERN.test(value);
/** A contact phone: a mobile number or a landline. */
export const isContactPhone = (value: string) => MOBILE_PATTERN.test(value) || LANDLINE_PATTERN.test(value);
export const isEmail = (value: string) => value.length <= 254 && EMAIL_PATTERN.test(value);
/** An age typed as text (the customer's age column is a string): a whole number 0 to AGE_MAX. */
export const isAgeText = (value: string) => /^\d{1,3}$/.test(value) && Number(value) <= AGE_MAX;

/** The values of the idCardType dictionary (the customer module seeds it) whose numbers are checked. */
export const ID_TYPES = ['idCard', 'passport', 'hkMacau', 'taiwan'] as const;
export type IdType = (typeof ID_TYPES)[number];
/** The ID types' names, as the messages that name a type say them. */
export const idTypeLabels: Readonly<Record<IdType, Label>> = {
  idCard: label('身份证', '身分證', 'ID card'),
  passport: label('护照', '護照', 'Passport'),
  hkMacau: label('港澳通行证', '港澳通行證', 'Hong Kong and Macau permit'),
  taiwan: label('台胞证', '台胞證', 'Taiwan compatriot permit'),
};

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';

/**
 * A mainland resident ID: 17 digits, the check character of ISO 7064 MOD 11-2 (0-9 or X), and a
 * birth date that exists.
 */
export function isMainlandId(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(value[i]) * (ID_WEIGHTS[i] as number);
  if (ID_CHECK[sum % 11] !== value[17]?.toUpperCase()) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The patterns of the other ID types. */
const ID_PATTERNS: Record<Exclude<IdType, 'idCard'>, RegExp> = {
  // A Chinese passport (E or G and 8 digits, E, a letter and 7 digits), or a foreign one as most
  // are written: one or two letters and 6 to 8 digits, or 8 or 9 digits.
  passport: /^([A-Z]{1,2}\d{6,8}|\d{8,9})$/,
  // The mainland's permit to Hong Kong and Macau (C and 8 digits, or C, a letter and 7 digits), or
  // the Hong Kong and Macau residents' home-return permit (H or M and 8 or 10 digits).
  hkMacau: /^(C[A-Z0-9]\d{7}|[HM]\d{8}(\d{2})?)$/,
  // The Taiwan compatriot permit (8 digits, or the older 10 digits with an optional letter), or the
  // mainland's permit to Taiwan (L or T and 8 digits).
  taiwan: /^(\d{8}|\d{10}[A-Z]?|[LT]\d{8})$/,
};

/** Whether an ID number fits its type; a number of an unknown type must fit one of the known ones. */
export function isIdNumber(value: string, type?: string | null): boolean {
  const upper = value.toUpperCase();
  switch (type) {
    case 'idCard':
      return isMainlandId(upper);
    case 'passport':
    case 'hkMacau':
    case 'taiwan':
      return ID_PATTERNS[type].test(upper);
    default:
      return isMainlandId(upper) || Object.values(ID_PATTERNS).some((pattern) => pattern.test(upper));
  }
}

const CHECKS: Record<FieldFormat, (value: string) => boolean> = {
  mobile: isMobile,
  phone: isContactPhone,
  email: isEmail,
  age: isAgeText,
  idNumber: (value) => isIdNumber(value),
};

/** Whether a value fits a format; the empty text fits every one (a column's `min` says whether it may be empty). */
export function fitsFormat(format: FieldFormat, value: string): boolean {
  return value === '' || CHECKS[format](value);
}

/**
 * Whether a text has the shape of a masked value (`138****5678`, `1101**********1234`): a form loads
 * a sensitive value masked and sends it back unchanged, which the server then keeps as stored
 * (server/src/core/crud/masking.ts dropUnchangedMasks); a mask that is not the stored value's is
 * refused on write (server/src/core/crud/factory.ts).
 */
export const looksMasked = (value: string) => value.includes('*') && /^[0-9A-Za-z*+-]+$/.test(value);

/** The params of the issue a format raises; `formatOfIssue` reads them back to word the message. */
export const formatIssue = (format: FieldFormat) => ({ params: { format } }) as const;

/** The format a zod issue refused a value for, or null when it is another issue. */
export function formatOfIssue(issue: unknown): FieldFormat | null {
  const found = issue as { code?: unknown; params?: { format?: unknown } } | null | undefined;
  const format = found?.code === 'custom' ? found.params?.format : undefined;
  return typeof format === 'string' && format in CHECKS ? (format as FieldFormat) : null;
}
