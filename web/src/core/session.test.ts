import type { SysMenu } from '@backroom/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { buildMenuTree, useMenus } from './menu';
import { usePerms } from './permission';
import { routeTitleOf, titleText } from './routes';
import { mayReturnTo, onSessionEnd, useSession } from './session';
import { KEYS, storage } from './storage';
import { useTabs } from './tabs';

const pair = { token: 'a', refreshToken: 'r', expire: 600, refreshExpire: 6000 };
const adminMenus = [
  { id: 1, parentId: null, type: 1, name: 'Home', router: '/home', orderNum: 1, isShow: true, keepAlive: true },
  { id: 2, parentId: null, type: 1, name: 'Users', router: '/sys/user', orderNum: 2, isShow: true, keepAlive: true },
] as SysMenu[];

/** What admin leaves behind after an hour at the counter's PC. */
function signInAsAdmin() {
  useSession.getState().begin(pair);
  useSession.getState().setUserInfo({ id: 1, username: 'admin' } as never);
  storage.set(KEYS.menus, adminMenus);
  storage.set(KEYS.menuGroups, [1]);
  usePerms.getState().setPerms(['base:sys:user:page']);
  useMenus.setState({ rows: adminMenus, tree: buildMenuTree(adminMenus), loaded: true });
  for (const key of ['/home', '/sys/user', '/sys/role?id=3'])
    useTabs.getState().open({ key, title: { key, isKey: false }, keepAlive: true });
}

beforeEach(() => {
  localStorage.clear();
  useTabs.setState({ tabs: [] });
});

describe('the end of a session forgets everything kept per user', () => {
  it('sign-out: no tab, menu, permission or user is left, the device settings stay', () => {
    storage.set(KEYS.theme, { dark: true });
    storage.set(KEYS.locale, 'en');
    signInAsAdmin();
    useSession.getState().clear();

    expect(useTabs.getState().tabs).toEqual([]);
    expect(useMenus.getState()).toMatchObject({ rows: [], tree: [], loaded: false });
    expect(usePerms.getState().perms).toEqual([]);
    expect(useSession.getState()).toMatchObject({ token: undefined, userInfo: undefined });
    for (const key of [KEYS.token, KEYS.refreshToken, KEYS.userInfo, KEYS.menus, KEYS.menuPerms, KEYS.menuGroups])
      expect(storage.get(key)).toBeUndefined();
    expect(storage.get(KEYS.theme)).toEqual({ dark: true });
    expect(storage.get(KEYS.locale)).toBe('en');
  });

  it('a sign-in over what another user left (no sign-out) starts from nothing of theirs', () => {
    signInAsAdmin();
    useSession.getState().begin({ ...pair, token: 'clerk' });
    expect(useTabs.getState().tabs).toEqual([]);
    expect(usePerms.getState().perms).toEqual([]);
    expect(useSession.getState().token).toBe('clerk');
    expect(storage.get(KEYS.token)).toBe('clerk');
  });

  it('clears a registered cache (the shell registers its query client so)', () => {
    const client = new QueryClient();
    const stop = onSessionEnd(() => client.clear());
    client.setQueryData(['demo', 'home', 'summary'], { customers: 4 });
    useSession.getState().clear();
    expect(client.getQueryData(['demo', 'home', 'summary'])).toBeUndefined();
    stop();
  });

  it('one reset failing does not keep the others from running', () => {
    const stop = onSessionEnd(() => {
      throw new Error('broken store');
    });
    signInAsAdmin();
    expect(() => useSession.getState().clear()).not.toThrow();
    expect(useTabs.getState().tabs).toEqual([]);
    stop();
  });
});

describe('the way back after a sign-out', () => {
  it('is for the same person only: another user starts at home', () => {
    signInAsAdmin();
    useSession.getState().clear();
    expect(mayReturnTo('admin')).toBe(true);
    expect(mayReturnTo('store1.clerk1')).toBe(false);
    expect(mayReturnTo(undefined)).toBe(false);
  });
});

describe('tab titles', () => {
  it('keep the key, so a tab opened in one language reads in the next', async () => {
    i18n.addResource('en', 'translation', 'test.tabTitle', 'Files');
    i18n.addResource('zh-cn', 'translation', 'test.tabTitle', '文件');
    await i18n.changeLanguage('en');
    const title = routeTitleOf({
      kind: 'view',
      view: (() => null) as never,
      params: {},
      title: 'test.tabTitle',
      titleIsKey: true,
      keepAlive: true,
      process: true,
    });
    useTabs.getState().open({ key: '/files', title, keepAlive: true });
    const kept = useTabs.getState().tabs[0]?.title;
    if (!kept) throw new Error('no tab');
    expect(titleText(kept)).toBe('Files');
    await i18n.changeLanguage('zh-cn');
    expect(titleText(kept)).toBe('文件');
    await i18n.changeLanguage('en');
  });
});
