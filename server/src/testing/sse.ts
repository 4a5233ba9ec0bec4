import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dataOf, type TestApp } from './harness.js';

/** One server-sent event as a client reads it. */
export type SseEvent = { id: string | null; event: string; data: string };

/**
 * A client of a server-sent event stream for tests (and the message bench): collects the events
 * as they come, and waits for one that matches without a fixed sleep.
 */
export type SseClient = {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly events: SseEvent[];
  /** The id of the last event received: what a reconnect resumes from. */
  lastId(): string | null;
  /** Resolves with the first event (already received or to come) that matches; rejects after `ms`. */
  waitFor(match: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended(): Promise<void>;
  close(): void;
};

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let last: string | null = null;
      let done = false;
      const endWaiters: Array<() => void> = [];
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length > 0) {
            if (id !== null) last = id;
            events.push({ id, event, data: data.join('\n') });
            for (const wake of [...waiters]) wake();
          }
          cut = buffer.indexOf('\n\n');
        }
      });
      const finish = () => {
        done = true;
        for (const wake of endWaiters.splice(0)) wake();
        for (const wake of [...waiters]) wake();
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        lastId: () => last,
        waitFor(match, ms = 5000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const found = events.find(match);
              if (found) {
                cleanup();
                ok(found);
              } else if (done) {
                cleanup();
                fail(new Error('the stream ended before the event came'));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`no matching event within ${ms} ms (${events.length} received)`));
            }, ms);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          });
        },
        ended: () => (done ? Promise.resolve() : new Promise((ok) => endWaiters.push(ok))),
        close() {
          request.destroy();
        },
      });
    });
    request.on('error', reject);
  });
}

/** Starts the app listening on a free port (streams need a real socket): its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Opens a user's message stream as the web app does: a ticket first (from `ticketFrom`), then the stream. */
export async function streamOf(t: TestApp, base: string, token: string, lastEventId?: string, ticketFrom: TestApp = t) {
  const { ticket } = dataOf(await ticketFrom.post<{ ticket: string }>('/admin/base/message/ticket', {}, token));
  return openSse(`${base}/api/admin/base/message/stream?ticket=${ticket}&language=en`, {
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
  });
}
