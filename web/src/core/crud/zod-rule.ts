import { formatOfIssue, isNulIssue } from '@backroom/contract';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { i18n } from '../i18n';

/** The first problem of a value against a zod schema, as a message in the current language. */
export function zodMessage(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0] as unknown as Record<string, unknown> | undefined;
  if (!issue) return i18n.t('validation.invalid', { field });
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null
        ? i18n.t('validation.required', { field })
        : i18n.t('validation.type', { field });
    case 'too_big':
      return issue.origin === 'string'
        ? i18n.t('validation.tooLong', { field, max: issue.maximum })
        : i18n.t('validation.tooBig', { field, max: issue.maximum });
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? i18n.t('validation.required', { field })
          : i18n.t('validation.tooShort', { field, min: issue.minimum });
      }
      return i18n.t('validation.tooSmall', { field, min: issue.minimum });
    case 'custom':
      if (isNulIssue(issue)) return i18n.t('validation.nul', { field });
      {
        const format = formatOfIssue(issue);
        if (format) return i18n.t(`validation.format.${format}`, { field });
      }
      return i18n.t('validation.enum', { field });
    case 'invalid_value':
      return i18n.t('validation.enum', { field });
    default:
      return i18n.t('validation.invalid', { field });
  }
}

/** Form input as the API wants it: an emptied text field is null where the column allows it. */
export function normalizeValue<T>(value: T, schema: z.ZodType | undefined): T | null | undefined {
  if (value === '' || value === undefined) {
    if (schema?.safeParse(null).success) return null;
    return undefined;
  }
  return value;
}

/**
 * An antd rule validating a field with the same zod schema the server uses. `parse` reads an input
 * that holds the value in another form (json as text) first; what it throws is the message.
 */
export function zodRule(schema: z.ZodType | undefined, field: string, parse?: (input: unknown) => unknown): Rule {
  return {
    validator: async (_rule, input) => {
      const value = parse && input !== '' && input !== undefined && input !== null ? parse(input) : input;
      if (!schema) return;
      const message = zodMessage(schema, normalizeValue(value, schema), field);
      if (message) throw new Error(message);
    },
  };
}
