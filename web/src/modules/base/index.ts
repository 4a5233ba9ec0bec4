import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';
import { registerView } from '../../core/views';

export function installBase() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell), one file
  // per screen.
  addMessages('base', {
    'zh-cn': () => import('./locales/zh-cn.json'),
    'zh-tw': () => import('./locales/zh-tw.json'),
    en: () => import('./locales/en.json'),
  });
  addMessages('base', {
    'zh-cn': () => import('./locales/menu/zh-cn.json'),
    'zh-tw': () => import('./locales/menu/zh-tw.json'),
    en: () => import('./locales/menu/en.json'),
  });
  addMessages('base', {
    'zh-cn': () => import('./locales/log/zh-cn.json'),
    'zh-tw': () => import('./locales/log/zh-tw.json'),
    en: () => import('./locales/log/en.json'),
  });
  addMessages('base', {
    'zh-cn': () => import('./locales/user/zh-cn.json'),
    'zh-tw': () => import('./locales/user/zh-tw.json'),
    en: () => import('./locales/user/en.json'),
  });
  addMessages('base', {
    'zh-cn': () => import('./locales/role/zh-cn.json'),
    'zh-tw': () => import('./locales/role/zh-tw.json'),
    en: () => import('./locales/role/en.json'),
  });
  registerFixedRoute('/my/info', 'base.my.title', () => import('./views/MyInfo'));
  registerView('modules/base/views/param.vue', () => import('./views/Params'));
  registerView('modules/base/views/menu/index.vue', () => import('./views/menu'));
  registerView('modules/base/views/log.vue', () => import('./views/log'));
  registerView('modules/base/views/user/index.vue', () => import('./views/user'));
  registerView('modules/base/views/role.vue', () => import('./views/role'));
}
