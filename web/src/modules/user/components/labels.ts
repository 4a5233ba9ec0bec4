import { type Locale, userInfo } from '@backroom/contract';

/** The word for an app user's status, gender or sign-in type, from the declaration. */
export function valueLabel(
  column: 'status' | 'gender' | 'loginType',
  value: number | null | undefined,
  locale: Locale,
): string {
  if (value === null || value === undefined) return '';
  return userInfo.columns[column].valueLabels?.[value]?.[locale] ?? String(value);
}

export const optionsOf = (column: 'status' | 'gender' | 'loginType', locale: Locale) =>
  (userInfo.columns[column].values ?? []).map((value) => ({
    value: Number(value),
    label: valueLabel(column, Number(value), locale),
  }));

/** The dot beside each status: normal, disabled, cancelled (the words carry the meaning; tinted tags fail contrast). */
export const STATUS_DOTS = { 0: 'warning', 1: 'success', 2: 'default' } as const satisfies Record<number, string>;
