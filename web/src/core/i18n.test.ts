import { afterEach, describe, expect, it } from 'vitest';
import { addMessages, beforeLocaleChange, i18n, loadMessages, needMessages, setLocale } from './i18n';

afterEach(async () => {
  await setLocale('zh-cn');
});

describe('module texts', () => {
  it('takes texts given outright at once, in every language', () => {
    addMessages('t1', { 'zh-cn': { hi: '你好' }, 'zh-tw': { hi: '妳好' }, en: { hi: 'Hello' } });
    expect(i18n.t('t1.hi', { lng: 'zh-tw' })).toBe('妳好');
    expect(i18n.t('t1.hi', { lng: 'en' })).toBe('Hello');
  });

  it('downloads texts given as loaders only for the language in use, once', async () => {
    const calls: string[] = [];
    const loader = (locale: string, text: string) => async () => {
      calls.push(locale);
      return { default: { hi: text } };
    };
    addMessages('t2', {
      'zh-cn': loader('zh-cn', '你好'),
      'zh-tw': loader('zh-tw', '妳好'),
      en: loader('en', 'Hello'),
    });
    expect(i18n.exists('t2.hi', { lng: 'en' })).toBe(false);
    await loadMessages('zh-cn');
    await loadMessages('zh-cn');
    expect(calls).toEqual(['zh-cn']);
    expect(i18n.t('t2.hi', { lng: 'zh-cn' })).toBe('你好');
    // A switch fetches the new language before the texts change.
    await setLocale('en');
    expect(calls).toEqual(['zh-cn', 'en']);
    expect(i18n.t('t2.hi')).toBe('Hello');
  });

  it('takes one function that loads any language, and calls it for the language in use', async () => {
    const calls: string[] = [];
    addMessages('t4', async (locale) => {
      calls.push(locale);
      return { default: { name: `texts of ${locale}` } };
    });
    expect(calls).toEqual([]);
    await loadMessages('zh-tw');
    expect(calls).toEqual(['zh-tw']);
    expect(i18n.t('t4.name', { lng: 'zh-tw' })).toBe('texts of zh-tw');
    expect(i18n.exists('t4.name', { lng: 'en', fallbackLng: false })).toBe(false);
  });

  it('loads the texts of a module kept for its screens only when one of them asks, then in every language switched to', async () => {
    const calls: string[] = [];
    addMessages(
      't5',
      async (locale) => {
        calls.push(locale);
        return { default: { title: `screen of ${locale}` } };
      },
      { withScreens: true },
    );
    await loadMessages('zh-cn');
    expect(calls).toEqual([]);
    expect(i18n.exists('t5.title', { lng: 'zh-cn' })).toBe(false);
    // The first screen of the module opens: its texts arrive with it, in the language in use.
    await needMessages('t5');
    expect(calls).toEqual(['zh-cn']);
    expect(i18n.t('t5.title', { lng: 'zh-cn' })).toBe('screen of zh-cn');
    await needMessages('t5');
    expect(calls).toEqual(['zh-cn']);
    await setLocale('en');
    expect(calls).toEqual(['zh-cn', 'en']);
    expect(i18n.t('t5.title')).toBe('screen of en');
  });

  it('tries a loader that failed again at the next load', async () => {
    let fail = true;
    addMessages('t3', {
      'zh-cn': { x: '甲' },
      'zh-tw': { x: '甲' },
      en: async () => {
        if (fail) throw new Error('offline');
        return { x: 'A' };
      },
    });
    await loadMessages('en');
    expect(i18n.exists('t3.x', { lng: 'en', fallbackLng: false })).toBe(false);
    fail = false;
    await loadMessages('en');
    expect(i18n.t('t3.x', { lng: 'en' })).toBe('A');
  });
});

describe('setLocale', () => {
  it('waits for every preparer, even a failing one, before switching', async () => {
    const seen: string[] = [];
    const stopSlow = beforeLocaleChange(async (locale) => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(`prepared ${locale} while ${i18n.language}`);
    });
    const stopFailing = beforeLocaleChange(async () => {
      throw new Error('no network');
    });
    await setLocale('zh-tw');
    expect(seen).toEqual(['prepared zh-tw while zh-cn']);
    expect(i18n.language).toBe('zh-tw');
    expect(localStorage.getItem('backroom.locale')).toContain('zh-tw');
    expect(document.documentElement.lang).toBe('zh-TW');
    stopSlow();
    stopFailing();
    await setLocale('en');
    expect(seen).toHaveLength(1);
  });
});
