import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local enterprise WeChat (WeCom) for tests, speaking the parts of its protocol staff sign-in
 * uses: `GET /cgi-bin/gettoken?corpid&corpsecret`, `GET /cgi-bin/auth/getuserinfo?access_token&code`
 * (and the older `/cgi-bin/user/getuserinfo`), JSON answers with `errcode`/`errmsg`, and the QR
 * sign-in page `GET /wwlogin/sso/login?login_type&appid&agentid&redirect_uri&state`, which sends
 * the browser back to `redirect_uri` with a fresh code and the state, as if `scanAs` had scanned.
 */
export type FakeWecom = {
  /** The API and QR page's base URL (WECOM_API_BASE_URL and WECOM_LOGIN_BASE_URL). */
  readonly url: string;
  readonly corpId: string;
  readonly agentId: string;
  readonly secret: string;
  /** A code WeCom would hand out after `userId` scanned (an outsider: `{ openid }`). */
  codeFor(who: string | { openid: string }): string;
  /** Who scans the QR page next; unset, the page says nobody scanned and sends nobody back. */
  scanAs(userId: string | null): void;
  /** Every request WeCom received, in order (path and query), for tests of what was sent. */
  readonly calls: { path: string; query: Record<string, string> }[];
  /** Down: every API call is a 503 with no JSON. */
  down: boolean;
  /** Ends every access token handed out so far (WeCom answers 42001 for them). */
  expireTokens(): void;
  /** Env for the app under test: the four WECOM_* settings and both base URLs. */
  env(redirectUri: string): Record<string, string>;
  close(): Promise<void>;
};

type CodeOwner = { userId: string } | { openid: string };

export async function startFakeWecom(): Promise<FakeWecom> {
  const corpId = `ww${randomBytes(8).toString('hex')}`;
  const agentId = '1000002';
  const secret = randomBytes(20).toString('base64url');
  const tokens = new Set<string>();
  const codes = new Map<string, CodeOwner & { used: boolean }>();
  const calls: FakeWecom['calls'] = [];
  let scanner: string | null = null;

  const issueCode = (owner: CodeOwner) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { ...owner, used: false });
    return code;
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, query });
    const json = (body: Record<string, unknown>) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/wwlogin/sso/login') {
      const redirect = query.redirect_uri;
      if (query.appid !== corpId || query.agentid !== agentId || !redirect || query.login_type !== 'CorpApp') {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('bad sign-in request');
        return;
      }
      if (scanner === null) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><title>WeCom</title><p>Scan the QR code with WeCom</p>');
        return;
      }
      const back = new URL(redirect);
      back.searchParams.set('code', issueCode({ userId: scanner }));
      back.searchParams.set('state', query.state ?? '');
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    if (fake.down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html>busy</html>');
      return;
    }
    if (url.pathname === '/cgi-bin/gettoken') {
      if (query.corpid !== corpId) return json({ errcode: 40013, errmsg: 'invalid corpid' });
      if (query.corpsecret !== secret) return json({ errcode: 40001, errmsg: 'invalid credential' });
      const token = randomBytes(32).toString('hex');
      tokens.add(token);
      return json({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo' || url.pathname === '/cgi-bin/user/getuserinfo') {
      const token = query.access_token ?? '';
      if (!token) return json({ errcode: 41001, errmsg: 'access_token missing' });
      if (!tokens.has(token)) return json({ errcode: 42001, errmsg: 'access_token expired' });
      const owner = codes.get(query.code ?? '');
      // WeCom answers an unknown, expired or already used code alike.
      if (!owner || owner.used) return json({ errcode: 40029, errmsg: 'invalid code' });
      owner.used = true;
      if ('userId' in owner) return json({ errcode: 0, errmsg: 'ok', userid: owner.userId, user_ticket: 'ticket' });
      return json({ errcode: 0, errmsg: 'ok', openid: owner.openid, external_userid: '' });
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ errcode: 404, errmsg: 'no such api' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeWecom = {
    url,
    corpId,
    agentId,
    secret,
    calls,
    down: false,
    codeFor: (who) => issueCode(typeof who === 'string' ? { userId: who } : who),
    scanAs(userId) {
      scanner = userId;
    },
    expireTokens() {
      tokens.clear();
    },
    env: (redirectUri) => ({
      WECOM_CORP_ID: corpId,
      WECOM_AGENT_ID: agentId,
      WECOM_SECRET: secret,
      WECOM_REDIRECT_URI: redirectUri,
      WECOM_API_BASE_URL: url,
      WECOM_LOGIN_BASE_URL: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
