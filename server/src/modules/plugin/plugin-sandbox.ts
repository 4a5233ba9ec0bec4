import { readFileSync } from 'node:fs';
import { createRequire as requireFrom } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { LogWindow } from './plugin-log.js';
import { SANDBOX_SOURCE } from './sandbox-source.js';

/**
 * Why a plugin's sandbox stopped or a call to it failed: `timeout` (a call past its CPU deadline or
 * its time limit), `oversize` (an answer past the cap), `memory` (its worker ran out of heap),
 * `crash` (it could not load, or threw outside a call), `exit`, `garbage` (a message the interface
 * does not have).
 */
export type PluginFailure = {
  kind: 'crash' | 'timeout' | 'garbage' | 'exit' | 'oversize' | 'memory';
  message: string;
};

/** A capability the plugin called: answered by the server (plugin-runtime.ts). */
export type CapabilityHandler = (name: string, args: unknown, callId: number) => Promise<unknown>;

export type PluginSandboxOptions = {
  /** The package's JavaScript modules by path (`index.mjs`, `lib/x.js`). */
  modules: Record<string, string>;
  entry: string;
  /** How long loading and each call may take, in wall time. */
  timeoutMs: number;
  /** CPU time one call may take inside the VM (over all its runs) before the interrupt handler ends it. */
  cpuMs: number;
  /** CPU time a minute for runs while no call is pending (work a hook started and did not await). */
  backgroundCpuMs: number;
  /** The log's cap (lines and bytes a minute), and the minute a new sandbox continues. */
  log: { lines: number; bytes: number; window: LogWindow };
  /** Log lines the sandbox dropped over its cap, counted (the server writes one line for them). */
  onLogDropped: (lines: number, bytes: number) => void;
  memoryMb: number;
  /** The largest answer (JSON text) taken from a call. */
  maxAnswerBytes: number;
  capability: CapabilityHandler;
  /** Called once, when the sandbox stops for any reason other than stop(). */
  onFailure: (failure: PluginFailure) => void;
};

export type PluginSandbox = {
  readonly ready: Promise<void>;
  /** Calls a hook function; `callId` is told to the capabilities the call uses. */
  call(method: string, args: unknown, config: Record<string, unknown>): Promise<unknown>;
  /** The id the next call gets (the runtime keeps per-call state, such as its scratch file). */
  readonly nextCallId: number;
  stop(): void;
};

/** A call that failed because the sandbox stopped (the failure itself is reported through onFailure). */
export class PluginStoppedError extends Error {}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

// Not named `require`: the built bundle declares one of its own (server/build.mjs).
const resolver = requireFrom(import.meta.url);
/** The global WebAssembly (the server's TypeScript libs do not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;
let shared: { corePath: string; variantPath: string; wasmModule: object } | undefined;
/**
 * Where the worker loads QuickJS from, and its WebAssembly compiled once per server: each
 * sandbox instantiates the same module with a memory of its own (a clone is cheap; compiling
 * again for every start is not).
 */
const sharedOf = () => {
  shared ??= {
    corePath: resolver.resolve('quickjs-emscripten-core'),
    variantPath: resolver.resolve('@jitl/quickjs-wasmfile-release-sync'),
    wasmModule: new wasm.Module(readFileSync(resolver.resolve('@jitl/quickjs-wasmfile-release-sync/wasm'))),
  };
  return shared;
};
/** Loading takes at least this long to be called late (a busy machine instantiates slowly). */
const MIN_LOAD_MS = 10_000;

/** The worker's own V8 heap (the sandbox's memory is the WebAssembly memory, capped apart). */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8, codeRangeSizeMb: 16, stackSizeMb: 4 };

/**
 * One plugin in a QuickJS WebAssembly sandbox on a worker thread of its own (sandbox-source.ts):
 * the server's event loop never runs plugin code, so a plugin that loops keeps only its own
 * thread busy until its deadline, and a late one is terminated from here. Every value in and out
 * is JSON text.
 */
