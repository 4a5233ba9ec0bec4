/*
 * Hostile Excel imports within the upload limit (issue 23 §5): while a client sends workbooks that
 * inflate far beyond their size (many sheets, a huge second sheet, shared strings and a first
 * sheet each just under their limits), another client makes a light call again and again. Prints
 * the server's peak RSS and the light call's p99. Targets: under 300 MB and 100 ms.
 *
 *   NODE_ENV=production npm run build -w @backroom/server && npm run bench:excel-hostile
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signInCompletingChange, startBuiltServer, startScriptFlags } from '../e2e/support/server-process.mjs';
import {
  bookWithHugeSecondSheet,
  bookWithHugeSharedStrings,
  bookWithManySheets,
  bookWithWideFirstSheet,
} from '../server/src/core/crud/excel-hostile.fixtures.ts';
import { IMPORT_SHEET_LIMITS } from '../server/src/core/crud/excel-import.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const TARGETS = { rssMb: 300, p99Ms: 100 };
const { values: opts } = parseArgs({
  options: {
    /** How many of each hostile file are in flight at once. */
    parallel: { type: 'string', default: '4' },
    /** Rounds over the file kinds. */
    rounds: { type: 'string', default: '2' },
  },
});

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

if (!fs.existsSync(path.join(ROOT, 'server/dist/main.js'))) {
  throw new Error('build the server first: NODE_ENV=production npm run build -w @backroom/server');
}
const rows = [
  ['Customer name', 'Phone'],
  ['Ann', '13912345678'],
];
const files = {
  'many sheets (40 x 2 MB)': await bookWithManySheets(rows, 40, 2 * MB),
  'second sheet over the inflated limit': await bookWithHugeSecondSheet(rows, IMPORT_SHEET_LIMITS.inflatedBytes + MB),
  'shared strings just under their limit': await bookWithHugeSharedStrings(
    rows,
    IMPORT_SHEET_LIMITS.sharedStringsBytes - 2 * MB,
  ),
  'first sheet just under the inflated limit': await bookWithWideFirstSheet(IMPORT_SHEET_LIMITS.inflatedBytes - 8 * MB),
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-excel-hostile-'));
const server = await startBuiltServer({
  nodeArgs: process.env.BENCH_FLAGS?.split(' ').filter(Boolean) ?? startScriptFlags(),
  dataDir,
  logFile: path.join(dataDir, 'server.log'),
  timeoutMs: 60_000,
  env: { ADMIN_PASSWORD: '123456' },
});
try {
  const { token } = await signInCompletingChange(server.base, 'admin', '123456');
  const pid = server.child.pid;
  const light = async () => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/admin/base/comm/person`, { headers: { authorization: token } });
    await res.arrayBuffer();
    return performance.now() - started;
  };
  // Warm up, then the quiet figure.
  for (let i = 0; i < 50; i += 1) await light();
  const quiet = [];
  for (let i = 0; i < 200; i += 1) quiet.push(await light());
  const idle = memoryOf(pid).rss;

  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  let running = true;
  const latencies = [];
  const prober = (async () => {
    while (running) latencies.push(await light());
  })();
  const answers = {};
  const started = performance.now();
  for (let round = 0; round < Number(opts.rounds); round += 1) {
    for (const [name, file] of Object.entries(files)) {
      const replies = await Promise.all(
        Array.from({ length: Number(opts.parallel) }, async () => {
          const form = new FormData();
          form.append('file', new Blob([file]), 'hostile.xlsx');
          const res = await fetch(`${server.base}/api/admin/customer/info/importCheck`, {
            method: 'POST',
            headers: { authorization: token, language: 'en' },
            body: form,
          });
          return `${res.status} ${(await res.json()).message}`;
        }),
      );
      answers[name] = [...new Set(replies)].join(' | ');
    }
  }
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await prober;
  clearInterval(sampler);
  const after = memoryOf(pid);
  peak = Math.max(peak, after.rss);
  const p99 = percentile(latencies, 99);
  const lines = [
    `Hostile Excel imports (${os.cpus().length} CPUs, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    ...Object.entries(files).map(
      ([name, file]) => `  ${name}: ${(file.length / 1024).toFixed(0)} KB, answered ${answers[name]}`,
    ),
    `${Number(opts.rounds)} rounds x ${Object.keys(files).length} files x ${opts.parallel} at once in ${seconds.toFixed(1)} s`,
    `server RSS: ${idle.toFixed(0)} MB idle, peak ${peak.toFixed(0)} MB (high-water mark ${after.hwm.toFixed(0)} MB)  [target < ${TARGETS.rssMb} MB: ${after.hwm < TARGETS.rssMb ? 'ok' : 'MISSED'}]`,
    `light call (base/comm/person), ${latencies.length} calls meanwhile: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (quiet p99 ${percentile(quiet, 99).toFixed(1)} ms)  ` +
      `[target < ${TARGETS.p99Ms} ms: ${p99 < TARGETS.p99Ms ? 'ok' : 'MISSED'}]`,
  ];
  console.log(lines.join('\n'));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
