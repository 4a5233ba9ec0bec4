import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTD_LAYER, UNUSED_ANTD } from '../../web/vite/antd-styles.js';
import { type Api, hasChromium, openAs, type Run, startRun, stopRun } from '../support/app.js';
import { view, visit } from '../support/ui.js';

type Menu = { type: number; router?: string | null; isShow?: boolean };

/** The class roots of antd's components on the page (`ant-table-row` → `table-row`), those opened in a popup included. */
const antdClasses = (page: Page) =>
  page.evaluate(() => {
    const found = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class*="ant-"]'))) {
      for (const name of Array.from(el.classList)) if (name.startsWith('ant-')) found.add(name.slice(4));
    }
    return [...found];
  });

/**
 * What antd wrote into the page itself: with zeroRuntime (layout/Shell.tsx) only the theme's token
 * variables. A declaration other than a custom property means a component built its styles at
 * runtime again, on the click.
 */
const runtimeDeclarations = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-css-hash]')).flatMap((style) =>
      Array.from(style.sheet?.cssRules ?? []).flatMap((rule) =>
        rule instanceof CSSStyleRule
          ? Array.from(rule.style)
              .filter((property) => !property.startsWith('--'))
              .map((property) => `${rule.selectorText} { ${property} }`)
          : [rule.cssText.slice(0, 80)],
      ),
    ),
  );

/**
 * antd's components are styled by its prebuilt sheet, without the components no screen shows
 * (web/vite/antd-styles.ts): every screen of the menu is walked and none of them shows one of those,
 * and antd writes nothing but variables into the page.
 */
describe.skipIf(!hasChromium)("antd's prebuilt styles", () => {
  let run: Run;
  let admin: Api;
  beforeAll(async () => {
    run = await startRun();
    admin = run.admin;
  });
  afterAll(() => stopRun(run));

  it('styles every menu screen from the layered sheet, and no screen shows a component left out of it', {
    timeout: 300_000,
  }, async () => {
    const { menus } = await admin.get<{ menus: Menu[] }>('/admin/base/comm/permmenu');
    const paths = menus.filter((m) => m.type === 1 && m.router && m.isShow !== false).map((m) => m.router ?? '');
    expect(paths.length).toBeGreaterThan(10);
    const { page } = await openAs(run.browser, run.server.base, { path: paths[0] });

    // The sheet is the page's, in its layer.
    const layers = await page.evaluate(() =>
      Array.from(document.styleSheets).flatMap((sheet) =>
        Array.from(sheet.cssRules)
          .filter((rule) => rule instanceof CSSLayerBlockRule)
          .map((rule) => (rule as CSSLayerBlockRule).name),
      ),
    );
    expect(layers).toContain(ANTD_LAYER);

    const shown = new Set<string>();
    for (const path of paths) {
      await visit(page, path);
      await view(page).waitFor();
      await page.waitForLoadState('networkidle');
      for (const name of await antdClasses(page)) shown.add(name);
    }
    // The add dialog of a list: a form and its fields.
    await visit(page, '/sys/user');
    // A primary button takes its look from the sheet and its colour from the theme's variables
    // (the profile's theme colour, e2e/support/app.ts).
    const add = view(page).locator('[data-testid=crud-add]');
    expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(65, 101, 215)');
    await add.click();
    await page.getByRole('dialog').locator('form').waitFor();
    for (const name of await antdClasses(page)) shown.add(name);

    const leftOut = [...shown].filter((name) =>
      UNUSED_ANTD.some((root) => name === root || name.startsWith(`${root}-`)),
    );
    expect(leftOut).toEqual([]);
    // A walk that saw the usual components (not an empty page each time).
    expect([...shown]).toEqual(expect.arrayContaining(['table', 'btn', 'form', 'modal', 'menu', 'tabs']));
    expect(await runtimeDeclarations(page)).toEqual([]);
    // Nor did the icons write their own sheet (`.anticon`): the prebuilt one holds it.
    const iconSheets = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('style')).filter((style) => style.textContent?.includes('.anticon'))
          .length,
    );
    expect(iconSheets).toBe(0);
  });
});
