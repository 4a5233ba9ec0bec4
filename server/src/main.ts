import { performance } from 'node:perf_hooks';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './core/config.js';
import { drain } from './drain.js';

/** How often the idle check looks at the event loop. */
const IDLE_CHECK_MS = 5000;
/** Event-loop utilisation above which an interval counts as work, and below which as idle. */
const BUSY_ELU = 0.05;
const IDLE_ELU = 0.01;

/**
 * After a burst of requests V8 keeps the heap it grew into until its own memory reducer happens to
 * run, which may be never. When the server has worked and then sat idle for one check interval,
 * one full collection gives that memory back. It needs node's --expose-gc (npm start passes it);
 * without it nothing is done.
 */
function collectWhenIdle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return;
  let last = performance.eventLoopUtilization();
  let worked = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (utilization > BUSY_ELU) worked = true;
    else if (worked && utilization < IDLE_ELU) {
      worked = false;
      gc();
      gc();
    }
  }, IDLE_CHECK_MS);
  timer.unref();
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`backroom: configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config);
  } catch (error) {
    console.error(`backroom: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const { app } = built;
  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal while draining (Ctrl-C twice) means now.
    if (stopping) {
      app.log.warn(`${signal} again: exiting without finishing the drain`);
      process.exit(1);
    }
    stopping = true;
    try {
      await drain(built, config.shutdown, signal);
    } catch (error) {
      app.log.error({ err: error }, `${signal}: the shutdown failed`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  collectWhenIdle();
  app.log.info(`Backroom is serving http://localhost:${config.port} (database: ${config.db.kind})`);
}

void main();
