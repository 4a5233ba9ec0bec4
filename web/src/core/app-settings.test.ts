import { beforeEach, describe, expect, it } from 'vitest';
import { readAppSettings, useAppSettings } from './app-settings';
import { KEYS, storage } from './storage';

describe('app settings', () => {
  beforeEach(() => localStorage.clear());

  it('are stored under their key and read back as they were left', () => {
    useAppSettings.getState().update({ menuFolded: true });
    expect(JSON.parse(localStorage.getItem(`backroom.${KEYS.settings}`) ?? '{}')).toEqual({
      value: { menuFolded: true },
    });
    expect(readAppSettings()).toEqual({ menuFolded: true });
    useAppSettings.getState().update({ menuFolded: false });
    expect(readAppSettings()).toEqual({ menuFolded: false });
  });

  it('start from the defaults when nothing, or something of another shape, is stored', () => {
    expect(readAppSettings()).toEqual({ menuFolded: null });
    storage.set(KEYS.settings, { menuFolded: 'yes' });
    expect(readAppSettings()).toEqual({ menuFolded: null });
  });
});
