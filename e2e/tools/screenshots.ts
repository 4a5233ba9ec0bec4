/**
 * Screenshots of the main screens for a look by eye: every page in zh-cn and en, light and dark,
 * on a laptop (1440×900) and a phone (390×844), plus the user form, the plugin screen's dialogs and
 * the settings drawer open.
 * Run with `npm run screenshots`; the PNGs land in e2e/screenshots/ (not committed). The data they
 * show is made by screenshot-seeds.ts, the dialogs beyond each screen are opened by screenshot-dialogs.ts.
 * `npm run screenshots -- customer` takes only the screens whose route has that word (and login);
 * `-- settings` the settings drawer, `-- security` the account security steps.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generateSigningKey } from '../../server/src/modules/plugin/signing.js';
import { startFakeWecom } from '../../server/src/testing/fake-wecom.js';
import { hasChromium, launch, newContext, PHONE, type Prefs, signIn, startServer } from '../support/app.js';
import { freePort } from '../support/server-process.mjs';
import {
  type Shoot,
  settle,
  shootAccountSecurity,
  shootCustomerDialogs,
  shootFullRunDialogs,
  shootGoodsDialog,
  shootInvitationPicker,
  shootMenuDialog,
  shootParamDialogs,
  shootPluginDialogs,
  shootReportPicker,
  shootRouteTabs,
  shootSettingsDrawer,
  shootTransform,
  shootUserForm,
} from './screenshot-dialogs.js';
import { seedScreens } from './screenshot-seeds.js';

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, 'e2e/screenshots');

const ROUTES = [
  '/login',
  '/',
  '/sys/user',
  '/sys/role',
  '/sys/menu',
  '/sys/param',
  '/sys/log',
  '/sys/audit',
  '/sys/session',
  '/base/message',
  '/base/notice',
  '/my/info',
  '/dict/list',
  '/recycle/data',
  '/space/list',
  '/task/list',
  '/customer/info',
  '/customer/invitation',
  '/customer/activity',
  '/customer/reveal-log',
  '/customer/report',
  '/helper/transform',
  '/helper/ai-code',
  '/user/list',
  '/demo/crud',
  '/demo/tenant',
  '/demo/test/route/42/tea',
  '/helper/plugins/serve',
  '/404',
] as const;
const slug = (route: string) => route.replace(/^\//, '').replace(/\//g, '-') || 'home';
/** Only the routes with this word in them (and the login, which signs in), when given. */
const only = process.argv[2];
const wanted = (route: string) => !only || route === '/login' || route.includes(only) || slug(route).includes(only);
const LOCALES = ['zh-cn', 'en'] as const;
const THEMES = [
  { name: 'light', dark: false, colorScheme: 'light' },
  { name: 'dark', dark: true, colorScheme: 'light' },
  // No theme picked on a system that prefers dark: the app follows it (desktop, zh-cn only).
  { name: 'system', dark: 'system', colorScheme: 'dark' },
] as const;
const SIZES = [{ width: 1440, height: 900 }, PHONE] as const;

/** What one run holds: the server, the browser, the trusted signing key and what went wrong on the way. */
type Run = {
  browser: Browser;
  base: string;
  signingKey: string;
  problems: string[];
  count: number;
  seeded: boolean;
};

/** Every screen and dialog wanted, in one setting (a locale, a theme and a size), in a context of its own. */
async function shootSetting(run: Run, prefs: Prefs, where: string) {
  const context = await newContext(run.browser, run.base, prefs);
  const page = await context.newPage();
  page.on('pageerror', (error) => run.problems.push(`${where} ${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      run.problems.push(`${where} ${new URL(page.url()).pathname} console.${message.type()}: ${message.text()}`);
    }
  });
  const shootOn = async (target: Page, name: string) => {
    await target.mouse.move(0, 0);
    await target.screenshot({ path: path.join(out, `${name}.${where}.png`) });
    run.count += 1;
  };
  const shoot: Shoot = (name) => shootOn(page, name);
  for (const route of ROUTES.filter(wanted)) {
    if (route === '/login') {
      await page.goto('/login');
      await page.locator('#username').waitFor();
      await page.getByTestId('wecom-sign-in').waitFor();
      await settle(page);
      await shoot('login');
      await signIn(page);
      if (!run.seeded) {
        // The home of a fresh install (it lands there), before any data is seeded.
        if (wanted('/')) {
          await page.locator('.home').waitFor();
          await settle(page);
          await shoot('home-empty');
        }
        await seedScreens(page, run.base);
        run.seeded = true;
      }
      continue;
    }
    await page.goto(route);
    await page.locator('.app-layout .view-slot.active, .error-page').first().waitFor();
    await settle(page);
    await shoot(slug(route));
  }
  if (wanted('/customer')) await shootCustomerDialogs(page, shoot);
  if (wanted('/customer/invitation')) await shootInvitationPicker(page, shoot);
  if (wanted('/customer/report')) await shootReportPicker(page, shoot);
  if (wanted('/sys/param')) await shootParamDialogs(page, shoot);
  if (wanted('/helper/transform')) await shootTransform(page, shoot);
  if (wanted('/demo/crud')) await shootGoodsDialog(page, shoot);
  if (wanted('/helper/plugins/serve')) await shootPluginDialogs(page, shoot, run.signingKey);
  if (!only || only === 'security') await shootAccountSecurity(run.browser, run.base, prefs, page, shootOn);
  if (wanted('/demo/test/route/42/tea')) await shootRouteTabs(page, shoot);
  if (wanted('/sys/user')) await shootUserForm(page, shoot);
  if (wanted('/sys/menu')) await shootMenuDialog(page, shoot);
  if (!only) await shootFullRunDialogs(page, shoot);
  if (!only || only === 'settings') await shootSettingsDrawer(page, shoot);
  await context.close();
}

async function main() {
  if (!hasChromium) process.exit(1);
  if (
    !fs.existsSync(path.join(root, 'web/dist/index.html')) ||
    !fs.existsSync(path.join(root, 'server/dist/main.js'))
  ) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  fs.mkdirSync(out, { recursive: true });
  const started = Date.now();
  // Enterprise WeChat sign-in configured (against the local fake), so the login page shows its action.
  const wecom = await startFakeWecom();
  const port = await freePort();
  // A key the server trusts, so the install dialog shows a signed package as such.
  const signing = generateSigningKey();
  const [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PLUGIN_TRUSTED_KEYS: signing.publicKey,
      ...wecom.env(`http://127.0.0.1:${port}/login`),
    }),
    launch(),
  ]);
  const run: Run = {
    browser,
    base: server.base,
    signingKey: signing.privateKeyPem,
    problems: [],
    count: 0,
    seeded: false,
  };
  try {
    for (const size of SIZES) {
      for (const locale of LOCALES) {
        for (const theme of THEMES) {
          if (theme.name === 'system' && (locale !== 'zh-cn' || size.width !== 1440)) continue;
          const where = `${locale}.${theme.name}.${size.width}x${size.height}`;
          const { dark, colorScheme } = theme;
          await shootSetting(run, { locale, dark, colorScheme, viewport: size }, where);
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await wecom.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${run.count} screenshots in ${path.relative(root, out)}/ (${seconds} s)`);
  if (run.problems.length) console.log(`Browser errors and warnings:\n${[...new Set(run.problems)].join('\n')}`);
}

await main();
