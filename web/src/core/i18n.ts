import { DEFAULT_LOCALE, LOCALES, type Locale, parseLocale } from '@backroom/contract/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';
import { KEYS, storage } from './storage';

export type { Locale };
export { LOCALES };

type Messages = Record<string, unknown>;
/** A language's texts loaded when needed: `() => import('./locales/en.json')`. */
type MessagesLoader = () => Promise<{ default: Messages } | Messages>;

/** Module texts: each module adds its own namespace-free keys under its module name. */
const extra: Record<Locale, Messages> = { 'zh-cn': {}, 'zh-tw': {}, en: {} };
/** Texts given as loaders, by language, still to be fetched. */
const lazyMessages: Record<Locale, Array<{ module: string; load: MessagesLoader }>> = {
  'zh-cn': [],
  'zh-tw': [],
  en: [],
};

function merge(locale: Locale, module: string, messages: Messages) {
  extra[locale][module] = { ...(extra[locale][module] as Messages | undefined), ...messages };
  if (i18next.isInitialized) i18next.addResourceBundle(locale, 'translation', { [module]: messages }, true, true);
}

/**
 * Adds texts under a module's key; several calls for one module merge (one per screen, say).
 * Each language is either the texts themselves or a loader, or one function loads any language
 * (`(locale) => import(`./locales/${locale}.json`)`): loaders download only the language in use,
 * when the signed-in shell starts or the language changes (see loadMessages).
 */
export function addMessages(
  module: string,
  messages: Record<Locale, Messages | MessagesLoader> | ((locale: Locale) => ReturnType<MessagesLoader>),
) {
  for (const locale of LOCALES) {
    const value = typeof messages === 'function' ? () => messages(locale) : messages[locale];
    if (typeof value === 'function') lazyMessages[locale].push({ module, load: value as MessagesLoader });
    else merge(locale, module, value);
  }
}

/** Fetches the texts modules gave as loaders for a language (once each). */
export async function loadMessages(locale: Locale): Promise<void> {
  const pending = lazyMessages[locale].splice(0);
  const results = await Promise.allSettled(pending.map(({ load }) => load()));
  results.forEach((result, i) => {
    const entry = pending[i];
    if (!entry) return;
    if (result.status === 'rejected') {
      lazyMessages[locale].push(entry); // tried again at the next switch or start
      return;
    }
    const value = result.value;
    merge(locale, entry.module, ('default' in value ? value.default : value) as Messages);
  });
}

/**
 * A menu's name in the current language. Menus are data (seeded in zh-cn); the seeded names have
 * translations under `menus`, anything else shows as it was typed.
 */
export function menuName(name: string): string {
  const key = `menus.${name}`;
  return i18next.exists(key) ? i18next.t(key) : name;
}

export const i18n = i18next;

function initialLocale(): Locale {
  const saved = storage.get<string>(KEYS.locale);
  return saved ? parseLocale(saved) : DEFAULT_LOCALE;
}

void i18next.use(initReactI18next).init({
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  resources: {
    'zh-cn': { translation: { ...zhCn, ...extra['zh-cn'] } },
    'zh-tw': { translation: { ...zhTw, ...extra['zh-tw'] } },
    en: { translation: { ...en, ...extra.en } },
  },
  initAsync: false,
});

type Preparer = (locale: Locale) => Promise<unknown>;
const preparers = new Set<Preparer>();

/**
 * Runs `prepare` before every change of language (the shell loads antd's and dayjs's texts for the
 * new language), so the screen switches in one go. Returns the way to stop.
 */
export function beforeLocaleChange(prepare: Preparer): () => void {
  preparers.add(prepare);
  return () => preparers.delete(prepare);
}

// Module texts in the new language arrive before the switch.
beforeLocaleChange(loadMessages);

const htmlLang = (locale: Locale) => (locale === 'en' ? 'en' : locale === 'zh-tw' ? 'zh-TW' : 'zh-CN');
document.documentElement.lang = htmlLang(i18next.language as Locale);

export async function setLocale(locale: Locale) {
  storage.set(KEYS.locale, locale);
  document.documentElement.lang = htmlLang(locale);
  // A preparer that fails leaves its part in the old language rather than blocking the switch.
  await Promise.all([...preparers].map((prepare) => prepare(locale).catch(() => undefined)));
  await i18next.changeLanguage(locale);
}

export const LOCALE_NAMES: Record<Locale, string> = { 'zh-cn': '简体中文', 'zh-tw': '繁體中文', en: 'English' };
