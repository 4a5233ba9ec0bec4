import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WeChat identity the fake hands out for a code. */
export type FakeIdentity = { openid: string; unionid?: string; nickname?: string; headimgurl?: string; sex?: number };

/**
 * A local stand-in for api.weixin.qq.com that speaks the paths, query parameters, JSON answers and
 * errcodes the sign-in uses: jscode2session (mini program), oauth2/access_token and userinfo
 * (official account). A code is good once (40163 after), an unknown one is 40029, a wrong
 * appid/secret 40125; `down` makes it answer 503 with an HTML page, as a failing gateway does.
 */
export async function startWechatFake(apps: Record<string, string>) {
  const codes = new Map<string, FakeIdentity & { scope?: string }>();
  const used = new Set<string>();
  const tokens = new Map<string, FakeIdentity>();
  const calls: string[] = [];
  let down = false;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    calls.push(url.pathname);
    const q = url.searchParams;
    const json = (body: object) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>503 Service Unavailable</body></html>');
      return;
    }
    if (request.method !== 'GET') return json({ errcode: 43001, errmsg: 'require GET method' });
    const takeCode = (code: string | null) => {
      if (!code) return { errcode: 41008, errmsg: 'missing code' } as const;
      if (used.has(code)) return { errcode: 40163, errmsg: 'code been used' } as const;
      const identity = codes.get(code);
      if (!identity) return { errcode: 40029, errmsg: 'invalid code' } as const;
      used.add(code);
      return identity;
    };
    const appOk = () => {
      const appid = q.get('appid') ?? '';
      return apps[appid] !== undefined && apps[appid] === q.get('secret');
    };
    switch (url.pathname) {
      case '/sns/jscode2session': {
        if (!appOk()) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.get('grant_type') !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
        const found = takeCode(q.get('js_code'));
        if ('errcode' in found) return json(found);
        return json({
          openid: found.openid,
          session_key: 'c2Vzc2lvbi1rZXk=',
          ...(found.unionid ? { unionid: found.unionid } : {}),
        });
      }
      case '/sns/oauth2/access_token': {
        if (!appOk()) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.get('grant_type') !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
        const found = takeCode(q.get('code'));
        if ('errcode' in found) return json(found);
        const token = randomUUID();
        tokens.set(token, found);
        return json({
          access_token: token,
          expires_in: 7200,
          refresh_token: randomUUID(),
          openid: found.openid,
          scope: found.scope ?? 'snsapi_userinfo',
          ...(found.unionid ? { unionid: found.unionid } : {}),
        });
      }
      case '/sns/userinfo': {
        const identity = tokens.get(q.get('access_token') ?? '');
        if (!identity || identity.openid !== q.get('openid')) {
          return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        }
        return json({
          openid: identity.openid,
          nickname: identity.nickname ?? '',
          sex: identity.sex ?? 0,
          province: '',
          city: '',
          country: '',
          headimgurl: identity.headimgurl ?? '',
          privilege: [],
          ...(identity.unionid ? { unionid: identity.unionid } : {}),
        });
      }
      default:
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** A fresh code that stands for this identity (good once). */
    code(identity: FakeIdentity & { scope?: string }): string {
      const code = `code-${randomUUID()}`;
      codes.set(code, identity);
      return code;
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WechatFake = Awaited<ReturnType<typeof startWechatFake>>;
