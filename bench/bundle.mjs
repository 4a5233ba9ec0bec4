// Prints the gzip size of the JavaScript a browser loads for /login and for the first page after
// signing in (targets: ≤ 200 KB and ≤ 450 KB). Needs the built server and web app, and Chromium.
// usage: npm run bench:bundle
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  ROOT as root,
  signInCompletingChange,
  startBuiltServer,
} from '../e2e/support/server-process.mjs';

if (!fs.existsSync(path.join(root, 'server/dist/main.js')) || !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error('build first: npm run build');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(1);
}

const server = await startBuiltServer({ stdio: ['ignore', 'ignore', 'inherit'] });
const { base } = server;
try {
  // The admin's forced first change, made beforehand: the measure is the sign-in and the first page.
  const { password } = await signInCompletingChange(base, 'admin', '123456');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts = new Map();
  let phase = 'login';
  // The browser tells which scripts a page loads and when (the phase is read as the request
  // leaves); their sizes are measured afterwards from the server, as the browser does not keep
  // every body (modulepreloaded scripts, for one) for the asking.
  // Every answer as it went over the wire (compressed bodies, headers included), by phase.
  const transfers = [];
  page.on('requestfinished', (request) => transfers.push({ request, phase }));
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !scripts.has(request.url())) {
      scripts.set(request.url(), { phase, gzip: 0, raw: 0 });
    }
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  // The form says whether the server asks for a captcha (npm start's server here does not).
  const form = page.locator('.login-form[data-captcha]');
  await form.waitFor();
  phase = 'first page';
  await page.fill('#username', 'admin');
  await page.fill('#password', password);
  if ((await form.getAttribute('data-captcha')) === 'on') await page.fill('#verifyCode', '0000');
  await page.click('button[type=submit]');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('.app-layout .view-slot.active, .error-page').first().waitFor();
  await page.waitForLoadState('networkidle');
  const firstPath = new URL(page.url()).pathname;
  const wire = { login: { requests: 0, bytes: 0 }, 'first page': { requests: 0, bytes: 0 } };
  for (const { request, phase: at } of transfers) {
    const sizes = await request.sizes();
    wire[at].requests += 1;
    wire[at].bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  }
  await browser.close();
  for (const [url, entry] of scripts) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    Object.assign(entry, { gzip: gzipSync(body).length, raw: body.length });
  }
  const sum = (filter) => [...scripts].filter(([url, s]) => filter(s, url)).reduce((n, [, s]) => n + s.gzip, 0);
  const login = sum((s) => s.phase === 'login');
  // The home dashboard's charts load in a chunk of their own beside its cards (which do not wait for it):
  // told apart, so the shell and the screen compare with the figures before the dashboard.
  const isCharts = (url) => /\/home-charts-[^/]*\.js$/.test(new URL(url).pathname);
  const first = sum((_s, url) => !isCharts(url));
  const charts = sum((_s, url) => isCharts(url));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    '| page | JS loaded (gzip) | target |',
    '|---|---|---|',
    `| /login | ${kb(login)} | ≤ 200 KB |`,
    `| first page after sign-in (${firstPath}), /login included | ${kb(first)} | ≤ 450 KB |`,
    ...(charts > 0 ? [`| its charts, a chunk of their own the page draws without | ${kb(charts)} | |`] : []),
  ];
  const both = {
    requests: wire.login.requests + wire['first page'].requests,
    bytes: wire.login.bytes + wire['first page'].bytes,
  };
  lines.push(
    '',
    '| on the wire (every request, as Chromium received it) | requests | bytes |',
    '|---|---|---|',
    `| /login | ${wire.login.requests} | ${kb(wire.login.bytes)} |`,
    `| first page after sign-in, /login included | ${both.requests} | ${kb(both.bytes)} |`,
  );
  console.log(lines.join('\n'));
  for (const [url, s] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${s.phase.padEnd(10)} ${kb(s.gzip).padStart(9)}  ${new URL(url).pathname}`);
  }
} finally {
  await server.stop();
}
