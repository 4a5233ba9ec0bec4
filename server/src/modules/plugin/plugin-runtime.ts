import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PluginEvent, PluginHook } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import type { PluginHooks, PluginSms, PluginStorage } from '../../core/plugin-hooks.js';
import { HOST_SOURCE } from './host-source.js';
import { unzipPackage } from './package.js';
import {
  disablePluginByKey,
  enabledPlugins,
  findPluginByKey,
  packageDataOf,
  recordPluginError,
  type StoredPlugin,
} from './plugin.repository.js';
import { type PluginFailure, type PluginProcess, PluginStoppedError, startPluginProcess } from './plugin-process.js';

/** The longest wait between restarts of a plugin that keeps failing. */
const MAX_BACKOFF_MS = 60_000;

type Slot = {
  plugin: StoredPlugin;
  process: PluginProcess | undefined;
  /** Failures since the last answered call: the next restart waits base × 2^failures. */
  failures: number;
  timer: NodeJS.Timeout | undefined;
};

export type PluginRuntime = PluginHooks & {
  /** Brings this instance in line with the table for one plugin (start, restart, reconfigure or stop it). */
  sync(keyName: string): Promise<void>;
  syncAll(): Promise<void>;
  /** The running state of each enabled plugin on this instance. */
  states(): ReadonlyMap<string, 'running' | 'starting' | 'waiting'>;
  close(): void;
};

/**
 * Runs the enabled plugins of this instance, one child process each (plugin-process.ts), and
 * implements the hooks on them. A failing plugin is logged, its error recorded on its row, and
 * restarted after a growing pause; one that reached for what it may not is disabled everywhere.
 */
