import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, type RunningServer, startBuiltServer } from './server-process.mjs';

export { CHROMIUM, type RunningServer };
export const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[e2e] skipped: no Chromium at ${CHROMIUM} (apt-get install chromium fonts-noto-cjk)`);

/**
 * How long an action or a wait may take before it fails. Generous on purpose: CI's machine is
 * shared, and a test waits for what it needs (an element, a response), never for a fixed time.
 */
export const ACTION_TIMEOUT_MS = 30_000;

/** The data folder of each server the specs started, by its base URL (for skipPasswordChange). */
const dataDirs = new Map<string, string>();

/**
 * The built server (`npm start`'s), on a fresh SQLite database and a free port, its seeded admin's
 * forced password change marked done (skipPasswordChange).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startBuiltServer({ env });
  dataDirs.set(server.base, server.dataDir);
  skipPasswordChange(server.base, 'admin');
  return server;
}

/**
 * Test-only: the user's forced password change counts as done, written straight into the server's
 * SQLite file (nothing in the app can do this). The seeded admin and every user a spec adds with a
 * password would otherwise owe the change, and most specs are about something else; the spec of
 * the change itself (e2e/base/account-security.spec.ts) signs in without it. Call it before the
 * user's first signed-in request: the server reads a user's flags when it first sees the user.
 */
export function skipPasswordChange(base: string, username: string): void {
  const dataDir = dataDirs.get(base);
  if (!dataDir) return;
  const db = new Database(path.join(dataDir, 'backroom.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update base_sys_user set passwordChangeRequired = 0 where username = ?').run(username);
  } finally {
    db.close();
  }
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** What a spec file runs against: its own server, a browser, and the admin's API client. */
export type Run = { server: RunningServer; browser: Browser; admin: Api };

/** Starts a spec file's server and browser side by side, then signs the admin in through the API. */
export async function startRun(env: Record<string, string> = {}): Promise<Run> {
  const [server, browser] = await Promise.all([startServer(env), launch()]);
  return { server, browser, admin: apiOf(server.base, (await login(server.base)).token) };
}

/** Closes what startRun opened (either part may be missing when the start failed). */
export async function stopRun(run: { server?: RunningServer; browser?: Browser }): Promise<void> {
  await run.browser?.close();
  await run.server?.stop();
}

/** A name no other test (and no earlier run on the same server) uses: `e2e-k3x9a2`. */
export function unique(prefix = 'e2e'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export type TokenPair = { token: string; expire: number; refreshToken: string; refreshExpire: number };

/** The phone every spec tries a screen on (an iPhone 12 to 15's CSS size), as the screenshots do. */
export const PHONE = { width: 390, height: 844 } as const;

export type Prefs = {
  locale?: 'zh-cn' | 'zh-tw' | 'en';
  /** Light or dark as the user picked it; `'system'`: never picked, the app follows `colorScheme`. */
  dark?: boolean | 'system';
  /** The system's preference (prefers-color-scheme), light unless said. */
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Menu grouping (the settings drawer's "group the menu" switch) on. */
  group?: boolean;
  /** Signed in from the first page load, as if the login form had been used. */
  session?: TokenPair;
  /**
   * antd's zooms and slides on. Off by default: the profile asks for reduced motion, which the app
   * honours (Shell.tsx), so no click lands on a dialog still zooming in on a loaded machine.
   */
  motion?: boolean;
};

/** A fresh browser profile with the given language, theme and (optionally) session already in place. */
export async function newContext(browser: Browser, base: string, prefs: Prefs = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: prefs.viewport ?? { width: 1440, height: 900 },
    reducedMotion: prefs.motion ? 'no-preference' : 'reduce',
    colorScheme: prefs.colorScheme ?? 'light',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const now = Date.now();
  const session = prefs.session
    ? {
        token: { value: prefs.session.token, expireAt: now + prefs.session.expire * 1000 },
        refreshToken: { value: prefs.session.refreshToken, expireAt: now + prefs.session.refreshExpire * 1000 },
      }
    : null;
  // Once per profile: a reload later must see what the app itself stored (a logout, a new language).
  await context.addInitScript(
    ([locale, dark, isGroup, stored]) => {
      // A sandboxed frame (a rich-text parameter's preview) has no storage of its own to set up.
      if (window !== window.top) return;
      if (localStorage.getItem('backroom.e2e-init')) return;
      localStorage.setItem('backroom.e2e-init', '1');
      if (locale) localStorage.setItem('backroom.locale', JSON.stringify({ value: locale }));
      const theme = { name: 'default', color: '#4165d7', isGroup, transition: 'none' };
      localStorage.setItem('backroom.theme', JSON.stringify({ value: dark === 'system' ? theme : { ...theme, dark } }));
      if (stored) {
        localStorage.setItem('backroom.token', JSON.stringify(stored.token));
        localStorage.setItem('backroom.refreshToken', JSON.stringify(stored.refreshToken));
      }
    },
    [prefs.locale ?? null, prefs.dark ?? false, prefs.group ?? false, session] as const,
  );
  return context;
}

/** The API as the server answers it, from the test process: data is set up and checked here, not through a page. */
export type Api = {
  token: string;
  post<T = unknown>(url: string, body?: unknown): Promise<T>;
  get<T = unknown>(url: string, query?: Record<string, string | number>): Promise<T>;
};

async function envelope<T>(response: Response, what: string): Promise<T> {
  const json = (await response.json()) as { code: number; message: string; data?: T };
  if (json.code !== 1000) throw new Error(`${what}: HTTP ${response.status} ${json.message}`);
  return json.data as T;
}

/** Signs in through the API (the login form has tests of its own), answering the token pair. */
export async function login(base: string, username = 'admin', password = '123456'): Promise<TokenPair> {
  const response = await fetch(`${base}/api/admin/base/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const pair = await envelope<TokenPair>(response, `login ${username}`);
  skipPasswordChange(base, username);
  return pair;
}

