import type { HttpMethod } from '@backroom/contract';
import type { z } from 'zod';
import { sessionApi } from './endpoint-refs';
import { feedback } from './feedback';
import { i18n } from './i18n';
import { progress } from './progress';
import { loginPath, rememberSignOut } from './redirect';
import { currentRefreshToken, currentToken, refreshExpired, tokenExpired, useSession } from './session';
import { toast } from './toast';

/** docs/spec.md §7 / §9. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const API_BASE = '/api';

/** Calls that never show the progress bar (docs/spec.md §7). */
const QUIET = [
  '/base/open/eps',
  '/base/comm/person',
  '/base/comm/permmenu',
  '/base/comm/upload',
  '/base/comm/uploadMode',
  '/dict/info/data',
  '/space/info/add',
];
/** Calls made without first checking the token's expiry. */
const NO_REFRESH = ['/base/open/eps', '/base/open/refreshToken'];

export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
    /** A refusal's `data`, when it carries one (a login's second-factor challenge). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type RequestOptions = {
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as the query of a GET and as the JSON body of a POST. */
  data?: unknown;
  timeout?: number;
  /** Do not show the error message (the caller shows its own). */
  silent?: boolean;
  /** No progress bar: a call the user did not make (a poll for a run's end). */
  quiet?: boolean;
};

