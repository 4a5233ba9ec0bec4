import { registerFieldKinds } from '../../core/crud/field-kinds';
import { registerHeaderItem } from '../../core/header-items';
import { addMessages } from '../../core/i18n';
import { deferred } from '../../core/lazy';
import { registerFixedRoute } from '../../core/routes';
import { registerSignInStep } from '../../core/sign-in-steps';
import { registerView } from '../../core/views';

// The sign-in screen lives outside the shell: the app's routes take it from here.
export { LoginPage } from './views/login';

export function installBase() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell), one file
  // per screen.
  addMessages('base', (locale) => import(`./locales/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/menu/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/log/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/user/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/role/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/session/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/audit/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/security/${locale}.json`));
  addMessages('base', (locale) => import(`./locales/message/${locale}.json`));
  // Each view's file mirrors the family's: the viewPath it is registered under, or for a fixed route
  // the family's own view (base/views/info.vue for /my/info).
  registerFixedRoute('/my/info', 'base.my.title', () => import('./views/info'));
  // Everyone's own messages, whatever the roles' menus hold (the bell's messages lead here); the seeded menu shows it in the sidebar.
  registerFixedRoute('/base/message', 'base.message.screen', () => import('./views/message'));
  // The parameter screen's own texts (its rich-text editor and preview) load with it.
  addMessages('param', (locale) => import(`./locales/param/${locale}.json`), { withScreens: true });
  registerView('modules/base/views/param.vue', () => import('./views/param'), 'param');
  registerView('modules/base/views/menu/index.vue', () => import('./views/menu/index'));
  registerView('modules/base/views/log.vue', () => import('./views/log'));
  registerView('modules/base/views/user/index.vue', () => import('./views/user/index'));
  registerView('modules/base/views/role.vue', () => import('./views/role'));
  registerView('modules/base/views/session.vue', () => import('./views/session'));
  registerView('modules/base/views/message.vue', () => import('./views/message'));
  registerView('modules/base/views/notice.vue', () => import('./views/notice'));
  // The bell: its own chunk, loaded with the shell's header.
  registerHeaderItem(deferred(() => import('./components/message-bell').then((m) => m.default)));
  registerView('modules/base/views/audit.vue', () => import('./views/audit'));
  // What the shell shows instead of the app while the server still asks for a sign-in step.
  registerSignInStep('passwordChange', () => import('./views/password-change-step'));
  registerSignInStep('twoFactorEnrol', () => import('./views/two-factor-enrol-step'));
  // The CRUD kit's rich-text field, with the first derived screen (not in the sign-in page's download).
  registerFieldKinds(() => import('./fields').then((m) => m.baseFieldKinds));
}
