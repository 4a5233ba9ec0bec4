import { type ChildProcess, fork } from 'node:child_process';

/** Why a plugin process stopped or a call to it failed. `violation`: it reached for something it may not. */
export type PluginFailure = { kind: 'crash' | 'timeout' | 'garbage' | 'violation' | 'exit'; message: string };

export type PluginProcessOptions = {
  hostFile: string;
  /** The unpacked package: the only folder it may read besides its scratch folder. */
  dir: string;
  entry: string;
  scratchDir: string;
  /** How long loading and each call may take. */
  timeoutMs: number;
  /** Called once, when the process stops for any reason other than stop(). */
  onFailure: (failure: PluginFailure) => void;
};

export type PluginProcess = {
  /** Resolves once the entry has loaded; rejects (and reports) if it cannot. */
  readonly ready: Promise<void>;
  call(method: string, args: unknown, config: Record<string, unknown>): Promise<unknown>;
  stop(): void;
};

/** A call that failed because the process stopped (the failure itself is reported through onFailure). */
export class PluginStoppedError extends Error {}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/**
 * One plugin in a child process under Node's permission model: reads of its own folder and its
 * scratch folder, writes to the scratch folder alone, no child processes, no workers, no native
 * addons, an empty environment. Every call has a time limit; a late, malformed or refused answer
 * ends the process, and `onFailure` says why.
 */
export function startPluginProcess(options: PluginProcessOptions): PluginProcess {
  const child: ChildProcess = fork(options.hostFile, [options.entry, options.scratchDir], {
    execArgv: [
      '--experimental-permission',
      `--allow-fs-read=${options.hostFile}`,
      `--allow-fs-read=${options.dir}`,
      `--allow-fs-read=${options.scratchDir}`,
      `--allow-fs-write=${options.scratchDir}`,
      '--disable-warning=ExperimentalWarning',
      '--max-old-space-size=128',
    ],
    env: {},
    cwd: options.scratchDir,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let ended = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });

  let readyResolve: () => void = () => undefined;
  let readyReject: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  // A failure before anyone waits on it is reported through onFailure; keep the promise quiet.
  ready.catch(() => undefined);
  const loadTimer = setTimeout(
    () => fail({ kind: 'timeout', message: `did not load within ${options.timeoutMs} ms` }),
    options.timeoutMs,
  );

  function fail(failure: PluginFailure) {
    if (ended) return;
    ended = true;
    clearTimeout(loadTimer);
    child.kill('SIGKILL');
    const error = new PluginStoppedError(failure.message);
    readyReject(error);
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
    options.onFailure(failure);
  }

  child.on('message', (raw: unknown) => {
    const message = raw as { type?: unknown; id?: unknown; ok?: unknown; result?: unknown; error?: unknown };
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
        if (message.ok) p.resolve(message.result);
        else p.reject(new Error(text(message.error)));
        return;
      }
      case 'violation':
        return fail({ kind: 'violation', message: `refused access: ${text(message.error)}` });
      case 'crash':
        return fail({ kind: 'crash', message: text(message.error) });
      default:
        return fail({ kind: 'garbage', message: 'sent a message the hook interface does not have' });
    }
  });
  child.on('exit', (code, signal) => {
    const tail = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 300);
    fail({ kind: 'exit', message: `the process ended (${signal ?? `code ${code}`})${tail ? `: ${tail}` : ''}` });
  });
  child.on('error', (error) => fail({ kind: 'crash', message: error.message }));

  return {
    ready,
    call(method, args, config) {
      if (ended) return Promise.reject(new PluginStoppedError('the plugin process is not running'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => fail({ kind: 'timeout', message: `${method} did not answer within ${options.timeoutMs} ms` }),
          options.timeoutMs,
        );
        pending.set(id, { resolve, reject, timer });
        child.send({ id, method, args, config }, (error) => {
          if (error) fail({ kind: 'crash', message: `cannot reach the process: ${error.message}` });
        });
      });
    },
    stop() {
      if (ended) return;
      ended = true;
      clearTimeout(loadTimer);
      const error = new PluginStoppedError('the plugin was stopped');
      readyReject(error);
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(error);
      }
      pending.clear();
      child.kill('SIGKILL');
    },
  };
}
