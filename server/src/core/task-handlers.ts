import type { Label } from '@backroom/contract';
import type { z } from 'zod';

/**
 * Work a scheduled task may run. Modules register their handlers at start; a task's `service`
 * must name one of them (anything else is refused when the task is saved), and its `data` must
 * pass the handler's argument schema.
 */
export type TaskHandler = {
  /** `module:what`, e.g. `base:log-retention`; what task rows store in `service`. */
  readonly name: string;
  readonly label: Label;
  /** The JSON arguments a task passes in `data`. */
  readonly args: z.ZodType;
  /**
   * Returns what the run log shows as its result; throwing marks the run failed. `signal` aborts
   * when the run times out or the server stops; `run` says which task and which planned tick.
   */
  run(args: unknown, signal: AbortSignal, run: TaskRun): Promise<unknown>;
};

/** The run a handler is called for: its task, and the instant the schedule planned it (null for "run once"). */
export type TaskRun = { readonly taskId: number; readonly plannedAt: Date | null };

export type TaskHandlerRegistry = {
  register(handler: TaskHandler): void;
  get(name: string): TaskHandler | undefined;
  all(): readonly TaskHandler[];
};

export function createTaskHandlerRegistry(): TaskHandlerRegistry {
  const handlers = new Map<string, TaskHandler>();
  return {
    register(handler) {
      if (handlers.has(handler.name)) throw new Error(`task handler ${handler.name} is registered twice`);
      handlers.set(handler.name, handler);
    },
    get: (name) => handlers.get(name),
    all: () => [...handlers.values()],
  };
}
