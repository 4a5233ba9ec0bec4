import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's whole engine as one script, injected into the page under test.
const { source } = createRequire(import.meta.url)('axe-core') as { source: string };

/** One accessibility problem as axe-core reports it: which rule, how bad, and where. */
export type Violation = { id: string; impact: string; help: string; targets: string[] };

/**
 * What a screen is made of: its view, or what it has open over it (a dialog or a drawer covers the
 * view, dimmed behind its mask), with any menu or picker open. The shell around it (sidebar,
 * header, tabs) is the same on every screen.
 */
const VIEW = '.view-slot.active';
const COVERS = ['.ant-modal-wrap', '.ant-drawer-open'];
const POPUPS = ['.ant-select-dropdown', '.ant-picker-dropdown', '.ant-dropdown'];

/**
 * The serious and critical accessibility violations axe-core finds on the screen as it stands
 * (WCAG 2.1 A and AA rules). The engine goes in through the debugging protocol, so the page's own
 * content security policy does not stop it; run it after what is to be checked has rendered.
 * `whole` checks the whole page, the shell around the view (sidebar, header, tabs) too; `scope`
 * checks that part of the page instead (a page outside the shell: `.login-page`).
 */
export async function seriousViolations(
  page: Page,
  options: { whole?: boolean; scope?: string } = {},
): Promise<Violation[]> {
  // A dialog fading in is not yet what the reader sees: colours are measured once it stands still
  // (antd's motions mark the moving element with a `…-appear`, `…-enter` or `…-leave` class).
  await page.waitForFunction(
    () =>
      // (Not what leaves at no size, such as a button's loading icon after a quick load: that
      // motion may never end; see ui.ts, motionless.)
      !Array.from(document.querySelectorAll('[class]')).some((e) => {
        const motion = /(^|\s)\S+-(appear|enter|leave)(\s|$)/.exec(e.getAttribute('class') ?? '')?.[2];
        if (!motion) return false;
        const box = e.getBoundingClientRect();
        return motion !== 'leave' || (box.width > 0 && box.height > 0);
      }) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(
    async ([view, covers, popups, whole, only]) => {
      type AxeResult = {
        violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
      };
      type Axe = { run: (context: object, options: object) => Promise<AxeResult> };
      const { axe } = window as unknown as { axe: Axe };
      // Hidden overlays (a closed dialog kept mounted) have no boxes.
      const shown = (selector: string) =>
        Array.from(document.querySelectorAll(selector)).some((e) => e.getClientRects().length > 0);
      const covering = covers.filter(shown);
      const include = only
        ? [only]
        : whole
          ? ['body']
          : [...(covering.length > 0 ? covering : [view]), ...popups.filter(shown)];
      const result = await axe.run(
        { include: include.map((s) => [s]) },
        {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        },
      );
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
        }));
    },
    [VIEW, COVERS, POPUPS, options.whole ?? false, options.scope ?? ''] as const,
  );
}
