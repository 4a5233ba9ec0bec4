import { beforeEach, describe, expect, it } from 'vitest';
import { type TabTitle, useTabs } from './tabs';

const named = (key: string): TabTitle => ({ key, isKey: false });
const open = (key: string, title = key) => useTabs.getState().open({ key, title: named(title), keepAlive: true });
const keys = () => useTabs.getState().tabs.map((t) => t.key);

beforeEach(() => useTabs.setState({ tabs: [] }));

describe('tabs', () => {
  it('opens a page once, and follows its title', () => {
    open('/a', 'A');
    open('/b');
    open('/a', 'Ä');
    expect(keys()).toEqual(['/a', '/b']);
    expect(useTabs.getState().tabs[0]?.title).toEqual(named('Ä'));
  });

  it('renames only a tab that is open: a closed tab stays closed', () => {
    open('/a');
    useTabs.getState().retitle('/b', named('B'));
    expect(keys()).toEqual(['/a']);
    useTabs.getState().retitle('/a', named('A2'));
    expect(useTabs.getState().tabs[0]?.title).toEqual(named('A2'));
  });

  it('closes a tab and names the one to show next', () => {
    for (const key of ['/a', '/b', '/c']) open(key);
    expect(useTabs.getState().close('/b')).toBe('/c');
    expect(useTabs.getState().close('/c')).toBe('/a');
    expect(keys()).toEqual(['/a']);
  });

  it('closes all but home, when home is open', () => {
    for (const key of ['/a', '/home', '/c']) open(key);
    useTabs.getState().closeAll('/home');
    expect(keys()).toEqual(['/home']);
    useTabs.getState().closeAll('/elsewhere');
    expect(keys()).toEqual([]);
  });
});
