/** The three languages of the product; zh-cn is the default and the fallback. */
export const LOCALES = ['zh-cn', 'zh-tw', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

/** A text in every language, written in the order of LOCALES. */
export type Label = Readonly<Record<Locale, string>>;

export function label(zhCn: string, zhTw: string, en: string): Label {
  return { 'zh-cn': zhCn, 'zh-tw': zhTw, en };
}

export function parseLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const lower = value.trim().toLowerCase();
  return (LOCALES as readonly string[]).includes(lower) ? (lower as Locale) : DEFAULT_LOCALE;
}
