import { apiOf, launch, login, newContext, startServer, unique } from '../support/app.js';
import { addRole, addStaff, addStore, CLERK_PERMS, MANAGER_PERMS } from '../support/retail.js';
import { pickOption } from '../support/ui.js';

const [server, browser] = await Promise.all([startServer(), launch()]);
try {
  const admin = apiOf(server.base, (await login(server.base)).token);
  const store = await addStore(admin);
  const clerkRole = await addRole(admin, CLERK_PERMS);
  const managerRole = await addRole(admin, MANAGER_PERMS, [store.id]);
  const alice = await addStaff(admin, { name: unique('Alice '), storeId: store.id, roleId: clerkRole, level: 'clerk' });
  const bob = await addStaff(admin, { name: unique('Bob '), storeId: store.id, roleId: clerkRole, level: 'clerk' });
  const maria = await addStaff(admin, {
    name: unique('Maria '),
    storeId: store.id,
    roleId: managerRole,
    level: 'storeManger',
  });
  const context = await newContext(browser, server.base, {
    locale: 'en',
    session: await login(server.base, maria.username, maria.password),
  });
  const page = await context.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await page.goto('/customer/info');
  await page.getByTestId('customer-hand-over').click();
  const box = page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
  await box.getByText("Hand over a clerk's customers").waitFor();
  await pickOption(page, box.locator('.ant-form-item', { hasText: 'From clerk' }).locator('.ant-select'), alice.name);
  await pickOption(page, box.locator('.ant-form-item', { hasText: 'To clerk' }).locator('.ant-select'), bob.name);
  await page.screenshot({ path: '/tmp/shots/handover1.png' });
  await box.getByRole('button', { name: 'Hand over' }).click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/shots/handover2.png' });
} finally {
  await browser.close();
  await server.stop();
}
