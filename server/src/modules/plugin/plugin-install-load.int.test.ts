import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pluginInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../testing/fixtures.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import {
  boundOf,
  describeFigures,
  figuresOf,
  mainThreadCpuMs,
  type Phase,
  type Post,
  startLightCalls,
  startSender,
} from './load.fixtures.js';
import { unzipPackage } from './package.js';
import { zipFiles } from './package-writer.js';
import { install, manifest, packageOf, signed, signingKey, strangerKey } from './plugin.fixtures.js';
import { SIGNATURE_FILE } from './signing.js';

const P = pluginInfo.prefix;
/** 40 light calls a second: well below what one instance answers, also on a loaded machine. */
const LIGHT_EVERY_MS = 25;

/** A package whose plugin.json is this text (or a manifest with this config schema). */
const packageWith = (pluginJson: string) =>
  packageOf({ 'plugin.json': pluginJson, 'index.mjs': 'export default { async notify() {} };\n' });
const withSchema = (keyName: string, configSchema: unknown) =>
  packageWith(manifest({ keyName, name: keyName, configSchema }));
const properties = (n: number, each: (i: number) => unknown) => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, each(i)])),
});
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'object' };
  for (let i = 0; i < levels; i += 1) schema = { type: 'object', properties: { a: schema } };
  return schema;
}
/** A package with a trusted key's SIGNATURE.json over other files: what anyone can copy from a real one. */
async function withCopiedSignature(zip: Buffer): Promise<Buffer> {
  const genuine = await unzipPackage(await signed(await withSchema('genuine', { type: 'object' })));
  const files = await unzipPackage(zip);
  files.set(SIGNATURE_FILE, genuine.get(SIGNATURE_FILE) as Buffer);
  return zipFiles(files);
}

type Hostile = { name: string; zip: Buffer; session: boolean; refused: RegExp | null };

/**
 * The hostile packages of issue 35, sent with and without a session (`refused` null: it installs),
 * one list per round: only the package that installs differs from round to round (its name holds
 * `tag` and the round, so a measurement taken again installs packages of its own).
 */
async function hostileRounds(rounds: number, tag: number): Promise<Hostile[][]> {
  // 40,000 properties: a 1 MB plugin.json in a zip of about 100 KB.
  const wide = await withSchema(
    'wide',
    properties(40_000, () => ({ type: 'string' })),
  );
  const many = await withSchema(
    'many',
    properties(2_000, () => ({})),
  );
  const deep = await withSchema('deep', nested(20));
  const bigEnum = await withSchema('big-enum', {
    type: 'object',
    properties: { a: { enum: Array.from({ length: 5_000 }, (_, i) => `v${i}`) } },
  });
  // 20,000 levels of arrays in 40 KB: refused from its text, before it is parsed.
  const deepText = await packageWith(
    manifest({ keyName: 'deep-text', configSchema: { type: 'object', default: 'DEEP' } }).replace(
      '"DEEP"',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    ),
  );
  // Within the bounds, but costly to compile: 150 patterns.
  const patterns = (keyName: string) =>
    withSchema(
      keyName,
      properties(150, (i) => ({ type: 'string', pattern: `^(a+)+[0-9]{${i + 1}}$` })),
    );
  const p = (name: string, zip: Buffer, session: boolean, refused: RegExp | null): Hostile => ({
    name,
    zip,
    session,
    refused,
  });
  const shared = [
    p('wide, unsigned, no session', wide, false, /trusted key/),
    p('wide, a stranger signed, no session', await signed(wide, strangerKey), false, /trusted key/),
    p(
      'wide, a copied trusted signature, no session',
      await withCopiedSignature(wide),
      false,
      /signature does not match/,
    ),
    p('wide, trusted, no session', await signed(wide), false, /plugin\.json cannot exceed 64KB/),
    p('many, trusted, no session', await signed(many), false, /at most 200 properties/),
    p('deep, trusted, no session', await signed(deep), false, /more than 32 levels deep/),
    p('enum, trusted, no session', await signed(bigEnum), false, /cannot exceed 32KB/),
    p('deep text, trusted, no session', await signed(deepText), false, /nested more than 64 levels deep/),
    p('wide, session', wide, true, /plugin\.json cannot exceed 64KB/),
    p('many, session', many, true, /at most 200 properties/),
    p('deep, session', deep, true, /more than 32 levels deep/),
    p('enum, session', bigEnum, true, /cannot exceed 32KB/),
    p('deep text, session', deepText, true, /nested more than 64 levels deep/),
    p('patterns, session, not confirmed', await patterns('patterns-session'), true, /confirm/),
  ];
  const out: Hostile[][] = [];
  for (let round = 0; round < rounds; round += 1) {
    const installs = await signed(await patterns(`patterns-${tag}-${round}`));
    out.push([...shared, p('patterns, trusted, no session', installs, false, null)]);
  }
  return out;
}

