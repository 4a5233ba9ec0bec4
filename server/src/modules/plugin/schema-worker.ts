import { createRequire as requireFrom } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The script of the thread that compiles plugins' config schemas and checks configs against them
 * (run with `eval: true`, as the sandbox's is: the built server needs no file beside its bundle).
 * ajv turns a schema into JavaScript and compiles that: about 1 ms per property on this machine,
 * 90 ms for its meta-schema, far more for patterns, so no bound on the schema alone could keep a
 * compile on the server's thread under 50 ms. Here it holds only this thread, and the server ends
 * it past a time limit. Compiled schemas are kept (a few dozen, by their text) for the configs
 * checked against them later.
 */
const SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
// Below the server's own thread: within the process's share of the machine a compile takes what
// that thread leaves (Linux: this thread's nice value, by its id; elsewhere nothing changes).
try {
  require('node:os').setPriority(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {}
const { Ajv2020 } = require(workerData.ajvPath);
// No remote references, no code from the schema: it only describes a JSON object.
const ajv = new Ajv2020({ strict: true, allErrors: false, loadSchema: undefined });
for (const format of ['password', 'uri', 'url', 'email', 'hostname']) ajv.addFormat(format, true);
ajv.addFormat('uri', /^https?:\/\/[^\s]+$/i);
ajv.addFormat('url', /^https?:\/\/[^\s]+$/i);
const kept = new Map();
const compiled = (text) => {
  let hit = kept.get(text);
  if (hit) {
    kept.delete(text);
    kept.set(text, hit);
    return hit;
  }
  const schema = JSON.parse(text);
  try {
    hit = { validate: ajv.compile(schema) };
  } catch (error) {
    hit = { error: String((error && error.message) || error).slice(0, 300) };
  } finally {
    // The compiled function stands alone; ajv's own caches would otherwise keep every schema.
    try { ajv.removeSchema(schema); } catch {}
  }
  kept.set(text, hit);
  if (kept.size > 32) kept.delete(kept.keys().next().value);
  return hit;
};
parentPort.on('message', ({ id, op, schema, data }) => {
  const hit = compiled(schema);
  if (hit.error) return parentPort.postMessage({ id, ok: false, reason: hit.error });
  if (op === 'compile') return parentPort.postMessage({ id, ok: true, valid: true });
  const valid = hit.validate(JSON.parse(data));
  const e = valid ? undefined : (hit.validate.errors || [])[0];
  const missing = e && e.params ? e.params.missingProperty : undefined;
  parentPort.postMessage({
    id,
    ok: true,
    valid,
    error: e && { instancePath: e.instancePath, message: e.message || '', keyword: e.keyword, missingProperty: typeof missing === 'string' ? missing : undefined },
  });
});
// The meta-schema is compiled once, now, not in the first caller's time.
compiled('{"type":"object"}');
parentPort.postMessage({ ready: true });
`;

/** The first error of a config that does not fit its schema, as ajv states it. */
export type SchemaError = { instancePath: string; message: string; keyword: string; missingProperty?: string };
export type SchemaAnswer = { ok: false; reason: string } | { ok: true; valid: boolean; error?: SchemaError };

/** Why a job got no answer: it ran past the time limit, the thread ran out of memory, or it died. */
export class SchemaJobError extends Error {
  constructor(readonly kind: 'timeout' | 'memory' | 'crash') {
    super(`the schema thread: ${kind}`);
  }
}

/** The longest one compile or check may take on its thread before the thread is ended. */
export const SCHEMA_JOB_MS = 3000;
/** Loading ajv and its meta-schema on a busy machine may take a while; past this the thread is given up. */
const LOAD_MS = 15_000;
/** An idle thread is ended after this long (the next compile starts a new one, in about 0.3 s). */
const IDLE_MS = 30_000;
const LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 };

type Message = { op: 'compile' | 'validate'; schema: string; data?: string };
type Job = { id: number; message: Message; resolve: (a: SchemaAnswer) => void; reject: (e: Error) => void };

const resolver = requireFrom(import.meta.url);
let thread: { worker: Worker; ready: boolean } | undefined;
const queue: Job[] = [];
let running: Job | undefined;
let jobTimer: NodeJS.Timeout | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;

function endThread(kind: SchemaJobError['kind']) {
  const ended = thread;
  thread = undefined;
  clearTimeout(jobTimer);
  const job = running;
  running = undefined;
  job?.reject(new SchemaJobError(kind));
  if (ended) void ended.worker.terminate();
  // The jobs behind it get a fresh thread.
  pump();
}

function startThread(): NonNullable<typeof thread> {
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { ajvPath: resolver.resolve('ajv/dist/2020.js') },
    resourceLimits: LIMITS,
    env: {},
    argv: [],
    execArgv: [],
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const started = { worker, ready: false };
  const loadTimer = setTimeout(() => {
    if (thread !== started) return;
    // A thread that cannot even load would not load for the jobs waiting either.
    for (const job of queue.splice(0)) job.reject(new SchemaJobError('crash'));
    endThread('crash');
  }, LOAD_MS);
  worker.on('message', (raw: { ready?: boolean; id?: number } & SchemaAnswer) => {
    if (thread !== started) return;
    if (raw.ready) {
      clearTimeout(loadTimer);
      started.ready = true;
      pump();
      return;
    }
    if (!running || raw.id !== running.id) return;
    clearTimeout(jobTimer);
    const job = running;
    running = undefined;
    job.resolve(raw.ok ? { ok: true, valid: raw.valid, error: raw.error } : { ok: false, reason: raw.reason });
    pump();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    clearTimeout(loadTimer);
    if (thread === started) endThread(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash');
  });
  worker.on('exit', () => {
    clearTimeout(loadTimer);
    if (thread === started) endThread('crash');
  });
  return started;
}

/** Sends the next job when the thread is free; holds the process open only while there is work. */
function pump() {
  clearTimeout(idleTimer);
  if (running) return;
  const job = queue.shift();
  if (!job) {
    if (thread) {
      thread.worker.unref();
      const idle = thread;
      idleTimer = setTimeout(() => {
        if (thread === idle && !running && queue.length === 0) {
          thread = undefined;
          void idle.worker.terminate();
        }
      }, IDLE_MS);
      idleTimer.unref();
    }
    return;
  }
  thread ??= startThread();
  thread.worker.ref();
  if (!thread.ready) {
    queue.unshift(job);
    return;
  }
  running = job;
  jobTimer = setTimeout(() => endThread('timeout'), SCHEMA_JOB_MS);
  thread.worker.postMessage({ id: job.id, ...job.message });
}

/** Compiles (op `compile`) or checks data against (op `validate`) a schema on the schema thread. */
export function runSchemaJob(message: Message): Promise<SchemaAnswer> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, message, resolve, reject });
    pump();
  });
}
