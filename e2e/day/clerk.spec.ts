import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { eventually, motionless, tableRow, view, visit } from '../support/ui.js';
import { DAY_TIMEOUT_MS, newPhone, PNG, SCREENS, seededStaff, signInFresh } from './day.js';

type Details = {
  id: number;
  employeeId: number;
  invitations: Array<{ id: number; customerStatus: string; employeeId: number }>;
  activities: Array<{ id: number; activityName: string; customerName: string; prizePhoto: string[] | null }>;
};

const formDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
const drawer = (page: Page) => page.locator('.ant-drawer-open');

/** The seeded clerk's whole day, from the sign-in: a customer, an invitation and its outcome, an activity with a prize photo. */
describe.skipIf(!hasChromium)('a clerk’s day at the counter', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));
  // The prize photos the clerk has uploaded on each screen so far: her file space holds these alone.
  const uploaded: string[] = [];

  describe.each(SCREENS)('on a $name screen', ({ viewport }) => {
    it(
      'adds a customer, invites them and records the outcome, records an activity with a prize photo, and sees it all in the details',
      async () => {
        const clerk = await seededStaff(server.base, admin, 'store1.clerk1');
        const page = await signInFresh(browser, server.base, clerk, viewport);

        // A customer of their own.
        await visit(page, '/customer/info');
        const name = unique('Grace ');
        const phone = newPhone();
        // The activity's name is this test's own: the list holds the other screen's too.
        const fair = unique('Mid-autumn fair ');
        await view(page).getByTestId('crud-add').click();
        await formDialog(page).locator('#customerName').fill(name);
        await formDialog(page).locator('#customerPhone').fill(phone);
        await formDialog(page).locator('#customerAddress').fill('No. 3 Bund Road');
        await formDialog(page).getByRole('button', { name: 'Save' }).click();
        await formDialog(page).waitFor({ state: 'hidden' });
        await tableRow(page, name).waitFor();
        const mine = await clerk.api.post<{ list: Array<{ id: number; customerName: string; employeeId: number }> }>(
          '/admin/customer/info/page',
          { page: 1, size: 20, keyWord: name },
        );
        const id = mine.list[0]?.id as number;
        expect(mine.list.map((c) => [c.customerName, c.employeeId])).toEqual([[name, clerk.id]]);

        // An invitation from the customer's details, then its outcome: they came.
        await tableRow(page, name).getByRole('button', { name, exact: true }).click();
        await drawer(page).getByText(`Customer: ${name}`).waitFor();
        await drawer(page).getByTestId('details-invite').click();
        // The dialog has just opened: a click while it still zooms in may be lost.
        await motionless(page);
        await formDialog(page).getByRole('button', { name: 'Save' }).click();
        await formDialog(page).waitFor({ state: 'hidden' });
        await drawer(page).getByTestId('timeline-invitation').waitFor();
        const invitationId = (await clerk.api.post<Details>('/admin/customer/info/details', { id })).invitations[0]
          ?.id as number;
        const status = drawer(page).getByTestId(`invitation-status-${invitationId}`);
        await status.click();
        // The second status of the invitationStatus dictionary: visited.
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
        // An invitation still to come asks before it is marked visited (issue 37): confirmed here.
        const ask = page.locator('.ant-modal-confirm .ant-btn-primary');
        await eventually(async () => {
          if (await ask.isVisible()) await ask.click();
          return (await clerk.api.post<Details>('/admin/customer/info/details', { id })).invitations.map(
            (i) => i.customerStatus,
          );
        }).toEqual(['2']);
        await drawer(page).locator('.ant-drawer-close').click();
        await drawer(page).waitFor({ state: 'hidden' });

        // An activity on the activity screen: the customer found by phone, a prize photo uploaded.
        await visit(page, '/customer/activity');
        await view(page).getByTestId('crud-add').click();
        const form = formDialog(page);
        const picker = form.getByTestId('customer-select');
        await picker.click();
        await picker.locator('input').fill(phone);
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
        await eventually(() => form.locator('#customerName').inputValue()).toBe(name);
        expect(await form.locator('#customerAddress').inputValue()).toBe('No. 3 Bund Road');
        await form.locator('#activityName').fill(fair);
        await form.locator('#prizeName').fill('Mooncakes');
        await form.getByTestId('images-input').getByRole('button', { name: 'Add photos' }).click();
        const space = page.locator('.space-picker');
        const photo = `${unique('prize-')}.png`;
        await space.getByTestId('space-file-input').setInputFiles({ name: photo, mimeType: 'image/png', buffer: PNG });
        // The file just uploaded is chosen already.
        await space.locator(`[data-testid=space-file][data-name="${photo}"]`).waitFor();
        await eventually(() => space.getByTestId('space-picker-count').innerText()).toMatch(/^1 of \d+ chosen$/);
        await space.getByTestId('space-picker-use').click();
        await space.waitFor({ state: 'hidden' });
        // The picker's mask fades out over the form: a click before it has gone may be lost.
        await motionless(page);
        await form.getByRole('button', { name: 'Save' }).click();
        await form.waitFor({ state: 'hidden' });
        await tableRow(page, fair).waitFor();

        // The details hold all of it: the invitation with its outcome and the activity with its photo.
        await visit(page, '/customer/info');
        await tableRow(page, name).getByRole('button', { name, exact: true }).click();
        await drawer(page).getByTestId('timeline-activity').waitFor();
        expect(await drawer(page).getByTestId('timeline-activity').innerText()).toContain(fair);
        expect(await drawer(page).getByTestId('timeline-invitation').count()).toBe(1);
        expect(await drawer(page).getByTestId('timeline-activity').locator('img').count()).toBe(1);
        const details = await clerk.api.post<Details>('/admin/customer/info/details', { id });
        expect(details.invitations.map((i) => [i.customerStatus, i.employeeId])).toEqual([['2', clerk.id]]);
        expect(details.activities.map((a) => [a.activityName, a.customerName])).toEqual([[fair, name]]);
        expect(details.activities[0]?.prizePhoto).toHaveLength(1);
        // The photo is the clerk's own file; the file space shows them nothing but theirs.
        const files = await clerk.api.post<{ list: Array<{ name: string }> }>('/admin/space/info/page', {
          page: 1,
          size: 50,
        });
        uploaded.push(photo);
        expect(files.list.map((f) => f.name).sort()).toEqual([...uploaded].sort());
      },
      DAY_TIMEOUT_MS,
    );
  });
});
