import { z } from 'zod';
import type { TaskHandler } from '../../core/task-handlers.js';

export type ArgsResult = { ok: true; args: unknown } | { ok: false; problem: string };

/**
 * A task's `data` (JSON text; empty means `{}`) read against its handler's argument schema. The
 * problem is zod's own first issue with its path, which names the argument that is wrong.
 */
export function readTaskArgs(data: string | null | undefined, handler: TaskHandler): ArgsResult {
  let value: unknown = {};
  if (data !== null && data !== undefined && data.trim() !== '') {
    try {
      value = JSON.parse(data);
    } catch {
      return { ok: false, problem: 'json' };
    }
  }
  const result = handler.args.safeParse(value);
  if (result.success) return { ok: true, args: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, problem: `${where}${issue?.message ?? 'invalid'}` };
}

/** The handler's arguments as JSON Schema, for the screen to show what `data` takes. */
export function argsSchemaOf(handler: TaskHandler): unknown {
  try {
    return z.toJSONSchema(handler.args, { unrepresentable: 'any', io: 'input' });
  } catch {
    return {};
  }
}
