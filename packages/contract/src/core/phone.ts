/*
 * One phone number, one spelling (issue 35 §7). A person writes the same number many ways
 * (`138 1234 5678`, `+86 138-1234-5678`, `0086 138…`, `0138…`), and each spelling used to be a
 * number of its own: an SMS code and a daily limit each, an app account each, a customer the
 * duplicate check did not see. Every phone that identifies someone or counts against a limit is
 * brought to one canonical form before it is used, stored, counted or compared:
 *
 * - a mainland China mobile: its 11 digits, `1[3-9]` and 9 more (`13812345678`);
 * - any other number: E.164, `+`, the country code and the number, 7 to 15 digits
 *   (`+85291234567`, `+442079460958`), a mainland landline too (`010-1234 5678` → `+861012345678`).
 *
 * What is accepted. Between the digits, what people type: spaces (any width), dashes, dots and
 * parentheses (`139-1234-5603`, `(+86) 139 1234 5603`, `+44 (0)20 7946 0958`); full-width digits
 * and signs as a Chinese keyboard gives them. Before a mainland mobile: `+86`, `86`, `0086`, the
 * trunk prefix `0`, `00`, and a `+` alone (`+138…`, `00138…`: the spellings the issue found).
 * Before a mainland landline: its area code's `0` (`010…`, `0571…`), or `+86`/`0086` with or
 * without that `0`. Before any other number: `+` or `00` and its country code; a `(0)` written
 * after the country code is the trunk prefix and is dropped.
 *
 * What is refused (null): letters and any other sign, a `+` that is not the first character, a
 * mainland number of the wrong length, a landline without its area code (`8765 4321` names a line
 * in every city), an extension (`-123` after a landline), `86` without `+` or `00` before anything
 * but a mobile, and a number abroad of fewer than 7 or more than 15 digits.
 *
 * The one reading that is a choice: after `+` (or `00`), 11 digits `1[3-9]…` are both a mainland
 * mobile written without its 86 and a North American number (+1, an area code from 3xx to 9xx).
 * This back office serves mainland stores, whose customers type the former; it is read as the
 * mainland mobile. Such a North American number is therefore taken for the mainland mobile of the
 * same digits (docs/architecture.md, "Phones").
 *
 * The canonical form is a fixed point: normalising it again gives it back.
 */

/** The longest text a person may type for a phone (spaces, dashes, a country code); what is stored is shorter. */
export const PHONE_TEXT_MAX = 32;
/** The longest canonical phone: `+` and 15 digits. A column that keeps phones is at least this long. */
export const PHONE_STORED_MAX = 16;

/** A mainland mobile in its canonical form: 11 digits beginning with 13 to 19. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** A mainland landline after its trunk 0: the area code (10, 2x, or three digits from 3 on) and 7 or 8 digits. */
const MAINLAND_LANDLINE = /^(10|2\d|[3-9]\d\d)\d{7,8}$/;
/** A number after its `+`: a country code (never 0) and the number, 7 to 15 digits in all (E.164). */
const INTERNATIONAL = /^[1-9]\d{6,14}$/;
/** What a person types between the digits: white space, dashes of every width, dots and parentheses. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212.()]/g;
/** A trunk prefix written after the country code (`+44 (0)20 …`, `0086 (0)10 …`). */
const TRUNK_AFTER_COUNTRY = /^(\+|00)\s*(\d{1,3})\s*\(\s*0\s*\)/;

/** The text as digits and at most a leading `+`, or null when anything else is in it. */
function digitsOf(text: string): string | null {
  // Full-width digits, signs and parentheses (１３８、＋８６、（０）) become their ASCII selves.
  const plain = text.normalize('NFKC').trim().replace(TRUNK_AFTER_COUNTRY, '$1$2').replace(SEPARATORS, '');
  return /^\+?\d+$/.test(plain) ? plain : null;
}

/** A number written with +86 or 0086, after that prefix (a trunk 0 after it is dropped). */
function mainlandAfterCountryCode(rest: string): string | null {
  const national = rest.startsWith('0') ? rest.slice(1) : rest;
  if (MAINLAND_MOBILE.test(national)) return national;
  return MAINLAND_LANDLINE.test(national) ? `+86${national}` : null;
}

