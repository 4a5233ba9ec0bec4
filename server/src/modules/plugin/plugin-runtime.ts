import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { type PluginEvent, type PluginHook, pluginInfo } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { alertHolders } from '../../core/message-center.js';
import type { PluginHooks, PluginSms, PluginStorage } from '../../core/plugin-hooks.js';
import { unzipPackage } from './package.js';
import {
  auditRow,
  disablePluginByKey,
  enabledPlugins,
  findPluginByKey,
  packageDataOf,
  recordPluginError,
  type StoredPlugin,
} from './plugin.repository.js';
import { type HttpCallFiles, pluginHttp } from './plugin-http.js';
import { type PluginLogLimit, pluginLogLimit } from './plugin-log.js';
import { type PluginFailure, type PluginSandbox, PluginStoppedError, startPluginSandbox } from './plugin-sandbox.js';

/** The longest wait between restarts of a plugin that keeps failing. */
const MAX_BACKOFF_MS = 60_000;
/** The largest answer a call may give (JSON text): a storage URL or a small status, never data. */
export const PLUGIN_MAX_ANSWER_BYTES = 1024 * 1024;

type Slot = {
  plugin: StoredPlugin;
  process: PluginSandbox | undefined;
  /** Failures since the last answered call: the next restart waits base × 2^failures. */
  failures: number;
  /** When the recent failures happened: maxFailures of them within the window disable the plugin. */
  failureTimes: number[];
  timer: NodeJS.Timeout | undefined;
  /** Its cap on the server's log, kept across restarts of its sandbox. */
  log: PluginLogLimit;
};

export type PluginRuntime = PluginHooks & {
  /** Brings this instance in line with the table for one plugin (start, restart, reconfigure or stop it). */
  sync(keyName: string): Promise<void>;
  /** Starts every enabled plugin; resolves when each has loaded or failed (the server's start does not wait on it). */
  syncAll(): Promise<void>;
  /** The running state of each enabled plugin on this instance. */
  states(): ReadonlyMap<string, 'running' | 'starting' | 'waiting'>;
  close(): void;
};

/**
 * Runs the enabled plugins of this instance, each in a WebAssembly sandbox on a worker thread
 * (plugin-sandbox.ts), and implements the hooks on them. A plugin reaches nothing but the
 * capabilities handed to it here: `http` (plugin-http.ts: the approved hosts only) and `log`.
 * A failing plugin is logged, its error recorded on its row and restarted after a growing pause;
 * `maxFailures` failures within the window disable it everywhere, its last error kept.
 */
