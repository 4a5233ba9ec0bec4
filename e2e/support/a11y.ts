import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's whole engine as one script, injected into the page under test.
const { source } = createRequire(import.meta.url)('axe-core') as { source: string };

/** One accessibility problem as axe-core reports it: which rule, how bad, and where. */
export type Violation = { id: string; impact: string; help: string; targets: string[] };

/**
 * What a screen is made of: its view and whatever it has open over it (dialogs, drawers, menus,
 * pickers). The shell around it (sidebar, header, tabs) is the same on every screen.
 */
const SCREEN = ['.view-slot.active', '.ant-modal-root', '.ant-drawer', '.ant-select-dropdown', '.ant-picker-dropdown'];
/**
 * antd's table draws a zero-height, aria-hidden row that only measures column widths; the cells
 * a reader and the keyboard reach are the real ones.
 */
const EXCLUDED = ['.ant-table-measure-row'];

/**
 * The serious and critical accessibility violations axe-core finds on the screen as it stands
 * (WCAG 2.1 A and AA rules). The engine goes in through the debugging protocol, so the page's own
 * content security policy does not stop it; run it after what is to be checked has rendered.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(
    async ([include, exclude]) => {
      type AxeResult = {
        violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
      };
      type Axe = { run: (context: object, options: object) => Promise<AxeResult> };
      const { axe } = window as unknown as { axe: Axe };
      const present = include.filter((selector) => document.querySelector(selector));
      const result = await axe.run(
        { include: present.map((s) => [s]), exclude: exclude.map((s) => [s]) },
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
    [SCREEN, EXCLUDED] as const,
  );
}
