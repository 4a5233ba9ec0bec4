import type { Browser, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { type Api, apiOf, login, newContext, PHONE, signIn } from '../support/app.js';

/*
 * A day at the store counter: each seeded role (the starter chain's store1.clerk1, store1.manager,
 * treasurer and hr) signs in through the login form in a browser context of its own.
 */

/** A whole day's walk takes minutes on a shared machine: each day's test may take this long. */
export const DAY_TIMEOUT_MS = 300_000;

/** The password the admin gives a seeded staff user (they are seeded with one nobody knows). */
export const DAY_PASSWORD = 'Counter-2026-day';

export type Seeded = { id: number; username: string; name: string; password: string; api: Api };

type User = { id: number; username: string; name: string | null };

/** A seeded staff user the admin has given a password; with their own API client. */
export async function seededStaff(base: string, admin: Api, username: string): Promise<Seeded> {
  const page = await admin.post<{ list: User[] }>('/admin/base/sys/user/page', {
    page: 1,
    size: 50,
    keyWord: username,
  });
  const user = page.list.find((u) => u.username === username);
  if (!user) throw new Error(`no seeded user ${username}`);
  await admin.post('/admin/base/sys/user/update', { id: user.id, password: DAY_PASSWORD });
  const api = apiOf(base, (await login(base, username, DAY_PASSWORD)).token);
  return { id: user.id, username, name: user.name ?? username, password: DAY_PASSWORD, api };
}

/** The two screens a day is walked on: a phone's and a desk's. */
export const SCREENS = [
  { name: 'phone', viewport: PHONE },
  { name: 'desk', viewport: { width: 1440, height: 900 } },
] as const;

export type Viewport = { width: number; height: number };

/** A fresh browser profile (English) at this size, signed in through the login form; closed when the test finishes. */
export async function signInFresh(browser: Browser, base: string, who: Seeded, viewport?: Viewport): Promise<Page> {
  const context = await newContext(browser, base, { locale: 'en', viewport });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, who.username, who.password);
  return page;
}

/** Menu entries of the signed-in user's permmenu, by router. */
export async function menuRouters(api: Api): Promise<string[]> {
  const { menus } = await api.get<{ menus: Array<{ router: string | null; type: number }> }>(
    '/admin/base/comm/permmenu',
  );
  return menus.filter((m) => m.type === 1 && m.router).map((m) => m.router as string);
}

/** The HTTP status of a call as this user (the envelope's code aside). */
export async function statusOf(base: string, api: Api, url: string, body: unknown = {}): Promise<number> {
  const response = await fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: api.token, language: 'en' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A 2×2 PNG: a prize photo. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNwTL3+fykDw/+lDI6p1wEsrgZDdESJrAAAAABJRU5ErkJggg==',
  'base64',
);

let phoneSeq = 0;
/** A valid mobile number (1[3-9] and 9 digits) no other test of the run uses. */
export const newPhone = () =>
  `139${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;
