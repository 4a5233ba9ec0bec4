import { addMessages } from '../../core/i18n';
import { registerView } from '../../core/views';

export function installHelper() {
  // The AI fast-coding helper: a cached menu page (its tab keeps the form and the preview).
  addMessages('helper', (locale) => import(`./locales/${locale}.json`), { withScreens: true });
  registerView('modules/helper/views/ai-code.vue', () => import('./views/ai-code'), 'helper');
}
