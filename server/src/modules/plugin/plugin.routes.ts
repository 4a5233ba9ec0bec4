import { PLUGIN_MAX_PACKAGE_BYTES, pluginInfo } from '@backroom/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest } from '../../core/errors.js';
import { endpointOf, mount, type OpenRouteContext } from '../../core/http/server.js';
import type { PluginService } from './plugin.service.js';

const tooLarge = () => new AppError(413, 'plugin.tooLarge', { n: PLUGIN_MAX_PACKAGE_BYTES / 1024 / 1024 });

/** The package (field `file`) and the operator's confirmation of an unsigned one, from a multipart body. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ zip: Buffer; confirmUnsigned: boolean; approveNetwork: boolean }> {
  if (!request.isMultipart()) throw badRequest('plugin.notMultipart');
  let zip: Buffer | undefined;
  let confirmUnsigned = false;
  let approveNetwork = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'confirmUnsigned') confirmUnsigned = String(part.value) === 'true';
        if (part.fieldname === 'approveNetwork') approveNetwork = String(part.value) === 'true';
        continue;
      }
      if (part.fieldname !== 'file' || zip !== undefined) throw badRequest('plugin.noFile');
      zip = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest('plugin.notMultipart');
  }
  if (!zip || zip.length === 0) throw badRequest('plugin.noFile');
  return { zip, confirmUnsigned, approveNetwork };
}

/** Installs without a session, per address, in this window (the sign-in throttle's counters). */
const INSTALL_WINDOW_SECONDS = 600;

/** install (open: the session, when one is sent, is checked here), inspect, update, delete, clearError. */
export async function registerPluginRoutes(app: FastifyInstance, ctx: AppContext, plugins: PluginService) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: PLUGIN_MAX_PACKAGE_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    // Open as the spec says; a caller that sends a token is held to it and to plugin:info:install (mount).
    mount(
      scope,
      ctx.gate,
      endpointOf(pluginInfo, 'install'),
      async ({ request, session }: OpenRouteContext<undefined>) => {
        if (session === null) {
          // The open call: counted per address before its body is read, as sign-ins are (core/counters.ts).
          const key = `plugin-install:ip:${request.ip}`;
          const counted = await ctx.counters.reserve(
            [{ key, limit: ctx.config.plugins.installsPerIp }],
            INSTALL_WINDOW_SECONDS,
          );
          if (!counted) {
            const held = await ctx.counters.peek(key);
            const minutes = Math.max(1, Math.ceil(((held?.expireAt ?? Date.now()) - Date.now()) / 60_000));
            throw new AppError(429, 'plugin.installThrottled', { minutes });
          }
        }
        const { zip, confirmUnsigned, approveNetwork } = await readUpload(request);
        return plugins.install(zip, session, { confirmUnsigned, approveNetwork });
      },
    );
    mount(scope, ctx.gate, endpointOf(pluginInfo, 'inspect'), async ({ request }) => {
      const { zip } = await readUpload(request);
      return plugins.inspect(zip);
    });
  });
  mount(app, ctx.gate, endpointOf(pluginInfo, 'update'), async ({ input, request, session }) => {
    // The request log keeps the call; a secret a plugin names freely (apiKey, appSecret) is masked in it.
    if (input.config) request.loggedInput = { ...input, config: await plugins.configForLog(input.id, input.config) };
    return plugins.update(input, session);
  });
  mount(app, ctx.gate, endpointOf(pluginInfo, 'delete'), ({ input, session }) => plugins.uninstall(input.ids, session));
  mount(app, ctx.gate, endpointOf(pluginInfo, 'clearError'), ({ input }) => plugins.clearError(input.id));
}
