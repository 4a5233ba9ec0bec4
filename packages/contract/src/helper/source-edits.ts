// How the entity generator (codegen.ts, entity-plan.ts) changes an existing file: an import added,
// a line put into a block or before a marker. An edit made already changes nothing, so a plan
// applied twice leaves the files as once.

/** How an existing file changes: an import line, or a line inserted into a block or before a marker. */
export type SourceEdit =
  | { kind: 'import'; line: string }
  | { kind: 'insert'; opener: string; line: string }
  | { kind: 'before'; marker: string; line: string }
  | { kind: 'append'; line: string };

/** Inserts `line` before the line that closes the block opened by `opener` (a `[` or `{` at its end). */
export function insertBeforeClose(source: string, opener: string, line: string): string {
  const start = source.indexOf(opener);
  if (start < 0) throw new Error(`cannot find "${opener}"`);
  let depth = 0;
  for (let i = start + opener.length - 1; i < source.length; i += 1) {
    const c = source[i];
    if (c === '[' || c === '{' || c === '(') depth += 1;
    else if (c === ']' || c === '}' || c === ')') {
      depth -= 1;
      if (depth === 0) {
        const lineStart = source.lastIndexOf('\n', i) + 1;
        if (lineStart > start) return `${source.slice(0, lineStart)}${line}\n${source.slice(lineStart)}`;
        // Opened and closed on one line: the entry goes in before the bracket (the formatter lays it out).
        const before = source.slice(0, i).trimEnd();
        const comma = before.endsWith(opener.at(-1) ?? '') || before.endsWith(',') ? '' : ', ';
        return `${before}${comma}${line.trim().replace(/,$/, '')}${source.slice(i)}`;
      }
    }
  }
  throw new Error(`"${opener}" is never closed`);
}

/** The text of the block `opener` opens, up to its closing bracket; undefined when absent. */
function blockOf(source: string, opener: string): string | undefined {
  const start = source.indexOf(opener);
  if (start < 0) return undefined;
  let depth = 0;
  for (let i = start + opener.length - 1; i < source.length; i += 1) {
    const c = source[i];
    if (c === '[' || c === '{' || c === '(') depth += 1;
    else if (c === ']' || c === '}' || c === ')') {
      depth -= 1;
      if (depth === 0) return source.slice(start + opener.length, i);
    }
  }
  return undefined;
}

/** Adds an import line after the file's last import, unless the file imports those names from there already. */
export function addImport(source: string, line: string): string {
  if (source.includes(line)) return source;
  const m = /^import (?:type )?\{ ([^}]+) \} from ('[^']+');$/.exec(line);
  if (m) {
    const from = m[2] as string;
    const names = (m[1] as string).split(',').map((s) => s.trim());
    const existing = [
      ...source.matchAll(
        new RegExp(`^import \\{([^}]+)\\} from ${from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')};$`, 'gm'),
      ),
    ]
      .flatMap((x) => (x[1] as string).split(','))
      .map((s) => s.trim().replace(/^type /, ''));
    if (names.every((name) => existing.includes(name))) return source;
  }
  const imports = [...source.matchAll(/^import [^;]+;$/gms)];
  const last = imports.at(-1);
  if (!last) return `${line}\n${source}`;
  const end = (last.index ?? 0) + last[0].length;
  return `${source.slice(0, end)}\n${line}${source.slice(end)}`;
}

/** One edit applied to a file's text; an edit made already changes nothing. */
function applyEdit(text: string, edit: SourceEdit): string {
  switch (edit.kind) {
    case 'import':
      return addImport(text, edit.line);
    case 'insert': {
      const block = blockOf(text, edit.opener);
      if (block?.split('\n').some((l) => l.trim() === edit.line.trim())) return text;
      return insertBeforeClose(text, edit.opener, edit.line);
    }
    case 'append':
      return text.includes(edit.line) ? text : `${text.trimEnd()}\n${edit.line}\n`;
    case 'before': {
      if (text.includes(`${edit.line}\n${edit.marker}`)) return text;
      if (!text.includes(edit.marker)) throw new Error(`cannot find "${edit.marker.trim()}"`);
      return text.replace(edit.marker, `${edit.line}\n${edit.marker}`);
    }
  }
}

/** Applies the edits to a file's text. */
export function applyEdits(source: string, edits: readonly SourceEdit[]): string {
  let text = source;
  for (const edit of edits) text = applyEdit(text, edit);
  return text;
}
