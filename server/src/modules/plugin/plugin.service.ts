import {
  comparePluginVersions,
  type PluginInstallResult,
  type PluginManifest,
  type PluginNetwork,
  type PluginSignature,
  pluginInfo,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type Db, formatTime } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import { acceptConfig, maskConfig } from './config-schema.js';
import { type PluginPackage, readPackage } from './package.js';
import {
  auditRow,
  deletePlugins,
  enabledOnHook,
  findPlugin,
  findPluginByKey,
  findPlugins,
  holdHook,
  insertPlugin,
  type PluginRowValues,
  recordPluginError,
  replacePackage,
  setPluginState,
} from './plugin.repository.js';
import type { PluginRuntime } from './plugin-runtime.js';

/** The release plugins are checked against (plugin.json minBackroomVersion). */
export const BACKROOM_VERSION = '0.1.0';

export type PluginService = {
  /**
   * Installs (or updates to a newer version) a package. Without a session only a trusted signer's
   * package; with one (checked by mount, with plugin:info:install), an unsigned package needs
   * `confirmUnsigned`. Everything is checked before anything is stored.
   */
  install(
    zip: Buffer,
    session: Session | null,
    confirm: { confirmUnsigned: boolean; approveNetwork: boolean },
  ): Promise<PluginInstallResult>;
  inspect(zip: Buffer): Promise<{ manifest: PluginManifest; signature: PluginSignature; installed: string | null }>;
  /** Enables, disables or configures a plugin; its history gets one event (enable, disable or config). */
  update(input: { id: number; status?: 0 | 1; config?: Record<string, unknown> }, session: Session): Promise<void>;
  uninstall(ids: readonly number[], session: Session): Promise<void>;
  clearError(id: number): Promise<void>;
  /** A config as the request log may keep it: the plugin's secret fields masked, whatever their names. */
  configForLog(id: number, config: Record<string, unknown>): Promise<Record<string, unknown> | null>;
};

/** Whether a manifest asks for any network at all. */
export function needsNetwork(network: PluginNetwork | undefined): network is PluginNetwork {
  return !!network && (network.hosts.length > 0 || network.configUrls.length > 0);
}

/** What the install dialog lists for approval: the hosts, the configured URLs' hosts, private addresses. */
export function networkSummary(network: PluginNetwork): string {
  const parts = [...network.hosts, ...network.configUrls.map((field) => `<config ${field}>`)];
  if (network.privateAddresses) parts.push('<private addresses>');
  return parts.join(', ');
}