/**
 * Whether the latency bounds are set aside, with a printed reason, for the CPU the server's thread
 * spent: only when three runs all missed them on a busy machine (the quiet phases alone already past
 * 25 ms p99: the latency then measures the machine's other work as much as ours) and that CPU can
 * be read. On a quiet machine the latency is always judged. The old code missed both by seconds.
 */
function latencyJudgedByCpu(name: string, within: boolean, quietP99: number, cpu: number | undefined): boolean {
  if (within || quietP99 < 25 || cpu === undefined) return false;
  console.warn(
    `[install-load ${name}] latency not judged: three runs missed its bounds on a busy machine ` +
      `(quiet p99 ${quietP99.toFixed(0)} ms); judged by the server thread's CPU instead`,
  );
  return true;
}

describe.each(testTargets())('hostile plugin packages do not stall other calls on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let port: number;

  beforeAll(async () => {
    t = await startApp(target, { PLUGIN_TRUSTED_KEYS: signingKey.publicKey });
    admin = (await t.login()).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** An install as a client sends it over the network. */
  function installPost(h: Hostile): Post {
    const { body, contentType } = multipart([{ filename: 'plugin.zip', content: h.zip, type: 'application/zip' }]);
    return {
      path: `/api${P}/install`,
      body,
      headers: { 'content-type': contentType, language: 'en', ...(h.session ? { authorization: admin } : {}) },
    };
  }

  const now = () => performance.timeOrigin + performance.now();

  /**
   * Light calls throughout, in phases that alternate: quiet (light calls only) and hostile (the
   * packages of a round one after the other, round after round), each about `ms` long. Both kinds
   * of traffic come from threads of their own (load.fixtures.ts). Besides the light calls' times,
   * the CPU the server's thread spent per hostile package, beyond what the light calls cost it.
   */
  async function measureUnderLoad(cycles: number, ms: number, attempt: number) {
    // Made before the clock starts: zipping a 1 MB plugin.json is the test's work, not the server's.
    const queue = (await hostileRounds(cycles * 20, attempt)).flat();
    const light = startLightCalls(port, admin, LIGHT_EVERY_MS);
    const sender = startSender(port);
    await light.warm;
    const windows: Array<{ kind: 'quiet' | 'hostile'; from: number; to: number; loopMax: number; cpu?: number }> = [];
    const replies: Array<{ name: string; refused: RegExp | null; status: number; message: string }> = [];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    /** The server thread's CPU while each package was sent and answered (in 10 ms ticks), and how long that took. */
    const packageCpu: Array<{ cpu: number; ms: number }> = [];
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      for (const kind of ['quiet', 'hostile'] as const) {
        // A quiet phase measures the machine alone: not what a stall before it left queued.
        if (kind === 'quiet') await light.settled();
        loop.reset();
        loop.enable();
        const cpuBefore = mainThreadCpuMs();
        const from = now();
        if (kind === 'quiet') await new Promise((resolve) => setTimeout(resolve, ms));
        else {
          // One at a time, and none started once the phase is over (the old code took seconds for one).
          do {
            const h = queue.shift();
            if (!h) break;
            const c0 = mainThreadCpuMs();
            const sent = now();
            const [answer] = await sender.send([installPost(h)], 1);
            const c1 = mainThreadCpuMs();
            if (c0 !== undefined && c1 !== undefined) packageCpu.push({ cpu: c1 - c0, ms: now() - sent });
            replies.push({ name: h.name, refused: h.refused, ...(answer ?? { status: 0, message: '' }) });
          } while (now() - from < ms);
        }
        loop.disable();
        const cpuAfter = mainThreadCpuMs();
        const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
        windows.push({ kind, from, to: now(), loopMax: loop.max / 1e6, cpu });
      }
    }
    const samples = await light.stop();
    await sender.stop();
    const phase = (kind: 'quiet' | 'hostile'): Phase => {
      const mine = windows.filter((w) => w.kind === kind);
      return {
        times: samples.filter((s) => mine.some((w) => s.at >= w.from && s.at <= w.to)).map((s) => s.ms),
        loopMax: Math.max(...mine.map((w) => w.loopMax)),
      };
    };
    // The light calls' share, at the quiet phases' rate, taken off what the hostile phases used.
    const total = (kind: 'quiet' | 'hostile', of: (w: (typeof windows)[number]) => number | undefined) =>
      windows
        .filter((w) => w.kind === kind)
        .reduce<number | undefined>((n, w) => {
          const v = of(w);
          return n === undefined || v === undefined ? undefined : n + v;
        }, 0);
    const quietCpu = total('quiet', (w) => w.cpu);
    const hostileCpu = total('hostile', (w) => w.cpu);
    const quietMs = total('quiet', (w) => w.to - w.from) ?? 1;
    const hostileMs = total('hostile', (w) => w.to - w.from) ?? 1;
    const lightRate = quietCpu === undefined ? 0 : quietCpu / quietMs;
    const cpuPerPackage =
      quietCpu === undefined || hostileCpu === undefined
        ? undefined
        : Math.max(0, hostileCpu - lightRate * hostileMs) / Math.max(1, replies.length);
    // Each package's own: less what the light calls cost the thread while it was under way.
    const ownCpu = packageCpu.map((p) => Math.max(0, p.cpu - lightRate * p.ms));
    return {
      replies,
      cpuPerPackage,
      cpuMaxPackage: ownCpu.length > 0 ? Math.max(...ownCpu) : undefined,
      allOk: samples.every((s) => s.ok),
      quiet: figuresOf(phase('quiet')),
      hostile: figuresOf(phase('hostile')),
    };
  }

  it('answers a light call within 100 ms p99 while hostile packages arrive with and without a session', async () => {
    // A shared machine can stall this process for a stretch of its own (another suite's burst): the
    // latency is measured again, up to three times, until one run keeps within its bounds. The old
    // code missed them by seconds on every run; the CPU each package costs is checked on the run
    // kept, and no other load moves it.
    let run = await measureUnderLoad(4, 2000, 1);
    const withinBounds = (r: typeof run) =>
      r.hostile.p99 < boundOf(r.quiet.p99) && r.hostile.loopMax < boundOf(r.quiet.loopMax);
    for (let attempt = 2; attempt <= 3 && !withinBounds(run); attempt += 1) {
      console.warn(
        `[install-load ${target.name}] run ${attempt - 1} missed its latency bounds (${describeFigures(run.hostile)}); measuring again`,
      );
      run = await measureUnderLoad(4, 2000, attempt);
    }
    const { quiet, hostile } = run;
    const bound = boundOf(quiet.p99);
    const loopBound = boundOf(quiet.loopMax);
    const cpu =
      run.cpuPerPackage === undefined
        ? 'unknown'
        : `${run.cpuPerPackage.toFixed(1)} ms (at most ${run.cpuMaxPackage?.toFixed(0)} ms)`;
    console.log(
      `[install-load ${target.name}] ${run.replies.length} hostile installs, ${cpu} of the server thread's CPU each. ` +
        `Under attack: ${describeFigures(hostile)}. Quiet: ${describeFigures(quiet)}. ` +
        `Bounds: p99 ${bound.toFixed(0)} ms, loop ${loopBound.toFixed(0)} ms`,
    );
    expect(run.allOk).toBe(true);
    expect(hostile.calls).toBeGreaterThan(150);
    // Else judged by the CPU each package cost the server's thread, below.
    if (!latencyJudgedByCpu(target.name, withinBounds(run), quiet.p99, run.cpuPerPackage)) {
      expect(hostile.p99).toBeLessThan(bound);
      // No single stretch held the loop: the light calls' p99 alone could miss one short block.
      expect(hostile.loopMax).toBeLessThan(loopBound);
    }
    // What the machine's other load cannot move: the work each package cost the server's thread
    // (the old code: seconds for one 40,000-property schema).
    if (run.cpuPerPackage === undefined)
      console.warn('[install-load] /proc cannot be read here: CPU per package not checked');
    else {
      expect(run.cpuPerPackage).toBeLessThan(25);
      // Read in ticks of 10 ms, with the light calls and a collection of the garbage now and then.
      expect(run.cpuMaxPackage).toBeLessThan(100);
    }
    for (const reply of run.replies) {
      if (reply.refused === null) expect(reply.status, `${reply.name}: ${reply.message}`).toBe(200);
      else {
        expect(reply.status, reply.name).toBe(400);
        expect(reply.message, reply.name).toMatch(reply.refused);
      }
    }
  }, 240_000);

  it('reads nothing but the central directory and SIGNATURE.json of an open install until its key is trusted', async () => {
    // plugin.json's bytes are garbage: inflating it would fail. Unread, the package is refused as untrusted.
    const zip = await withSchema('garbage-inside', { type: 'object' });
    const at = zip.indexOf(Buffer.from('plugin.json')) + 'plugin.json'.length;
    for (let i = 0; i < 20; i += 1) zip[at + i] = (zip[at + i] ?? 0) ^ 0x5a;
    const open = await install(t, undefined, zip);
    expect(open.status).toBe(400);
    expect(open.body.message).toMatch(/trusted key/);
    // With a session the same package is read, and is not a valid zip.
    const withSession = await install(t, admin, zip, { confirmUnsigned: 'true' });
    expect(withSession.body.message).toMatch(/not a valid zip/);
  });

  it("refuses an open install for its signature before its manifest is read, when a trusted key's signature is copied onto it", async () => {
    const zip = await withCopiedSignature(await packageWith('this is not JSON'));
    const open = await install(t, undefined, zip);
    expect(open.status).toBe(400);
    expect(open.body.message).toMatch(/signature does not match/);
  });

  it('checks a config off the event loop: a pattern that backtracks ends on its own thread and is refused', async () => {
    const zip = await withSchema('backtracks', {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    });
    const { id } = dataOf(await install(t, admin, zip, { confirmUnsigned: 'true' }));
    /** One backtracking check, with light calls before it (quiet) and during it. */
    async function measure() {
      const light = startLightCalls(port, admin, LIGHT_EVERY_MS);
      await light.warm;
      const quietFrom = now();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const cpuBefore = mainThreadCpuMs();
      const started = now();
      // 34 a's and a stop: some 2^34 backtracking steps, far beyond 3 s even once V8 has compiled the
      // pattern to native code (28 ended in time on a quiet machine); the check is cut at 3 s anyway.
      const reply = await t.post(`${P}/update`, { id, config: { code: `${'a'.repeat(34)}!` } }, admin, {
        language: 'en',
      });
      const ended = now();
      const cpuAfter = mainThreadCpuMs();
      loop.disable();
      const samples = await light.stop();
      const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      const during = figuresOf({
        times: samples.filter((s) => s.at >= started && s.at <= ended).map((s) => s.ms),
        loopMax: loop.max / 1e6,
      });
      const quiet = figuresOf({
        times: samples.filter((s) => s.at >= quietFrom && s.at < started).map((s) => s.ms),
        loopMax: 0,
      });
      return { reply, ms: ended - started, cpu, during, quiet };
    }
    // As in the test above: another suite's burst on a shared machine can stall this process for a
    // stretch of its own, so the latency is measured again, up to three times, until one run keeps
    // within its bound. The old code held the loop for the whole check on every run.
    let run = await measure();
    for (let attempt = 2; attempt <= 3 && run.during.p99 >= boundOf(run.quiet.p99); attempt += 1) {
      console.warn(
        `[install-load ${target.name}] backtracking run ${attempt - 1} missed its latency bound (${describeFigures(run.during)}); measuring again`,
      );
      run = await measure();
    }
    const { reply, during, quiet } = run;
    console.log(
      `[install-load ${target.name}] backtracking config refused in ${run.ms.toFixed(0)} ms, ` +
        `${run.cpu ?? 'unknown'} ms of the server thread's CPU meanwhile. ` +
        `Meanwhile: ${describeFigures(during)}. Quiet: ${describeFigures(quiet)}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/did not compile or check within 3 s/);
    expect(run.ms).toBeLessThan(10_000);
    expect(during.calls).toBeGreaterThan(50);
    const within = during.p99 < boundOf(quiet.p99);
    if (latencyJudgedByCpu(target.name, within, quiet.p99, run.cpu))
      // The check on the server's thread would have held it for the whole 3 s; light calls take a few ms each.
      expect(run.cpu).toBeLessThan(1000);
    else expect(during.p99).toBeLessThan(boundOf(quiet.p99));
    // An ordinary config is checked at once afterwards (a fresh schema thread).
    dataOf(await t.post(`${P}/update`, { id, config: { code: 'aaa' } }, admin));
  }, 120_000);
});
