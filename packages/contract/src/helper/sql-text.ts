// Reading SQL text as the `CREATE TABLE` reader needs it (sql-table.ts): comments left out, quoted
// texts and identifiers kept whole, lists split at their top-level commas.

export class SqlParseError extends Error {}

/** The text without comments (`-- …`, `# …` and block comments), string literals kept whole. */
export function stripComments(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"' || c === '`') {
      const end = closingQuote(sql, i);
      out += sql.slice(i, end + 1);
      i = end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i += 1;
    } else if (c === '#') {
      while (i < sql.length && sql[i] !== '\n') i += 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new SqlParseError('a /* comment is never closed');
      i = end + 2;
      out += ' ';
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Index of the quote closing the one at `start` (a doubled quote is part of the text). */
export function closingQuote(text: string, start: number): number {
  const q = text[start];
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\' && q === "'") {
      i += 1;
    } else if (text[i] === q) {
      if (text[i + 1] === q) i += 1;
      else return i;
    }
  }
  throw new SqlParseError(`a ${q} quote is never closed`);
}

/** Splits at the commas outside parentheses and quotes. */
export function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (c === "'" || c === '"' || c === '`') i = closingQuote(body, i);
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(body.slice(start).trim());
  return parts.filter((p) => p !== '');
}

export const IDENT = /^(`(?:[^`]|``)+`|"(?:[^"]|"")+"|\[[^\]]+\]|[A-Za-z_][\w$]*)/;

export function unquote(name: string): string {
  if (/^[`"]/.test(name)) return name.slice(1, -1).replace(/``|""/g, (m) => m[0] as string);
  if (name.startsWith('[')) return name.slice(1, -1);
  return name;
}

/** `schema.table` → table. */
export function readQualifiedName(text: string): { name: string; rest: string } {
  let rest = text.trimStart();
  let name = '';
  for (;;) {
    const m = IDENT.exec(rest);
    if (!m) throw new SqlParseError('the table has no name');
    name = unquote(m[0]);
    rest = rest.slice(m[0].length).trimStart();
    if (rest.startsWith('.')) rest = rest.slice(1).trimStart();
    else return { name, rest };
  }
}

export function stringLiteral(text: string): string {
  return text.slice(1, -1).replace(/''/g, "'").replace(/\\(.)/g, '$1');
}
