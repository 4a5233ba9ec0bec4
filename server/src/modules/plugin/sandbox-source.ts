/**
 * The script of each plugin's worker thread (run with `eval: true`, so the built server needs no
 * file beside its bundle). It holds one QuickJS runtime (WebAssembly): the plugin's code runs in
 * it with no Node API at all (no process, require, fs, net, timers), within a WebAssembly memory
 * of a fixed maximum, and an interrupt handler ends a run past its CPU deadline. The plugin sees
 * its arguments and a context of capabilities; every value crosses as JSON text, so nothing of
 * the host (no object, prototype or function) reaches it. Network and log capabilities are
 * answered by the server's thread (plugin-sandbox.ts, plugin-runtime.ts); `hmac` and `base64`
 * are pure functions computed here.
 */
export const SANDBOX_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac, createHash } = require('node:crypto');
const { newQuickJSWASMModuleFromVariant, newVariant } = require(workerData.corePath);
const base = require(workerData.variantPath).default;
const { files, entry, memoryMb, cpuMs, backgroundCpuMs, maxAnswerBytes, logLines, logBytes } = workerData;

const post = (message) => parentPort.postMessage(message);
const describe = (value) => {
  if (value && typeof value === 'object' && 'message' in value) return String(value.message).slice(0, 500);
  return String(value).slice(0, 500);
};

let deadline = Infinity;
let interrupted = false;
/** What the run that was interrupted went past, said in the failure. */
let overrun = '';
/** Calls started and not yet answered, each with the CPU the sandbox has used since it started. */
const pendingCalls = new Map();
/** Loading is a run of its own, held to cpuMs like a call. */
let loading = true;
/**
 * CPU for code that runs while no call is pending (a loop a hook started and did not await, woken
 * by capability answers): a bucket of backgroundCpuMs that refills at that much a minute.
 */
let background = backgroundCpuMs;
let backgroundAt = performance.now();

/**
 * The log: at most logLines lines and logBytes bytes in a window of a minute (the window the
 * server's thread passes in, so a restart does not open a new one); the rest is dropped here,
 * without a message to the server's thread, and counted.
 */
let logWindow = workerData.logWindow;
let droppedLines = 0;
let droppedBytes = 0;
const admitLog = (bytes) => {
  const now = Date.now();
  if (now - logWindow.start >= 60000) logWindow = { start: now, lines: 0, bytes: 0 };
  if (logWindow.lines + 1 > logLines || logWindow.bytes + bytes > logBytes) {
    droppedLines += 1;
    droppedBytes += bytes;
    return false;
  }
  logWindow.lines += 1;
  logWindow.bytes += bytes;
  return true;
};

