import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';
import { registerView } from '../../core/views';
import en from './locales/en.json';
import logEn from './locales/log/en.json';
import logZhCn from './locales/log/zh-cn.json';
import logZhTw from './locales/log/zh-tw.json';
import menuEn from './locales/menu/en.json';
import menuZhCn from './locales/menu/zh-cn.json';
import menuZhTw from './locales/menu/zh-tw.json';
import roleEn from './locales/role/en.json';
import roleZhCn from './locales/role/zh-cn.json';
import roleZhTw from './locales/role/zh-tw.json';
import userEn from './locales/user/en.json';
import userZhCn from './locales/user/zh-cn.json';
import userZhTw from './locales/user/zh-tw.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';

export function installBase() {
  addMessages('base', { 'zh-cn': zhCn, 'zh-tw': zhTw, en });
  addMessages('base', { 'zh-cn': menuZhCn, 'zh-tw': menuZhTw, en: menuEn });
  addMessages('base', { 'zh-cn': logZhCn, 'zh-tw': logZhTw, en: logEn });
  addMessages('base', { 'zh-cn': userZhCn, 'zh-tw': userZhTw, en: userEn });
  addMessages('base', { 'zh-cn': roleZhCn, 'zh-tw': roleZhTw, en: roleEn });
  registerFixedRoute('/my/info', 'base.my.title', () => import('./views/MyInfo'));
  registerView('modules/base/views/param.vue', () => import('./views/Params'));
  registerView('modules/base/views/menu/index.vue', () => import('./views/menu'));
  registerView('modules/base/views/log.vue', () => import('./views/log'));
  registerView('modules/base/views/user/index.vue', () => import('./views/user'));
  registerView('modules/base/views/role.vue', () => import('./views/role'));
}