export function createPluginRuntime(ctx: AppContext): PluginRuntime {
  const {
    callTimeoutMs,
    restartBaseMs,
    cpuMs,
    backgroundCpuMs,
    memoryMb,
    maxFailures,
    failureWindowMs,
    logLinesPerMinute,
    logBytesPerMinute,
  } = ctx.config.plugins;
  const logCaps = { lines: logLinesPerMinute, bytes: logBytesPerMinute };
  const slots = new Map<string, Slot>();
  /** The upload each call may send with `http({ bodyFile })`: call id to its file. */
  const callFiles = new WeakMap<PluginSandbox, HttpCallFiles>();
  let closed = false;

  /** The package's JavaScript modules, read from the stored zip (nothing is written to disk). */
  async function modulesOf(plugin: StoredPlugin): Promise<Record<string, string>> {
    const data = await packageDataOf(ctx.db.db, plugin.keyName);
    if (data === undefined) throw new Error('the package is gone');
    const files = await unzipPackage(Buffer.from(data, 'base64'));
    const modules: Record<string, string> = {};
    for (const [name, content] of files) if (/\.m?js$/.test(name)) modules[name] = content.toString('utf8');
    return modules;
  }

  function record(keyName: string, message: string | null): Promise<void> {
    return recordPluginError(ctx.db.db, keyName, message).catch((error: unknown) =>
      ctx.log.warn({ err: error, plugin: keyName }, 'recording a plugin error failed'),
    );
  }

  /**
   * Stopped on every instance until an operator enables it again; `message` stays as its last error.
   * The status change and its `disable` event (operator null: the server) in one transaction, as an
   * operator's disable makes it (plugin.service.ts); none when it is disabled already.
   */
  function disable(keyName: string, message: string) {
    slots.delete(keyName);
    void record(keyName, message)
      .then(() =>
        ctx.db.db.transaction().execute(async (trx) => {
          const plugin = await findPluginByKey(trx, keyName);
          if (!plugin || plugin.status === 0) return;
          await disablePluginByKey(trx, keyName);
          await ctx.history.recordChanges(trx, null, pluginInfo, [auditRow(plugin)], { status: 0 }, 'disable');
        }),
      )
      .then(() => ctx.bus.publish({ type: 'plugin', keyName, from: ctx.instanceId }))
      .then(() =>
        alertHolders(ctx.messages, ctx.log, pluginInfo.perms.update, {
          kind: 'pluginDisabled',
          params: { keyName, reason: message.slice(0, 300) },
          link: '/helper/plugins/serve',
        }),
      )
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'disabling a plugin failed'));
  }

  /** `proc` is the sandbox that failed, or undefined when it could not even be started. */
  function handleFailure(slot: Slot, proc: PluginSandbox | undefined, failure: PluginFailure) {
    if (slot.process !== proc || slots.get(slot.plugin.keyName) !== slot) return;
    slot.process = undefined;
    const { keyName } = slot.plugin;
    slot.log.flush();
    ctx.log.warn({ plugin: keyName, kind: failure.kind }, `plugin ${keyName} stopped: ${failure.message}`);
    const now = Date.now();
    slot.failureTimes = [...slot.failureTimes.filter((at) => now - at < failureWindowMs), now];
    if (slot.failureTimes.length >= maxFailures) {
      clearTimeout(slot.timer);
      disable(
        keyName,
        `disabled after ${slot.failureTimes.length} failures in ${Math.round(failureWindowMs / 60_000) || 1} min; last: ${failure.kind}: ${failure.message}`,
      );
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
      const modules = await modulesOf(plugin);
      if (closed || slots.get(plugin.keyName) !== slot) return;
      const files: HttpCallFiles = new Map();
      const http = pluginHttp(plugin, () => slot.plugin.config ?? {}, files, callTimeoutMs);
      const sandbox: PluginSandbox = startPluginSandbox({
        modules,
        entry: plugin.manifest.entry,
        timeoutMs: callTimeoutMs,
        cpuMs,
        backgroundCpuMs,
        memoryMb,
        maxAnswerBytes: PLUGIN_MAX_ANSWER_BYTES,
        log: { ...logCaps, window: slot.log.window() },
        onLogDropped: (lines, bytes) => slot.log.droppedInSandbox(lines, bytes),
        capability: async (name, args, callId) => {
          if (name === 'http') return http(args, callId);
          if (name === 'log') {
            const { level, message } = (args ?? {}) as { level?: unknown; message?: unknown };
            const text = String(message ?? '').slice(0, 1000);
            // The sandbox holds the same cap; this one is the plugin's, whatever its sandbox sends.
            if (!slot.log.admit(Buffer.byteLength(text))) return null;
            if (level === 'error' || level === 'warn') ctx.log.warn({ plugin: plugin.keyName }, text);
            else ctx.log.info({ plugin: plugin.keyName }, text);
            return null;
          }
          throw new Error(`there is no capability ${name}`);
        },
        onFailure: (failure) => handleFailure(slot, sandbox, failure),
      });
      callFiles.set(sandbox, files);
      slot.process = sandbox;
      started = true;
      await sandbox.ready;
    } catch (error) {
      // A sandbox that started reports its own failure (onFailure); this is one that could not start.
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
    slot.log.flush();
  }

  async function sync(keyName: string) {
    const plugin = await findPluginByKey(ctx.db.db, keyName);
    const slot = slots.get(keyName);
    if (!plugin) {
      stop(keyName);
      return;
    }
    if (plugin.status !== 1) return stop(keyName);
    if (slot && slot.plugin.content.sha256 === plugin.content.sha256) {
      // Same code: a new config goes with the next call, no restart.
      slot.plugin = plugin;
      return;
    }
    stop(keyName);
    const fresh: Slot = {
      plugin,
      process: undefined,
      failures: 0,
      failureTimes: [],
      timer: undefined,
      log: pluginLogLimit(keyName, logCaps, ctx.log),
    };
    slots.set(keyName, fresh);
    await launch(fresh);
  }

  function slotOf(hook: PluginHook): Slot | undefined {
    for (const slot of slots.values()) if (slot.plugin.hook === hook) return slot;
    return undefined;
  }

  /** `file`: a local file the call may send with `http({ bodyFile: name })`. */
  async function call(
    slot: Slot,
    method: string,
    args: unknown,
    file?: { name: string; path: string },
  ): Promise<unknown> {
    const proc = slot.process;
    if (!proc) throw new Error(`plugin ${slot.plugin.keyName} is not running (restarting after a failure)`);
    await proc.ready;
    const files = callFiles.get(proc);
    const callId = proc.nextCallId;
    if (file) files?.set(callId, file);
    try {
      const result = await proc.call(method, args, slot.plugin.config ?? {});
      slot.failures = 0;
      return result;
    } finally {
      files?.delete(callId);
    }
  }

  const storageOf = (slot: Slot): PluginStorage => ({
    keyName: slot.plugin.keyName,
    async put(tempFile, key, info) {
      // The plugin never sees the file: it names it to the http capability, which sends it.
      const name = `in-${randomUUID()}.${info.ext}`;
      const result = (await call(slot, 'put', { file: name, key, ...info }, { name, path: tempFile })) as {
        url?: unknown;
      } | null;
      if (typeof result?.url !== 'string' || !/^(https?:\/\/|\/)[^\s]{1,490}$/i.test(result.url)) {
        throw new Error('put answered no valid url');
      }
      await fs.rm(tempFile, { force: true });
      return { url: result.url };
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
      // Side by side: one plugin's slow load holds no other.
      await Promise.all(
        enabled.map((plugin) =>
          sync(plugin.keyName).catch((error: unknown) =>
            ctx.log.warn({ err: error, plugin: plugin.keyName }, 'starting a plugin failed'),
          ),
        ),
      );
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
