import type { TFunction } from 'i18next';
import type { FieldKind, PropertyView } from './schema-view';

/*
 * The config form's checks of a value against its property's schema (the server checks the whole
 * config with ajv again): lengths, patterns, formats, bounds, list sizes, JSON text.
 */

/** What the server takes for `format: "uri"` (and `"url"`): an http(s) address. */
const URI = /^https?:\/\/\S+$/i;
// A plain shape check: the server accepts any text as an e-mail; this catches a slip of the hand.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}

/** What is wrong with a text or a list entry, by the schema's string rules; undefined when nothing. */
function textProblem(view: PropertyView, value: string, t: TFunction): string | undefined {
  if (view.minLength !== undefined && value.length < view.minLength)
    return t('plugin.config.minLength', { n: view.minLength });
  if (view.maxLength !== undefined && value.length > view.maxLength)
    return t('plugin.config.maxLength', { n: view.maxLength });
  if ((view.format === 'uri' || view.format === 'url') && !URI.test(value)) return t('plugin.config.uri');
  if (view.format === 'email' && !EMAIL.test(value)) return t('plugin.config.email');
  if (view.pattern && patternOf(view.pattern)?.test(value) === false) {
    return t('plugin.config.pattern', { pattern: view.pattern });
  }
  return undefined;
}

/** What is wrong with a field's value (required aside); undefined when nothing. */
export function problemOf(kind: FieldKind, view: PropertyView, value: unknown, t: TFunction): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (kind) {
    case 'text':
    case 'secret':
      return textProblem(view, String(value), t);
    case 'number': {
      const n = Number(value);
      if (view.type === 'integer' && !Number.isInteger(n)) return t('plugin.config.integer');
      if (view.minimum !== undefined && n < view.minimum) return t('plugin.config.minimum', { n: view.minimum });
      if (view.maximum !== undefined && n > view.maximum) return t('plugin.config.maximum', { n: view.maximum });
      if (view.exclusiveMinimum !== undefined && n <= view.exclusiveMinimum) {
        return t('plugin.config.above', { n: view.exclusiveMinimum });
      }
      if (view.exclusiveMaximum !== undefined && n >= view.exclusiveMaximum) {
        return t('plugin.config.below', { n: view.exclusiveMaximum });
      }
      return undefined;
    }
    case 'list':
    case 'choices': {
      const list = Array.isArray(value) ? value : [];
      if (view.minItems !== undefined && list.length > 0 && list.length < view.minItems) {
        return t('plugin.config.minItems', { n: view.minItems });
      }
      if (view.maxItems !== undefined && list.length > view.maxItems) {
        return t('plugin.config.maxItems', { n: view.maxItems });
      }
      const item = view.items;
      const wrong =
        item && kind === 'list' ? list.map((v) => textProblem(item, String(v), t)).find(Boolean) : undefined;
      return wrong;
    }
    case 'json':
      try {
        JSON.parse(String(value));
        return undefined;
      } catch (error) {
        return t('plugin.config.json', { reason: error instanceof Error ? error.message : String(error) });
      }
    default:
      return undefined;
  }
}
