// Starting the built server, shared by the e2e support (e2e/support/app.ts) and the benches in
// bench/. Plain Node: no test runner is involved.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for Debian's Chromium in a container: no sandbox, no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The command `npm start` runs the server with (package.json): its environment assignments, then node's flags. */
function startCommand() {
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts?.start ?? '';
  const match = /(?:^|&&)\s*((?:[A-Z_]+=\S+\s+)*)node\s+((?:--?\S+\s+)*)server\/dist\/main\.js/.exec(start);
  return { assignments: match?.[1]?.trim() ?? '', flags: match?.[2]?.trim() ?? '' };
}

/** The node flags `npm start` runs the server with, so a bench measures it as deployed. */
export function startScriptFlags() {
  return startCommand().flags.split(/\s+/).filter(Boolean);
}

/**
 * The environment `npm start` sets for the server (glibc's malloc settings: docs/operations.md, "A systemd unit"),
 * so the e2e servers and the benches run with it too.
 */
export function startScriptEnv() {
  const pairs = startCommand().assignments.split(/\s+/).filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs` or when `child` exits first. */
export async function waitForServer(url, { timeoutMs = 30_000, child } = {}) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * The built server (`npm start`'s server/dist/main.js) on a free port with the captcha check off:
 * on a fresh SQLite database in a temporary directory that `stop()` removes, or in the caller's
 * `dataDir` (kept). `nodeArgs` are node's flags (the benches run the server as `npm start` does);
 * `logFile` takes its output (the tail goes into the error when it fails to start).
 */
export async function startBuiltServer({
  env = {},
  stdio = ['ignore', 'ignore', 'inherit'],
  nodeArgs = [],
  dataDir: ownDir,
  logFile,
  timeoutMs = 30_000,
} = {}) {
  // A caller that must know the address before the start (a redirect a setting names) gives PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = ownDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'br-run-'));
  const log = logFile ? fs.openSync(logFile, 'a') : null;
  const child = spawn(process.execPath, [...nodeArgs, 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...startScriptEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      // The specs walk the demo and developer pages too (README, DEMO_MENUS).
      DEMO_MENUS: 'on',
      ...env,
    },
    stdio: log === null ? stdio : ['ignore', log, log],
  });
  if (log !== null) fs.closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A server that does not finish its shutdown in time (a loaded machine) is ended outright:
      // the test's data goes with it, and the next file must not wait on it.
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    if (!ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${base}/api/admin/base/open/eps`, { child, timeoutMs });
  } catch (error) {
    await stop();
    const tail = logFile && fs.existsSync(logFile) ? `\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}` : '';
    throw new Error(`${error instanceof Error ? error.message : error}${tail}`);
  }
  return { base, child, dataDir, stop };
}

/**
 * Signs in through the API and answers the access token. A user who owes a password change (the
 * seeded admin on a fresh install, a user an operator gave a password) makes it first, to a
 * generated password that meets the default policy: the benches measure the app after sign-in.
 * Answers `{ token, password }`, the password now in force.
 */
export async function signInCompletingChange(base, username, password) {
  const call = async (url, { body, token } = {}) => {
    const response = await fetch(`${base}/api${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = await response.json().catch(() => null);
    if (json?.code !== 1000) throw new Error(`${url} as ${username}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const pair = await call('/admin/base/open/login', { body: { username, password } });
  const person = await call('/admin/base/comm/person', { token: pair.token });
  if (person.pendingStep !== 'passwordChange') return { token: pair.token, password };
  const chosen = `Bench-${Math.random().toString(36).slice(2, 8)}9`;
  const next = await call('/admin/base/comm/passwordChange', {
    body: { originalPassword: password, password: chosen },
    token: pair.token,
  });
  return { token: next.token, password: chosen };
}
