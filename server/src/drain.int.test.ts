import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from './core/config.js';
import { openDatabase, toDbBool } from './core/db/index.js';
import { type Target, testTargets } from './testing/harness.js';
import { callApi, type HttpAnswer, request, startServerProcess, waitFor } from './testing/server-process.js';

/**
 * SIGTERM on a real instance (main.ts in its own process) while clients keep requests flowing on
 * keep-alive connections, some of them slow: health turns 503 at once, every request the instance
 * accepted is answered, none is reset, and it exits 0 within the grace (server/src/drain.ts).
 * The request log tells which requests the instance accepted: each call carries its own page
 * number, which the log keeps. The clients here ignore health (a balancer would stop sending when
 * it turns 503): they go on until they are refused, to show that nothing is lost meanwhile.
 */
const DELAY_SECONDS = 2;
const GRACE_SECONDS = 10;
const LISTED = '/admin/dict/type/page';

type Outcome = { n: number; at: number; status?: number; connection?: string; error?: string };

/** A POST whose body arrives in two parts: the second only when `rest` resolves (a slow client). */
function slowPost(base: string, path: string, body: unknown, token: string, rest: Promise<void>) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  let started: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    started = resolve;
  });
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    const req = http.request(
      `${base}/api${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(text)),
          authorization: token,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          data += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    req.write(text.slice(0, half), () => started());
    void rest.then(() => req.end(text.slice(half)));
  });
  return { sent, answer };
}

/** Whether a fresh connection to the instance is refused (it no longer listens). */
async function refused(base: string): Promise<boolean> {
  try {
    await request(base, { path: '/api/health', agent: new http.Agent({ keepAlive: false }) });
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ECONNREFUSED';
  }
}

describe('SIGTERM with a request that outlasts the grace', () => {
  it('cuts it when the grace is over, says so, and still exits 0', async () => {
    const sqlite = testTargets()[0] as Target;
    const database = await sqlite.create();
    const server = await startServerProcess(database.db, { SHUTDOWN_GRACE_SECONDS: '2' });
    try {
      // A client that never finishes its body: the request is under way until something ends it.
      const never = slowPost(server.base, '/admin/base/open/login', { username: 'admin' }, '', new Promise(() => {}));
      await never.sent;
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const cut = await never.answer.then(
        () => 'answered',
        (error: { code?: string }) => error.code ?? String(error),
      );
      const exit = await server.exited;
      const took = Date.now() - signalled;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(cut).toMatch(/ECONNRESET|socket hang up/);
      expect(took).toBeGreaterThanOrEqual(2000 - 100);
      // The grace, then closing the pools; a margin for a loaded machine.
      expect(took).toBeLessThan(2000 + 4000);
      expect(server.output()).toMatch(/grace of 2 s is over/);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 180_000);
});

describe.each(testTargets().filter((t): t is Target & { name: 'sqlite' | 'postgres' } => t.name !== 'mysql'))(
  'SIGTERM drains a running instance, on $name',
  (target) => {
    let database: { db: Config['db']; drop(): Promise<void> } | undefined;
    afterAll(async () => {
      await database?.drop();
    });

    it('health says 503 at once, accepted requests are all answered, none is reset, exit 0 within the grace', async () => {
      database = await target.create();
      const db = database.db;
      const server = await startServerProcess(db, {
        SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS),
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
        LOG_FLUSH_MS: '50',
      });
      try {
        const handle = await openDatabase(db, { poolSize: 1 });
        await handle.db
          .updateTable('base_sys_user')
          .set({ passwordChangeRequired: toDbBool(handle.kind, false) })
          .where('username', '=', 'admin')
          .execute();
        await handle.close();
        const login = await callApi<{ token: string }>(server.base, '/admin/base/open/login', {
          body: { username: 'admin', password: '123456' },
        });
        const token = login.data.token;

        // Four clients on keep-alive connections, one page number per call.
        const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
        const outcomes: Outcome[] = [];
        let n = 1000;
        let flowing = true;
        const client = async () => {
          while (flowing) {
            n += 1;
            const mine = n;
            const at = Date.now();
            try {
              const answer = await request(server.base, {
                path: `/api${LISTED}`,
                body: { page: mine, size: 1 },
                headers: { authorization: token },
                agent,
              });
              outcomes.push({ n: mine, at, status: answer.status, connection: answer.headers.connection });
            } catch (error) {
              const code = (error as { code?: string }).code ?? String(error);
              outcomes.push({ n: mine, at, error: code });
              // Refused: it no longer listens; wait a moment before asking again.
              if (code === 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 20));
            }
          }
        };
        const clients = Array.from({ length: 4 }, () => client());
        const answered = () => outcomes.filter((o) => o.status === 200).length;
        await waitFor(() => answered() >= 20, 'the clients to be served');

        // Two slow requests: their bodies are still arriving when the signal comes.
        let release: () => void = () => undefined;
        const rest = new Promise<void>((resolve) => {
          release = resolve;
        });
        const slow = [1, 2].map((i) => slowPost(server.base, LISTED, { page: i, size: 1 }, token, rest));
        await Promise.all(slow.map((s) => s.sent));
        const before = answered();
        await waitFor(() => answered() >= before + 10, 'more requests on the keep-alive connections');

        const signalled = Date.now();
        server.child.kill('SIGTERM');
        // Health on fresh connections: 503 draining as soon as the signal is handled, while the
        // instance still accepts connections (the delay).
        let healthSaid: { status: number; body: string; after: number } | undefined;
        await waitFor(async () => {
          const answer = await request(server.base, { path: '/api/health', agent: new http.Agent() });
          if (answer.status === 200) return false;
          healthSaid = { status: answer.status, body: answer.body, after: Date.now() - signalled };
          return true;
        }, 'health to answer 503');
        if (!healthSaid) throw new Error('health said nothing');
        const draining = healthSaid;
        expect(draining.status).toBe(503);
        expect(JSON.parse(draining.body)).toEqual({ status: 'draining' });
        expect(draining.after).toBeLessThan(DELAY_SECONDS * 1000);

        // Once it no longer listens, the slow bodies arrive: their requests were accepted before.
        await waitFor(() => refused(server.base), 'the instance to stop listening', GRACE_SECONDS * 1000);
        const stoppedListening = Date.now() - signalled;
        expect(stoppedListening).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000 - 100);
        release();
        const slowAnswers = await Promise.all(slow.map((s) => s.answer));
        for (const answer of slowAnswers) {
          expect(answer.status, answer.body).toBe(200);
          expect(answer.headers.connection).toBe('close');
        }

        const exit = await server.exited;
        const exitedAfter = Date.now() - signalled;
        flowing = false;
        await Promise.all(clients);
        agent.destroy();
        expect(exit).toEqual({ code: 0, signal: null });
        expect(exitedAfter).toBeLessThan(GRACE_SECONDS * 1000);
        console.log(
          `[drain ${target.name}] health 503 after ${draining.after} ms, stopped listening after ${stoppedListening} ms, ` +
            `exited 0 after ${exitedAfter} ms; ${outcomes.filter((o) => o.status === 200).length} calls answered, ` +
            `${outcomes.filter((o) => o.error).length} refused or reset before being read`,
        );

        // What the instance accepted: the page numbers of the calls its request log kept.
        const after = await openDatabase(db, { poolSize: 1 });
        const logged = new Set(
          (await after.db.selectFrom('base_sys_log').select('params').where('action', '=', LISTED).execute()).map((r) =>
            Number((JSON.parse(String(r.params)) as { page: number }).page),
          ),
        );
        await after.close();

        // Every answer was a success: no 5xx, no refusal of an accepted request.
        const statuses = outcomes.flatMap((o) => (o.status === undefined ? [] : [o.status]));
        expect(new Set(statuses)).toEqual(new Set([200]));
        // Requests were still served during the delay, each closing its connection.
        const duringDrain = outcomes.filter((o) => o.status === 200 && o.at > signalled + draining.after);
        expect(duringDrain.length).toBeGreaterThan(0);
        expect(duringDrain.every((o) => o.connection === 'close')).toBe(true);
        // Each answered call is in the log (it was flushed at the end), the slow ones too ...
        for (const o of outcomes.filter((o) => o.status === 200)) expect(logged.has(o.n), `call ${o.n}`).toBe(true);
        expect(logged.has(1) && logged.has(2)).toBe(true);
        // ... and no call the log kept, so accepted, went without its answer: a connection error
        // only ever met a call the instance had not taken.
        const failed = outcomes.filter((o) => o.error !== undefined);
        expect(failed.filter((o) => logged.has(o.n))).toEqual([]);
        // Only when it stopped listening did a client meet a closed door: refused, or reset on a
        // connection whose request it had not read (one just accepted, or still in the kernel's
        // backlog). Never before nor during the delay, while a balancer may still be sending here.
        for (const o of failed) {
          expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(o.error);
          expect(o.at - signalled, `call ${o.n} failed before the delay was over`).toBeGreaterThanOrEqual(
            DELAY_SECONDS * 1000 - 100,
          );
        }
        expect(server.output()).toMatch(/SIGTERM: draining/);
        expect(server.output()).not.toMatch(/grace of \d+ s is over/);
      } finally {
        await server.stop();
      }
    }, 180_000);
  },
);
