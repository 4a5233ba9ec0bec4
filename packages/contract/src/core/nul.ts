import type { z } from 'zod';

/*
 * U+0000 in text: PostgreSQL refuses it (the query fails), SQLite and MariaDB keep it, and no field
 * of ours needs it. So no input takes it, on any database: every endpoint's input schema refuses a
 * NUL in any string it holds (`refuseNul`, applied once where the endpoints are resolved), and the
 * string columns refuse it too, for the web's forms and the Excel import that validate with them.
 */

/** The params of the issue a NUL raises; `isNulIssue` reads them back to word the message. */
export const NUL_ISSUE = { params: { nul: true } } as const;

/** A string without U+0000. */
export const noNul = (value: string) => !value.includes('\u0000');

/** Whether a zod issue is the refusal of a NUL character. */
export function isNulIssue(issue: unknown): boolean {
  const found = issue as { code?: unknown; params?: { nul?: unknown } } | null | undefined;
  return found?.code === 'custom' && found.params?.nul === true;
}

/** A value met on the walk, with the way back to the root (no path copied per value). */
type Step = { value: unknown; key: PropertyKey | null; parent: Step | null };

function pathOf(step: Step, last?: PropertyKey): PropertyKey[] {
  const path: PropertyKey[] = last === undefined ? [] : [last];
  for (let at: Step | null = step; at !== null && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string holding U+0000 in a value (an object key counts), or null. It walks
 * arrays and plain objects with its own stack, so a deeply nested json value cannot exhaust the
 * call stack.
 */
export function findNul(value: unknown): PropertyKey[] | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (!noNul(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], key: i, parent: step });
    } else if (current !== null && typeof current === 'object' && isPlain(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) if (!noNul(key)) return pathOf(step, key);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const refusing = new WeakSet<z.ZodType>();

/**
 * The schema, refusing U+0000 anywhere in what it accepts: the issue names the path of the first
 * string that holds one. The check reads the parsed value, so a key the schema drops is no
 * concern, and it runs once per schema however often the schema is reused as another's input.
 */
export function refuseNul<S extends z.ZodType>(schema: S): S {
  if (refusing.has(schema)) return schema;
  const checked = schema.superRefine((value, ctx) => {
    const path = findNul(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: 'NUL', ...NUL_ISSUE });
  });
  refusing.add(checked);
  return checked;
}
