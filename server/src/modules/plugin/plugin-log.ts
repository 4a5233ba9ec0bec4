import type { FastifyBaseLogger } from 'fastify';

/** A minute of a plugin's log: when it began, and the lines and bytes written in it. */
export type LogWindow = { start: number; lines: number; bytes: number };

const MINUTE = 60_000;

export type PluginLogLimit = {
  /** Whether a line of this many bytes may be written now; one that may not is counted as dropped. */
  admit(bytes: number): boolean;
  /** Lines the sandbox dropped on its own thread (it holds the same limit, so most never cross). */
  droppedInSandbox(lines: number, bytes: number): void;
  /** The window as a sandbox started now continues it: a restart opens no new minute. */
  window(): LogWindow;
  /** Writes the one line that counts what was dropped, if anything was (at the minute's end, or when the plugin stops). */
  flush(): void;
};

/**
 * The cap on one plugin's lines in the server's log (console.log and context.log alike): at most
 * `lines` lines and `bytes` bytes a minute. What goes over is dropped and counted, and the count
 * is written as one line when the minute ends ("plugin x: 19,900 log lines dropped …").
 */
export function pluginLogLimit(
  keyName: string,
  caps: { lines: number; bytes: number },
  log: FastifyBaseLogger,
): PluginLogLimit {
  let current: LogWindow = { start: 0, lines: 0, bytes: 0 };
  let dropped = { lines: 0, bytes: 0 };
  let timer: NodeJS.Timeout | undefined;

  const roll = (now: number) => {
    if (now - current.start >= MINUTE) current = { start: now, lines: 0, bytes: 0 };
  };
  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (dropped.lines === 0) return;
    const { lines, bytes } = dropped;
    dropped = { lines: 0, bytes: 0 };
    log.warn(
      { plugin: keyName, droppedLines: lines, droppedBytes: bytes },
      `plugin ${keyName}: ${lines.toLocaleString('en-US')} log lines dropped (${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB), ` +
        `over its ${caps.lines.toLocaleString('en-US')} lines or ${Math.round(caps.bytes / 1024)} KB a minute`,
    );
  }
  function count(lines: number, bytes: number) {
    dropped = { lines: dropped.lines + lines, bytes: dropped.bytes + bytes };
    if (timer) return;
    // Once per window: the count is complete when the minute it belongs to ends.
    timer = setTimeout(flush, Math.max(0, current.start + MINUTE - Date.now()));
    timer.unref();
  }

  return {
    admit(bytes) {
      roll(Date.now());
      if (current.lines + 1 > caps.lines || current.bytes + bytes > caps.bytes) {
        count(1, bytes);
        return false;
      }
      current.lines += 1;
      current.bytes += bytes;
      return true;
    },
    droppedInSandbox(lines, bytes) {
      roll(Date.now());
      count(lines, bytes);
    },
    window() {
      roll(Date.now());
      return { ...current };
    },
    flush,
  };
}