(async () => {
  const memory = new WebAssembly.Memory({ initial: 256, maximum: Math.floor((memoryMb * 1024 * 1024) / 65536) });
  const qjs = await newQuickJSWASMModuleFromVariant(
    newVariant(base, { wasmMemory: memory, wasmModule: workerData.wasmModule }),
  );
  const rt = qjs.newRuntime();
  rt.setMemoryLimit(Math.floor(memoryMb * 1024 * 1024 * 0.75));
  rt.setMaxStackSize(512 * 1024);
  rt.setInterruptHandler(() => {
    if (performance.now() > deadline) {
      interrupted = true;
      return true;
    }
    return false;
  });
  rt.setModuleLoader(
    (name) => {
      const key = name.replace(/^\.\//, '');
      const source = files[key];
      if (typeof source !== 'string') return { error: new Error('the package has no module ' + key) };
      return source;
    },
    (baseName, requested) => {
      if (!requested.startsWith('./') && !requested.startsWith('../')) return requested;
      const parts = baseName.split('/').slice(0, -1);
      for (const part of requested.split('/')) {
        if (part === '..') parts.pop();
        else if (part !== '.') parts.push(part);
      }
      return parts.join('/');
    },
  );
  const vm = rt.newContext();

  /**
   * Runs the VM within a CPU deadline; an interrupted run ends this worker (its state is unknown).
   * While calls are pending the run counts towards each of them (a call may use cpuMs in all, over
   * every wake-up); while none is, towards the background bucket.
   */
  const within = (fn) => {
    const start = performance.now();
    const inBackground = !loading && pendingCalls.size === 0;
    let allowed = cpuMs;
    if (inBackground) {
      background = Math.min(backgroundCpuMs, background + ((start - backgroundAt) * backgroundCpuMs) / 60000);
      backgroundAt = start;
      allowed = Math.min(cpuMs, background);
      overrun = 'used more than ' + backgroundCpuMs + ' ms of CPU a minute while no call was pending';
    } else {
      for (const used of pendingCalls.values()) allowed = Math.min(allowed, cpuMs - used);
      overrun = 'used more than ' + cpuMs + ' ms of CPU in one call';
    }
    deadline = start + Math.max(0, allowed);
    try {
      return fn();
    } finally {
      deadline = Infinity;
      const spent = performance.now() - start;
      if (inBackground) background -= spent;
      else for (const [id, used] of pendingCalls) pendingCalls.set(id, used + spent);
      if (droppedLines > 0) {
        post({ type: 'logDropped', lines: droppedLines, bytes: droppedBytes });
        droppedLines = 0;
        droppedBytes = 0;
      }
      if (interrupted) post({ type: 'fatal', kind: 'timeout', error: overrun });
    }
  };
  const pump = () =>
    within(() => {
      const result = rt.executePendingJobs();
      if (result.error) result.error.dispose();
    });

  // Capabilities: plain functions taking and answering strings.
  const capabilities = new Map();
  let nextCap = 1;
  const capFn = vm.newFunction('__cap', (nameH, argsH, callH) => {
    const name = vm.getString(nameH);
    let args = vm.getString(argsH);
    const callId = vm.getNumber(callH);
    const deferred = vm.newPromise();
    if (name === 'log') {
      let line = {};
      try { line = JSON.parse(args) || {}; } catch {}
      const message = String(line.message === undefined ? '' : line.message).slice(0, 1000);
      if (!admitLog(Buffer.byteLength(message))) {
        // Dropped: answered here at once, as the server would have answered it.
        const answer = vm.newString('null');
        deferred.resolve(answer);
        answer.dispose();
        return deferred.handle;
      }
      args = JSON.stringify({ level: line.level, message });
    }
    const capId = nextCap++;
    capabilities.set(capId, deferred);
    post({ type: 'cap', capId, callId, name, args });
    return deferred.handle;
  });
  vm.setProp(vm.global, '__cap', capFn);
  capFn.dispose();
  const hmacFn = vm.newFunction('__hmac', (algH, keyH, dataH, encH) => {
    const alg = vm.getString(algH);
    const enc = vm.getString(encH) === 'base64' ? 'base64' : 'hex';
    if (alg !== 'sha256' && alg !== 'sha1' && alg !== 'sha512') throw new Error('hmac: unknown algorithm ' + alg);
    return vm.newString(createHmac(alg, vm.getString(keyH)).update(vm.getString(dataH)).digest(enc));
  });
  vm.setProp(vm.global, '__hmac', hmacFn);
  hmacFn.dispose();
  const hashFn = vm.newFunction('__hash', (algH, dataH, encH) => {
    const alg = vm.getString(algH);
    const enc = vm.getString(encH) === 'base64' ? 'base64' : 'hex';
    if (alg !== 'sha256' && alg !== 'sha1' && alg !== 'sha512') throw new Error('hash: unknown algorithm ' + alg);
    return vm.newString(createHash(alg).update(vm.getString(dataH)).digest(enc));
  });
  vm.setProp(vm.global, '__hash', hashFn);
  hashFn.dispose();
  const b64Fn = vm.newFunction('__base64', (textH) => vm.newString(Buffer.from(vm.getString(textH), 'utf8').toString('base64')));
  vm.setProp(vm.global, '__base64', b64Fn);
  b64Fn.dispose();

  // The context each call gets, built inside the VM from JSON: the plugin holds no host object.
  const prelude = vm.evalCode(${'`'}
    (() => {
      const cap = globalThis.__cap, hmac = globalThis.__hmac, hash = globalThis.__hash, base64 = globalThis.__base64;
      delete globalThis.__cap; delete globalThis.__hmac; delete globalThis.__hash; delete globalThis.__base64;
      const call = (name, args, callId) => cap(name, JSON.stringify(args === undefined ? null : args), callId).then((t) => JSON.parse(t));
      const text = (v) => (typeof v === 'string' ? v : String(v));
      globalThis.console = Object.freeze({
        log: (...a) => { call('log', { level: 'info', message: a.map(text).join(' ') }, 0); },
        warn: (...a) => { call('log', { level: 'warn', message: a.map(text).join(' ') }, 0); },
        error: (...a) => { call('log', { level: 'error', message: a.map(text).join(' ') }, 0); },
      });
      const contextOf = (config, callId) => Object.freeze({
        config,
        http: (request) => call('http', request, callId),
        log: (message, level) => call('log', { level: level || 'info', message: text(message) }, callId),
        hmac: (algorithm, key, data, encoding) => hmac(text(algorithm), text(key), text(data), encoding === 'base64' ? 'base64' : 'hex'),
        hash: (algorithm, data, encoding) => hash(text(algorithm), text(data), encoding === 'base64' ? 'base64' : 'hex'),
        base64: (value) => base64(text(value)),
      });
      let plugin;
      globalThis.__setPlugin = (p) => { plugin = p; delete globalThis.__setPlugin; };
      return async (method, argsText, configText, callId) => {
        const fn = plugin && plugin[method];
        if (typeof fn !== 'function') throw new Error('the plugin has no ' + method + ' function');
        const result = await fn.call(plugin, JSON.parse(argsText), contextOf(JSON.parse(configText), callId));
        const out = JSON.stringify(result === undefined ? null : result);
        return out === undefined ? 'null' : out;
      };
    })()
  ${'`'}, 'prelude.js');
  if (prelude.error) {
    post({ type: 'crash', error: 'the sandbox could not start: ' + describe(vm.dump(prelude.error)) });
    prelude.error.dispose();
    return;
  }
  const invoke = prelude.value;

  // The entry: loaded as an ES module; its default export holds the hook's functions.
  const loaded = within(() =>
    vm.evalCode(
      'import plugin from ' + JSON.stringify('./' + entry) + '; globalThis.__setPlugin(plugin);',
      '__load.mjs',
      { type: 'module' },
    ),
  );
  if (loaded.error) {
    post({ type: 'crash', error: 'cannot load the entry: ' + describe(vm.dump(loaded.error)) });
    loaded.error.dispose();
    return;
  }
  // A module's evaluation may await (top-level await): ready only once it has settled.
  const evaluation = vm.resolvePromise(loaded.value);
  loaded.value.dispose();
  pump();
  if (interrupted) return;
  const evaluated = await evaluation;
  if (evaluated.error) {
    post({ type: 'crash', error: 'cannot load the entry: ' + describe(vm.dump(evaluated.error)) });
    evaluated.error.dispose();
    return;
  }
  evaluated.value.dispose();

  parentPort.on('message', (message) => {
    if (message.type === 'capAnswer') {
      const deferred = capabilities.get(message.capId);
      if (!deferred) return post({ type: 'woke', capId: message.capId });
      capabilities.delete(message.capId);
      if (message.ok) {
        const value = vm.newString(message.result);
        deferred.resolve(value);
        value.dispose();
      } else {
        const error = vm.newError(String(message.error));
        deferred.reject(error);
        error.dispose();
      }
      deferred.dispose();
      pump();
      // The server's thread times how long a wake-up takes (a run stuck outside JavaScript, where
      // the interrupt handler is not called, is ended from there).
      if (!interrupted) post({ type: 'woke', capId: message.capId });
      return;
    }
    if (message.type !== 'call') return;
    const { id, method, args, config } = message;
    pendingCalls.set(id, 0);
    const handles = [vm.newString(method), vm.newString(args), vm.newString(config), vm.newNumber(id)];
    const started = within(() => vm.callFunction(invoke, vm.undefined, ...handles));
    for (const h of handles) h.dispose();
    if (interrupted) return;
    if (started.error) {
      pendingCalls.delete(id);
      post({ type: 'answer', id, ok: false, error: describe(vm.dump(started.error)) });
      started.error.dispose();
      return;
    }
    const promise = started.value;
    vm.resolvePromise(promise).then((settled) => {
      pendingCalls.delete(id);
      if (interrupted) return;
      if (settled.error) {
        const error = vm.dump(settled.error);
        settled.error.dispose();
        post({ type: 'answer', id, ok: false, error: describe(error) });
        return;
      }
      const text = vm.getString(settled.value);
      settled.value.dispose();
      if (text.length > maxAnswerBytes) {
        post({ type: 'fatal', kind: 'oversize', error: method + ' answered ' + text.length + ' bytes, more than ' + maxAnswerBytes });
        return;
      }
      post({ type: 'answer', id, ok: true, result: text });
    });
    promise.dispose();
    pump();
  });
  loading = false;
  post({ type: 'ready' });
})().catch((error) => post({ type: 'crash', error: describe(error) }));
`;
