import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * Traffic for latency tests, sent from threads of their own: the server's event loop runs the
 * test too, so calls sent from it would wait whenever the loop is held, and its own sending would
 * count as the server's work. Both scripts run with `eval: true`.
 */

/**
 * Light calls: one `GET comm/person` every `everyMs`, whether the one before has answered or not,
 * each timed from its sending to its whole answer.
 */
const LIGHT_CALLS = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, token, everyMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const samples = [];
let stopping = false;
let inFlight = 0;
const now = () => performance.timeOrigin + performance.now();
const one = () => {
  const sent = now();
  inFlight += 1;
  const done = (ok) => {
    samples.push({ at: sent, ms: now() - sent, ok });
    inFlight -= 1;
    if (samples.length === 20) parentPort.postMessage({ warm: true });
  };
  const request = http.request(
    { host: '127.0.0.1', port, path: '/api/admin/base/comm/person', agent, headers: { authorization: token } },
    (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (c) => { body += c; });
      response.on('end', () => done(response.statusCode === 200 && body.includes('"code":1000')));
    },
  );
  request.on('error', () => done(false));
  request.end();
};
const finish = () => (inFlight > 0 ? setTimeout(finish, 5) : (agent.destroy(), parentPort.postMessage({ samples })));
const timer = setInterval(() => (stopping ? (clearInterval(timer), finish()) : one()), everyMs);
parentPort.on('message', (m) => {
  if (m === 'inFlight') parentPort.postMessage({ inFlight });
  else stopping = true;
});
`;

/** Posts: each batch of requests `concurrency` at a time; answers each one's status and message. */
const SENDER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const send = ({ path, body, headers }) =>
  new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port: workerData.port, path, method: 'POST', agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (c) => { text += c; });
      response.on('end', () => {
        let message = text;
        try { message = JSON.parse(text).message; } catch {}
        resolve({ status: response.statusCode, message });
      });
    });
    request.on('error', (error) => resolve({ status: 0, message: String(error) }));
    request.end(Buffer.from(body));
  });
parentPort.on('message', async ({ id, requests, concurrency }) => {
  const replies = new Array(requests.length);
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const at = next++;
      replies[at] = await send(requests[at]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  parentPort.postMessage({ id, replies });
});
`;

export type Sample = { at: number; ms: number; ok: boolean };

export function startLightCalls(port: number, token: string, everyMs: number) {
  const worker = new Worker(LIGHT_CALLS, { eval: true, workerData: { port, token, everyMs } });
  const warm = new Promise<void>((resolve) => worker.on('message', (m: { warm?: boolean }) => m.warm && resolve()));
  const inFlight = () =>
    new Promise<number>((resolve) => {
      const onMessage = (m: { inFlight?: number }) => {
        if (m.inFlight === undefined) return;
        worker.off('message', onMessage);
        resolve(m.inFlight);
      };
      worker.on('message', onMessage);
      worker.postMessage('inFlight');
    });
  return {
    warm,
    /** Waits until at most one call is under way: what a stall left queued is answered first. */
    async settled(ms = 60_000) {
      const until = Date.now() + ms;
      while ((await inFlight()) > 1) {
        if (Date.now() > until) throw new Error(`light calls still queued after ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () =>
      new Promise<Sample[]>((resolve) => {
        worker.on('message', (m: { samples?: Sample[] }) => {
          if (m.samples) {
            resolve(m.samples);
            void worker.terminate();
          }
        });
        worker.postMessage('stop');
      }),
  };
}

export type Post = { path: string; body: Buffer; headers: Record<string, string> };

export function startSender(port: number) {
  const worker = new Worker(SENDER, { eval: true, workerData: { port } });
  let nextId = 1;
  return {
    send: (requests: Post[], concurrency: number) =>
      new Promise<Array<{ status: number; message: string }>>((resolve) => {
        const id = nextId++;
        const onMessage = (m: { id: number; replies: Array<{ status: number; message: string }> }) => {
          if (m.id !== id) return;
          worker.off('message', onMessage);
          resolve(m.replies);
        };
        worker.on('message', onMessage);
        worker.postMessage({ id, requests, concurrency });
      }),
    stop: () => worker.terminate(),
  };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Light calls' times and the event loop's longest delay over phases of one kind. */
export type Phase = { times: number[]; loopMax: number };
export const figuresOf = (phase: Phase) => ({
  calls: phase.times.length,
  p50: percentile(phase.times, 50),
  p99: percentile(phase.times, 99),
  max: Math.max(...phase.times),
  loopMax: phase.loopMax,
});
export const describeFigures = (f: ReturnType<typeof figuresOf>) =>
  `${f.calls} light calls p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms` +
  (f.loopMax > 0 ? `; event loop delay max ${f.loopMax.toFixed(1)} ms` : '');
/**
 * The bound a phase under attack is held to: 100 ms, or, when the machine alone (the quiet phases
 * beside it, light calls only) already takes a good part of that, three times what it took, and
 * 150 ms more than it took at least. Another engineer's build on the shared two cores moves both
 * (every ms of the server's own work then takes several), and a thread that compiles or checks a
 * schema competes for them; the old code's stalls of seconds miss any of these bounds by far.
 */
export const boundOf = (quiet: number) => (quiet < 25 ? 100 : Math.max(100, 3 * quiet, quiet + 150));

/**
 * The CPU the server's thread (this process's main thread) has used, in ms, from Linux's
 * /proc/self/task/<pid>/stat (user and system ticks of 10 ms); undefined where it cannot be read.
 * CPU time, unlike latency, does not grow when other processes take the machine's cores.
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}