const matches = (url: string, list: readonly string[]) => list.some((u) => url.endsWith(u) || url.includes(`${u}?`));
const quiet = (url: string) =>
  matches(url, QUIET) ||
  url
    .replace(/^\/admin/, '')
    .replace(/^\//, '')
    .startsWith('__cool_');

let refreshing: Promise<void> | null = null;

/** How a sign-out's message shows, and whom the login page asks back. */
export type LogoutOptions = {
  /** `success` for a sign-out the user's own action brought (a password change); `error` otherwise. */
  kind?: 'success' | 'error';
  /** The username the login page fills in. */
  username?: string;
};

/**
 * Signs out locally: user data cleared, back to the login page; with `comeBack` (a session that
 * expired or was refused), the login page leads back to the page the user was on.
 */
export function logout(message?: string, comeBack = false, options: LogoutOptions = {}) {
  const { pathname, search } = window.location;
  // A session that ended by itself brings the user back where they were once signed in again.
  const target = comeBack ? loginPath(pathname + search) : '/login';
  rememberSignOut(target, options.username ?? null);
  if (pathname !== '/login') feedback.navigate(target, { replace: true });
  useSession.getState().clear();
  // The root's toasts outlive the shell, which unmounts on the way to /login.
  if (message) toast[options.kind ?? 'error'](message, 5);
}

/**
 * Tabs share the stored tokens, and a refresh token works once (a second use ends the session):
 * one tab refreshes at a time, under a lock every tab of the origin sees.
 */
async function oneTabAtATime(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  await locks.request('backroom.refreshToken', work);
}

/**
 * When the access token has expired but the refresh token has not, refresh exactly once: every
 * request arriving meanwhile waits on the same promise and then goes out with the new token.
 */
async function ensureFreshToken(): Promise<void> {
  if (!currentToken() || !tokenExpired()) return;
  if (refreshExpired()) {
    logout(i18n.t('session.expired'), true);
    throw new RequestError(i18n.t('session.expired'), undefined, 401);
  }
  if (!refreshing) {
    refreshing = (async () => {
      try {
        await oneTabAtATime(async () => {
          // Another tab refreshed while this one waited: the stored pair is already the new one.
          if (!tokenExpired()) return;
          const pair = await send<ResultOf<typeof sessionApi.refreshToken>>(
            { url: sessionApi.refreshToken.url, data: { refreshToken: currentRefreshToken() } },
            true,
          );
          useSession.getState().setTokens(pair);
        });
      } catch (error) {
        logout(i18n.t('session.expired'), true);
        throw error;
      } finally {
        refreshing = null;
      }
    })();
  }
  await refreshing;
}

function buildUrl(url: string, method: string, data: unknown): string {
  const full = `${API_BASE}${url}`;
  if (method !== 'GET' || data === undefined || data === null) return full;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${full}${full.includes('?') ? '&' : '?'}${text}` : full;
}

/** How the transport status is handled (docs/spec.md §8). */
function handleStatus(status: number, message: string, silent: boolean) {
  switch (status) {
    case 401:
      // Already signed out (a call that left after the session ended, a logout the user chose):
      // no second message, and no way back to offer.
      if (currentToken()) logout(message, true);
      else logout();
      return;
    case 403:
      feedback.navigate('/403');
      return;
    case 500:
      feedback.navigate('/500');
      return;
    case 502:
      // A silent caller says it itself (the login page, when a sign-in provider is down).
      if (!silent) feedback.navigate('/502');
      return;
    default:
      if (!silent) feedback.error(message);
  }
}

async function send<T>(options: RequestOptions, internal = false): Promise<T> {
  const method = options.method ?? 'GET';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { language: i18n.language };
  const token = currentToken();
  if (token && !internal) headers.Authorization = token;
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  const showBar = !options.quiet && !quiet(options.url);
  if (showBar) progress.start();
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(options.url, method, options.data), {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(options.data ?? {}) : undefined,
        signal: controller.signal,
      });
    } catch (error) {
      const text = controller.signal.aborted ? i18n.t('request.timeout') : i18n.t('request.network');
      if (!options.silent) feedback.error(text);
      void error;
      throw new RequestError(text, undefined, undefined);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: returned as it came.
    }
    const envelope = body as { code?: number; message?: string; data?: unknown } | undefined;
    if (!response.ok) {
      const message = envelope?.message || response.statusText || i18n.t('request.failed', { status: response.status });
      if (!internal) handleStatus(response.status, message, options.silent ?? false);
      throw new RequestError(message, envelope?.code, response.status, envelope?.data);
    }
    if (
      envelope &&
      typeof envelope === 'object' &&
      'code' in envelope &&
      envelope.code !== undefined &&
      envelope.code !== null
    ) {
      if (envelope.code === 1000) return envelope.data as T;
      const message = envelope.message ?? '';
      if (!options.silent && !internal) feedback.error(message);
      throw new RequestError(message, envelope.code, response.status);
    }
    return body as T;
  } finally {
    clearTimeout(timer);
    if (showBar) progress.done();
  }
}

/** Every call of the web app goes through here (docs/spec.md §7-8). */
async function request<T>(options: RequestOptions): Promise<T> {
  if (!matches(options.url, NO_REFRESH)) await ensureFreshToken();
  return send<T>(options);
}

/**
 * What `call` needs of an endpoint: its url and method at run time; its input schema and its
 * answer at the type level only. Every declared endpoint is one (`sysUser.api.page`).
 */
export type Callable<S extends z.ZodType | undefined = z.ZodType | undefined, O = unknown> = {
  readonly url: string;
  readonly method: HttpMethod;
  readonly input?: S;
  readonly __result?: O;
};

/** What the caller may add to a call. */
export type CallOptions = Pick<RequestOptions, 'silent' | 'timeout' | 'quiet'>;

/** What a client sends: the input schema's input type (before defaults); nothing without a schema. */
export type BodyFor<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What an endpoint answers: the `data` of its envelope. */
export type ResultOf<C> = C extends Callable<z.ZodType | undefined, infer O> ? O : never;

/** The body comes first; it may be left out where the endpoint takes none, or every field of it is optional. */
type CallArgs<S> =
  undefined extends BodyFor<S>
    ? [body?: BodyFor<S>, options?: CallOptions]
    : Record<never, never> extends BodyFor<S>
      ? [body?: BodyFor<S>, options?: CallOptions]
      : [body: BodyFor<S>, options?: CallOptions];

/**
 * Calls a declared endpoint: `call(sysUser.api.page, { page: 1, size: 20 })`. The body is checked
 * against the endpoint's input schema and the answer typed by its declared output, so no call site
 * names a url or writes a response type. A GET sends the body as its query, a POST as JSON; the
 * envelope, the token refresh, the progress bar and the status handling are the ones above.
 */
export function call<S extends z.ZodType | undefined, O>(endpoint: Callable<S, O>, ...args: CallArgs<S>): Promise<O> {
  const [body, options] = args;
  return request<O>({
    ...options,
    url: endpoint.url,
    method: endpoint.method === 'get' ? 'GET' : 'POST',
    data: body,
  });
}

export type UploadOptions = {
  /** The share of the body sent so far, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with an AbortError. */
  signal?: AbortSignal;
  /** Do not show the error message (the caller shows its own). */
  silent?: boolean;
};

/**
 * Sends a multipart form (base/comm/upload) with upload progress, under the same rules as every
 * other call: fresh token, language header, envelope, status handling. The timeout counts from
 * the last progress, not the start, so a large file on a slow line is not cut off while it moves.
 */
export async function upload<O>(
  endpoint: Callable<undefined, O>,
  form: FormData,
  options: UploadOptions = {},
): Promise<O> {
  const { url } = endpoint;
  await ensureFreshToken();
  const showBar = !quiet(url);
  if (showBar) progress.start();
  try {
    const { status, statusText, text } = await new Promise<{ status: number; statusText: string; text: string }>(
      (resolve, reject) => {
        const xhr = new XMLHttpRequest();
        let idle: ReturnType<typeof setTimeout> | undefined;
        const fail = (error: Error) => {
          clearTimeout(idle);
          options.signal?.removeEventListener('abort', abort);
          reject(error);
        };
        const abort = () => xhr.abort();
        const stillMoving = () => {
          clearTimeout(idle);
          idle = setTimeout(() => {
            // Rejected first: the abort that follows must not turn a timeout into a cancel.
            fail(new RequestError(i18n.t('request.timeout'), undefined, undefined));
            xhr.abort();
          }, REQUEST_TIMEOUT_MS);
        };
        xhr.open('POST', `${API_BASE}${url}`);
        xhr.setRequestHeader('language', i18n.language);
        const token = currentToken();
        if (token) xhr.setRequestHeader('Authorization', token);
        xhr.upload.onprogress = (event) => {
          stillMoving();
          if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
        };
        xhr.onload = () => {
          clearTimeout(idle);
          options.signal?.removeEventListener('abort', abort);
          resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
        };
        xhr.onerror = () => fail(new RequestError(i18n.t('request.network'), undefined, undefined));
        xhr.onabort = () => fail(new DOMException('The upload was cancelled', 'AbortError'));
        if (options.signal?.aborted) return fail(new DOMException('The upload was cancelled', 'AbortError'));
        options.signal?.addEventListener('abort', abort);
        stillMoving();
        xhr.send(form);
      },
    ).catch((error: unknown) => {
      if (error instanceof RequestError && !options.silent) feedback.error(error.message);
      throw error;
    });
    let envelope: { code?: number; message?: string; data?: unknown } | undefined;
    try {
      envelope = text ? JSON.parse(text) : undefined;
    } catch {
      envelope = undefined;
    }
    // The same envelope and status rules as `send`.
    if (status < 200 || status >= 300) {
      const message = envelope?.message || statusText || i18n.t('request.failed', { status });
      handleStatus(status, message, options.silent ?? false);
      throw new RequestError(message, envelope?.code, status);
    }
    if (envelope && typeof envelope === 'object' && envelope.code !== undefined && envelope.code !== null) {
      if (envelope.code === 1000) return envelope.data as O;
      const message = envelope.message ?? '';
      if (!options.silent) feedback.error(message);
      throw new RequestError(message, envelope.code, status);
    }
    return (envelope ?? text) as O;
  } finally {
    if (showBar) progress.done();
  }
}

export type DownloadOptions = {
  /** Bytes received so far, as they arrive (the size is not known ahead: the file is streamed). */
  onProgress?: (received: number) => void;
  /** Aborting rejects with an AbortError. */
  signal?: AbortSignal;
};

/** The name a Content-Disposition header gives, UTF-8 (`filename*`) first. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Fetches a file an endpoint streams (an export, a template) with the bytes counted as they
 * arrive, under the same rules as every call: fresh token, language header, and a refusal (the
 * JSON envelope instead of a file) shown and thrown as any other call's.
 */
export async function download<S extends z.ZodType | undefined>(
  endpoint: Callable<S, Blob>,
  body: BodyFor<S> | undefined,
  options: DownloadOptions = {},
): Promise<{ blob: Blob; name: string }> {
  await ensureFreshToken();
  const method = endpoint.method === 'get' ? 'GET' : 'POST';
  const headers: Record<string, string> = { language: i18n.language };
  const token = currentToken();
  if (token) headers.Authorization = token;
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.url, method, method === 'GET' ? body : undefined), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const text = i18n.t('request.network');
    feedback.error(text);
    throw new RequestError(text, undefined, undefined);
  }
  return receiveFile(response, options);
}

/**
 * Fetches a private file of the file space (a document at `/upload/…`) with the session, as a
 * new tab cannot: it sends no Authorization header, and the server answers a bare private address
 * only to a signed-in reader (or through a signed link, which a stored address does not carry).
 */
export async function fetchFile(url: string, options: DownloadOptions = {}): Promise<{ blob: Blob; name: string }> {
  await ensureFreshToken();
  const headers: Record<string, string> = { language: i18n.language };
  const token = currentToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const text = i18n.t('request.network');
    feedback.error(text);
    throw new RequestError(text, undefined, undefined);
  }
  // The stored name (`<uuid>.xlsx`) when the answer names none.
  const fallback = url.split(/[?#]/, 1)[0]?.split('/').pop() || 'download';
  const file = await receiveFile(response, options);
  return { blob: file.blob, name: file.name === 'download' ? fallback : file.name };
}

/** A file answer's bytes, counted as they arrive; a refusal (the JSON envelope instead of a file) shown and thrown as a call's. */
async function receiveFile(response: Response, options: DownloadOptions): Promise<{ blob: Blob; name: string }> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const text = await response.text();
    let envelope: { code?: number; message?: string } | undefined;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const message = envelope?.message || i18n.t('request.failed', { status: response.status });
    handleStatus(response.status === 200 ? 400 : response.status, message, false);
    throw new RequestError(message, envelope?.code, response.status);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.(received);
    }
  }
  const blob = new Blob(chunks as BlobPart[], { type: type || 'application/octet-stream' });
  return { blob, name: fileNameOf(response.headers.get('content-disposition'), 'download') };
}

/** Hands a file to the browser to save, under this name. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
