import { baseOpen, sysLog, sysUser } from '@backroom/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, RequestError } from './request';
import { KEYS, storage } from './storage';

type Sent = { url: string; method: string; body: unknown; headers: Record<string, string> };

/** A fake server answering every request with the given envelope, remembering what it was sent. */
function serve(envelope: unknown, status = 200): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: init.headers as Record<string, string>,
    });
    return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends a GET endpoint’s body as its query and answers the envelope’s data', async () => {
    const sent = serve({
      code: 1000,
      message: 'success',
      data: { captchaId: 'c1', data: 'data:image/svg+xml;base64,' },
    });
    const captcha = await call(baseOpen.api.captcha, { width: 150, height: 40 });
    expect(captcha.captchaId).toBe('c1');
    expect(sent).toMatchObject([{ url: '/api/admin/base/open/captcha?width=150&height=40', method: 'GET' }]);
  });

  it('sends a POST endpoint’s body as JSON, and {} when it takes none', async () => {
    const sent = serve({
      code: 1000,
      message: 'success',
      data: { list: [], pagination: { page: 1, size: 5, total: 0 } },
    });
    const page = await call(sysUser.api.page, { page: 1, size: 5, keyWord: 'ann' });
    expect(page.pagination.size).toBe(5);
    await call(sysLog.api.clear);
    expect(sent).toMatchObject([
      { url: '/api/admin/base/sys/user/page', method: 'POST', body: { page: 1, size: 5, keyWord: 'ann' } },
      { url: '/api/admin/base/sys/log/clear', method: 'POST', body: {} },
    ]);
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('turns a failed envelope into a RequestError with its code', async () => {
    serve({ code: 1001, message: 'Nope' });
    const failed = call(sysUser.api.move, { departmentId: 1, userIds: [2] }, { silent: true });
    await expect(failed).rejects.toBeInstanceOf(RequestError);
    await expect(failed).rejects.toMatchObject({ message: 'Nope', code: 1001 });
  });
});

describe('token refresh', () => {
  afterEach(() => storage.remove(KEYS.token, KEYS.refreshToken));

  it('refreshes under a lock shared by the tabs, and not at all when another tab did meanwhile', async () => {
    storage.set(KEYS.token, 'old-access', Date.now() - 1000);
    storage.set(KEYS.refreshToken, 'used-once', Date.now() + 60_000);
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        async request(name: string, work: () => Promise<void>) {
          held.push(name);
          // While this tab waited for the lock, another one refreshed and stored the new pair.
          storage.set(KEYS.token, 'new-access', Date.now() + 60_000);
          storage.set(KEYS.refreshToken, 'new-refresh', Date.now() + 60_000);
          return work();
        },
      },
    });
    const sent = serve({ code: 1000, message: 'success', data: { list: [], pagination: {} } });
    await call(sysUser.api.page, { page: 1, size: 5 });
    expect(held).toEqual(['backroom.refreshToken']);
    expect(sent.map((s) => s.url)).toEqual(['/api/admin/base/sys/user/page']);
    expect(sent[0]?.headers.Authorization).toBe('new-access');
  });
});