export function apiOf(base: string, token: string): Api {
  return {
    token,
    async post<T>(url: string, body: unknown = {}) {
      const response = await fetch(`${base}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
        body: JSON.stringify(body),
      });
      return envelope<T>(response, url);
    },
    async get<T>(url: string, query: Record<string, string | number> = {}) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const response = await fetch(`${base}/api${url}${qs ? `?${qs}` : ''}`, {
        headers: { authorization: token, language: 'en' },
      });
      return envelope<T>(response, url);
    },
  };
}

export type Opened = { page: Page; context: BrowserContext; api: Api };

/**
 * A signed-in user in a browser context of the test's own, on `path`: nothing a test leaves open
 * (a dialog, a tab, a drawer) reaches the next one. The context closes when the test finishes.
 */
export async function openAs(
  browser: Browser,
  base: string,
  options: { path?: string; user?: string; password?: string; prefs?: Omit<Prefs, 'session'> } = {},
): Promise<Opened> {
  const session = await login(base, options.user, options.password);
  const context = await newContext(browser, base, { locale: 'en', ...options.prefs, session });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.goto(options.path ?? '/');
  // The signed-in shell, or an error page for a user without menus.
  await page.locator('.app-layout, .error-page').first().waitFor();
  return { page, context, api: apiOf(base, session.token) };
}

/**
 * Fills and sends the login form as it stands: no forced change counted as done, no wait for where
 * the sign-in leads (a second step, the forced change, or the app).
 */
export async function submitLogin(page: Page, username: string, password: string) {
  // A page already on /login keeps its query (the way back after signing in).
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  // The form knows whether the server asks for a captcha once it has said (the e2e servers do not).
  const form = page.locator('.login-form[data-captcha]');
  await form.waitFor();
  await page.fill('#username', username);
  await page.fill('#password', password);
  if ((await form.getAttribute('data-captcha')) === 'on') await page.fill('#verifyCode', '0000');
  await page.click('button[type=submit]');
}

/** Signs in through the login form, the forced first password change counted as done. */
export async function signIn(page: Page, username = 'admin', password = '123456') {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  skipPasswordChange(new URL(page.url()).origin, username);
  await submitLogin(page, username, password);
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
