import { formatOfIssue, isNulIssue, type Label, type Locale, ownValue } from '@backroom/contract';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { type MessageKey, type MessageParam, translate, typeName } from '../i18n.js';

export type FieldLabels = Readonly<Record<string, Label>>;

function fieldName(path: readonly PropertyKey[], labels: FieldLabels, locale: Locale): string {
  const [head, ...rest] = path;
  if (head === undefined) return locale === 'en' ? 'The request' : '请求内容';
  const base = typeof head === 'string' ? (ownValue(labels, head)?.[locale] ?? head) : `[${String(head)}]`;
  return rest.length === 0
    ? base
    : `${base}${rest.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
}

/** The first problem of a failed parse as a 400 AppError in the request's language. */
export function validationError(error: z.ZodError, labels: FieldLabels, locale: Locale): AppError {
  let issue = error.issues[0];
  if (!issue) return new AppError(400, 'validation.invalid', { field: fieldName([], labels, locale) });
  // A union (one row or many): report the branch that matches the input's shape.
  while (issue.code === 'invalid_union') {
    const branches = (issue as unknown as { errors: z.core.$ZodIssue[][]; input?: unknown }).errors;
    const input = (issue as unknown as { input?: unknown }).input;
    const branch = branches[Array.isArray(input) ? branches.length - 1 : 0]?.[0];
    if (!branch) break;
    issue = { ...branch, path: [...issue.path, ...branch.path] } as typeof issue;
  }
  const field = fieldName(issue.path, labels, locale);
  const raw = issue as unknown as Record<string, unknown>;
  let key: MessageKey = 'validation.invalid';
  const params: Record<string, MessageParam> = { field };
  switch (issue.code) {
    case 'invalid_type':
      if (raw.input === undefined || raw.input === null) key = 'validation.required';
      else {
        key = 'validation.type';
        params.type = typeName(locale, String(raw.expected));
      }
      break;
    case 'too_big': {
      const origin = String(raw.origin);
      key =
        origin === 'string' ? 'validation.tooLong' : origin === 'array' ? 'validation.tooMany' : 'validation.tooBig';
      params.max = Number(raw.maximum);
      break;
    }
    case 'too_small': {
      const origin = String(raw.origin);
      const minimum = Number(raw.minimum);
      key =
        origin === 'string'
          ? minimum <= 1
            ? 'validation.required'
            : 'validation.tooShort'
          : origin === 'array'
            ? 'validation.tooFew'
            : 'validation.tooSmall';
      params.min = minimum;
      break;
    }
    case 'invalid_value':
      key = 'validation.enum';
      params.values = (raw.values as unknown[]).map(String).join(' / ');
      break;
    case 'custom': {
      if (isNulIssue(issue)) {
        key = 'validation.nul';
        break;
      }
      const format = formatOfIssue(issue);
      if (format) {
        key = `validation.format.${format}`;
        break;
      }
      const custom = raw.params as { values?: unknown[]; scale?: number } | undefined;
      const values = custom?.values;
      if (custom?.scale !== undefined) {
        key = 'validation.scale';
        params.scale = custom.scale;
      } else if (values) {
        key = 'validation.enum';
        params.values = values.map(String).join(' / ');
      }
      break;
    }
    case 'invalid_format':
      if (issue.message === 'router') key = 'validation.router';
      break;
    default:
      break;
  }
  return new AppError(400, key, params);
}

export function messageOf(error: AppError, locale: Locale): string {
  return translate(locale, error.key, error.params);
}
