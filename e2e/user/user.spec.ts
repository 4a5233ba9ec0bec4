import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import {
  type Api,
  apiOf,
  hasChromium,
  openAs,
  type RunningServer,
  startRun,
  stopRun,
  type TokenPair,
  unique,
} from '../support/app.js';
import { eventually, tableRow, view } from '../support/ui.js';

type Address = { id: number; contact: string; phone: string; isDefault: boolean };

const confirmation = (page: Page) => page.locator('.ant-modal-confirm:visible');
const formDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
const drawer = (page: Page) => page.locator('.ant-drawer-open');

/**
 * An H5 app user (registration takes an SMS code sent to the phone, and this run has no sms
 * plugin: an operator adds the user), signed in by phone and password: their app token pair.
 */
async function registerAppUser(admin: Api, base: string, phone: string, nickName: string): Promise<TokenPair> {
  await admin.post('/admin/user/info/add', { phone, password: 'Secret-123', loginType: 2, nickName });
  const response = await fetch(`${base}/api/admin/base/open/appLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en' },
    body: JSON.stringify({ loginType: 2, phone, password: 'Secret-123' }),
  });
  const json = (await response.json()) as { code: number; data: TokenPair; message: string };
  if (json.code !== 1000) throw new Error(`appLogin: ${json.message}`);
  return json.data;
}

/** The HTTP status of an app call with this token. */
async function appStatus(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/api/app/user/info/person`, { headers: { authorization: token } });
  return response.status;
}

describe.skipIf(!hasChromium)('the app user screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('finds an app user by phone, disables them (their app token stops working) and edits an address', async () => {
    const phone = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
    const nickName = unique('App user ');
    const pair = await registerAppUser(admin, server.base, phone, nickName);
    const app = apiOf(server.base, pair.token);
    await app.post('/app/user/address/add', { contact: 'Lin', phone: '13900001111', address: 'No. 8 Harbour Road' });
    expect(await appStatus(server.base, pair.token)).toBe(200);

    const { page, api } = await openAs(browser, server.base, { path: '/user/list' });
    const search = view(page).locator('.ant-input-search input');
    await search.fill(phone);
    await search.press('Enter');
    const row = tableRow(page, nickName);
    await row.waitFor();
    // The phone is masked in the list.
    expect(await row.innerText()).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(await row.innerText()).not.toContain(phone);

    // Disable, after a confirmation: the app token is refused from then on.
    await row.getByTestId('user-status').click();
    await page.locator('.ant-dropdown:visible').getByText('Disabled', { exact: true }).click();
    await confirmation(page).waitFor();
    expect(await confirmation(page).innerText()).toContain(nickName);
    await confirmation(page).getByRole('button', { name: 'OK' }).click();
    await confirmation(page).waitFor({ state: 'hidden' });
    await eventually(() => row.innerText()).toContain('Disabled');
    expect(await appStatus(server.base, pair.token)).toBe(401);

    // The details drawer lists the address; edit it there.
    await row.getByRole('button', { name: nickName }).click();
    const details = drawer(page);
    await details.getByTestId('user-addresses').waitFor();
    expect(await details.innerText()).toContain('No. 8 Harbour Road');
    await details.getByTestId('address-edit').click();
    const dialog = formDialog(page);
    await dialog.waitFor();
    await dialog.getByTestId('address-contact').fill('Lin Wei');
    // The field takes the number as a person types it; the server keeps it in its one spelling.
    await dialog.getByTestId('address-phone').fill('+86 139-0000-2222');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => details.innerText()).toContain('Lin Wei');
    const [address] = (
      await api.post<{ list: Address[] }>('/admin/user/address/page', { page: 1, size: 10, keyWord: 'Harbour' })
    ).list;
    // Staff see an address phone masked, as they see the user's own.
    expect(address).toMatchObject({ contact: 'Lin Wei', phone: '139****2222', isDefault: true });
  });

  it('has no serious accessibility violations on the list and the details drawer, light and dark', async () => {
    const phone = `136${String(Date.now() % 1e8).padStart(8, '0')}`;
    const nickName = unique('A11y ');
    const pair = await registerAppUser(admin, server.base, phone, nickName);
    await apiOf(server.base, pair.token).post('/app/user/address/add', {
      contact: 'Lin',
      phone: '13900001111',
      address: 'No. 9 Harbour Road',
    });
    for (const dark of [false, true]) {
      const { page } = await openAs(browser, server.base, { path: '/user/list', prefs: { dark } });
      const row = tableRow(page, nickName);
      await row.waitFor();
      await page.waitForLoadState('networkidle');
      expect((await seriousViolations(page, { whole: true })).map((v) => `${v.id}: ${v.targets.join(' | ')}`)).toEqual(
        [],
      );
      await row.getByRole('button', { name: nickName }).click();
      await drawer(page).getByTestId('user-addresses').waitFor();
      await page.waitForLoadState('networkidle');
      expect((await seriousViolations(page, { whole: true })).map((v) => `${v.id}: ${v.targets.join(' | ')}`)).toEqual(
        [],
      );
    }
  });
});
