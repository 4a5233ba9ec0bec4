import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { applyEdits, isAllowedPath, type PlannedFile } from '@backroom/contract';

/**
 * Writes a generated entity's files into a source tree (`npm run new:entity`, and `base/coding`
 * createCode in development mode). Everything is checked before anything is written: each path is
 * one of the module's folders or a registration file and stays inside the tree (no `..`, no link
 * out of it), a new file does not exist yet unless overwriting was asked for, each edit applies.
 */
export class SourceTreeError extends Error {
  constructor(
    readonly reason: 'path' | 'exists' | 'missing' | 'edit',
    message: string,
    readonly files: string[] = [],
  ) {
    super(message);
  }
}

export type PreparedWrite = { path: string; text: string; action: 'create' | 'overwrite' | 'edit' };

function inside(root: string, file: string): string {
  const full = path.resolve(root, file);
  if (!full.startsWith(root + path.sep))
    throw new SourceTreeError('path', `${file} is outside the source tree`, [file]);
  // The nearest existing folder must be inside the tree too, links resolved.
  let dir = path.dirname(full);
  while (!fs.existsSync(dir)) dir = path.dirname(dir);
  const real = fs.realpathSync(dir);
  const realRoot = fs.realpathSync(root);
  if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
    throw new SourceTreeError('path', `${file} leads outside the source tree`, [file]);
  }
  if (fs.existsSync(full) && fs.lstatSync(full).isSymbolicLink()) {
    throw new SourceTreeError('path', `${file} is a link`, [file]);
  }
  return full;
}

/** Checks the plan against the tree and computes every file's new text; writes nothing. */
export function preparePlan(
  root: string,
  module: string,
  plan: readonly PlannedFile[],
  options: { overwrite?: boolean } = {},
): PreparedWrite[] {
  const absRoot = path.resolve(root);
  const bad = plan.filter((f) => !isAllowedPath(module, f.path)).map((f) => f.path);
  if (bad.length > 0) throw new SourceTreeError('path', `not a file of module ${module}: ${bad.join(', ')}`, bad);
  const existing = plan
    .filter((f) => f.action === 'create' && fs.existsSync(inside(absRoot, f.path)))
    .map((f) => f.path);
  if (existing.length > 0 && !options.overwrite) {
    throw new SourceTreeError('exists', `${existing.join(', ')} exists already: nothing was written`, existing);
  }
  return plan.map((file): PreparedWrite => {
    const full = inside(absRoot, file.path);
    if (file.action === 'create') {
      return { path: file.path, text: file.content, action: existing.includes(file.path) ? 'overwrite' : 'create' };
    }
    if (!fs.existsSync(full)) throw new SourceTreeError('missing', `${file.path} is missing`, [file.path]);
    try {
      return { path: file.path, text: applyEdits(fs.readFileSync(full, 'utf8'), file.edits), action: 'edit' };
    } catch (error) {
      throw new SourceTreeError('edit', `${file.path}: ${(error as Error).message}`, [file.path]);
    }
  });
}

/**
 * Writes prepared files, then lays them out in the house format with the tree's own biome (when the
 * tree has it installed; nothing is fetched).
 */
export function writePrepared(root: string, writes: readonly PreparedWrite[]): void {
  const absRoot = path.resolve(root);
  for (const write of writes) {
    const full = inside(absRoot, write.path);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, write.text);
  }
  const biome = path.join(absRoot, 'node_modules', '.bin', 'biome');
  if (writes.length > 0 && fs.existsSync(biome)) {
    try {
      execFileSync(biome, ['check', '--write', ...writes.map((w) => w.path)], { cwd: absRoot, stdio: 'ignore' });
    } catch {
      // What biome cannot fix by itself stays for `npm run lint` to show; the files are written.
    }
  }
}
