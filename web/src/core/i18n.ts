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

/** Modules whose texts load with their first screen rather than when the shell starts. */
const withScreens = new Set<string>();
/** Of those, the ones a screen has asked for (needMessages): their texts load in every language switched to. */
const asked = new Set<string>();

/**
 * Adds texts under a module's key; several calls for one module merge (one per screen, say).
 * Each language is either the texts themselves or a loader, or one function loads any language
 * (`(locale) => import(`./locales/${locale}.json`)`): loaders download only the language in use,
 * when the signed-in shell starts or the language changes (see loadMessages). A module whose texts
 * only its own screens use says `{ withScreens: true }`: they load with the first of its screens
 * to open (registerView's `module`), which keeps them off the first page's download.
 */
export function addMessages(
  module: string,
  messages: Record<Locale, Messages | MessagesLoader> | ((locale: Locale) => ReturnType<MessagesLoader>),
  options: { withScreens?: boolean } = {},
) {
  if (options.withScreens) withScreens.add(module);
  for (const locale of LOCALES) {
    const value = typeof messages === 'function' ? () => messages(locale) : messages[locale];
    if (typeof value === 'function') lazyMessages[locale].push({ module, load: value as MessagesLoader });
    else merge(locale, module, value);
  }
}

/** Loads run one after another, so a caller that awaits one knows every earlier one is done. */
let loading: Promise<void> = Promise.resolve();

/** Fetches the texts modules gave as loaders for a language (once each), but those still waiting for a screen. */
export function loadMessages(locale: Locale): Promise<void> {
  loading = loading.then(() => loadDue(locale));
  return loading;
}

async function loadDue(locale: Locale): Promise<void> {
  const queue = lazyMessages[locale];
  const due = queue.filter(({ module }) => !withScreens.has(module) || asked.has(module));
  lazyMessages[locale] = queue.filter((entry) => !due.includes(entry));
  const results = await Promise.allSettled(due.map(({ load }) => load()));
  results.forEach((result, i) => {
    const entry = due[i];
    if (!entry) return;
    if (result.status === 'rejected') {
      lazyMessages[locale].push(entry); // tried again at the next switch or start
      return;
    }
    const value = result.value;
    merge(locale, entry.module, ('default' in value ? value.default : value) as Messages);
  });
}

/** The texts of a `withScreens` module, in the language in use: a screen of the module awaits this as it loads. */
export function needMessages(module: string): Promise<void> {
  asked.add(module);
  return loadMessages(i18next.language as Locale);
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
