// The figures of bench/run.mjs: how they print, and the report with its targets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RESULTS_DIR = path.join(import.meta.dirname, 'results');
export const USER_PAGE = '/api/admin/base/sys/user/page';
export const LOG_PAGE = '/api/admin/base/sys/log/page';
const TARGETS = { userRps: 2000, logRps: 1000, p99Ms: 50, idleRssMb: 100, refRatio: 0.8, refP99Ms: 30 };

export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
export const fmtMb = (kb) => (kb === null ? 'n/a' : (kb / 1024).toFixed(1));
export const fmtCpu = (us) => (us === null ? 'n/a' : String(Math.round(us)));
export const fmtCores = (c) => (c === null ? 'n/a' : c.toFixed(2));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The report of a run: printed and written to bench/results/latest.md. `run` holds the settings
 * (quick, dbKind, connections, durationS, warmupS, idleS, serverFlags, referenceDriver, bigLogs) and
 * what was measured (results, comparisons, warnings).
 */
export function report(phases, run) {
  const { results, comparisons, warnings } = run;
  const { quick, dbKind, connections, durationS, warmupS, idleS, serverFlags, referenceDriver, bigLogs } = run;
  const cpus = os.cpus();
  const lines = [];
  lines.push(`# Backroom benchmark${quick ? ' (--quick smoke run)' : ''}`);
  lines.push('');
  lines.push(
    `${new Date().toISOString()} · Node ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM · database: ${dbKind} · load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  lines.push(
    `autocannon: ${connections} connections, ${durationS} s per scenario after a ${warmupS} s warm-up per route; ` +
      'POST {"page":1,"size":20} as admin; server and load generator share the machine; server node flags: ' +
      `${serverFlags.length > 0 ? serverFlags.join(' ') : '(none)'}.`,
  );
  lines.push('');
  lines.push('| scenario | req/s | p50 ms | p99 ms | RSS MB | non-2xx | server CPU µs/req | other load (cores) |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    lines.push(
      `| ${r.scenario} | ${fmtInt(r.rps)} | ${fmtMs(r.p50)} | ${fmtMs(r.p99)} | ${fmtMb(r.rss)} | ` +
        `${r.non2xx + r.errors + r.timeouts} | ${fmtCpu(r.cpuUsPerReq)} | ${fmtCores(r.otherCores)} |`,
    );
  }
  lines.push('');
  for (const p of phases) {
    lines.push(
      `- Idle RSS (${p.label}): ${fmtMb(p.idleRss)} MB after ${idleS} s without requests following the warm-up ` +
        `(${fmtMb(p.soonRss)} MB 3 s after it; ${fmtMb(p.startRss)} MB at start, before any load).`,
    );
  }
  const peak = Math.max(...results.map((r) => r.hwm ?? 0));
  if (peak > 0) lines.push(`- Peak RSS of the server (VmHWM): ${fmtMb(peak)} MB.`);
  lines.push(
    `- Log rows when each log/page run began: ${results
      .filter((r) => r.urlPath === LOG_PAGE)
      .map((r) => fmtInt(r.rowsBefore))
      .join(', ')} (every request adds a row, so the table grows during the runs).`,
  );
  lines.push(`- RSS MB in the table is the server's VmRSS right after the run.`);
  lines.push(
    "- server CPU µs/req: the server process's CPU time during the run over the requests it answered (steadier than " +
      'req/s on a shared machine); other load: cores busy with processes other than the server and this bench' +
      `${dbKind === 'sqlite' ? '' : ` (the ${dbKind} server included)`}.`,
  );
  if (comparisons.length > 0) {
    lines.push('');
    lines.push(
      `user/page against the bare reference (bench/reference.mjs: Fastify + ${referenceDriver}, the same SQL on the same database, no auth, ` +
        `no log, no validation), taken in turns, ${durationS} s each; ratio = app req/s over reference req/s:`,
    );
    lines.push('');
    lines.push(
      '| round | reference req/s | reference p99 ms | reference µs/req | app req/s | app p99 ms | app µs/req | ratio | ratio by CPU | load average |',
    );
    lines.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const c of comparisons) {
      lines.push(
        `| ${c.round} | ${fmtInt(c.reference.rps)} | ${fmtMs(c.reference.p99)} | ${fmtCpu(c.reference.cpuUsPerReq)} | ` +
          `${fmtInt(c.app.rps)} | ${fmtMs(c.app.p99)} | ${fmtCpu(c.app.cpuUsPerReq)} | ${c.ratio.toFixed(2)}× | ` +
          `${c.cpuRatio.toFixed(2)}× | ` +
          `${c.load.toFixed(2)}–${c.loadAfter.toFixed(2)} |`,
      );
    }
  }
  lines.push('');
  lines.push(
    `Targets (${connections} connections): user/page ≥ ${fmtInt(TARGETS.userRps)} req/s, log/page ≥ ` +
      `${fmtInt(TARGETS.logRps)} req/s at 1M rows, p99 < ${TARGETS.p99Ms} ms, idle RSS < ${TARGETS.idleRssMb} MB; ` +
      `user/page ≥ ${TARGETS.refRatio}× the bare reference with p99 < ${TARGETS.refP99Ms} ms.`,
  );
  lines.push('');
  const check = (ok, text) => lines.push(`- ${ok ? 'PASS' : 'MISS'} ${text}`);
  for (const r of results) {
    const min = r.urlPath === USER_PAGE ? TARGETS.userRps : TARGETS.logRps;
    const counts = r.urlPath === USER_PAGE || r.logRows === bigLogs;
    if (counts) check(r.rps >= min, `${r.scenario}: ${fmtInt(r.rps)} req/s (≥ ${fmtInt(min)})`);
    check(r.p99 < TARGETS.p99Ms, `${r.scenario}: p99 ${fmtMs(r.p99)} ms (< ${TARGETS.p99Ms})`);
  }
  if (comparisons.length > 0) {
    const ratio = median(comparisons.map((c) => c.ratio));
    const p99 = median(comparisons.map((c) => c.app.p99));
    check(
      ratio >= TARGETS.refRatio,
      `user/page against the reference: median ratio ${ratio.toFixed(2)}× over ${comparisons.length} rounds (≥ ${TARGETS.refRatio}×)`,
    );
    check(
      p99 < TARGETS.refP99Ms,
      `user/page in the reference rounds: median p99 ${fmtMs(p99)} ms (< ${TARGETS.refP99Ms})`,
    );
  }
  for (const p of phases) {
    check(
      p.idleRss !== null && p.idleRss / 1024 < TARGETS.idleRssMb,
      `idle RSS (${p.label}): ${fmtMb(p.idleRss)} MB (< ${TARGETS.idleRssMb})`,
    );
  }
  if (warnings.length > 0) {
    lines.push('');
    for (const w of warnings) lines.push(`- **WARNING** ${w}`);
  }
  const text = `${lines.join('\n')}\n`;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), text);
  console.log(`\n${text}`);
  console.log(`written to ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.md'))}`);
}
