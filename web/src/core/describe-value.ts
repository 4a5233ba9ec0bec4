/**
 * A stored JSON value as a line a person reads, not raw JSON: `{"keyWord":"li","status":[1,2]}`
 * reads `keyWord: li · status: 1, 2`; a nested object's fields follow its key
 * (`range: from 1 to 5` reads `range: from: 1, to: 5`). JSON text is parsed first; anything
 * else shows as itself. Fields may be named in the reader's words (`label`), and empty ones
 * (nothing, '', [], {}) are left out.
 */
export function describeValue(value: unknown, label: (key: string) => string = (key) => key): string {
  const parsed = typeof value === 'string' ? parseJson(value) : value;
  return describe(parsed, label, 0);
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function describe(value: unknown, label: (key: string) => string, depth: number): string {
  if (isEmpty(value)) return '';
  if (Array.isArray(value)) {
    return value
      .map((item) => describe(item, label, depth + 1))
      .filter(Boolean)
      .join(depth === 0 ? ' · ' : ', ');
  }
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value)
      .filter(([, v]) => !isEmpty(v))
      .map(([key, v]) => `${label(key)}: ${describe(v, label, depth + 1)}`);
    return fields.join(depth === 0 ? ' · ' : ', ');
  }
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value);
}
