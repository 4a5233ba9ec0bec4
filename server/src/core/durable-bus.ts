import type { Bus, BusEvent } from './bus.js';

/** One event as the database keeps it: its number, when it was written (ms, the writer's clock) and what it says. */
export type LoggedEvent = { seq: number; at: number; event: BusEvent };

/** The table the scaled-out bus writes each event to before it publishes it (modules/base, bus-event.repository.ts). */
export type BusLog = {
  /** Writes the event; its number, higher than any before it. */
  append(event: BusEvent, at: number): Promise<number>;
  /**
   * The events numbered above `afterSeq`, and those written at or after `sinceAt` whatever their
   * number (`sinceAt` undefined: none of those), by number, at most `limit`.
   */
  since(afterSeq: number, sinceAt: number | undefined, limit: number): Promise<LoggedEvent[]>;
  /** The highest number written so far, 0 when none. */
  head(): Promise<number>;
  /** Drops the events written before `beforeAt`. */
  prune(beforeAt: number): Promise<void>;
};

export type DurableBusOptions = {
  readonly instanceId: string;
  /** While the link is down, the table is read this often. */
  readonly pollMs?: number;
  /** While the link is up, the table is still read this often (what a lost publish waits at most). */
  readonly idleReadMs?: number;
  /** Told of what failed in the background (a read of the table, a publish). */
  readonly onError?: (error: unknown, what: string) => void;
};

export type DurableBus = Bus & {
  /** Reads the table now; resolves once every event in it has been handed to the subscribers. */
  catchUp(): Promise<void>;
};

const POLL_MS = 2000;
const IDLE_READ_MS = 30_000;
/**
 * Numbers are taken when a row is inserted and seen when it commits, so a lower number may appear
 * after a higher one was read: each read also looks again at what was written this long before the
 * previous read (a single-row insert commits within milliseconds; this is room for a stalled one).
 */
const OVERLAP_MS = 30_000;
const BATCH = 1000;
/** Events are kept a day: far longer than any instance goes without reading them, while it runs. */
const KEEP_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * The bus of several instances, made durable (docs/architecture.md, "Revocations across instances"):
 * every event is written to the database first, then published with its number. Each instance
 * reads the table again when its link comes back, every `pollMs` while the link is down, and every
 * `idleReadMs` while it is up (the cheap safety net for a publish lost by one instance alone; an
 * instance whose publish failed also asks the others to read, once it can). The number tells an
 * event heard twice (over Redis and from the table), which is handed on once. Nothing here reads
 * the database per request: only these timers and reconnects do.
 */
export async function createDurableBus(inner: Bus, log: BusLog, options: DurableBusOptions): Promise<DurableBus> {
  const { instanceId } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const idleReadMs = options.idleReadMs ?? IDLE_READ_MS;
  const onError = options.onError ?? (() => undefined);
  const handlers = new Set<(event: BusEvent) => void>();
  /** Every event up to this number has been read from the table (events may have come over Redis past it). */
  let watermark = await log.head();
  /** The events handed on (or written here), by number, with when: a second hearing of one is dropped. */
  const applied = new Map<number, number>();
  let linkUp = true;
  /** A publish failed: the others are asked to read the table once this instance can reach them. */
  let owed = false;
  let lastRead = Date.now();
  let lastPrune = Date.now();
  let closed = false;

  const deliver = (event: BusEvent) => {
    for (const handler of handlers) handler(event);
  };

  inner.subscribe((event) => {
    if (event.type === 'catch-up') {
      if (event.from !== instanceId) void catchUp().catch((error: unknown) => onError(error, 'reading the bus table'));
      return;
    }
    if (event.seq !== undefined) {
      if (applied.has(event.seq)) return;
      applied.set(event.seq, Date.now());
    }
    deliver(event);
  });

  async function readOnce() {
    const started = Date.now();
    let sinceAt: number | undefined = lastRead - OVERLAP_MS;
    let cursor = watermark;
    // Invalidations forget every cached principal: one per read is as good as many.
    let invalidated = false;
    for (;;) {
      const rows = await log.since(cursor, sinceAt, BATCH);
      for (const row of rows) {
        cursor = Math.max(cursor, row.seq);
        if (applied.has(row.seq)) continue;
        applied.set(row.seq, Date.now());
        if (row.event.from === instanceId || row.event.type === 'catch-up') continue;
        if (row.event.type === 'invalidate') {
          if (invalidated) continue;
          invalidated = true;
        }
        deliver({ ...row.event, seq: row.seq });
      }
      if (rows.length < BATCH) break;
      // The overlap's rows all came first (lowest numbers): the next pages go on by number alone.
      sinceAt = undefined;
    }
    watermark = Math.max(watermark, cursor);
    lastRead = started;
    // What no later read can return again needs no remembering.
    for (const [seq, at] of applied) if (seq <= watermark && at < started - 2 * OVERLAP_MS) applied.delete(seq);
  }

  let reading: Promise<void> | null = null;
  let again = false;
  function catchUp(): Promise<void> {
    if (reading) {
      // A read under way may have started before the event that asks for this one: read once more.
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        await readOnce();
      } while (again && !closed);
    })().finally(() => {
      reading = null;
    });
    return reading;
  }

  const background = (what: string) => (error: unknown) => onError(error, what);

  function askOthers() {
    inner.publish({ type: 'catch-up', from: instanceId }).then(() => {
      owed = false;
    }, background('asking the other instances to read the bus table'));
  }

  inner.onLink((up) => {
    linkUp = up;
    if (!up || closed) return;
    void catchUp().catch(background('reading the bus table after the link came back'));
    if (owed) askOthers();
  });

  const timer = setInterval(() => {
    if (closed) return;
    if (owed && linkUp) askOthers();
    if (!linkUp || Date.now() - lastRead >= idleReadMs) void catchUp().catch(background('reading the bus table'));
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      log.prune(Date.now() - KEEP_MS).catch(background('pruning the bus table'));
    }
  }, pollMs);
  timer.unref();

  return {
    async publish(event) {
      if (event.type === 'catch-up') return inner.publish(event);
      const at = Date.now();
      // In the database before anyone is told: an instance that misses the message reads it there.
      const seq = await log.append(event, at);
      applied.set(seq, at);
      try {
        await inner.publish({ ...event, seq });
      } catch (error) {
        owed = true;
        onError(error, 'publishing on the bus (the others read it from the table)');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
    },
    onLink(listener) {
      inner.onLink(listener);
    },
    catchUp,
    async close() {
      closed = true;
      clearInterval(timer);
      handlers.clear();
      await reading?.catch(() => undefined);
      await inner.close();
    },
  };
}
