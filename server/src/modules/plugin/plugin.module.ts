import { label, type PluginInfo, pluginInfo, pluginMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { createCrud, mountCrud } from '../../core/crud/factory.js';
import { alertKind } from '../../core/message-center.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { maskConfig } from './config-schema.js';
import { registerPluginRoutes } from './plugin.routes.js';
import { createPluginService } from './plugin.service.js';
import { createPluginRuntime } from './plugin-runtime.js';

/**
 * Plugins (docs/plugins.md): signed packages installed through plugin/info/install, each enabled
 * one run in a WebAssembly sandbox on a worker thread of its own, reached only through the hooks
 * (ctx.plugins).
 */
export async function registerPlugin(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  ctx.messages.registerKind(
    alertKind(
      'pluginDisabled',
      label('插件被停用', '外掛被停用', 'Disabled plugins'),
      label('插件已停用：{keyName}', '外掛已停用：{keyName}', 'Plugin disabled: {keyName}'),
      label('{reason}', '{reason}', '{reason}'),
    ),
  );
  const runtime = createPluginRuntime(ctx);
  ctx.plugins.install(runtime);
  const plugins = createPluginService(ctx, runtime);
  const crud = createCrud(ctx, pluginInfo, {
    // Secret config values never leave the server in clear.
    afterRead: (rows) =>
      rows.map((row) => {
        const r = row as unknown as PluginInfo;
        return { ...row, config: maskConfig(r.pluginJson?.configSchema ?? {}, r.config) };
      }),
  });
  mountCrud(app, ctx, crud, ['update', 'delete']);
  await registerPluginRoutes(app, ctx, plugins);

  ctx.bus.subscribe((event) => {
    if (event.type === 'plugin' && event.from !== ctx.instanceId) {
      runtime.sync(event.keyName).catch((error: unknown) => ctx.log.warn({ err: error }, 'reloading a plugin failed'));
    }
  });
  ctx.seeds.add(menuSeed(pluginMenus, base.menus));
  // In the background: the server's start never waits on a plugin, nor fails with one.
  ctx.onStart(() => {
    runtime.syncAll().catch((error: unknown) => ctx.log.warn({ err: error }, 'starting the plugins failed'));
  });
  ctx.onClose(() => runtime.close());
  return { plugins, runtime };
}
