import { describe, expect, it } from 'vitest';
import { loginPath, returnPath } from './redirect';

describe('the way back after signing in', () => {
  it('carries the page and its query to /login, and reads it back', () => {
    const login = loginPath('/sys/user?keyWord=ann');
    expect(login).toBe('/login?redirect=%2Fsys%2Fuser%3FkeyWord%3Dann');
    expect(returnPath(login.slice('/login'.length))).toBe('/sys/user?keyWord=ann');
  });

  it('has nothing to carry from home or from /login itself', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fsys')).toBe('/login');
    expect(loginPath()).toBe('/login');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'sys/user',
    '/login',
  ])('never follows %s', (target) => {
    expect(returnPath(`?redirect=${encodeURIComponent(target)}`)).toBeNull();
  });
});