export function createPluginRuntime(ctx: AppContext): PluginRuntime {
  const root = path.join(ctx.config.dataDir, 'plugins');
  const scratchRoot = path.join(ctx.config.dataDir, 'plugins-scratch');
  const hostFile = path.join(root, '.host', 'host.mjs');
  const { callTimeoutMs, restartBaseMs } = ctx.config.plugins;
  const slots = new Map<string, Slot>();
  let hostWritten: Promise<void> | undefined;
  let closed = false;

  const writeHost = () => {
    hostWritten ??= (async () => {
      await fs.mkdir(path.dirname(hostFile), { recursive: true });
      await fs.writeFile(hostFile, HOST_SOURCE, { mode: 0o644 });
    })();
    return hostWritten;
  };

  /** The package unpacked under its hash, once per instance; a half-written folder is never used. */
  async function materialise(plugin: StoredPlugin): Promise<string> {
    const dir = path.join(root, plugin.keyName, plugin.content.sha256.slice(0, 16));
    try {
      await fs.access(path.join(dir, 'plugin.json'));
      return dir;
    } catch {
      // Not unpacked yet on this instance.
    }
    const data = await packageDataOf(ctx.db.db, plugin.keyName);
    if (data === undefined) throw new Error('the package is gone');
    const files = await unzipPackage(Buffer.from(data, 'base64'));
    const temp = `${dir}.tmp-${randomUUID()}`;
    for (const [name, content] of files) {
      const file = path.resolve(temp, name);
      // Names were checked at install and again by unzipPackage; this is the second lock.
      if (!file.startsWith(temp + path.sep)) throw new Error(`unsafe path in package: ${name}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content, { mode: 0o644 });
    }
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(temp, dir);
    return dir;
  }

  function record(keyName: string, message: string | null): Promise<void> {
    return recordPluginError(ctx.db.db, keyName, message).catch((error: unknown) =>
      ctx.log.warn({ err: error, plugin: keyName }, 'recording a plugin error failed'),
    );
  }

  /** `proc` is the process that failed, or undefined when it could not even be started. */
  function handleFailure(slot: Slot, proc: PluginProcess | undefined, failure: PluginFailure) {
    if (slot.process !== proc || slots.get(slot.plugin.keyName) !== slot) return;
    slot.process = undefined;
    const { keyName } = slot.plugin;
    ctx.log.warn({ plugin: keyName, kind: failure.kind }, `plugin ${keyName} stopped: ${failure.message}`);
    if (failure.kind === 'violation') {
      // It tried to leave its room: stopped on every instance until an operator enables it again.
      void record(keyName, `stopped and disabled: ${failure.message}`);
      slots.delete(keyName);
      void disablePluginByKey(ctx.db.db, keyName)
        .then(() => ctx.bus.publish({ type: 'plugin', keyName, from: ctx.instanceId }))
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'disabling a plugin failed'));
      return;
    }
    void record(keyName, `${failure.kind}: ${failure.message}`);
    const wait = Math.min(restartBaseMs * 2 ** slot.failures, MAX_BACKOFF_MS);
    slot.failures += 1;
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      if (!closed && slots.get(keyName) === slot) void launch(slot);
    }, wait);
    slot.timer.unref();
  }

  async function launch(slot: Slot) {
    const { plugin } = slot;
    let started = false;
    try {
      await writeHost();
      const dir = await materialise(plugin);
      const scratchDir = path.join(scratchRoot, plugin.keyName);
      await fs.mkdir(scratchDir, { recursive: true });
      if (closed || slots.get(plugin.keyName) !== slot) return;
      const proc: PluginProcess = startPluginProcess({
        hostFile,
        dir: `${dir}${path.sep}`,
        entry: path.join(dir, plugin.manifest.entry),
        scratchDir: `${scratchDir}${path.sep}`,
        timeoutMs: callTimeoutMs,
        onFailure: (failure) => handleFailure(slot, proc, failure),
      });
      slot.process = proc;
      started = true;
      await proc.ready;
    } catch (error) {
      // A process that started reports its own failure (onFailure); this is one that could not start.
      if (!started) {
        handleFailure(slot, undefined, {
          kind: 'crash',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  function stop(keyName: string) {
    const slot = slots.get(keyName);
    if (!slot) return;
    slots.delete(keyName);
    clearTimeout(slot.timer);
    slot.process?.stop();
  }

  async function sync(keyName: string) {
    const plugin = await findPluginByKey(ctx.db.db, keyName);
    const slot = slots.get(keyName);
    if (!plugin) {
      // Uninstalled: its code and scratch files go from this instance too.
      stop(keyName);
      await fs.rm(path.join(root, keyName), { recursive: true, force: true });
      await fs.rm(path.join(scratchRoot, keyName), { recursive: true, force: true });
      return;
    }
    if (plugin.status !== 1) return stop(keyName);
    if (slot && slot.plugin.content.sha256 === plugin.content.sha256) {
      // Same code: a new config goes with the next call, no restart.
      slot.plugin = plugin;
      return;
    }
    stop(keyName);
    const fresh: Slot = { plugin, process: undefined, failures: 0, timer: undefined };
    slots.set(keyName, fresh);
    await launch(fresh);
  }

  function slotOf(hook: PluginHook): Slot | undefined {
    for (const slot of slots.values()) if (slot.plugin.hook === hook) return slot;
    return undefined;
  }

  async function call(slot: Slot, method: string, args: unknown): Promise<unknown> {
    const proc = slot.process;
    if (!proc) throw new Error(`plugin ${slot.plugin.keyName} is not running (restarting after a failure)`);
    await proc.ready;
    const result = await proc.call(method, args, slot.plugin.config ?? {});
    slot.failures = 0;
    return result;
  }

  const storageOf = (slot: Slot): PluginStorage => ({
    keyName: slot.plugin.keyName,
    async put(tempFile, key, info) {
      // The plugin reads only its scratch folder: the file goes there for the call, and then away.
      const scratchDir = path.join(scratchRoot, slot.plugin.keyName);
      const name = `in-${randomUUID()}.${info.ext}`;
      await fs.copyFile(tempFile, path.join(scratchDir, name));
      try {
        const result = (await call(slot, 'put', { file: name, key, ...info })) as { url?: unknown } | null;
        if (typeof result?.url !== 'string' || !/^(https?:\/\/|\/)[^\s]{1,490}$/i.test(result.url)) {
          throw new Error('put answered no valid url');
        }
        await fs.rm(tempFile, { force: true });
        return { url: result.url };
      } finally {
        await fs.rm(path.join(scratchDir, name), { force: true });
      }
    },
    async remove(key) {
      await call(slot, 'remove', { key });
    },
    async reportFallback(error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.warn(
        { plugin: slot.plugin.keyName },
        `upload plugin failed, the file went to the built-in storage: ${message}`,
      );
      await record(slot.plugin.keyName, `upload kept in the built-in storage instead: ${message}`);
    },
  });

  return {
    sync,
    async syncAll() {
      const enabled = await enabledPlugins(ctx.db.db);
      for (const keyName of slots.keys()) if (!enabled.some((p) => p.keyName === keyName)) stop(keyName);
      for (const plugin of enabled) await sync(plugin.keyName);
    },
    states() {
      const out = new Map<string, 'running' | 'starting' | 'waiting'>();
      for (const [key, slot] of slots) out.set(key, slot.timer ? 'waiting' : slot.process ? 'running' : 'starting');
      return out;
    },
    close() {
      closed = true;
      for (const key of [...slots.keys()]) stop(key);
    },
    notify(event: PluginEvent) {
      const slot = slotOf('notify');
      if (!slot) return;
      call(slot, 'notify', event).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        ctx.log.warn({ plugin: slot.plugin.keyName, event: event.type }, `notify failed: ${message}`);
        // A stopped process has said why already (handleFailure); this is the plugin's own failure.
        if (!(error instanceof PluginStoppedError))
          void record(slot.plugin.keyName, `notify ${event.type} failed: ${message}`);
      });
    },
    storage() {
      const slot = slotOf('upload');
      return slot ? storageOf(slot) : undefined;
    },
    sms(): PluginSms | undefined {
      const slot = slotOf('sms');
      if (!slot) return undefined;
      return {
        keyName: slot.plugin.keyName,
        async send(phone, code) {
          try {
            await call(slot, 'send', { phone, code });
          } catch (error) {
            // The plugin's own words may quote what it was given: neither the code nor the number
            // reaches the log or the plugin row.
            const message = (error instanceof Error ? error.message : String(error))
              .replaceAll(code, '******')
              .replaceAll(phone, '***');
            ctx.log.warn({ plugin: slot.plugin.keyName }, `sms send failed: ${message}`);
            // A stopped process has said why already (handleFailure); this is the plugin's own failure.
            if (!(error instanceof PluginStoppedError)) await record(slot.plugin.keyName, `send failed: ${message}`);
            throw new Error(`sms send failed: ${message}`);
          }
        },
      };
    },
  };
}
