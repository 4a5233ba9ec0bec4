/** The first wait between two looks at a run, then half as long again each time, up to the longest. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5000;
/** The server's default TASK_TIMEOUT: a run still going then has been logged as failed and its row marked. */
const GIVE_UP_MS = 600_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Waits until a run started by hand has ended: the task's last run time (written when a manual run
 * ends) differs from `before`. Looks again and again, further apart each time; true once it has
 * ended, false when `signal` aborts, the look fails, or the run outlasts the longest a run may take.
 */
export async function waitForRunEnd(
  readLastRun: () => Promise<string | null>,
  before: string | null,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<boolean> {
  const giveUpAt = now() + GIVE_UP_MS;
  let wait = FIRST_WAIT_MS;
  while (!signal.aborted && now() < giveUpAt) {
    await pause(wait, signal);
    if (signal.aborted) return false;
    let last: string | null;
    try {
      last = await readLastRun();
    } catch {
      return false;
    }
    if (last !== before) return true;
    wait = Math.min(wait * 1.5, LONGEST_WAIT_MS);
  }
  return false;
}
