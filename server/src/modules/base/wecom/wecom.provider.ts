import type { FastifyBaseLogger } from 'fastify';
import type { WecomConfig } from '../../../core/config.js';

/**
 * Enterprise WeChat (WeCom) as staff sign-in needs it: the QR sign-in page's address, and who
 * scanned it, from the code WeCom sends back. The only implementation speaks WeCom's HTTP API;
 * tests run it against a local fake of that API (server/src/testing/fake-wecom.ts).
 */
export type WecomProvider = {
  /** The QR sign-in page the browser goes to; WeCom sends it back to the redirect with `code` and `state`. */
  qrLoginUrl(state: string): string;
  /** The member who scanned: their UserID, or null for someone outside the enterprise. */
  identify(code: string): Promise<{ userId: string | null }>;
};

/** Why WeCom gave no identity: the code was not good (invalid, used, expired), or WeCom could not be used. */
export class WecomError extends Error {
  constructor(
    readonly reason: 'code' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** WeCom's answer envelope: `errcode` 0 is success. */
type Answer = { errcode?: number; errmsg?: string; [key: string]: unknown };

/** The code is not good: invalid (40029), already used or expired. */
const CODE_ERRORS = new Set([40029, 40163, 42003]);
/** The access token is not good any more (invalid, expired, not this app's): fetch a new one, once. */
const TOKEN_ERRORS = new Set([40014, 42001, 40082]);
/** An access token is renewed this long before WeCom says it expires, so none is used at its last second. */
const TOKEN_MARGIN_SECONDS = 300;
const TIMEOUT_MS = 5000;

export function createWecomProvider(
  config: WecomConfig,
  log: FastifyBaseLogger,
  options: { timeoutMs?: number } = {},
): WecomProvider {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // One access token per instance, shared by every sign-in until shortly before it expires; WeCom
  // answers the same token to repeated gettoken calls while it is valid, so instances need not share it.
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  /** One GET of WeCom's API; anything but a JSON answer (a refused connection, a timeout, a 5xx) is `unavailable`. */
  async function get(path: string, query: Record<string, string>): Promise<Answer> {
    const url = `${config.apiBaseUrl}${path}?${new URLSearchParams(query).toString()}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      // The URL carries the secret or the token: only the path is logged.
      log.warn({ path, err: error instanceof Error ? error.message : String(error) }, 'WeCom could not be reached');
      throw new WecomError('unavailable', `${path}: not reached`);
    }
    const text = await response.text().catch(() => '');
    let body: Answer | null = null;
    try {
      body = JSON.parse(text) as Answer;
    } catch {
      body = null;
    }
    if (!response.ok || body === null || typeof body !== 'object') {
      log.warn({ path, status: response.status }, 'WeCom answered no JSON');
      throw new WecomError('unavailable', `${path}: HTTP ${response.status}`);
    }
    return body;
  }

  async function fetchToken(): Promise<string> {
    const answer = await get('/cgi-bin/gettoken', { corpid: config.corpId, corpsecret: config.secret });
    if (answer.errcode !== 0 || typeof answer.access_token !== 'string') {
      // 40013 (corp id) or 40001 (secret): the settings are wrong, which only the server's log should say.
      log.warn({ errcode: answer.errcode, errmsg: answer.errmsg }, 'WeCom gettoken refused');
      throw new WecomError('unavailable', `gettoken: ${answer.errcode}`);
    }
    const expiresIn = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 7200;
    const lifetime = Math.max(expiresIn - TOKEN_MARGIN_SECONDS, Math.floor(expiresIn / 2));
    cached = { token: answer.access_token, until: Date.now() + lifetime * 1000 };
    return answer.access_token;
  }

  /** The cached token, or a new one; sign-ins that arrive together wait on the same gettoken. */
  function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  return {
    qrLoginUrl(state) {
      const query = new URLSearchParams({
        login_type: 'CorpApp',
        appid: config.corpId,
        agentid: config.agentId,
        redirect_uri: config.redirectUri,
        state,
      });
      return `${config.loginBaseUrl}/wwlogin/sso/login?${query.toString()}`;
    },

    async identify(code) {
      for (let attempt = 0; ; attempt += 1) {
        const token = await accessToken();
        const answer = await get('/cgi-bin/auth/getuserinfo', { access_token: token, code });
        if (answer.errcode === 0) {
          const userId = typeof answer.userid === 'string' && answer.userid !== '' ? answer.userid : null;
          return { userId };
        }
        const errcode = Number(answer.errcode);
        if (CODE_ERRORS.has(errcode)) throw new WecomError('code', `getuserinfo: ${errcode}`);
        if (TOKEN_ERRORS.has(errcode) && attempt === 0) {
          if (cached?.token === token) cached = null;
          continue;
        }
        log.warn({ errcode: answer.errcode, errmsg: answer.errmsg }, 'WeCom getuserinfo refused');
        throw new WecomError('unavailable', `getuserinfo: ${errcode}`);
      }
    },
  };
}
