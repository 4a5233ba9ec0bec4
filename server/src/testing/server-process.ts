import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../core/config.js';

/**
 * The server as production runs it: `server/src/main.ts` in a process of its own (through tsx), so
 * that what would end a real instance (an unhandled 'error' event, an unhandled rejection, a
 * signal) ends this one too, and the test sees its exit code and its output.
 */
export type ServerProcess = {
  readonly base: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Whether it is still running. */
  alive(): boolean;
  /** Resolves with its exit code (or the signal that ended it) once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends it (SIGTERM, then SIGKILL after 10 s) and removes its data folder. */
  stop(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function databaseUrlOf(db: Config['db']): string {
  return db.kind === 'sqlite' ? `sqlite:${db.file}` : db.url;
}

/** Starts main.ts on the database; resolves once it serves (rejects with its output if it exits first). */
export async function startServerProcess(
  db: Config['db'],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrlOf(db),
      CAPTCHA: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (alive()) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Backroom is serving')) {
    if (!alive() || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { base: `http://127.0.0.1:${port}`, port, child, output: () => output, alive, exited, stop };
}

export type HttpAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/**
 * One request over node:http (so a test chooses its agent: keep-alive connections, or one each).
 * Rejects with the socket's error (ECONNRESET, ECONNREFUSED, socket hang up) when there is no answer.
 */
export function request(
  base: string,
  options: {
    method?: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    agent?: http.Agent;
  },
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${options.path}`,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        agent: options.agent,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A call to the API answering the envelope: status, code and data (throws on a body that is not JSON). */
export async function callApi<T = unknown>(
  base: string,
  path: string,
  options: { body?: unknown; token?: string; language?: string; agent?: http.Agent } = {},
): Promise<{ status: number; code: number; message: string; data: T }> {
  const answer = await request(base, {
    path: `/api${path}`,
    body: options.body,
    agent: options.agent,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.language ? { language: options.language } : {}),
    },
  });
  const json = JSON.parse(answer.body) as { code: number; message: string; data: T };
  return { status: answer.status, ...json };
}

/** Waits until `check` answers true, polling; fails after `timeoutMs` with `what`. */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