export function startPluginSandbox(options: PluginSandboxOptions): PluginSandbox {
  const worker = new Worker(SANDBOX_SOURCE, {
    eval: true,
    workerData: {
      ...sharedOf(),
      files: options.modules,
      entry: options.entry,
      memoryMb: options.memoryMb,
      cpuMs: options.cpuMs,
      backgroundCpuMs: options.backgroundCpuMs,
      maxAnswerBytes: options.maxAnswerBytes,
      logLines: options.log.lines,
      logBytes: options.log.bytes,
      logWindow: options.log.window,
    },
    resourceLimits: WORKER_LIMITS,
    env: {},
    stdout: true,
    stderr: true,
    // No inherited argv or flags: the worker needs none.
    argv: [],
    execArgv: [],
  });
  // Whatever the worker prints is dropped (plugins log through their capability).
  worker.stdout.resume();
  worker.stderr.resume();
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let ended = false;

  let readyResolve: () => void = () => undefined;
  let readyReject: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  ready.catch(() => undefined);
  const loadMs = Math.max(options.timeoutMs, MIN_LOAD_MS);
  const loadTimer = setTimeout(() => fail({ kind: 'timeout', message: `did not load within ${loadMs} ms` }), loadMs);
  /**
   * Capability answers whose wake-up has not finished: each must, within the call time limit, also
   * when no call is pending (the interrupt handler never fires in a run stuck outside JavaScript).
   */
  let unwoken = 0;
  let wakeTimer: NodeJS.Timeout | undefined;
  const watchWake = () => {
    clearTimeout(wakeTimer);
    wakeTimer =
      unwoken > 0
        ? setTimeout(
            () =>
              fail({
                kind: 'timeout',
                message: `a run woken by a capability's answer went on past ${options.timeoutMs} ms`,
              }),
            options.timeoutMs,
          )
        : undefined;
  };

  function end(error: Error) {
    ended = true;
    clearTimeout(loadTimer);
    clearTimeout(wakeTimer);
    readyReject(error);
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
    void worker.terminate();
  }

  function fail(failure: PluginFailure) {
    if (ended) return;
    end(new PluginStoppedError(failure.message));
    options.onFailure(failure);
  }

  worker.on('message', (raw: unknown) => {
    const message = raw as {
      type?: unknown;
      id?: unknown;
      ok?: unknown;
      result?: unknown;
      error?: unknown;
      kind?: unknown;
      capId?: unknown;
      callId?: unknown;
      name?: unknown;
      args?: unknown;
      lines?: unknown;
      bytes?: unknown;
    };
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : 'no message');
    switch (message?.type) {
      case 'ready':
        clearTimeout(loadTimer);
        readyResolve();
        return;
      case 'answer': {
        const p = typeof message.id === 'number' ? pending.get(message.id) : undefined;
        if (!p || typeof message.ok !== 'boolean')
          return fail({ kind: 'garbage', message: 'answered a call nobody made' });
        pending.delete(message.id as number);
        clearTimeout(p.timer);
        if (!message.ok) return p.reject(new Error(text(message.error)));
        const result = typeof message.result === 'string' ? message.result : 'null';
        if (result.length > options.maxAnswerBytes) {
          return fail({
            kind: 'oversize',
            message: `answered ${result.length} bytes, more than ${options.maxAnswerBytes}`,
          });
        }
        try {
          p.resolve(JSON.parse(result));
        } catch {
          fail({ kind: 'garbage', message: 'answered something that is not JSON' });
        }
        return;
      }
      case 'cap': {
        const capId = message.capId;
        let args: unknown;
        try {
          args = JSON.parse(typeof message.args === 'string' ? message.args : 'null');
        } catch {
          args = null;
        }
        const answer = (reply: Record<string, unknown>) => {
          if (ended) return;
          unwoken += 1;
          if (unwoken === 1) watchWake();
          worker.postMessage({ type: 'capAnswer', capId, ...reply });
        };
        options.capability(String(message.name), args, typeof message.callId === 'number' ? message.callId : 0).then(
          (result) => answer({ ok: true, result: JSON.stringify(result ?? null) }),
          (error: unknown) =>
            answer({ ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) }),
        );
        return;
      }
      case 'woke':
        unwoken = Math.max(0, unwoken - 1);
        watchWake();
        return;
      case 'logDropped':
        if (typeof message.lines === 'number' && typeof message.bytes === 'number')
          options.onLogDropped(message.lines, message.bytes);
        return;
      case 'fatal':
        return fail({
          kind: message.kind === 'oversize' ? 'oversize' : 'timeout',
          message: text(message.error),
        });
      case 'crash':
        return fail({ kind: 'crash', message: text(message.error) });
      default:
        return fail({ kind: 'garbage', message: 'sent a message the hook interface does not have' });
    }
  });
  worker.on('error', (error: Error & { code?: string }) =>
    fail(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? { kind: 'memory', message: 'ran out of memory' }
        : { kind: 'crash', message: error.message.slice(0, 500) },
    ),
  );
  worker.on('exit', (code) => fail({ kind: 'exit', message: `the sandbox ended (code ${code})` }));

  return {
    ready,
    get nextCallId() {
      return nextId;
    },
    call(method, args, config) {
      if (ended) return Promise.reject(new PluginStoppedError('the plugin is not running'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => fail({ kind: 'timeout', message: `${method} did not answer within ${options.timeoutMs} ms` }),
          options.timeoutMs,
        );
        pending.set(id, { resolve, reject, timer });
        worker.postMessage({
          type: 'call',
          id,
          method,
          args: JSON.stringify(args ?? null),
          config: JSON.stringify(config ?? {}),
        });
      });
    },
    stop() {
      if (ended) return;
      end(new PluginStoppedError('the plugin was stopped'));
    },
  };
}
