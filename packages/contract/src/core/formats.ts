/*
 * What a value of a personal-data field must look like (issue 24 §2): a mobile number, a contact
 * phone, an email, an age, an ID number by its type. One rule for the web's forms, the API and the
 * Excel import: the string columns take it as their `format` (columns.ts), so each path that
 * validates with a column's schema applies it, and a refused value raises an issue whose params
 * name the format (`isFormatIssue`), which the server and the web word in the request's language.
 * The phone formats also bring a value to its canonical form (phone.ts, issue 35 §7): the schema
 * answers `13912345603` for `+86 139-1234-5603`, so every write path stores one spelling.
 */

import { type Label, label } from './i18n.js';
import { MAINLAND_MOBILE, normaliseMobile, normalisePhone } from './phone.js';

/** The formats a string column may declare. */
export type FieldFormat = 'mobile' | 'phone' | 'email' | 'age' | 'idNumber';

/** A mainland mobile number as it is stored: 11 digits, beginning with 13 to 19 (phone.ts). */
export const MOBILE_PATTERN = MAINLAND_MOBILE;
/** An email address: one @, a dot in the domain, no spaces (what a person types, not all of RFC 5322). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The oldest age the data takes. */
export const AGE_MAX = 130;

/** A mainland mobile number in its stored form (11 digits); see normaliseMobile for what a person may type. */
export const isMobile = (value: string) => MOBILE_PATTERN.test(value);
/** A contact phone in any spelling phone.ts reads: a mobile, a landline with its area code, a number abroad. */
export const isContactPhone = (value: string) => normalisePhone(value) !== null;
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

/*
 * What a masked ID number shows (server masking.ts, maskIdCard): its first 4 and last 4 characters
 * (`1101**********123X`); one of 8 characters or fewer shows none. As with a phone's (phone.ts,
 * fitsShownDigits), anyone who sees the row may find it by what is shown (issue 37).
 */
export const ID_SHOWN_HEAD = 4;
export const ID_SHOWN_TAIL = 4;
/** An ID number shorter than this shows no character of itself when masked. */
export const ID_SHOWN_MIN = ID_SHOWN_HEAD + ID_SHOWN_TAIL + 1;

/** Whether a keyword may lie among the characters a masked ID number shows: 4 letters or digits at most (`1101`, `123X`). */
export function fitsShownIdCharacters(keyword: string): boolean {
  const plain = keyword.trim().replace(/[\s-]+/g, '');
  return /^[0-9A-Za-z]+$/.test(plain) && plain.length <= ID_SHOWN_TAIL;
}

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
  // A person's spelling of the number (`+86 139-1234-5603`): the column's schema stores its canonical form.
  mobile: (value) => normaliseMobile(value) !== null,
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

/** The formats whose values are phone numbers, stored in their canonical form (phone.ts). */
export type PhoneFormat = Extract<FieldFormat, 'mobile' | 'phone'>;

export const isPhoneFormat = (format: FieldFormat | undefined): format is PhoneFormat =>
  format === 'mobile' || format === 'phone';

/**
 * The canonical form of a phone typed for a column of this format: `mobile` takes a number that
 * receives an SMS (a mainland mobile, or one abroad), `phone` a landline too; null when it fits not.
 */
export const canonicalPhone = (format: PhoneFormat, value: string): string | null =>
  format === 'mobile' ? normaliseMobile(value) : normalisePhone(value);

/**
 * What the format messages of phones say, in the three languages (`{field}` is the column's name):
 * the server answers them (server/src/core/i18n.ts) and the web's forms show the same words.
 */
export const phoneFormatMessages: Readonly<Record<PhoneFormat, Label>> = {
  mobile: label(
    '{field}应为手机号：中国大陆为11位，13–19开头（前面可加 +86、86、0086 或 0），境外号码以 + 或 00 加国家代码开头；可含空格和短横线',
    '{field}應為手機號：中國大陸為11位，13–19開頭（前面可加 +86、86、0086 或 0），境外號碼以 + 或 00 加國碼開頭；可含空格和連字號',
    '{field} must be a mobile number: 11 digits starting with 13 to 19 on the mainland (+86, 86, 0086 or 0 may come first), or + or 00 and the country code for a number abroad; spaces and dashes are fine',
  ),
  phone: label(
    '{field}应为手机号（11位，13–19开头，前面可加 +86）、带区号的固定电话（如 010-1234 5678）或以 + 加国家代码开头的境外号码；可含空格和短横线',
    '{field}應為手機號（11位，13–19開頭，前面可加 +86）、帶區碼的市話（如 010-1234 5678）或以 + 加國碼開頭的境外號碼；可含空格和連字號',
    '{field} must be a mobile number (11 digits starting with 13 to 19, +86 may come first), a landline with its area code (such as 010-1234 5678) or + and the country code for a number abroad; spaces and dashes are fine',
  ),
};

/** The params of the issue a format raises; `formatOfIssue` reads them back to word the message. */
export const formatIssue = (format: FieldFormat) => ({ params: { format } }) as const;

/** The format a zod issue refused a value for, or null when it is another issue. */
export function formatOfIssue(issue: unknown): FieldFormat | null {
  const found = issue as { code?: unknown; params?: { format?: unknown } } | null | undefined;
  const format = found?.code === 'custom' ? found.params?.format : undefined;
  return typeof format === 'string' && format in CHECKS ? (format as FieldFormat) : null;
}
