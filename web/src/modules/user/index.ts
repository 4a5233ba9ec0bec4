import { addMessages, needMessages } from '../../core/i18n';
import { registerView } from '../../core/views';
import { loadCustomerShared } from '../customer';

/** The seeded menu names of the user module, in each language (menus are data, seeded in zh-cn). */
const MENUS = {
  'zh-cn': {},
  'zh-tw': { 会员管理: '會員管理', 会员列表: '會員列表', 地址管理: '地址管理' },
  en: { 会员管理: 'App users', 会员列表: 'App user list', 地址管理: 'Manage addresses' },
};

export function installUser() {
  addMessages('user', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  addMessages('menus', MENUS);
  // The list shows masked phones with the customer module's reveal dialog, and opens its customers: its texts too.
  registerView(
    'modules/user/views/list.vue',
    async () => (await Promise.all([import('./views/list'), needMessages('customer'), loadCustomerShared()]))[0],
    'user',
  );
}
