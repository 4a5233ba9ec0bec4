import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/**
 * A Redis server of the test's own, on a free port, for fault tests: stopped and started again at
 * will, never the machine's. Without persistence, as a restart after a crash finds nothing.
 */
export type TestRedis = {
  readonly url: string;
  readonly port: number;
  /** Ends the server at once (SIGKILL), as a crash or a lost host does. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing answers, the data is kept. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
  /** Stops it for good. */
  close(): Promise<void>;
};

/** Why fault tests cannot run here (no redis-server), or null when they can. */
export function redisServerMissing(): string | null {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return 'redis-server is not installed (apt-get install redis-server)';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something answers PING on the port (one short connection). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';

  async function start() {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-2000);
    });
    proc.stderr?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-2000);
    });
    const end = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (proc.exitCode !== null || Date.now() > end) {
        throw new Error(`the test's redis-server on port ${port} did not start: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop() {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    // A paused server takes SIGKILL as well; the exit is what is waited for.
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  }

  async function close() {
    child?.kill('SIGCONT');
    await stop();
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    close,
  };
}
