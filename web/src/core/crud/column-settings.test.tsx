import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fitHeader, useColumnSettings } from './column-settings';

const COLUMNS = [{ key: 'username' }, { key: 'phone', hidden: true }, { key: 'email', hidden: true }];

describe('useColumnSettings', () => {
  beforeEach(() => localStorage.clear());

  it("starts from the screen's own hidden columns", () => {
    const { result } = renderHook(() => useColumnSettings('/admin/base/sys/user', COLUMNS));
    expect([...result.current.hiddenColumns]).toEqual(['phone', 'email']);
  });

  it('remembers what the user shows and hides, per screen, across a reload', () => {
    const first = renderHook(() => useColumnSettings('/admin/base/sys/user', COLUMNS));
    act(() => first.result.current.toggleColumn('phone', true));
    act(() => first.result.current.toggleColumn('username', false));
    expect([...first.result.current.hiddenColumns].sort()).toEqual(['email', 'username']);
    first.unmount();
    const again = renderHook(() => useColumnSettings('/admin/base/sys/user', COLUMNS));
    expect([...again.result.current.hiddenColumns].sort()).toEqual(['email', 'username']);
    // Another screen keeps its own.
    const other = renderHook(() => useColumnSettings('/admin/base/sys/param', COLUMNS));
    expect([...other.result.current.hiddenColumns]).toEqual(['phone', 'email']);
  });

  it("goes back to the screen's columns on reset", () => {
    const { result } = renderHook(() => useColumnSettings('/admin/base/sys/user', COLUMNS));
    act(() => result.current.toggleColumn('email', true));
    act(() => result.current.resetColumns());
    expect([...result.current.hiddenColumns]).toEqual(['phone', 'email']);
    expect(localStorage.length).toBe(0);
  });
});

describe('fitHeader', () => {
  it('widens a column to its whole header, and keeps a wider one', () => {
    // 4 CJK characters (56) + padding (32) + order arrows (24).
    expect(fitHeader(80, '更新时间', true)).toBe(112);
    expect(fitHeader(170, '更新时间', true)).toBe(170);
    expect(fitHeader(undefined, 'Updated', false)).toBe(7 * 8 + 32);
  });
});
