import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds the server and the web app once before the browser specs, as `npm start` would. */
export default function setup() {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) return;
  if (process.env.E2E_SKIP_BUILD === '1' && fs.existsSync(path.join(root, 'web/dist/index.html'))) return;
  // Vitest sets NODE_ENV=test, and Vite builds React's development code for anything but
  // production: the browser specs must drive what `npm start` serves.
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
