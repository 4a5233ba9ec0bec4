import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.js';

describe('work in flight', () => {
  it('gives callers of a key the work under way, and starts it again once it has settled', async () => {
    const flights = new InFlight<string, number>();
    let started = 0;
    let finish: (n: number) => void = () => undefined;
    const work = () => {
      started += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = flights.run('a', work);
    const second = flights.run('a', work);
    const other = flights.run('b', () => Promise.resolve(7));
    expect(second).toBe(first);
    expect(started).toBe(1);
    finish(42);
    expect(await Promise.all([first, second, other])).toEqual([42, 42, 7]);
    const third = flights.run('a', work);
    expect(third).not.toBe(first);
    expect(started).toBe(2);
    finish(43);
    expect(await third).toBe(43);
  });

  it('frees a key whose work failed, and after clear() starts new work beside what goes on', async () => {
    const flights = new InFlight<string, number>();
    await expect(flights.run('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await flights.run('a', () => Promise.resolve(1))).toBe(1);
    let finish: (n: number) => void = () => undefined;
    const slow = flights.run('a', () => new Promise<number>((resolve) => (finish = resolve)));
    flights.clear();
    const fresh = flights.run('a', () => Promise.resolve(2));
    expect(fresh).not.toBe(slow);
    finish(3);
    expect(await Promise.all([slow, fresh])).toEqual([3, 2]);
    // The cleared work's settling leaves the newer work's key alone.
    expect(await flights.run('a', () => Promise.resolve(9))).toBe(9);
  });
});
