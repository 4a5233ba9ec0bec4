// The app as a new user meets it, in Chromium (playwright-core + /usr/bin/chromium), against the
// built server on a fresh SQLite database:
//   - the sign-in page on a first visit: requests and bytes as they crossed the wire (compressed
//     bodies and headers); targets ≤ 20 requests and ≤ 120 KB;
//   - signing in to the home page: the bytes more (target ≤ 300 KB), and whether the charts came
//     with the dashboard and the Chinese conversion table stayed away;
//   - every screen's first open after sign-in, with the browser's cache empty: from the click (or
//     the route change a menu click makes) to the data on screen, median of RUNS (target < 300 ms).
// Each run of a screen is a browser profile of its own (nothing cached before sign-in), signed in,
// on the home page, the network quiet and the shell's idle prefetch of the menu's screens done
// (`--cold`: clicked at once, before it); the time is taken inside the page (performance.now,
// checked every frame). A shared, loaded machine moves these figures a lot: read them with its load.
// `--cpu` adds, for each list's open, the page's main-thread CPU time over it (Chromium's ThreadTime
// metric): a figure a busy machine moves far less than the time on the clock, for comparing builds.
// usage: npm run build && npm run bench:browser [-- --runs 3] [--cold] [--only /sys/user] [--wire] [--list] [--cpu]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  ROOT,
  signInCompletingChange,
  startBuiltServer,
  startScriptFlags,
} from '../e2e/support/server-process.mjs';

