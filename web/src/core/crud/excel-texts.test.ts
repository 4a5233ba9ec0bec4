import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../i18n';
import en from '../locales/en.json';
import zhCn from '../locales/zh-cn.json';
import zhTw from '../locales/zh-tw.json';

/** A text's keys with i18next's plural endings folded into one (`commit_one`, `commit_other` → `commit`). */
const keysOf = (texts: Record<string, unknown>) =>
  [...new Set(Object.keys(texts).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('the import dialog texts', () => {
  afterAll(() => setLocale('zh-cn'));

  it('count the rows of the commit button in each language’s plural forms', async () => {
    await setLocale('en');
    expect(i18n.t('excel.commit', { count: 1 })).toBe('Import 1 row');
    expect(i18n.t('excel.commit', { count: 2 })).toBe('Import 2 rows');
    expect(i18n.t('excel.ignoredColumns', { count: 1, columns: 'Store name' })).toContain('The column Store name is');
    await setLocale('zh-tw');
    expect(i18n.t('excel.commit', { count: 1 })).toBe('匯入 1 列');
    await setLocale('zh-cn');
    expect(i18n.t('excel.commit', { count: 3 })).toBe('导入 3 行');
  });

  it('hold the same keys in every language', () => {
    expect(keysOf(zhCn.excel)).toEqual(keysOf(en.excel));
    expect(keysOf(zhTw.excel)).toEqual(keysOf(en.excel));
  });
});
