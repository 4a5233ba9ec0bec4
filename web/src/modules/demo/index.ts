import { addMessages } from '../../core/i18n';
import { registerFixedRoute } from '../../core/routes';
import en from './locales/en.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';

export function installDemo() {
  addMessages('demo', { 'zh-cn': zhCn, 'zh-tw': zhTw, en });
  registerFixedRoute('/demo/test/route/:id/:name?', 'demo.route.title', () => import('./views/RouteParams'));
}