const sameNetwork = (a: PluginNetwork | null | undefined, b: PluginNetwork | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function rowValues(pkg: PluginPackage): PluginRowValues {
  const { manifest } = pkg;
  return {
    name: manifest.name,
    description: manifest.description,
    keyName: manifest.keyName,
    hook: manifest.hook,
    readme: pkg.readme,
    version: manifest.version,
    logo: pkg.logo,
    author: manifest.author,
    content: {
      sha256: pkg.sha256,
      size: pkg.size,
      files: [...pkg.files.keys()].sort(),
      signer: pkg.signature.status === 'trusted' ? pkg.signature.keyId : null,
    },
    pluginJson: manifest,
    packageData: '',
  };
}

export function createPluginService(ctx: AppContext, runtime: PluginRuntime): PluginService {
  const { trustedKeys } = ctx.config.plugins;

  /** Tells this instance and every other one that a plugin changed. */
  async function changed(keyName: string) {
    await runtime.sync(keyName);
    await ctx.bus.publish({ type: 'plugin', keyName, from: ctx.instanceId }).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'telling other instances about a plugin change failed');
    });
  }

  return {
    async install(zip, session, { confirmUnsigned, approveNetwork }) {
      // Without a session nothing of the package but its signature is read until that is trusted.
      const pkg = await readPackage(zip, trustedKeys, BACKROOM_VERSION, { trustedOnly: session === null });
      if (pkg.signature.status !== 'trusted') {
        if (session === null) throw badRequest('plugin.untrusted');
        if (!confirmUnsigned) throw badRequest('plugin.confirmUnsigned');
      }
      const { manifest } = pkg;
      const existing = await findPluginByKey(ctx.db.db, manifest.keyName);
      // The network is the operator's to approve: in the install dialog (a session), or kept from
      // an earlier approval of the very same network. An open install leaves it unapproved.
      let approvedNetwork: PluginNetwork | null = null;
      if (needsNetwork(manifest.network)) {
        if (session !== null) {
          if (!approveNetwork) throw badRequest('plugin.approveNetwork', { hosts: networkSummary(manifest.network) });
          approvedNetwork = manifest.network;
        } else if (existing && sameNetwork(existing.content.approvedNetwork, manifest.network)) {
          approvedNetwork = manifest.network;
        }
      }
      const base = rowValues(pkg);
      const values = {
        ...base,
        content: { ...base.content, approvedNetwork },
        packageData: zip.toString('base64'),
      };
      if (existing) {
        if (comparePluginVersions(manifest.version, existing.version) <= 0) {
          throw badRequest('plugin.olderVersion', {
            keyName: manifest.keyName,
            installed: existing.version,
            version: manifest.version,
          });
        }
        if (existing.hook !== manifest.hook) {
          throw badRequest('plugin.hookChanged', { hook: manifest.hook, installed: existing.hook });
        }
      }
      // The package and its 'install' event in one transaction: the version (old → new for an
      // update) and the package only "changed" (never its bytes).
      const id = await ctx.db.db.transaction().execute(async (trx: Db) => {
        let written: number;
        if (existing) {
          // The config is kept; what no longer fits the new schema is the operator's to fix on the screen.
          await replacePackage(trx, existing.id, values);
          written = existing.id;
        } else {
          written = await insertPlugin(trx, values);
        }
        await ctx.history.record(trx, session, pluginInfo, [
          {
            recordId: written,
            recordName: manifest.name,
            action: 'install',
            changes: [
              { f: 'version', ...(existing ? { o: existing.version } : {}), n: manifest.version },
              { f: 'packageData', w: 1 as const },
            ],
          },
        ]);
        return written;
      });
      ctx.log.info(
        {
          plugin: manifest.keyName,
          version: manifest.version,
          signer: values.content.signer,
          by: session?.username ?? null,
        },
        existing ? 'plugin updated' : 'plugin installed',
      );
      await changed(manifest.keyName);
      ctx.plugins.notify({
        type: 'plugin.installed',
        at: formatTime(),
        keyName: manifest.keyName,
        name: manifest.name,
        version: manifest.version,
        signer: values.content.signer,
      });
      return {
        id,
        keyName: manifest.keyName,
        version: manifest.version,
        signature: pkg.signature,
        updated: !!existing,
      };
    },

    async inspect(zip) {
      const pkg = await readPackage(zip, trustedKeys, BACKROOM_VERSION);
      const existing = await findPluginByKey(ctx.db.db, pkg.manifest.keyName);
      return { manifest: pkg.manifest, signature: pkg.signature, installed: existing?.version ?? null };
    },

    async update(input, session) {
      const plugin = await findPlugin(ctx.db.db, input.id);
      if (!plugin) throw notFound();
      const change: { status?: 0 | 1; config?: Record<string, unknown> } = {};
      if (input.config !== undefined) {
        change.config = await acceptConfig(plugin.manifest.configSchema, input.config, plugin.config);
      }
      const enabling = input.status === 1 && input.status !== plugin.status;
      if (input.status !== undefined && input.status !== plugin.status) {
        // A plugin is enabled with a config its schema accepts (its defaults, when it has none yet).
        if (enabling) {
          await acceptConfig(plugin.manifest.configSchema, change.config ?? plugin.config ?? {}, plugin.config);
          if (needsNetwork(plugin.manifest.network) && !plugin.content.approvedNetwork)
            throw badRequest('plugin.networkNotApproved');
        }
        change.status = input.status;
      }
      await ctx.db.db.transaction().execute(async (trx) => {
        if (enabling) {
          // One enabled per hook, also when two operators enable two plugins of a hook at once:
          // the hook's rows are held first, so the second waits and then sees the first enabled.
          await holdHook(trx, plugin.hook);
          const other = await enabledOnHook(trx, plugin.hook, plugin.id);
          if (other) throw badRequest('plugin.hookTaken', { name: other.name });
        }
        await setPluginState(trx, plugin.id, change);
        // One event: enable or disable when the status changes (with the config, if it changed too),
        // else config; the config only "changed" (its secrets never stored); nothing when nothing changed.
        const action = change.status === 1 ? 'enable' : change.status === 0 ? 'disable' : 'config';
        await ctx.history.recordChanges(trx, session, pluginInfo, [auditRow(plugin)], change, action);
      });
      await changed(plugin.keyName);
    },

    async uninstall(ids, session) {
      const plugins = await findPlugins(ctx.db.db, ids);
      if (plugins.length !== new Set(ids).size) throw notFound();
      await ctx.db.db.transaction().execute(async (trx: Db) => {
        await deletePlugins(trx, ids);
        await ctx.history.record(
          trx,
          session,
          pluginInfo,
          plugins.map((plugin) => ({
            recordId: plugin.id,
            recordName: plugin.name,
            action: 'uninstall' as const,
            changes: [{ f: 'version', o: plugin.version }],
          })),
        );
      });
      for (const plugin of plugins) await changed(plugin.keyName);
    },

    async configForLog(id, config) {
      const plugin = await findPlugin(ctx.db.db, id);
      // Unknown plugin: nothing of the config is kept, as no schema says which fields are secret.
      return plugin ? maskConfig(plugin.manifest.configSchema, config) : null;
    },

    async clearError(id) {
      const plugin = await findPlugin(ctx.db.db, id);
      if (!plugin) throw notFound();
      await recordPluginError(ctx.db.db, plugin.keyName, null);
    },
  };
}
