import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import type { Locale } from '../core/i18n';

/** antd's and dayjs's texts, one language at a time: only the one in use is downloaded. */
const LOADERS: Record<Locale, () => Promise<AntdLocale>> = {
  'zh-cn': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return antd.default;
  },
  'zh-tw': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return antd.default;
  },
  // dayjs speaks English without a locale file.
  en: async () => (await import('antd/es/locale/en_US')).default,
};

const loaded = new Map<Locale, AntdLocale>();

/** Loads a language's antd and dayjs texts and makes dayjs use it. */
export async function loadUiLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) loaded.set(locale, await LOADERS[locale]());
  dayjs.locale(locale);
}

/** antd's texts for a language already loaded; antd's built-in English until then. */
export const uiLocale = (locale: Locale): AntdLocale | undefined => loaded.get(locale);
