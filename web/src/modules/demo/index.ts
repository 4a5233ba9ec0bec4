import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';

export function installDemo() {
  // The texts of the language in use load when the signed-in shell starts (prepareShell).
  addMessages('demo', (locale) => import(`./locales/${locale}.json`));
  registerFixedRoute('/demo/test/route/:id/:name?', 'demo.route.title', () => import('./views/test/route'));
}
