import type { ServerResponse } from 'node:http';
import type { Locale, Message } from '@backroom/contract';
import type { Db } from '../../core/db/index.js';
import { messagesAfter, type StoredMessage } from './message.repository.js';

/** A comment line this often keeps every open stream alive through proxies and balancers (most cut at 60 s idle). */
export const HEARTBEAT_MS = 20_000;
/** The client waits this long before it reconnects (the `retry:` field). */
const RETRY_MS = 2000;
/** A stream whose client reads nothing and lets this much pile up is closed (it reconnects and resumes). */
const MAX_BUFFERED = 1 << 20;
/** Users read in one query, and rows of one read. */
const USERS_PER_READ = 500;
const ROWS_PER_READ = 2000;

type Stream = { userId: number; locale: Locale; lastId: number; res: ServerResponse };

export type StreamHub = {
  /**
   * Takes over the response as a stream of server-sent events for one user: what they have past
   * `lastId` is sent at once (a reconnect's resume), then every message as it is stored.
   */
  open(res: ServerResponse, userId: number, locale: Locale, lastId: number): void;
  /** Messages were stored for these users (here or on another instance): send what their streams lack. */
  wake(userIds: readonly number[]): void;
  /** How many streams are open here (the bench reads it). */
  size(): number;
  /** Ends every stream (a drain, a close): the clients reconnect to another instance and resume there. */
  closeAll(): void;
};

/**
 * Server-sent events written on Node's own response (docs/architecture.md, "Messages"): one
 * shared heartbeat timer, and one pump that reads the messages a wake names from the database and
 * writes them to the streams of those users, one read at a time, so no message goes out twice and
 * each stream receives its messages in order.
 */
export function createStreamHub(
  db: Db,
  render: (row: StoredMessage, locale: Locale) => Message,
  onError: (error: unknown) => void,
): StreamHub {
  const byUser = new Map<number, Set<Stream>>();
  const pending = new Set<number>();
  let pumping = false;
  let streams = 0;
  let closed = false;

  function drop(stream: Stream) {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    streams -= 1;
    if (set.size === 0) byUser.delete(stream.userId);
  }

  function write(stream: Stream, text: string) {
    if (stream.res.writableEnded || stream.res.destroyed) return drop(stream);
    if (stream.res.writableLength > MAX_BUFFERED) {
      drop(stream);
      stream.res.end();
      return;
    }
    stream.res.write(text);
  }

  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) for (const stream of set) write(stream, ': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function pumpOnce(users: number[]) {
    const streamsOf = users.flatMap((u) => [...(byUser.get(u) ?? [])]);
    if (streamsOf.length === 0) return;
    const after = Math.min(...streamsOf.map((s) => s.lastId));
    const rows = await messagesAfter(db, users, after, ROWS_PER_READ);
    for (const row of rows) {
      for (const stream of byUser.get(row.userId) ?? []) {
        if (row.id <= stream.lastId) continue;
        stream.lastId = row.id;
        write(stream, `id: ${row.id}\nevent: message\ndata: ${JSON.stringify(render(row, stream.locale))}\n\n`);
      }
    }
    // A full read may have left some behind: those users go round again.
    if (rows.length === ROWS_PER_READ) for (const row of rows) pending.add(row.userId);
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (pending.size > 0 && !closed) {
        const users = [...pending].slice(0, USERS_PER_READ);
        for (const u of users) pending.delete(u);
        await pumpOnce(users.filter((u) => byUser.has(u))).catch(onError);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    open(res, userId, locale, lastId) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers proxied answers unless told not to.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: open\n\n`);
      const stream: Stream = { userId, locale, lastId, res };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(stream);
      streams += 1;
      res.on('close', () => drop(stream));
      pending.add(userId);
      void pump();
    },
    wake(userIds) {
      for (const u of userIds) if (byUser.has(u)) pending.add(u);
      void pump();
    },
    size: () => streams,
    closeAll() {
      closed = true;
      clearInterval(heartbeat);
      for (const set of [...byUser.values()])
        for (const stream of [...set]) {
          drop(stream);
          stream.res.end();
        }
    },
  };
}
