import { isPrivateFile } from '@backroom/contract';
import type { PluginHooks } from '../../core/plugin-hooks.js';
import { objectHeaders } from './served-headers.js';
import type { FileStorage, StoredFile } from './storage.js';

/**
 * The storage uploads go to: the enabled upload plugin when there is one, else (or when the plugin
 * fails) the built-in storage, so a file is never lost to a plugin. A fallback is logged and shown
 * as the plugin's last error. Private files (documents, spreadsheets…: `isPrivateFile`) always stay
 * in the built-in storage: a plugin answers an address of its own host, which the server cannot
 * guard with a session or a signed link.
 */
export function withPluginStorage(builtin: FileStorage, plugins: PluginHooks): FileStorage {
  /** Keys this instance gave to a plugin, so an all-or-nothing rollback removes them there. */
  const inPlugin = new Set<string>();
  return {
    type: builtin.type,
    ...(builtin.open ? { open: builtin.open } : {}),
    async put(tempFile, key, info): Promise<StoredFile> {
      const plugin = isPrivateFile(key) ? undefined : plugins.storage();
      if (plugin) {
        try {
          const { url } = await plugin.put(tempFile, key, {
            ...info,
            contentType: objectHeaders(info.ext).contentType,
          });
          inPlugin.add(key);
          return { key, url };
        } catch (error) {
          await plugin.reportFallback(error);
        }
      }
      return builtin.put(tempFile, key, info);
    },
    async remove(key) {
      if (inPlugin.delete(key)) {
        const plugin = plugins.storage();
        if (plugin) return plugin.remove(key);
      }
      return builtin.remove(key);
    },
  };
}
