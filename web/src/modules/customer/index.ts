import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

/**
 * What other modules' screens reuse (app users' phones, the customer an app user is): masked values
 * with their reveal, and a customer's details drawer; loaded with the screen that asks, never at start.
 */
export const loadCustomerShared = () => import('./components/shared');

/** The seeded menu names of the customer module, in each language (menus are data, seeded in zh-cn). */
const MENUS = {
  'zh-cn': {},
  'zh-tw': {
    客户管理: '客戶管理',
    客户信息: '客戶資訊',
    邀约记录: '邀約記錄',
    福利活动: '福利活動',
    查看记录: '查看記錄',
    报表: '報表',
    客户交接: '客戶交接',
    查看敏感信息: '查看敏感資訊',
  },
  en: {
    客户管理: 'Customers',
    客户信息: 'Customer info',
    邀约记录: 'Invitations',
    福利活动: 'Activities',
    查看记录: 'Masked-field audit',
    报表: 'Reports',
    客户交接: 'Hand over',
    查看敏感信息: 'Show masked fields',
  },
};

export function installCustomer() {
  // Only this module's screens use its texts: they load with the first of them to open.
  addMessages('customer', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  addMessages('menus', MENUS);
  registerView('modules/customer/views/info.vue', () => import('./views/info'), 'customer');
  registerView('modules/customer/views/invitation.vue', () => import('./views/invitation'), 'customer');
  registerView('modules/customer/views/activity.vue', () => import('./views/activity'), 'customer');
  registerView('modules/customer/views/reveal-log.vue', () => import('./views/reveal-log'), 'customer');
  registerView('modules/customer/views/report.vue', () => import('./views/report'), 'customer');
}
