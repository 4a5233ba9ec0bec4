// Builds the server and the web app when what they are built from is newer than what was built:
// `npm start` runs this first, so a first start builds everything with no extra command and a
// second start with nothing changed goes straight to the server. The bench (bench/run.mjs) uses
// it for the server alone.
//
//   node scripts/build-if-changed.mjs            server and web app
//   node scripts/build-if-changed.mjs server     one of them
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each part: the file its build writes last, and what it is built from (folders are walked). */
export const PARTS = {
  server: {
    workspace: '@backroom/server',
    output: 'server/dist/main.js',
    inputs: ['server/src', 'server/build.mjs', 'server/package.json', 'packages/contract/src', 'package-lock.json'],
  },
  web: {
    workspace: '@backroom/web',
    output: 'web/dist/index.html',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'packages/contract/src',
      'package-lock.json',
    ],
  },
};

/** Newest modification time under a file or folder (tests left out: they are not built). */
function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    time = Math.max(time, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

/** Why a part needs building, or null when what was built is newer than everything it comes from. */
export function staleness(name) {
  const part = PARTS[name];
  const output = path.join(ROOT, part.output);
  if (!fs.existsSync(output)) return `${part.output} is missing`;
  const built = fs.statSync(output).mtimeMs;
  const changed = part.inputs.find((input) => newest(path.join(ROOT, input)) > built);
  return changed ? `${changed} changed since ${part.output} was built` : null;
}

/** Builds the parts that are stale; throws when a build fails. */
export function buildIfChanged(names = Object.keys(PARTS)) {
  for (const name of names) {
    const why = staleness(name);
    if (!why) continue;
    console.log(`${why}: building the ${name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', PARTS[name].workspace], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building the ${name} failed`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in PARTS));
  if (unknown.length > 0) {
    console.error(`unknown part ${unknown.join(', ')}: choose from ${Object.keys(PARTS).join(', ')}`);
    process.exit(2);
  }
  try {
    buildIfChanged(names.length > 0 ? names : undefined);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
