import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export type { DictItem, DictOption } from '../../core/dictionaries';
export { DICT_DATA_KEY, type DictView, useDict, useDictData, useInvalidateDict } from './hooks/use-dict';

/** The seeded menu names of the dictionary, in each language (menus are data, seeded in zh-cn). */
const MENUS = {
  'zh-cn': { 数据管理: '数据管理', 字典管理: '字典管理', 类型管理: '类型管理' },
  'zh-tw': { 数据管理: '資料管理', 字典管理: '字典管理', 类型管理: '類型管理' },
  en: { 数据管理: 'Data', 字典管理: 'Dictionary', 类型管理: 'Manage types' },
};

export function installDict() {
  // Only this module's screens use its texts: they load with the first of them to open.
  addMessages('dict', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  addMessages('menus', MENUS);
  registerView('modules/dict/views/list.vue', () => import('./views/list'), 'dict');
}
