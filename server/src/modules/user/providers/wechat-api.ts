import type { WechatApp } from '../../../core/config.js';
import { AppError } from '../../../core/errors.js';

/** How long one call to WeChat may take before sign-in answers that the service is down. */
const TIMEOUT_MS = 5000;

/**
 * WeChat's refusals of the code itself (the user can authorise again): 40029 invalid code,
 * 40163 code already used. Any other errcode is ours or WeChat's (a bad secret, a busy system).
 */
const CODE_REFUSALS = new Set([40029, 40163]);

/** WeChat's failure answer: `{errcode, errmsg}` with a non-zero errcode. */
type WechatFailure = { errcode?: number; errmsg?: string };

/** Told of each failed call, for the server log: the path and errcode, never the address (it holds the secret). */
export type OnWechatFailure = (detail: { path: string; errcode?: number; status?: number; reason?: string }) => void;

/**
 * GETs one WeChat API path with the query and answers its JSON. A refused code is a 400; a
 * network failure, a timeout, a non-JSON or non-2xx answer or any other errcode a 502 — so the
 * caller writes nothing. The address carries the app secret: it never reaches an error or a log.
 */
export async function wechatGet<T extends object>(
  apiBase: string,
  path: string,
  query: Record<string, string>,
  onFailure: OnWechatFailure,
): Promise<T> {
  const url = `${apiBase}${path}?${new URLSearchParams(query).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (error) {
    onFailure({ path, reason: error instanceof Error ? error.name : 'fetch failed' });
    throw new AppError(502, 'user.providerDown');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    onFailure({ path, status: response.status, reason: 'not JSON' });
    throw new AppError(502, 'user.providerDown');
  }
  if (!response.ok || body === null || typeof body !== 'object') {
    onFailure({ path, status: response.status });
    throw new AppError(502, 'user.providerDown');
  }
  const { errcode } = body as WechatFailure;
  if (typeof errcode === 'number' && errcode !== 0) {
    onFailure({ path, errcode });
    throw CODE_REFUSALS.has(errcode) ? new AppError(400, 'user.codeInvalid') : new AppError(502, 'user.providerDown');
  }
  return body as T;
}

/** A WeChat identity: the openid in one app, and the unionid across the apps of one open-platform account. */
export type WechatIdentity = {
  openid: string;
  unionid: string | null;
  /** What the official account's user info adds (the mini program gives none). */
  profile?: { nickName: string | null; avatarUrl: string | null; gender: 0 | 1 | 2 };
};

function requireOpenid(body: { openid?: unknown }, path: string, onFailure: OnWechatFailure) {
  if (typeof body.openid !== 'string' || body.openid === '') {
    onFailure({ path, reason: 'no openid' });
    throw new AppError(502, 'user.providerDown');
  }
  return body.openid;
}

export function optionalText(value: unknown, max: number): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : null;
}

/**
 * The first step of every WeChat sign-in: the app's id and secret and the user's code (under the
 * name `codeParam` the path takes it by) exchanged for the openid in that app, and the unionid when
 * the app belongs to an open-platform account. An answer without an openid is a 502 like any other
 * failure. The whole answer comes back too, for what a flow reads besides (an access token).
 */
export async function exchangeCode<T extends { openid?: string; unionid?: string }>(
  app: WechatApp,
  path: string,
  codeParam: 'js_code' | 'code',
  code: string,
  onFailure: OnWechatFailure,
): Promise<{ body: T; openid: string; unionid: string | null }> {
  const body = await wechatGet<T>(
    app.apiBase,
    path,
    { appid: app.appid, secret: app.secret, [codeParam]: code, grant_type: 'authorization_code' },
    onFailure,
  );
  return { body, openid: requireOpenid(body, path, onFailure), unionid: optionalText(body.unionid, 64) };
}
