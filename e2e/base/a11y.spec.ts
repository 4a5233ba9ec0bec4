import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, describe as suite } from 'vitest';
import { seriousViolations, type Violation } from '../support/a11y.js';
import { type Api, hasChromium, newContext, openAs, type RunningServer, startRun, stopRun } from '../support/app.js';
import { motionless, view, visit } from '../support/ui.js';

type Menu = { id: number; type: number; router?: string | null; isShow?: boolean };

/** Waits until the current screen has drawn its data: requests answered, spinners and skeletons gone. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  // What is on screen: a tab kept in the background may hold a skeleton until it is shown again.
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('.ant-spin-spinning, .ant-skeleton, .nprogress-busy')).some(
        (e) => e.getClientRects().length > 0,
      ),
  );
}

/** One violation on one line: the rule and where (up to five places). */
const describe = (v: Violation) => `${v.id}: ${v.targets.join(' | ')}`;

/**
 * Every screen of the product, as the admin reaches it from the menu (each page permmenu answers),
 * the personal centre and the login page, in light and dark: no serious or critical axe-core
 * violation anywhere on the page, the shell around the view included.
 */
suite.skipIf(!hasChromium)('accessibility of every screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';

    it(`has no serious violations on the login page (${theme})`, async () => {
      const context = await newContext(browser, server.base, { locale: 'en', dark });
      try {
        const page = await context.newPage();
        await page.goto('/login');
        await page.locator('#username').waitFor();
        await settled(page);
        expect((await seriousViolations(page, { whole: true })).map(describe)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    // Each theme and each language once: English in light, Chinese (other widths and wraps) in
    // dark. A sweep of every screen takes a minute of the suite's serial browser part.
    for (const locale of dark ? (['zh-cn'] as const) : (['en'] as const)) {
      it(`has no serious violations on any menu screen or the personal centre (${theme}, ${locale})`, {
        timeout: 300_000,
      }, async () => {
        const { menus } = await admin.get<{ menus: Menu[] }>('/admin/base/comm/permmenu');
        const paths = menus.filter((m) => m.type === 1 && m.router && m.isShow !== false).map((m) => m.router ?? '');
        expect(paths.length).toBeGreaterThan(10);
        paths.push('/my/info');
        // Opened on the first screen: a home left behind before it drew would keep its skeleton in a
        // hidden tab (a hidden tab runs no effects, so it asks nothing) until it is shown again.
        const { page } = await openAs(browser, server.base, { path: paths[0], prefs: { dark, locale } });
        const problems: Record<string, string[]> = {};
        for (const path of paths) {
          await visit(page, path);
          await view(page).waitFor();
          await settled(page);
          const found = await seriousViolations(page, { whole: true });
          if (found.length > 0) problems[path] = found.map(describe);
        }
        expect(problems).toEqual({});
      });
    }
  }

  it('keeps the menu groups\' tab list to tabs, antd\'s overflow button ("…") outside it', async () => {
    const { page } = await openAs(browser, server.base, {
      path: '/sys/user',
      prefs: { group: true },
    });
    const groups = page.locator('.app-header .group-tabs');
    await groups.locator('.ant-tabs-tab').first().waitFor();
    // antd draws the button always, and shows it only while the tabs overflow.
    await groups.locator('.ant-tabs-nav-more').waitFor({ state: 'attached' });
    await settled(page);
    // Inside the tablist, nothing with a role or a button but the tabs and what they hold.
    const strangers = await groups.locator('[role="tablist"]').evaluate((list) =>
      Array.from(list.querySelectorAll('[role], button'))
        .filter((el) => !el.closest('[role="tab"]'))
        .map((el) => el.getAttribute('role') ?? el.className),
    );
    expect(strangers).toEqual([]);
    expect(await groups.locator('[role="tablist"] .ant-tabs-nav-more').count()).toBe(0);
    expect((await seriousViolations(page, { scope: '.app-header' })).map(describe)).toEqual([]);
  });

  it('is usable by keyboard: the menu tree and the tab bar by arrows (Delete closes a tab), a dialog keeps and gives back the focus', async () => {
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    // The menu tree: arrows move between its entries.
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? null);
    await page.locator('.app-sider .ant-menu-item-selected').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Menus');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('Users');
    await visit(page, '/sys/param');
    const tab = (path: string) => page.locator('.tabs-bar [role="tab"]', { has: page.locator(`[data-tab="${path}"]`) });
    const focusedTab = () =>
      page.evaluate(() => document.activeElement?.querySelector('[data-tab]')?.getAttribute('data-tab') ?? null);
    await tab('/sys/param').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedTab).toBe('/sys/user');
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedTab).toBe('/sys/param');
    // The focused tab closes with Delete; its page goes with it.
    await page.keyboard.press('Delete');
    await page.waitForURL((url) => url.pathname === '/sys/user');
    await tab('/sys/param').waitFor({ state: 'detached' });
    // The focus goes to the neighbouring tab (antd moves it after the tab is gone: a focus given
    // elsewhere before that would be taken back).
    await expect.poll(focusedTab).toBe('/sys/user');

    // A dialog opened from the keyboard takes the focus, keeps it while tabbing, and gives it back.
    const add = view(page).getByTestId('crud-add');
    // The tab bar may still take its focus back as it settles after the close (its tab focuses
    // itself in an effect): put the focus on the button until it stays there from one look to the next.
    await expect
      .poll(async () => {
        const kept = await add.evaluate((el) => el === document.activeElement);
        if (!kept) await add.focus();
        return kept;
      })
      .toBe(true);
    // The focus shows: a ring drawn around the focused button.
    const ring = await add.evaluate((el) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
    });
    expect(ring).toBe(true);
    await page.keyboard.press('Enter');
    const box = page.getByRole('dialog');
    await box.waitFor();
    await expect.poll(() => box.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await motionless(page);
    // Tabbing round the form never reaches the screen behind it (an open option list of one of its
    // selects, drawn outside the dialog, is still the dialog's).
    const behind: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        const screen = document.querySelector('.app-layout');
        return !active || active === document.body || screen?.contains(active)
          ? (active?.outerHTML.slice(0, 80) ?? 'none')
          : null;
      });
      if (where) behind.push(where);
    }
    expect(behind).toEqual([]);
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("honours the system's reduced motion: a dialog zooms in only when motion is welcome", async () => {
    const zooms = async (motion: boolean) => {
      const { page } = await openAs(browser, server.base, { path: '/sys/user', prefs: { motion } });
      await view(page).getByTestId('crud-add').waitFor();
      // Every element that starts moving from now on is seen, however short its motion.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenMotion: string[] }).seenMotion = seen;
        new MutationObserver((changes) => {
          for (const c of changes) {
            const added = Array.from(c.addedNodes).filter((n): n is Element => n instanceof Element);
            const touched = c.type === 'attributes' ? [c.target as Element] : added;
            for (const e of touched.flatMap((t) => [t, ...Array.from(t.querySelectorAll('[class]'))])) {
              const cls = e.getAttribute('class') ?? '';
              if (/-(appear|enter)-active(\s|$)/.test(cls)) seen.push(cls);
            }
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await view(page).getByTestId('crud-add').click();
      await page.getByRole('dialog').waitFor();
      await motionless(page);
      const seen = await page.evaluate(() => (window as unknown as { seenMotion: string[] }).seenMotion.length);
      await page.context().close();
      return seen;
    };
    expect(await zooms(true)).toBeGreaterThan(0);
    expect(await zooms(false)).toBe(0);
  });
});
