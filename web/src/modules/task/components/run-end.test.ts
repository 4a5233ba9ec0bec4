import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForRunEnd } from './run-end';

describe('waiting for a manual run to end', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks until the last run time changes, further apart each time', async () => {
    const answers = ['2026-11-26 09:00:00', '2026-11-26 09:00:00', '2026-11-26 10:15:02'];
    const looks: number[] = [];
    const read = vi.fn(async () => {
      looks.push(Date.now());
      return answers.shift() ?? null;
    });
    const start = Date.now();
    const ended = waitForRunEnd(read, '2026-11-26 09:00:00', new AbortController().signal);
    await vi.advanceTimersByTimeAsync(2400);
    await expect(ended).resolves.toBe(true);
    expect(read).toHaveBeenCalledTimes(3);
    expect(looks.map((at) => at - start)).toEqual([500, 1250, 2375]);
  });

  it('counts a first run (no last run before) as ended once one shows', async () => {
    const read = vi.fn(async () => '2026-11-26 10:00:00');
    const ended = waitForRunEnd(read, null, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(500);
    await expect(ended).resolves.toBe(true);
  });

  it('stops when the screen goes, and after the longest a run may take', async () => {
    const controller = new AbortController();
    const read = vi.fn(async () => null);
    const left = waitForRunEnd(read, null, controller.signal);
    await vi.advanceTimersByTimeAsync(1300);
    controller.abort();
    await expect(left).resolves.toBe(false);
    const calls = read.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read.mock.calls.length).toBe(calls);

    const endless = waitForRunEnd(read, null, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(610_000);
    await expect(endless).resolves.toBe(false);
  });

  it('gives up when a look fails (the call has said why)', async () => {
    const read = vi.fn(async () => {
      throw new Error('403');
    });
    const ended = waitForRunEnd(read, null, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(500);
    await expect(ended).resolves.toBe(false);
  });
});
