import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const ROOT: string;
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function startScriptFlags(): string[];
export declare function freePort(): Promise<number>;
export declare function waitForServer(
  url: string,
  options?: { timeoutMs?: number; child?: { exitCode: number | null } },
): Promise<void>;
export type RunningServer = { base: string; child: ChildProcess; dataDir: string; stop(): Promise<void> };
export declare function startBuiltServer(options?: {
  env?: Record<string, string>;
  stdio?: StdioOptions;
  nodeArgs?: string[];
  /** The caller's data directory, kept on stop (by default a temporary one, removed). */
  dataDir?: string;
  logFile?: string;
  timeoutMs?: number;
}): Promise<RunningServer>;