/** `--only <path part>`: the first opens of the screens whose path has it, and nothing else. */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
/** `--cold`: each click right after the home page is drawn, before the shell's idle prefetch. */
const COLD = process.argv.includes('--cold');
/** `--wire`: the sign-in and home figures only (requests and bytes), no first opens. */
const WIRE_ONLY = process.argv.includes('--wire');
/** `--cpu`: each list's open also as the page's main-thread CPU time. */
const CPU = process.argv.includes('--cpu');
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3) || 3;
if (!fs.existsSync(path.join(ROOT, 'server/dist/main.js')) || !fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
  console.error('build first: npm run build');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(1);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const server = await startBuiltServer({
  nodeArgs: startScriptFlags(),
  stdio: ['ignore', 'ignore', 'inherit'],
  timeoutMs: 120_000,
});
const { base } = server;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const { password, token } = await signInCompletingChange(base, 'admin', '123456');
  const api = async (url, body = {}) => {
    const response = await fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (json.code !== 1000) throw new Error(`${url}: ${json.message}`);
    return json.data;
  };
  // A screen's worth of rows in each list the bench opens.
  for (let i = 0; i < 20; i++) {
    const phone = `139${String(10000000 + i).slice(-8)}`;
    const name = `Bench customer ${i}`;
    const { id } = await api('/admin/customer/info/create', {
      customerName: name,
      customerPhone: phone,
      customerAddress: 'No. 1 Market Street',
    });
    await api('/admin/customer/invitationRecord/create', {
      customerID: id,
      inviteTime: `${new Date().toISOString().slice(0, 10)} ${String(9 + (i % 8)).padStart(2, '0')}:00:00`,
    });
    await api('/admin/customer/activity/create', {
      customerId: id,
      customerName: name,
      customerPhone: phone,
      customerAddress: 'No. 2 Market Street',
      activityName: 'Bench fair',
    });
    await api('/admin/user/info/add', { nickName: `Bench member ${i}`, phone: `137${String(10000000 + i).slice(-8)}` });
  }

  const login = async () => {
    const response = await fetch(`${base}/api/admin/base/open/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    return (await response.json()).data;
  };
  /** A fresh profile (empty cache), in English, optionally signed in already. */
  const profile = async (session) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(60_000);
    const now = Date.now();
    await context.addInitScript(
      ([stored]) => {
        if (localStorage.getItem('bench.init')) return;
        localStorage.setItem('bench.init', '1');
        localStorage.setItem('backroom.locale', JSON.stringify({ value: 'en' }));
        if (stored) {
          localStorage.setItem('backroom.token', JSON.stringify(stored.token));
          localStorage.setItem('backroom.refreshToken', JSON.stringify(stored.refreshToken));
        }
      },
      [
        session
          ? {
              token: { value: session.token, expireAt: now + session.expire * 1000 },
              refreshToken: { value: session.refreshToken, expireAt: now + session.refreshExpire * 1000 },
            }
          : null,
      ],
    );
    return context;
  };

  // ---- the sign-in page, then the home page after signing in
  const wire = [];
  for (let run = 0; run < (only ? 0 : RUNS); run++) {
    const context = await profile(null);
    const page = await context.newPage();
    let phase = 'login';
    const finished = [];
    page.on('requestfinished', (request) => finished.push({ request, phase }));
    page.on('requestfailed', (request) => finished.push({ request, phase }));
    await page.goto('/login', { waitUntil: 'networkidle' });
    const form = page.locator('.login-form[data-captcha]');
    await form.waitFor();
    await page.waitForLoadState('networkidle');
    phase = 'home';
    await page.fill('#username', 'admin');
    await page.fill('#password', password);
    await page.click('button[type=submit]');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.locator('.app-layout .view-slot.active .home-grid').waitFor();
    await page.locator('.view-slot.active .home-chart svg').first().waitFor();
    await page.waitForLoadState('networkidle');
    const sums = {
      login: { requests: 0, bytes: 0, urls: [] },
      home: { requests: 0, bytes: 0, urls: [], charts: 0 },
    };
    for (const { request, phase: at } of finished) {
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      const pathname = new URL(request.url()).pathname;
      sums[at].requests += 1;
      sums[at].bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      sums[at].urls.push(pathname);
      if (at === 'home' && /\/home-charts-[^/]*\.js$/.test(pathname))
        sums.home.charts += sizes.responseBodySize + sizes.responseHeadersSize;
    }
    wire.push(sums);
    await context.close();
  }
  if (wire.length > 0) {
    const last = wire.at(-1);
    const charts = (urls) => urls.some((u) => /\/home-charts-[^/]*\.js$/.test(u));
    const conversion = (urls) => urls.some((u) => /\/(cn2t|t2cn)-[^/]*\.js$/.test(u));
    console.log('| page, first visit (cache empty) | requests | bytes on the wire | target |');
    console.log('|---|---|---|---|');
    console.log(
      `| sign-in page (/login) | ${median(wire.map((w) => w.login.requests))} | ${kb(median(wire.map((w) => w.login.bytes)))} | ≤ 20, ≤ 120 KB |`,
    );
    console.log(
      `| home after signing in, more | ${median(wire.map((w) => w.home.requests))} | ${kb(median(wire.map((w) => w.home.bytes)))} | ≤ 300 KB |`,
    );
    console.log(
      `| of which the dashboard's charts (their own chunk, SVG drawn by the page) | 1 | ${kb(median(wire.map((w) => w.home.charts)))} | |`,
    );
    console.log(
      `\ncharts before the dashboard: ${charts(last.login.urls) ? 'YES' : 'no'}; with it: ${charts(last.home.urls) ? 'yes' : 'NO'}; the Chinese conversion table: ${conversion([...last.login.urls, ...last.home.urls]) ? 'LOADED' : 'not loaded'}`,
    );
    if (process.argv.includes('--list')) {
      for (const at of ['login', 'home']) for (const u of last[at].urls) console.log(`  ${at.padEnd(5)} ${u}`);
    }
  }

  // ---- first opens
  const view = '.view-slot.active';
  /** In the page: does `selector` match a visible element (with `filled`: an input with a value in it)? */
  const TIMED = async ({ start, selector, filled }) => {
    const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const ready = () => {
      const hits = [...document.querySelectorAll(selector)].filter(visible);
      if (hits.length === 0) return false;
      if (!filled) return true;
      return hits.some(
        (el) =>
          !el.querySelector('.ant-spin-spinning, .ant-skeleton') &&
          [...el.querySelectorAll('input')].some((input) => input.value !== ''),
      );
    };
    const t0 = performance.now();
    if (start.path) {
      history.pushState(null, '', start.path);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    } else {
      window.__benchTarget.click();
    }
    for (;;) {
      if (ready()) return performance.now() - t0;
      if (performance.now() - t0 > 30_000) return Number.NaN;
      await new Promise((r) => requestAnimationFrame(r));
    }
  };
  const modal = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal form';
  /** Closes the dialog that is open (Escape, as a user would) and waits until no form dialog shows. */
  const closeModal = async (page) => {
    await page.keyboard.press('Escape');
    const gone = () =>
      page.waitForFunction(
        () =>
          [...document.querySelectorAll('.ant-modal form')].every(
            (el) => el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden',
          ),
        null,
        { timeout: 10_000 },
      );
    await gone().catch(async () => {
      await page.screenshot({ path: '/tmp/bench-modal.png' });
      throw new Error('the dialog did not close (screenshot: /tmp/bench-modal.png)');
    });
  };
  /** Clicks `target` (a locator) and times until `selector` shows. */
  const clickTimed = async (page, target, selector, filled = false) => {
    await target
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(async () => {
        const labels = await page
          .locator(`${view} .ant-table-row`)
          .first()
          .locator('button, a')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent));
        throw new Error(`not found: ${target}; the first row's buttons: ${JSON.stringify(labels)}`);
      });
    await target.first().evaluate((el) => {
      window.__benchTarget = el;
    });
    return page.evaluate(TIMED, { start: {}, selector, filled });
  };
  const editButton = (page) =>
    page
      .locator(`${view} .ant-table-row button[aria-label^="Edit"]`)
      .or(page.locator(`${view} .ant-table-row button`).filter({ hasText: /^\s*Edit\s*$/ }));
  const addButton = (page) => page.locator(`${view} [data-testid=crud-add]`);

  /** Each screen: a list, then (same profile, their chunks still cold) its dialogs. */
  const screens = [
    { name: 'user list', path: '/sys/user', dialogs: true },
    { name: 'role list', path: '/sys/role', dialogs: true },
    { name: 'customer list', path: '/customer/info', dialogs: true, details: true },
    { name: 'invitation list', path: '/customer/invitation', dialogs: true, calendar: true },
    { name: 'activity list', path: '/customer/activity', dialogs: true },
    { name: 'app-user list', path: '/user/list', dialogs: true },
  ];
  const times = new Map();
  const record = (name, ms) => {
    if (!times.has(name)) times.set(name, []);
    times.get(name).push(ms);
    // As it goes, on stderr: a long run on a busy machine shows what it has so far.
    console.error(`  ${name}: ${Math.round(ms)} ms`);
  };
  for (let run = 0; run < (WIRE_ONLY ? 0 : RUNS); run++) {
    for (const screen of screens) {
      if (only && !screen.path.includes(only)) continue;
      const session = await login();
      const context = await profile(session);
      const page = await context.newPage();
      await page.goto('/');
      await page.locator('.app-layout .view-slot.active .home-grid').waitFor();
      await page.waitForLoadState('networkidle');
      // The shell loads the menu's screens (and their dialogs) while idle after the first screen
      // (layout/Shell.tsx): a user who clicks a few seconds after signing in finds them loaded.
      // `--cold` clicks at once instead, before that starts.
      if (!COLD) {
        await page.locator('html[data-prefetched]').waitFor({ state: 'attached', timeout: 120_000 });
        await page.waitForLoadState('networkidle');
      }
      const cdp = CPU ? await context.newCDPSession(page) : null;
      const threadTime = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'ThreadTime').value * 1000;
      };
      if (cdp) await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      const cpuBefore = cdp ? await threadTime() : 0;
      record(
        screen.name,
        await page.evaluate(TIMED, { start: { path: screen.path }, selector: `${view} .ant-table-row` }),
      );
      if (cdp) record(`${screen.name}, main-thread CPU`, (await threadTime()) - cpuBefore);
      await page.waitForLoadState('networkidle');
      if (screen.dialogs) {
        record(`${screen.name}: add dialog`, await clickTimed(page, addButton(page), modal));
        await closeModal(page);
        record(`${screen.name}: edit dialog`, await clickTimed(page, editButton(page), modal, true));
        await closeModal(page);
      }
      if (screen.details) {
        await page.waitForLoadState('networkidle');
        record(
          'customer details',
          await clickTimed(
            page,
            page.locator(`${view} .customer-name-link`),
            '.ant-drawer-open [data-testid=timeline-invitation]',
          ),
        );
      }
      if (screen.calendar) {
        await page.waitForLoadState('networkidle');
        record(
          'invitation calendar',
          await clickTimed(
            page,
            page.locator(`${view} [data-testid=invitation-mode]`).getByText('Calendar'),
            `${view} [data-testid=invitation-card]`,
          ),
        );
      }
      await context.close();
    }
  }
  if (!WIRE_ONLY)
    console.log(
      `\n| first open, after sign-in, cache empty${COLD ? ', clicked before the idle prefetch' : ', after the idle prefetch'} (median of ${RUNS}) | ms | runs | target |`,
    );
  if (!WIRE_ONLY) console.log('|---|---|---|---|');
  for (const [name, list] of times) {
    const m = median(list);
    console.log(
      `| ${name} | ${Math.round(m)} | ${list.map((x) => Math.round(x)).join(', ')} | ${name.endsWith('CPU') ? '' : `< 300 ms${m < 300 ? '' : ' (missed)'}`} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
