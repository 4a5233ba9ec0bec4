// The shape limits `npm run lint` holds the hand-written sources to, so that a file or a function
// stays readable in one sitting and the CRUD factory's parts stay a line, not a circle:
//
//   - no source file over 500 lines;
//   - no function over 150 lines of its own (its lines less those of the functions nested in it:
//     function declarations, arrow functions, methods and function expressions alike);
//   - no circle of imports among the files of server/src/core/crud (type-only imports count too).
//
// Sources are the .ts, .tsx and .mjs files under server/src, web/src, packages/*/src, e2e, bench and
// scripts. Tests (*.test.*, *.spec.*), migrations, fixtures, declaration files and files marked
// `@generated` in their first lines are exempt. Each offender is printed as path:line with its count.
//
//   node scripts/check-shape.mjs
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

/** What the repository's check walks; a test passes its own. */
export const DEFAULTS = {
  roots: ['server/src', 'web/src', 'packages/*/src', 'e2e', 'bench', 'scripts'],
  acyclic: ['server/src/core/crud'],
  maxFileLines: MAX_FILE_LINES,
  maxFunctionLines: MAX_FUNCTION_LINES,
};

const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'results', 'coverage', 'screenshots', 'test-results']);

/** Whether a file is exempt: tests, migrations, fixtures, declaration files and generated files. */
export function exempt(rel, text) {
  const name = path.basename(rel);
  if (/\.(test|spec)\.(ts|tsx|mjs)$/.test(name)) return true;
  if (/\.d\.(ts|mts)$/.test(name)) return true;
  if (/\.fixtures?\.(ts|tsx|mjs)$/.test(name)) return true;
  const parts = rel.split('/');
  if (parts.some((p) => p === 'migrations' || p === 'fixtures' || p === 'test-fixtures')) return true;
  return /@generated\b/.test(text.split('\n', 5).join('\n'));
}

/** The folders a root names, with `*` standing for every folder at that place. */
function expandRoot(root, pattern) {
  let dirs = [''];
  for (const part of pattern.split('/')) {
    dirs = dirs.flatMap((dir) => {
      if (part !== '*') return [path.join(dir, part)];
      const abs = path.join(root, dir);
      if (!fs.existsSync(abs)) return [];
      return fs
        .readdirSync(abs, { withFileTypes: true })
        .filter((e) => e.isDirectory() && !SKIPPED_DIRS.has(e.name))
        .map((e) => path.join(dir, e.name));
    });
  }
  return dirs.filter((dir) => fs.existsSync(path.join(root, dir)));
}

function walk(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(root, rel, out);
    } else if (SOURCE.test(entry.name)) {
      out.add(rel.split(path.sep).join('/'));
    }
  }
}

/** Every source file under the roots, relative to `root`, in path order. */
export function sourceFiles(root, roots) {
  const files = new Set();
  for (const pattern of roots) for (const dir of expandRoot(root, pattern)) walk(root, dir, files);
  return [...files].sort();
}

function lineCount(text) {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function parse(rel, text) {
  const kind = rel.endsWith('.tsx') ? ts.ScriptKind.TSX : rel.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, kind);
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A function's name as a reader finds it: its own, or that of what it is assigned to. */
function functionName(node, file) {
  if (node.name) return node.name.getText(file);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(file);
  }
  // A function handed to a call (forwardRef, memo, describe…): named after the call.
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(file).slice(0, 40)}(…)`;
  return '(anonymous)';
}

/** Every function of a file with its own lines: its lines less those of the functions nested directly in it. */
export function functionSizes(rel, text) {
  const file = parse(rel, text);
  const lineOf = (pos) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const found = [];
  const visit = (node, enclosing) => {
    let inner = enclosing;
    if (isFunction(node)) {
      const start = lineOf(node.getStart(file));
      const lines = lineOf(node.getEnd()) - start + 1;
      const entry = { name: functionName(node, file), line: start, lines, own: lines };
      if (enclosing) enclosing.own -= lines;
      found.push(entry);
      inner = entry;
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, null);
  return found;
}

/** The repository files a file imports (static, re-exported and dynamic imports of a literal path). */
function localImports(rel, text, known) {
  const file = parse(rel, text);
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const targets = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(rel), specifier));
    const stem = base.replace(/\.(js|mjs|jsx|ts|tsx)$/, '');
    const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${base}/index.ts`, `${base}/index.tsx`];
    const target = candidates.find((c) => known.has(c));
    if (target) targets.push(target);
  }
  return targets;
}

/** The circles of imports among the files under `dir`: each as the files around it, back to the first. */
export function importCycles(files, dir, read) {
  const inside = files.filter((f) => f.startsWith(`${dir}/`));
  const known = new Set(inside);
  const edges = new Map(inside.map((f) => [f, [...new Set(localImports(f, read(f), known))].sort()]));
  // Tarjan's strongly connected components: each component of more than one file (or a file that
  // imports itself) holds at least one circle.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const f of inside) if (!index.has(f)) connect(f);
  return components.map((component) => circleThrough(component, edges));
}

/** One circle inside a component, from its first file: the shortest way back to it. */
function circleThrough(component, edges) {
  const members = new Set(component);
  const first = component[0];
  const previous = new Map();
  const queue = [first];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === first) {
        const circle = [first];
        for (let at = v; at !== first; at = previous.get(at)) circle.splice(1, 0, at);
        return [...circle, first];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component, first];
}

/** Every offence under `root`: files too long, functions too long, circles of imports. */
export function checkShape(root, options = {}) {
  const { roots, acyclic, maxFileLines, maxFunctionLines } = { ...DEFAULTS, ...options };
  const texts = new Map();
  const read = (rel) => {
    if (!texts.has(rel)) texts.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    return texts.get(rel);
  };
  const files = sourceFiles(root, roots).filter((rel) => !exempt(rel, read(rel)));
  const offences = [];
  for (const rel of files) {
    const text = read(rel);
    const lines = lineCount(text);
    if (lines > maxFileLines) {
      offences.push({ kind: 'file', path: rel, line: 1, count: lines, text: `${lines} lines (max ${maxFileLines})` });
    }
    for (const fn of functionSizes(rel, text)) {
      if (fn.own > maxFunctionLines) {
        offences.push({
          kind: 'function',
          path: rel,
          line: fn.line,
          count: fn.own,
          text: `function ${fn.name} has ${fn.own} lines of its own (max ${maxFunctionLines})`,
        });
      }
    }
  }
  for (const dir of acyclic) {
    for (const circle of importCycles(files, dir, read)) {
      offences.push({
        kind: 'cycle',
        path: circle[0],
        line: 1,
        count: circle.length - 1,
        text: `import circle: ${circle.join(' -> ')}`,
      });
    }
  }
  return offences;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const offences = checkShape(root);
  for (const o of offences) console.error(`${o.path}:${o.line}: ${o.text}`);
  if (offences.length > 0) {
    console.error(
      `\ncheck-shape: ${offences.length} offence(s). Split a long file along its seams and a long function into named parts (scripts/check-shape.mjs).`,
    );
    process.exit(1);
  }
  console.log('check-shape: every file and function within its limits, no import circle in core/crud');
}
