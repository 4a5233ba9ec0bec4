import { baseOpen, sysLog, sysUser } from '@backroom/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, RequestError } from './request';

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
