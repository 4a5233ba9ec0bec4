import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bus, BusEvent } from './bus.js';
import { type BusLog, createDurableBus, type LoggedEvent } from './durable-bus.js';

/** The database's table, in memory: numbers in insert order, a row visible once `commit` says so. */
function memoryLog() {
  const rows: Array<LoggedEvent & { visible: boolean }> = [];
  let next = 0;
  const log: BusLog & { rows: typeof rows; reads: number } = {
    rows,
    reads: 0,
    async append(event, at) {
      next += 1;
      rows.push({ seq: next, at, event, visible: true });
      return next;
    },
    async since(afterSeq, sinceAt, limit) {
      log.reads += 1;
      return rows
        .filter((r) => r.visible && (r.seq > afterSeq || (sinceAt !== undefined && r.at >= sinceAt)))
        .slice(0, limit)
        .map(({ seq, at, event }) => ({ seq, at, event }));
    },
    async head() {
      return next;
    },
    async prune() {},
  };
  return log;
}

/** Redis pub/sub between instances, which can be cut. */
function network() {
  const members = new Set<{ deliver(event: BusEvent): void; link(up: boolean): void }>();
  let up = true;
  return {
    cut() {
      up = false;
      for (const m of members) m.link(false);
    },
    restore() {
      up = true;
      for (const m of members) m.link(true);
    },
    /** A member whose own publishes fail while `failing` says so (its link to the others looks up). */
    bus(failing: () => boolean = () => false): Bus {
      const handlers: Array<(event: BusEvent) => void> = [];
      const links: Array<(up: boolean) => void> = [];
      const member = {
        deliver: (event: BusEvent) => {
          for (const h of handlers) h(event);
        },
        link: (state: boolean) => {
          for (const l of links) l(state);
        },
      };
      members.add(member);
      return {
        async publish(event) {
          if (!up || failing()) throw new Error('Connection is closed.');
          const copy = JSON.parse(JSON.stringify(event)) as BusEvent;
          for (const m of members) m.deliver(copy);
        },
        subscribe: (handler) => void handlers.push(handler),
        onLink: (listener) => void links.push(listener),
        async close() {
          members.delete(member);
        },
      };
    },
  };
}

const revoke = (sid: string, from: string): BusEvent => ({ type: 'revoke', sid, expireAt: 9e9, from });

describe('the durable bus', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function fleet(n: number) {
    const log = memoryLog();
    const net = network();
    const heard = Array.from({ length: n }, () => [] as BusEvent[]);
    const buses = await Promise.all(
      heard.map(async (mine, i) => {
        const bus = await createDurableBus(net.bus(), log, { instanceId: `i${i}`, pollMs: 2000, idleReadMs: 30_000 });
        bus.subscribe((event) => {
          if (event.from !== `i${i}`) mine.push(event);
        });
        return bus;
      }),
    );
    return { log, net, heard, buses };
  }

  it('writes an event before it publishes it, and an instance that hears it over Redis applies it once', async () => {
    const { log, heard, buses } = await fleet(2);
    await buses[0]?.publish(revoke('s1', 'i0'));
    expect(log.rows.map((r) => r.event)).toEqual([revoke('s1', 'i0')]);
    expect(heard[1]).toEqual([{ ...revoke('s1', 'i0'), seq: 1 }]);
    // A read of the table finds it again: it is not handed on twice.
    await buses[1]?.catchUp();
    expect(heard[1]).toHaveLength(1);
  });

  it('while the link is down, reads the table every poll; a publish that failed is still in force there', async () => {
    const { net, heard, buses, log } = await fleet(3);
    net.cut();
    await buses[0]?.publish(revoke('s2', 'i0'));
    expect(heard[1]).toEqual([]);
    const reads = log.reads;
    await vi.advanceTimersByTimeAsync(2000);
    expect(log.reads).toBeGreaterThan(reads);
    expect(heard[1]).toEqual([{ ...revoke('s2', 'i0'), seq: 1 }]);
    expect(heard[2]).toEqual([{ ...revoke('s2', 'i0'), seq: 1 }]);
  });

  it('reads the table at once when the link comes back, before any poll', async () => {
    const { net, heard, buses } = await fleet(2);
    net.cut();
    await buses[0]?.publish(revoke('s3', 'i0'));
    net.restore();
    await vi.advanceTimersByTimeAsync(0);
    expect(heard[1]).toEqual([{ ...revoke('s3', 'i0'), seq: 1 }]);
  });

  it('reads nothing while the link is up, but the idle read every 30 s', async () => {
    const { log } = await fleet(1);
    const reads = log.reads;
    await vi.advanceTimersByTimeAsync(28_000);
    expect(log.reads).toBe(reads);
    await vi.advanceTimersByTimeAsync(4000);
    expect(log.reads).toBe(reads + 1);
  });

  it('finds an event whose lower number became visible after a higher one was read (a late commit)', async () => {
    const { net, heard, buses, log } = await fleet(2);
    net.cut();
    await buses[0]?.publish(revoke('early', 'i0'));
    await buses[0]?.publish(revoke('late', 'i0'));
    const early = log.rows[0];
    if (early) early.visible = false;
    await buses[1]?.catchUp();
    expect(heard[1]?.map((e) => (e.type === 'revoke' ? e.sid : e.type))).toEqual(['late']);
    if (early) early.visible = true;
    await buses[1]?.catchUp();
    expect(heard[1]?.map((e) => (e.type === 'revoke' ? e.sid : e.type))).toEqual(['late', 'early']);
  });

  it('hands on many invalidations read at once as one, and never its own events', async () => {
    const { net, heard, buses } = await fleet(2);
    net.cut();
    for (let i = 0; i < 5; i += 1) await buses[0]?.publish({ type: 'invalidate', from: 'i0' });
    await buses[1]?.publish(revoke('mine', 'i1'));
    const own: BusEvent[] = [];
    buses[1]?.subscribe((event) => own.push(event));
    await buses[1]?.catchUp();
    expect(heard[1]?.map((e) => e.type)).toEqual(['invalidate']);
    expect(own.filter((e) => e.from === 'i1')).toEqual([]);
  });

  it('asks the others to read the table once it can publish again, when only its own publish failed', async () => {
    const log = memoryLog();
    const net = network();
    let failing = true;
    const lonely = await createDurableBus(
      net.bus(() => failing),
      log,
      { instanceId: 'i0' },
    );
    const other = await createDurableBus(net.bus(), log, { instanceId: 'i1' });
    const heard: BusEvent[] = [];
    other.subscribe((event) => heard.push(event));
    await lonely.publish(revoke('s4', 'i0'));
    // i1's link is up all along: it does not poll, and heard nothing.
    await vi.advanceTimersByTimeAsync(2000);
    expect(heard).toEqual([]);
    failing = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(heard).toEqual([{ ...revoke('s4', 'i0'), seq: 1 }]);
  });
});
