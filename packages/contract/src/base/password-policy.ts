import { PASSWORD_MAX, PASSWORD_MIN } from '../core/envelope.js';
import { type Label, type Locale, label } from '../core/i18n.js';

/**
 * The password policy every path that sets a password applies (operator add/update, the profile
 * change, the forced change at first sign-in), on the server and in the web forms alike. Its values
 * are parameters (base_sys_param, keys in POLICY_PARAM_KEYS); docs/spec.md §5 fixes the bounds:
 * never shorter than 6 nor longer than 16 characters.
 */
export type PasswordPolicy = {
  /** Fewest characters, 6 to 16. */
  readonly minLength: number;
  /** Most characters: 16 (docs/spec.md §5). */
  readonly maxLength: number;
  /** How many of the four classes (lower case, upper case, digit, symbol) a password must mix, 0 to 4. */
  readonly minClasses: number;
  /** A password may not be any of the user's last N passwords (the current one included); 0 turns it off. */
  readonly history: number;
  /** The password may not contain the username (in any case). */
  readonly notUsername: boolean;
};

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  maxLength: PASSWORD_MAX,
  minClasses: 2,
  history: 3,
  notUsername: true,
};

/** Most passwords the history keeps per user. */
export const PASSWORD_HISTORY_MAX = 10;

/** The parameter key of each setting (base_sys_param.keyName), seeded with the defaults above. */
export const POLICY_PARAM_KEYS = {
  minLength: 'passwordMinLength',
  minClasses: 'passwordMinClasses',
  history: 'passwordHistory',
  notUsername: 'passwordNotUsername',
} as const satisfies Record<Exclude<keyof PasswordPolicy, 'maxLength'>, string>;

const clampInt = (raw: unknown, min: number, max: number, fallback: number) => {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;
};

/**
 * The policy from the parameters' texts (by key): a value out of bounds is brought to the nearest
 * bound, one that is not a number keeps the default, so a mistyped parameter never weakens the
 * policy below docs/spec.md §5.
 */
export function policyFromParams(values: Readonly<Record<string, string | null | undefined>>): PasswordPolicy {
  const d = DEFAULT_PASSWORD_POLICY;
  const flag = values[POLICY_PARAM_KEYS.notUsername];
  return {
    minLength: clampInt(values[POLICY_PARAM_KEYS.minLength], PASSWORD_MIN, PASSWORD_MAX, d.minLength),
    maxLength: PASSWORD_MAX,
    minClasses: clampInt(values[POLICY_PARAM_KEYS.minClasses], 0, 4, d.minClasses),
    history: clampInt(values[POLICY_PARAM_KEYS.history], 0, PASSWORD_HISTORY_MAX, d.history),
    notUsername:
      flag === undefined || flag === null ? d.notUsername : !['0', 'false', 'off', 'no'].includes(flag.trim()),
  };
}

export type PasswordRule = 'length' | 'classes' | 'username' | 'history';

/** Each rule as a sentence, `{min}`, `{max}`, `{count}` filled from the policy. */
const RULE_TEXTS: Readonly<Record<PasswordRule, Label>> = {
  length: label('长度为 {min}-{max} 个字符', '長度為 {min}-{max} 個字元', '{min} to {max} characters'),
  classes: label(
    '至少包含小写字母、大写字母、数字、符号中的 {count} 类',
    '至少包含小寫字母、大寫字母、數字、符號中的 {count} 類',
    'at least {count} kinds of characters: lower case, upper case, digits, symbols',
  ),
  username: label('不能包含用户名', '不能包含使用者名稱', 'not containing the username'),
  history: label(
    '不能与最近 {count} 次使用的密码相同',
    '不能與最近 {count} 次使用的密碼相同',
    'not one of the last {count} passwords used',
  ),
};

/** The rules this policy applies, in the order a form lists them. */
export function activeRules(policy: PasswordPolicy): PasswordRule[] {
  const rules: PasswordRule[] = ['length'];
  if (policy.minClasses > 0) rules.push('classes');
  if (policy.notUsername) rules.push('username');
  if (policy.history > 0) rules.push('history');
  return rules;
}

/** A rule as the policy words it, in one language. */
export function ruleText(rule: PasswordRule, policy: PasswordPolicy, locale: Locale): string {
  const values: Record<string, number> = {
    min: policy.minLength,
    max: policy.maxLength,
    count: rule === 'history' ? policy.history : policy.minClasses,
  };
  return RULE_TEXTS[rule][locale].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** A rule as the policy words it, in every language (a server message parameter). */
export function ruleLabel(rule: PasswordRule, policy: PasswordPolicy): Label {
  return label(ruleText(rule, policy, 'zh-cn'), ruleText(rule, policy, 'zh-tw'), ruleText(rule, policy, 'en'));
}

/** How many of the four character classes the password mixes. */
export function characterClasses(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
}

/**
 * The rules a password breaks, the history aside (only the server holds the old hashes). The same
 * function checks the web forms and the server, so both refuse the same passwords.
 */
export function brokenRules(password: string, policy: PasswordPolicy, username?: string | null): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < policy.minLength || length > policy.maxLength) broken.push('length');
  if (characterClasses(password) < policy.minClasses) broken.push('classes');
  const name = username?.trim().toLowerCase();
  if (policy.notUsername && name && password.toLowerCase().includes(name)) broken.push('username');
  return broken;
}