/**
 * The canonical form of a phone number as a person typed it (see above): a mainland mobile's 11
 * digits, or E.164 for every other number; null when the text is no phone number we can read.
 */
export function normalisePhone(text: string): string | null {
  const digits = digitsOf(text);
  if (digits === null) return null;
  const international = digits.startsWith('+') ? digits.slice(1) : digits.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    // `+138…`, `00138…`: a mainland mobile with a + or 00 and no 86 (the one reading chosen above).
    if (MAINLAND_MOBILE.test(international)) return international;
    if (international.startsWith('86')) return mainlandAfterCountryCode(international.slice(2));
    return INTERNATIONAL.test(international) ? `+${international}` : null;
  }
  if (MAINLAND_MOBILE.test(digits)) return digits;
  if (digits.startsWith('86') && MAINLAND_MOBILE.test(digits.slice(2))) return digits.slice(2);
  if (digits.startsWith('0')) return mainlandAfterCountryCode(digits);
  return null;
}

/** Whether a canonical phone can take an SMS: a mainland mobile, or a number abroad (a +86 one is a landline). */
export const takesSms = (canonical: string) => MAINLAND_MOBILE.test(canonical) || !canonical.startsWith('+86');

/** The canonical form of a number that takes an SMS (a mobile: mainland, or abroad); null for a landline or no number. */
export function normaliseMobile(text: string): string | null {
  const phone = normalisePhone(text);
  return phone !== null && takesSms(phone) ? phone : null;
}

/**
 * Every value a stored phone of this number may hold, the canonical form first: a text that is no
 * phone number stands for none. Rows written before phones were normalised kept them as typed (an
 * app user's `+8613812345678`, a landline's `010-12345678`), and a row the normalising migration
 * had to leave (its canonical form was another row's unique phone) keeps its old spelling; a whole
 * value match of a phone compares with all of these, so such a row is still found.
 */
export function phoneSearchForms(text: string): string[] {
  const phone = normalisePhone(text);
  if (phone === null) return [];
  if (MAINLAND_MOBILE.test(phone)) {
    return [phone, `+86${phone}`, `86${phone}`, `0086${phone}`, `0${phone}`, `00${phone}`, `+${phone}`];
  }
  if (phone.startsWith('+86')) {
    // A landline: its national spellings, digits alone or with a dash after the area code.
    const national = `0${phone.slice(3)}`;
    const areaLength = /^0(10|2\d)/.test(national) ? 3 : 4;
    return [phone, national, `${national.slice(0, areaLength)}-${national.slice(areaLength)}`];
  }
  return [phone, `00${phone.slice(1)}`];
}

/*
 * Searching by what a mask shows (issue 37). A masked phone shows its first 3 and last 4
 * characters (`139****5601`, `+85****4567`; one of under 8 characters shows none). Anyone who sees
 * the row may find it by what is shown; the hidden middle digits are searched only for a reader who
 * may reveal the row (the reveal permission, or its owner), and by anyone else only as the whole
 * number (docs/architecture.md, "Sensitive columns").
 */

/** How many characters a masked phone shows before its stars, and after them. */
export const PHONE_SHOWN_HEAD = 3;
export const PHONE_SHOWN_TAIL = 4;
/** A phone shorter than this shows no character of itself when masked. */
export const PHONE_SHOWN_MIN = 8;

/** The keyword's characters when it is digits alone (spaces and dashes between them dropped, a `+` first allowed); else null. */
function keywordDigits(keyword: string): string | null {
  const plain = keyword.trim().replace(/[\s-]+/g, '');
  return /^\+?\d+$/.test(plain) ? plain : null;
}

/** Whether a keyword may lie among the characters a masked phone shows: at most 4 digits (`5601`, `139`, `+85`). */
export function fitsShownDigits(keyword: string): boolean {
  const digits = keywordDigits(keyword);
  return digits !== null && digits.length <= PHONE_SHOWN_TAIL;
}

/**
 * Whether a keyword is a part of a phone number that may lie in its hidden middle (3 to 10 digits,
 * not a whole number): a reader who may not reveal the rows she sees finds it only where the shown
 * digits hold it, and is told to enter the full number to search by the middle digits.
 */
export function reachesHiddenDigits(keyword: string): boolean {
  const digits = keywordDigits(keyword);
  return digits !== null && digits.replace('+', '').length >= 3 && normalisePhone(digits) === null;
}
