import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, type RunningServer, startBuiltServer } from './server-process.mjs';

export { CHROMIUM, type RunningServer };
export const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[e2e] skipped: no Chromium at ${CHROMIUM} (apt-get install chromium fonts-noto-cjk)`);

/** The built server (`npm start`'s), on a fresh SQLite database and a free port. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startBuiltServer({ env });
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export type Prefs = { locale?: 'zh-cn' | 'zh-tw' | 'en'; dark?: boolean; viewport?: { width: number; height: number } };

/** A fresh browser profile with the given language and theme already chosen. */
export async function newContext(browser: Browser, base: string, prefs: Prefs = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: prefs.viewport ?? { width: 1440, height: 900 } });
  await context.addInitScript(
    ([locale, dark]) => {
      if (localStorage.getItem('backroom.e2e-init')) return;
      localStorage.setItem('backroom.e2e-init', '1');
      if (locale) localStorage.setItem('backroom.locale', JSON.stringify({ value: locale }));
      localStorage.setItem(
        'backroom.theme',
        JSON.stringify({ value: { name: 'default', color: '#4165d7', dark, isGroup: false, transition: 'none' } }),
      );
    },
    [prefs.locale ?? null, prefs.dark ?? false] as const,
  );
  return context;
}

/** Signs in through the login form. */
export async function signIn(page: Page, username = 'admin', password = '123456') {
  await page.goto('/login');
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.fill('#verifyCode', '0000');
  await page.click('button[type=submit]');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // Home is the first page of the first menu group; a user without any menu sees the empty shell.
  await page.locator('.app-layout, .error-page').first().waitFor();
}

/** Calls the API directly with the page's current token, to set up data. */
export async function apiCall<T>(page: Page, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([u, b]) => {
      const raw = localStorage.getItem('backroom.token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      const response = await fetch(`/api${u}`, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const json = (await response.json()) as { code: number; message: string; data: unknown };
      if (json.code !== 1000) throw new Error(`${u}: ${json.message}`);
      return json.data;
    },
    [url, body] as const,
  ) as Promise<T>;
}
