import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from './app.js';
import type { Config } from './core/config.js';

/**
 * SIGTERM, for a rolling restart behind a load balancer that follows `GET /api/health`:
 *
 * 1. At once: health answers 503 `draining`, every answer carries `Connection: close` (a client
 *    opens its next request elsewhere), and the task scheduler takes no new tick.
 * 2. For `delayMs` (SHUTDOWN_DELAY_SECONDS, default 0) the instance still accepts connections and
 *    serves them, so that a balancer checking health every few seconds stops sending here before
 *    the socket closes: nothing it sends meets a closed port or a closing connection.
 * 3. It stops listening; idle keep-alive connections are closed; the requests under way finish
 *    (their connections close after the answer) and task runs under way go on, until `graceMs`
 *    (SHUTDOWN_GRACE_SECONDS, default 15) after the signal. What is still going then is cut, and
 *    said in the log.
 * 4. The buffers are flushed, the pools closed (App.close), and the caller exits 0.
 *
 * A request a balancer had sent is never reset: it is either answered, or (after the grace) cut
 * with the warning; a connection the instance closes while idle carried no request.
 */
export async function drain(built: App, shutdown: Config['shutdown'], signal: string): Promise<void> {
  const { app } = built;
  const deadline = Date.now() + shutdown.graceMs;
  built.beginDrain(deadline);
  app.log.info(
    `${signal}: draining (health answers 503; ${shutdown.delayMs / 1000} s before new connections are refused, ` +
      `${shutdown.graceMs / 1000} s in all for the requests under way)`,
  );
  if (shutdown.delayMs > 0) await sleep(shutdown.delayMs);
  // Fastify's close stops listening (Node closes the idle connections), waits for the requests
  // under way, then runs the close hooks; App.close then closes the rest.
  const closing = built.close();
  let cut = false;
  const left = deadline - Date.now();
  const timer = setTimeout(
    () => {
      cut = true;
      app.log.warn(`${signal}: the grace of ${shutdown.graceMs / 1000} s is over; closing the connections still open`);
      app.server.closeAllConnections();
    },
    Math.max(0, left),
  );
  try {
    await closing;
  } finally {
    clearTimeout(timer);
  }
  app.log.info(`${signal}: stopped${cut ? ' (after cutting what the grace did not cover)' : ''}`);
}
