import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_SIGN_OUT, idleMinutesOf, readIdleSignOut } from './idle-sign-out.js';

describe('idleSignOutMinutes (issue 37)', () => {
  it('reads the three tiers, a bare number as every session, and the default for what it cannot read', () => {
    expect(readIdleSignOut('{"default":10,"store":20,"roles":{"hr":5}}')).toEqual({
      default: 10,
      store: 20,
      roles: { hr: 5 },
    });
    expect(readIdleSignOut('15')).toEqual({ default: 15, store: 15, roles: {} });
    for (const text of ['', 'soon', '[1]', '-3', '1.5', null])
      expect(readIdleSignOut(text), String(text)).toEqual(DEFAULT_IDLE_SIGN_OUT);
    // A figure it cannot read keeps that figure's default, the others stand.
    expect(readIdleSignOut('{"default":"x","store":45,"roles":{"a":-1,"b":7}}')).toEqual({
      default: 0,
      store: 45,
      roles: { b: 7 },
    });
  });

  it('gives a named role its figure (the shortest above 0), else the store staff theirs, else the default', () => {
    const setting = readIdleSignOut('{"default":60,"store":30,"roles":{"hr":10,"audit":5,"kiosk":0}}');
    expect(idleMinutesOf(setting, { userLevel: 'clerk', roleLabels: ['clerk'] })).toBe(30);
    expect(idleMinutesOf(setting, { userLevel: 'storeManger', roleLabels: [] })).toBe(30);
    expect(idleMinutesOf(setting, { userLevel: 'treasurer', roleLabels: ['treasurer'] })).toBe(60);
    expect(idleMinutesOf(setting, { userLevel: 'hr', roleLabels: ['hr', 'audit'] })).toBe(5);
    expect(idleMinutesOf(setting, { userLevel: 'clerk', roleLabels: ['kiosk'] })).toBe(0);
    expect(idleMinutesOf(setting, { userLevel: 'clerk', roleLabels: ['kiosk', 'hr'] })).toBe(10);
    // A superuser's level is the default one, not a counter's.
    expect(idleMinutesOf(setting, { userLevel: 'clerk', roleLabels: ['admin'], isSuper: true })).toBe(60);
  });
});
